/**
 * `POST /api/key-resend` (docs/product.md, "Trial requests"): when the address holds a valid key
 * (of the model, or of any model), that key's e-mail goes again to the mailbox it was sent to.
 * The caller always answers 202 the same way; only the limits (counted like trial requests, under
 * their own prefix) can refuse.
 */
import { MODELS, TRIAL_VALID_DAYS, type Model } from '#src/common/models.ts'
import type { Db } from '../db/client.ts'
import { enqueueTrialMail, findValidLicense } from '../db/functions.ts'
import { canonicalEmail, isDisposableEmail } from '../guard/email-identity.ts'
import { enforceRequestLimits, type ClientInfo, type GuardDeps } from '../guard/request-guard.ts'
import type { Logger } from '../logger.ts'

interface KeyResendDeps extends GuardDeps {
  messageIdDomain: string
  logger: Logger
  onMailQueued?: () => void
}

export async function resendKey(
  deps: KeyResendDeps,
  request: { email: string; model?: Model },
  client: ClientInfo,
): Promise<void> {
  const emailCanonical = canonicalEmail(request.email)
  await enforceRequestLimits(deps, emailCanonical, client.ip, 'resend:')
  // Nothing was ever sent to a disposable address; the answer is the same either way.
  if (isDisposableEmail(request.email)) return
  const models: readonly Model[] = request.model ? [request.model] : MODELS
  const queued = await deps.db.transaction((tx) => queueValidKeys(tx, deps, emailCanonical, models))
  if (queued) deps.onMailQueued?.()
  deps.logger.info({ queued }, 'key resend requested')
}

async function queueValidKeys(
  tx: Db,
  deps: KeyResendDeps,
  emailCanonical: string,
  models: readonly Model[],
): Promise<number> {
  let queued = 0
  for (const model of models) {
    const existing = await findValidLicense(tx, {
      emailCanonical,
      model,
      validDays: TRIAL_VALID_DAYS,
    })
    if (!existing) continue
    // The owner's own name and mailbox: a stranger typing this address chooses neither.
    await enqueueTrialMail(tx, {
      to: existing.email,
      firstName: existing.firstName,
      lastName: existing.lastName,
      model,
      activationKey: existing.activationKey,
      resend: true,
      submissionId: existing.submissionId,
      messageIdDomain: deps.messageIdDomain,
    })
    queued++
  }
  return queued
}
