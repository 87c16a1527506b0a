/**
 * Waitlist notices (DESIGN.md §6 `waitlist notify`): oldest first, each waiting visitor of the
 * model gets exactly one e-mail, with a key while the pool lasts. Each visitor is handled in
 * its own transaction (lock, key, outbox row, mark), so a crash or a second notifier running
 * at the same time never sends anyone two notices.
 */
import { TRIAL_VALID_DAYS, type Model } from '#src/common/models.ts'
import type { Db } from '../db/client.ts'
import { claimLicense, findValidLicenseForEmail } from '../db/license-repository.ts'
import { enqueueMail } from '../db/outbox-repository.ts'
import {
  lockOldestWaiting,
  markWaitlistNotified,
  setSubmissionLicense,
} from '../db/submission-repository.ts'
import type { WaitlistMailPayload } from '../mail/payloads.ts'
import { canonicalEmail } from './email-identity.ts'

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
      const canonical = waiting.emailCanonical ?? canonicalEmail(waiting.email)
      if (await findValidLicenseForEmail(tx, canonical, model, TRIAL_VALID_DAYS)) {
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
