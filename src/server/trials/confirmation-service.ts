/**
 * Requests that wait for an e-mailed confirmation before a key is claimed (docs/product.md,
 * "Trust under abuse"): past the claim breaker, or sent faster than a person fills the form. The
 * request is stored without a key, with a token whose link, when followed, claims the key (or
 * hands over the address's valid one again, or offers the waitlist when the pool is empty).
 */
import { sql } from 'drizzle-orm'
import { TRIAL_VALID_DAYS, type Model } from '#src/common/models.ts'
import type { RateLimit } from '../config.ts'
import type { Db } from '../db/client.ts'
import {
  claimLicense,
  findValidLicense,
  type LicenseCountsCache,
} from '../licenses/license-service.ts'
import { enqueueMail } from '../mail/mail-queue.ts'
import {
  insertSubmission,
  joinWaitlistByConfirmationToken,
  lockSubmissionByConfirmationToken,
  lockTrialAddress,
  markSubmissionConfirmed,
  setSubmissionLicense,
} from './submission-repository.ts'
import { enqueueKeyAgain, enqueueNewKey } from './trial-mail.ts'
import { canonicalEmail } from '../guard/email-identity.ts'
import { hashToken, newToken } from '../guard/tokens.ts'
import type { Logger } from '../logger.ts'
import type { ConfirmMailPayload } from '../mail/payloads.ts'
import { recordBreakerEpisode } from './claim-breaker.ts'
import { confirmWaitlistJoin } from './waitlist-service.ts'

/** How long a confirmation link stays good. */
const CONFIRMATION_VALID_HOURS = 48

/** A new submission's fields, before the path decides its key. */
export interface NewSubmission {
  id: string
  firstName: string
  lastName: string
  email: string
  emailCanonical: string
  model: Model
  source: string
  tokenHash: string
  ipHash: string
  userAgent: string | null
  termsVersion: string
}

interface ConfirmationDeps {
  db: Db
  operatorEmail: string | null
  messageIdDomain: string
  logger: Logger
}

/**
 * Stores the request without a key and e-mails its confirmation link. Past the claim breaker
 * (`breaker` given) the episode is recorded first, and the operator is e-mailed once per episode.
 * Rare, so it may take several round trips.
 */
export async function requireConfirmation(
  deps: ConfirmationDeps,
  submission: NewSubmission,
  breaker: { claims: number; limit: RateLimit } | null,
): Promise<'confirm'> {
  if (breaker) {
    const started = await recordBreakerEpisode(
      deps.db,
      submission.model,
      breaker.claims,
      breaker.limit,
      {
        operatorEmail: deps.operatorEmail,
        messageIdDomain: deps.messageIdDomain,
      },
    )
    if (started) {
      deps.logger.warn(
        { model: submission.model, claims: breaker.claims, alerted: Boolean(deps.operatorEmail) },
        'claim breaker tripped: trial requests for this model now need an e-mail confirmation',
      )
    }
  }
  await deps.db.transaction(async (tx) => {
    const confirm = newToken()
    const { tokenHash, ...row } = submission
    await insertSubmission(tx, {
      ...row,
      waitlistTokenHash: tokenHash,
      licenseId: null,
      confirmationTokenHash: confirm.hash,
      confirmationExpiresAt: sql`now() + make_interval(hours => ${CONFIRMATION_VALID_HOURS})`,
    })
    const payload: ConfirmMailPayload = {
      firstName: submission.firstName,
      lastName: submission.lastName,
      model: submission.model,
      token: confirm.token,
    }
    await enqueueMail(tx, {
      kind: 'confirm',
      to: submission.email,
      payload: { ...payload },
      submissionId: submission.id,
      messageIdDomain: deps.messageIdDomain,
    })
  })
  return 'confirm'
}

type ConfirmationResult =
  { status: 'invalid' } | { status: 'key'; model: Model } | { status: 'waitlist'; model: Model }

interface ConfirmDeps {
  db: Db
  counts: LicenseCountsCache
  messageIdDomain: string
  logger: Logger
  onMailQueued?: () => void
}

/**
 * The visitor followed the confirmation link: the key is claimed and mailed now, or their valid
 * key mailed again, or, with the pool empty, the waitlist is offered. Following the link again
 * answers the same without claiming a second key.
 */
export async function confirmTrial(deps: ConfirmDeps, token: string): Promise<ConfirmationResult> {
  const result = await deps.db.transaction(async (tx) => {
    const submission = await lockSubmissionByConfirmationToken(tx, hashToken(token))
    if (!submission) return { status: 'invalid' as const, queued: false, claimed: false }
    const model = submission.model
    if (submission.confirmedAt) {
      return {
        status: submission.licenseId ? ('key' as const) : ('waitlist' as const),
        model,
        queued: false,
        claimed: false,
      }
    }
    const emailCanonical = submission.emailCanonical ?? canonicalEmail(submission.email)
    await lockTrialAddress(tx, model, emailCanonical)
    const existing = await findValidLicense(tx, emailCanonical, model, TRIAL_VALID_DAYS)
    if (existing) {
      await enqueueKeyAgain(tx, existing, model, deps.messageIdDomain)
      await markSubmissionConfirmed(tx, submission.id)
      return { status: 'key' as const, model, queued: true, claimed: false }
    }
    const license = await claimLicense(tx, model, submission.id)
    await markSubmissionConfirmed(tx, submission.id)
    if (!license) return { status: 'waitlist' as const, model, queued: false, claimed: false }
    await setSubmissionLicense(tx, submission.id, license.id)
    await enqueueNewKey(
      tx,
      submission,
      { model, activationKey: license.activationKey },
      deps.messageIdDomain,
    )
    return { status: 'key' as const, model, queued: true, claimed: true }
  })
  if (result.claimed) deps.counts.invalidate()
  if (result.queued) deps.onMailQueued?.()
  if (result.status === 'invalid') return { status: 'invalid' }
  deps.logger.info({ model: result.model, status: result.status }, 'trial request confirmed')
  return { status: result.status, model: result.model }
}

/** A confirmed visitor who found the pool empty joins the waitlist; false for a bad token. */
export async function joinWaitlistByConfirmation(
  deps: Pick<ConfirmDeps, 'db' | 'messageIdDomain' | 'onMailQueued'>,
  token: string,
): Promise<boolean> {
  const result = await deps.db.transaction(async (tx) => {
    const submission = await joinWaitlistByConfirmationToken(tx, hashToken(token))
    if (!submission) return null
    return { queued: await confirmWaitlistJoin(tx, deps, submission) }
  })
  if (result?.queued) deps.onMailQueued?.()
  return result !== null
}
