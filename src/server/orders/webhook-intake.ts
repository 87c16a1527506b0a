/**
 * A payment provider's webhook delivery (docs/product.md "Paid orders"): the signature on the
 * raw bytes first, then the event stored once per (provider, event id). The answer goes out
 * once the row is committed; the orders worker does the rest.
 */
import type { Db } from '../db/client.ts'
import { findOrderStatus } from '../db/order-repository.ts'
import type { PaymentProvider } from '../db/schema.ts'
import { insertWebhookEvent } from '../db/webhook-event-repository.ts'
import { eventIdentity } from './provider-events.ts'
import { verifyWebhookSignature } from './webhook-signatures.ts'

/** The providers whose webhooks we take. */
export type WebhookProvider = PaymentProvider

/** What the orders' HTTP side needs: the database it stores events in and reads states from. */
export interface IntakeDeps {
  db: Db
}

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

/**
 * What /purchase-complete may show of an order (by a Stripe session id or a provider's order id):
 * its state in one word, never who bought or what. An order not recorded yet, or not matched to
 * a product yet, is "processing".
 */
export async function buyerOrderStatus(
  deps: IntakeDeps,
  order: string,
): Promise<'fulfilled' | 'awaiting_key' | 'refunded' | 'processing'> {
  const status = await findOrderStatus(deps.db, order)
  return status === 'fulfilled' || status === 'awaiting_key' || status === 'refunded'
    ? status
    : 'processing'
}
