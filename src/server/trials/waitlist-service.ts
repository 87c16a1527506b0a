/**
 * The waitlist (docs/product.md, "Waitlist"): a visitor who found the pool empty joins or leaves
 * it with their submission's token, and the first join is confirmed by e-mail; `waitlist notify`
 * then e-mails each waiting visitor of the model exactly once, oldest first, with a key while the
 * pool lasts. Each visitor is handled in their own transaction (lock, key, outbox row, mark), so
 * a crash or a second notifier running at the same time never sends anyone two notices.
 */
import { MODELS, TRIAL_VALID_DAYS, type Model } from '#src/common/models.ts'
import type { Db } from '../db/client.ts'
import { claimLicense, findValidLicense, hasAvailableLicense } from '../licenses/license-service.ts'
import { enqueueMail } from '../mail/mail-queue.ts'
import type { SubmissionRow } from '../db/schema.ts'
import {
  findSubmission,
  lockOldestWaiting,
  markWaitlistJoined,
  markWaitlistNotified,
  setSubmissionLicense,
  updateWaitlistFlag,
} from './submission-repository.ts'
import { canonicalEmail } from '../guard/email-identity.ts'
import { hashToken } from '../guard/tokens.ts'
import type { WaitlistJoinedMailPayload, WaitlistMailPayload } from '../mail/payloads.ts'

interface WaitlistDeps {
  db: Db
  messageIdDomain: string
  onMailQueued?: () => void
}

const validKeyOf = (tx: Db, submission: SubmissionRow, model: Model) =>
  findValidLicense(
    tx,
    submission.emailCanonical ?? canonicalEmail(submission.email),
    model,
    TRIAL_VALID_DAYS,
  )

/**
 * The first time a submission joins the waitlist, its confirmation e-mail, queued in the
 * transaction that sets the flag: it names the model and offers the other one while that still
 * has keys. Joining again, or after leaving, sends nothing more; nor does joining while the
 * address holds a valid key of the model (that key is what they get by e-mail). Returns whether
 * an e-mail was queued.
 */
export async function confirmWaitlistJoin(
  tx: Db,
  deps: Pick<WaitlistDeps, 'messageIdDomain'>,
  submission: SubmissionRow,
): Promise<boolean> {
  if (!(await markWaitlistJoined(tx, submission.id))) return false
  if (submission.licenseId) return false
  const model = submission.model
  if (await validKeyOf(tx, submission, model)) return false
  const other = MODELS.find((m) => m !== model)!
  const payload: WaitlistJoinedMailPayload = {
    firstName: submission.firstName,
    lastName: submission.lastName,
    model,
    otherModel: (await hasAvailableLicense(tx, other)) ? other : null,
  }
  await enqueueMail(tx, {
    kind: 'waitlist-joined',
    to: submission.email,
    payload: { ...payload },
    submissionId: submission.id,
    messageIdDomain: deps.messageIdDomain,
  })
  return true
}

type WaitlistChange =
  | { outcome: 'updated'; waitlist: boolean }
  /** No submission holds this token, whether the id or the token was wrong. */
  | { outcome: 'not-found' }
  /** The token holder sent a body that is not valid. */
  | { outcome: 'invalid' }

/**
 * Sets the waitlist flag when the token belongs to the submission; the first join also queues
 * its confirmation e-mail in the same transaction. `update` is null when the body was not
 * valid: the caller may say so only to the token's holder, so we check first.
 */
export async function changeWaitlist(
  deps: WaitlistDeps,
  submissionId: string,
  token: string,
  update: { waitlist: boolean } | null,
): Promise<WaitlistChange> {
  const tokenHash = hashToken(token)
  if (!update) {
    const submission = await findSubmission(deps.db, submissionId)
    return submission?.waitlistTokenHash === tokenHash
      ? { outcome: 'invalid' }
      : { outcome: 'not-found' }
  }
  const result = await deps.db.transaction(async (tx) => {
    const submission = await updateWaitlistFlag(tx, submissionId, tokenHash, update.waitlist)
    if (!submission) return null
    return { queued: update.waitlist && (await confirmWaitlistJoin(tx, deps, submission)) }
  })
  if (!result) return { outcome: 'not-found' }
  if (result.queued) deps.onMailQueued?.()
  return { outcome: 'updated', waitlist: update.waitlist }
}

interface NotifyResult {
  model: Model
  /** Notices that carried a key. */
  withKey: number
  /** Notices sent after the pool ran out. */
  withoutKey: number
  /** Visitors who meanwhile hold a valid key of the model: marked, not e-mailed. */
  skipped: number
}

export async function notifyWaitlist(
  db: Db,
  model: Model,
  messageIdDomain: string,
): Promise<NotifyResult> {
  const result: NotifyResult = { model, withKey: 0, withoutKey: 0, skipped: 0 }
  for (;;) {
    const outcome = await db.transaction(async (tx) => {
      const waiting = await lockOldestWaiting(tx, model)
      if (!waiting) return 'done' as const
      if (await validKeyOf(tx, waiting, model)) {
        await markWaitlistNotified(tx, waiting.email, model)
        return 'skipped' as const
      }
      const license = await claimLicense(tx, model, waiting.id)
      if (license) await setSubmissionLicense(tx, waiting.id, license.id)
      const payload: WaitlistMailPayload = {
        firstName: waiting.firstName,
        lastName: waiting.lastName,
        model,
        activationKey: license?.activationKey ?? null,
      }
      await enqueueMail(tx, {
        kind: 'waitlist',
        to: waiting.email,
        payload: { ...payload },
        submissionId: waiting.id,
        messageIdDomain,
      })
      await markWaitlistNotified(tx, waiting.email, model)
      return license ? ('withKey' as const) : ('withoutKey' as const)
    })
    if (outcome === 'done') return result
    result[outcome]++
  }
}
