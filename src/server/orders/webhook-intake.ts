/**
 * A payment provider's webhook delivery (docs/product.md "Paid orders"): the signature on the
 * raw bytes first, then the event stored once per (provider, event id). The answer goes out
 * once the row is committed; the orders worker does the rest.
 */
import type { Db } from '../db/client.ts'
import type { PaymentProvider } from '../db/schema.ts'
import { insertWebhookEvent } from '../db/webhook-event-repository.ts'
import { eventIdentity } from './provider-events.ts'
import { verifyWebhookSignature } from './webhook-signatures.ts'

type IntakeResult =
  | { kind: 'invalid-signature' }
  | { kind: 'malformed'; detail: string }
  | { kind: 'stored'; fresh: boolean }

export async function receiveWebhook(
  db: Db,
  provider: PaymentProvider,
  secret: string,
  signature: string | null | undefined,
  body: Uint8Array,
  nowMs = Date.now(),
): Promise<IntakeResult> {
  if (!verifyWebhookSignature(provider, secret, signature, body, nowMs))
    return { kind: 'invalid-signature' }
  let parsed: unknown
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body))
  } catch {
    return { kind: 'malformed', detail: 'Request body must be valid JSON' }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    return { kind: 'malformed', detail: 'Request body must be a JSON object' }
  const payload = parsed as Record<string, unknown>
  const identity = eventIdentity(provider, payload)
  if (!identity) return { kind: 'malformed', detail: `Not a ${provider} event` }
  const fresh = await insertWebhookEvent(db, { provider, ...identity, payload })
  return { kind: 'stored', fresh }
}
