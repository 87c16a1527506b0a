/**
 * The one correction of a mistyped address (docs/product.md, "From trial to customer"): with the
 * submission's own token, within 24 hours of the request, once. The same key goes to the new
 * address (no second key is claimed) and nothing more goes to the old one: its unsent messages
 * are dropped, and reminders follow the submission's address. The new address passes the same
 * checks and limits as a trial request (a disposable domain is refused; the request counts
 * against the e-mail, client address and network limits of trial requests). An address that
 * already holds a valid key of the model is refused: nothing is sent, nothing changes.
 */
import { TRIAL_VALID_DAYS } from '#src/common/models.ts'
import { findAssignedLicense, findValidLicense, isKeyValid } from '../licenses/license-service.ts'
import { enqueueNewKey } from './trial-mail.ts'
import { dropUnsentMailTo } from '../mail/mail-queue.ts'
import {
  lockSubmissionByToken,
  lockTrialAddress,
  setCorrectedEmail,
} from './submission-repository.ts'
import { canonicalEmail, checkEmailDomain } from '../guard/email-identity.ts'
import { enforceRequestLimits, type ClientInfo } from '../guard/request-guard.ts'
import { hashToken } from '../guard/tokens.ts'
import type { TrialDeps } from './trial-service.ts'

/** How long after the request its address may be corrected. */
const CORRECTION_WINDOW_HOURS = 24

type CorrectionResult =
  | { outcome: 'resent' }
  /** No submission has this id and token (the caller answers 404 whichever was wrong). */
  | { outcome: 'not-found' }
  | { outcome: 'already-corrected' }
  | { outcome: 'too-late' }
  /** The new address already holds a valid key of this model: no second one goes there. */
  | { outcome: 'email-has-key' }

type CorrectionDeps = Pick<
  TrialDeps,
  'db' | 'limits' | 'ipHashSecret' | 'messageIdDomain' | 'logger' | 'onMailQueued'
>

/**
 * Corrects the address of a submission. Throws RateLimitedError or InvalidFieldError (the
 * trial request's refusals) for the holder of the token only: a stranger learns nothing more
 * than 404.
 */
export async function correctSubmissionEmail(
  deps: CorrectionDeps,
  submissionId: string,
  token: string,
  newEmail: string,
  client: ClientInfo,
): Promise<CorrectionResult> {
  const tokenHash = hashToken(token)
  const state = async () => {
    const result = await deps.db.transaction(async (tx) => {
      const row = await lockSubmissionByToken(tx, submissionId, tokenHash)
      if (!row) return { outcome: 'not-found' as const }
      if (row.emailCorrectedAt) return { outcome: 'already-corrected' as const }
      if (row.ageHours >= CORRECTION_WINDOW_HOURS) return { outcome: 'too-late' as const }
      return { outcome: 'open' as const }
    })
    return result.outcome
  }
  // The checks first, without counting anything: a wrong token or a closed window costs no
  // limit, and the answer to a stranger stays 404.
  const before = await state()
  if (before !== 'open') return { outcome: before }
  checkEmailDomain(newEmail)
  const emailCanonical = canonicalEmail(newEmail)
  await enforceRequestLimits(deps, emailCanonical, client.ip)

  const result = await deps.db.transaction(async (tx) => {
    // Again under the row lock: of two corrections at once, exactly one goes through.
    const row = await lockSubmissionByToken(tx, submissionId, tokenHash)
    if (!row) return { outcome: 'not-found' as const, queued: false }
    if (row.emailCorrectedAt) return { outcome: 'already-corrected' as const, queued: false }
    if (row.ageHours >= CORRECTION_WINDOW_HOURS)
      return { outcome: 'too-late' as const, queued: false }
    // One mailbox, one trial key per model, however its address is written (gmail dots, +tags):
    // two throwaway requests corrected to one address must not collect two keys (docs/product.md).
    // Under the address's lock, as a trial request takes it, so two corrections at once see
    // each other.
    await lockTrialAddress(tx, row.model, emailCanonical)
    const held = await findValidLicense(tx, emailCanonical, row.model, TRIAL_VALID_DAYS)
    if (held && held.submissionId !== row.id)
      return { outcome: 'email-has-key' as const, queued: false }
    await setCorrectedEmail(tx, row.id, newEmail, emailCanonical)
    const dropped = await dropUnsentMailTo(tx, row.id, row.email)
    const license = row.licenseId ? await findAssignedLicense(tx, row.licenseId) : null
    if (!license?.assignedAt || !isKeyValid(license.assignedAt, TRIAL_VALID_DAYS)) {
      // A waitlisted request (no key yet): its notices now go to the corrected address.
      deps.logger.info({ submissionId, dropped }, 'address corrected; no key to send')
      return { outcome: 'resent' as const, queued: false }
    }
    await enqueueNewKey(
      tx,
      { ...row, email: newEmail },
      { model: license.model, activationKey: license.activationKey },
      deps.messageIdDomain,
    )
    deps.logger.info({ submissionId, dropped }, 'address corrected; the key goes to the new one')
    return { outcome: 'resent' as const, queued: true }
  })
  if (result.queued) deps.onMailQueued?.()
  return { outcome: result.outcome }
}
