/**
 * `POST /api/key-resend` (docs/product.md, "Trial requests"): when the address holds a valid key
 * (of the model, or of any model), that key's e-mail goes again to the mailbox it was sent to.
 * The caller always answers 202 the same way; only the limits (counted like trial requests, under
 * their own prefix) can refuse.
 *
 * The answer is given before anyone looks for a key (decision 21): the request is stored in the
 * same round trip that counts its limits (db/functions/key_resend_request.sql), and the outbox
 * worker looks the key up and queues its e-mail (run_key_resends.sql). So the answer takes the
 * same time whether or not the address holds a key, and a crash loses no request.
 */
import { MODELS, type Model } from '#src/common/models.ts'
import { callKeyResendRequest } from '../db/functions.ts'
import { canonicalEmail, isDisposableEmail } from '../guard/email-identity.ts'
import { planHits, verdictOf } from '../guard/rate-limiter.ts'
import {
  hashClient,
  requestLimitChecks,
  throwIfLimited,
  type ClientInfo,
  type GuardDeps,
} from '../guard/request-guard.ts'
import type { Logger } from '../logger.ts'

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
  const exceeded = await callKeyResendRequest(deps.db, hits, {
    // Nothing was ever sent to a disposable address: nothing to look for.
    emailCanonical: isDisposableEmail(request.email) ? null : emailCanonical,
    models: request.model ? [request.model] : [...MODELS],
  })
  throwIfLimited(verdictOf(hits, exceeded, now))
  deps.onMailQueued?.()
  deps.logger.info({}, 'key resend requested')
}
