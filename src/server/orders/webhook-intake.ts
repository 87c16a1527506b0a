/**
 * A payment provider's webhook delivery (docs/product.md "Paid orders"): the signature on the
 * raw bytes first, then the event stored once per (provider, event id). The answer goes out
 * once the row is committed; the orders worker does the rest. Deliveries that arrive together
 * are stored in one statement (db/grouped-writes.ts).
 */
import type { Db } from '../db/client.ts'
import { findOrderStatus } from './order-repository.ts'
import type { PaymentProvider } from '../db/schema.ts'
import { groupedWrites } from '../db/grouped-writes.ts'
import { insertWebhookEvents, type NewWebhookEvent } from './webhook-event-repository.ts'
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

interface WebhookIntake {
  receive(
    provider: PaymentProvider,
    secret: string,
    signature: string | null | undefined,
    body: Uint8Array,
    nowMs?: number,
  ): Promise<IntakeResult>
}

export function webhookIntake(db: Db): WebhookIntake {
  const store = groupedWrites((events: readonly NewWebhookEvent[]) =>
    insertWebhookEvents(db, events),
  )
  return {
    async receive(provider, secret, signature, body, nowMs = Date.now()) {
      if (!verifyWebhookSignature(provider, secret, signature, body, nowMs))
        return { kind: 'invalid-signature' }
      let parsed: unknown
      try {
        // Postgres keeps no NUL in text or jsonb: one in a string would make a valid event
        // unstorable, refused on every redelivery. It becomes U+FFFD, as a bad byte would.
        parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body), (_key, v) =>
          typeof v === 'string' && v.includes('\0') ? v.replaceAll('\0', '\uFFFD') : v,
        )
      } catch {
        return { kind: 'malformed', detail: 'Request body must be valid JSON' }
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
        return { kind: 'malformed', detail: 'Request body must be a JSON object' }
      const payload = parsed as Record<string, unknown>
      const identity = eventIdentity(provider, payload)
      if (!identity) return { kind: 'malformed', detail: `Not a ${provider} event` }
      const fresh = await store({ provider, ...identity, payload })
      return { kind: 'stored', fresh }
    },
  }
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
