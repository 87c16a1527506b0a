/**
 * A payment provider's webhook delivery (docs/product.md "Paid orders"): the signature on the
 * raw bytes first, then the event stored once per (provider, event id). The answer goes out
 * once the row is committed; the orders worker does the rest. Deliveries that arrive together
 * are stored in one statement (db/grouped-writes.ts). A signed body the database cannot keep as
 * JSON is kept as its bytes, never processed, and alerted once (docs/operations.md, "Payment
 * events that cannot be read"): answered 200, so the provider does not retry it for days.
 */
import { createHash } from 'node:crypto'
import type { Db } from '../db/client.ts'
import { isRefusedValue } from '../db/errors.ts'
import { raiseAlert, type AlertMail } from '../alerts/alert-service.ts'
import type { Logger } from '../logger.ts'
import { findOrderStatus } from './order-repository.ts'
import type { PaymentProvider } from '../db/schema.ts'
import { groupedWrites } from '../db/grouped-writes.ts'
import {
  insertUnreadableWebhookEvent,
  insertWebhookEvents,
  type NewWebhookEvent,
} from './webhook-event-repository.ts'
import { eventIdentity, isStorableIdentity, readyForJsonb } from './provider-events.ts'
import { verifyWebhookSignature } from './webhook-signatures.ts'

/** The providers whose webhooks we take. */
export type WebhookProvider = PaymentProvider

/** What the orders' HTTP side needs: the database it stores events in and reads states from. */
export interface IntakeDeps {
  db: Db
}

/** What storing deliveries needs besides the database: where an unreadable one is alerted. */
export interface WebhookIntakeDeps extends IntakeDeps {
  alertMail: AlertMail
  logger: Logger
  /** The outbox worker's kick, once an alert's e-mail is queued. */
  onMailQueued?: () => void
}

type IntakeResult =
  | { kind: 'invalid-signature' }
  | { kind: 'malformed'; detail: string }
  | { kind: 'stored'; fresh: boolean }
  | { kind: 'unreadable'; fresh: boolean }

interface WebhookIntake {
  receive(
    provider: PaymentProvider,
    secret: string,
    signature: string | null | undefined,
    body: Uint8Array,
    nowMs?: number,
  ): Promise<IntakeResult>
}

const UNREADABLE_SUBJECT = 'unreadable:'

/** The subject of an unreadable event's webhook-failed episode: one episode per event. */
function unreadableEventSubject(provider: PaymentProvider, eventId: string): string {
  return `${UNREADABLE_SUBJECT}${provider}:${eventId}`
}

/** The event a webhook-failed episode's subject names, or null for the 'processing' episode. */
export function unreadableEventOfSubject(
  subject: string,
): { provider: string; eventId: string } | null {
  if (!subject.startsWith(UNREADABLE_SUBJECT)) return null
  const rest = subject.slice(UNREADABLE_SUBJECT.length)
  const at = rest.indexOf(':')
  return at < 0 ? null : { provider: rest.slice(0, at), eventId: rest.slice(at + 1) }
}

export function webhookIntake(deps: WebhookIntakeDeps): WebhookIntake {
  const { db } = deps
  const store = groupedWrites((events: readonly NewWebhookEvent[]) =>
    insertWebhookEvents(db, events),
  )

  /**
   * Keeps a delivery the database cannot read as its bytes, filed under the provider's event id
   * when that much could be read, else under the bytes' hash (a retry sends the same bytes), and
   * alerts it in the same transaction: a repeat finds the row and alerts nothing.
   */
  async function keepUnreadable(
    provider: PaymentProvider,
    body: Uint8Array,
    identity: { eventId: string; eventType: string } | null,
    reason: string,
  ): Promise<boolean> {
    const { eventId, eventType } =
      identity && isStorableIdentity(identity)
        ? identity
        : {
            eventId: `unreadable:${createHash('sha256').update(body).digest('hex')}`,
            eventType: 'unreadable',
          }
    const fresh = await db.transaction(async (tx) => {
      if (
        !(await insertUnreadableWebhookEvent(tx, {
          provider,
          eventId,
          eventType,
          rawBody: body,
          reason,
        }))
      )
        return false
      await raiseAlert(tx, deps.alertMail, {
        kind: 'webhook-failed',
        subject: unreadableEventSubject(provider, eventId),
        text:
          `A ${provider} payment event (${eventId}, ${eventType}) could not be read: ${reason}. ` +
          `It is kept as received (${body.length} bytes) and will not be processed: if it was a payment, ` +
          'record the order by hand (npm run admin -- orders add). npm run admin -- orders list shows it.',
      })
      return true
    })
    if (fresh) {
      deps.logger.error(
        { alert: 'webhook-failed', provider, event: eventId, reason },
        'webhook event could not be read; kept as received, not processed',
      )
      if (deps.alertMail.operatorEmail) deps.onMailQueued?.()
    }
    return fresh
  }

  return {
    async receive(provider, secret, signature, body, nowMs = Date.now()) {
      if (!verifyWebhookSignature(provider, secret, signature, body, nowMs))
        return { kind: 'invalid-signature' }
      let parsed: unknown
      try {
        // No reviver: JSON.parse follows any depth without recursion, a reviver does not.
        parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body))
      } catch {
        return { kind: 'malformed', detail: 'Request body must be valid JSON' }
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
        return { kind: 'malformed', detail: 'Request body must be a JSON object' }
      const payload = parsed as Record<string, unknown>
      // Before the identity is read: a NUL in the event id becomes U+FFFD as elsewhere.
      let reason = readyForJsonb(payload)
      const identity = eventIdentity(provider, payload)
      if (!identity) return { kind: 'malformed', detail: `Not a ${provider} event` }
      if (!isStorableIdentity(identity))
        reason ??= 'its event id or type is not text the database keeps'
      if (!reason) {
        try {
          return { kind: 'stored', fresh: await store({ provider, ...identity, payload }) }
        } catch (error) {
          // What the check above did not foresee: the database refused this body itself.
          if (!isRefusedValue(error)) throw error
          const code = (error as { code: string }).code
          reason = `the database refused it (SQLSTATE ${code})`
        }
      }
      return { kind: 'unreadable', fresh: await keepUnreadable(provider, body, identity, reason) }
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
