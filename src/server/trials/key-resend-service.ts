/**
 * `POST /api/key-resend` (docs/product.md, "Trial requests"): when the address holds a valid key
 * (of the model, or of any model), that key's e-mail goes again to the mailbox it was sent to.
 * The caller always answers 202 the same way; only the limits (counted like trial requests, under
 * their own prefix) can refuse.
 *
 * The answer is given before anyone looks for a key (decision 21): the limits' hits are counted
 * (their own short transaction) and the request is stored for the worker, and the outbox
 * worker's pass looks the key up and queues its e-mail (runKeyResends). So the answer takes the
 * same time whether or not the address holds a key, and a crash loses no request.
 */
import { MODELS, TRIAL_VALID_DAYS, type Model } from '#src/common/models.ts'
import type { Db } from '../db/client.ts'
import { canonicalEmail, isDisposableEmail } from '../guard/email-identity.ts'
import { countHits, planHits, verdictOf } from '../guard/rate-limiter.ts'
import {
  hashClient,
  requestLimitChecks,
  throwIfLimited,
  type ClientInfo,
  type GuardDeps,
} from '../guard/request-guard.ts'
import { findValidLicense } from '../licenses/license-service.ts'
import type { Logger } from '../logger.ts'
import {
  commitDurably,
  insertKeyResendRequest,
  takeKeyResendRequests,
} from './key-resend-repository.ts'
import { enqueueKeyAgain } from './trial-mail.ts'

interface KeyResendDeps extends GuardDeps {
  logger: Logger
  /** Wakes the outbox worker, which runs the stored request and sends its e-mail. */
  onMailQueued?: () => void
}

export async function resendKey(
  deps: KeyResendDeps,
  request: { email: string; model?: Model },
  client: ClientInfo,
): Promise<void> {
  const emailCanonical = canonicalEmail(request.email)
  const now = Date.now()
  const hits = planHits(
    requestLimitChecks(
      deps.limits,
      emailCanonical,
      hashClient(deps.ipHashSecret, client.ip),
      'resend:',
    ),
    now,
  )
  throwIfLimited(verdictOf(await countHits(deps.db, hits), now))
  // Nothing was ever sent to a disposable address: nothing to look for.
  if (!isDisposableEmail(request.email))
    await insertKeyResendRequest(deps.db, emailCanonical, request.model ? [request.model] : MODELS)
  deps.onMailQueued?.()
  deps.logger.info({}, 'key resend requested')
}

/**
 * The worker's half of waiting key resends: takes up to `batch` requests and, for each model of
 * each, when the address holds a valid key, queues that key's e-mail again to the mailbox it was
 * sent to, greeting its owner by their own name. The requests are deleted in the same
 * transaction, committed durably, so a crash loses none and sends none twice. Returns how many
 * e-mails it queued.
 */
export async function runKeyResends(
  db: Db,
  options: { batch: number; messageIdDomain: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    await commitDurably(tx)
    let queued = 0
    for (const request of await takeKeyResendRequests(tx, options.batch)) {
      for (const model of request.models) {
        const owner = await findValidLicense(tx, request.emailCanonical, model, TRIAL_VALID_DAYS)
        if (!owner) continue
        await enqueueKeyAgain(tx, owner, model, options.messageIdDomain)
        queued++
      }
    }
    return queued
  })
}
