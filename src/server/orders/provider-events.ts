/**
 * What a verified webhook body means (docs/product.md "Paid orders"): its identity (the row it
 * is stored as, one per provider and event id), and whether it pays an order, refunds one, or
 * is stored and ignored. Pure: no database, no network.
 */
import { isModel, type Model } from '#src/common/models.ts'
import type { PaymentProvider } from '../db/schema.ts'

type Json = Record<string, unknown>

const obj = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {}
const str = (value: unknown): string | null =>
  typeof value === 'string' && value !== ''
    ? value
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : null
const int = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : null
}

/** How a stored event is filed: one row per (provider, event id). */
interface EventIdentity {
  eventId: string
  eventType: string
}

/**
 * Stripe `id`, Paddle `event_id`, Lemon Squeezy (which sends no event id) its event name and
 * the order's id. Null for a body that is not an event of the provider.
 */
export function eventIdentity(provider: PaymentProvider, body: Json): EventIdentity | null {
  if (provider === 'stripe') {
    const eventId = str(body.id)
    const eventType = str(body.type)
    return eventId && eventType ? { eventId, eventType } : null
  }
  if (provider === 'paddle') {
    const eventId = str(body.event_id)
    const eventType = str(body.event_type)
    return eventId && eventType ? { eventId, eventType } : null
  }
  const eventType = str(obj(body.meta).event_name)
  const id = str(obj(body.data).id)
  return eventType && id ? { eventId: `${eventType}:${id}`, eventType } : null
}

/** Deeper than any provider's event; deep enough JSON overflows the stack of Node and Postgres. */
const MAX_DEPTH = 256
/** Longer than any provider's event id or type, and far under what a unique index can hold. */
const MAX_IDENTITY_LENGTH = 255
/** A lone UTF-16 surrogate: with the u flag a well-formed pair is one code point, not Cs. */
const LONE_SURROGATE = /\p{Cs}/u

/**
 * Readies a parsed body for a jsonb column, in place, and says why the database cannot keep it
 * as JSON, or null when it can. A NUL in a string value becomes U+FFFD, as a bad byte would
 * (Postgres keeps no NUL in text; the event stays readable). What cannot be mended without
 * changing the event: a lone UTF-16 surrogate anywhere (no UTF-8 spells one), a NUL in an
 * object key, nesting no parser should follow. Walked without recursion, however deep the body.
 */
export function readyForJsonb(body: Record<string, unknown>): string | null {
  let reason: string | null = null
  const stack: [parent: Record<string, unknown> | unknown[], depth: number][] = [[body, 1]]
  while (stack.length > 0) {
    const [parent, depth] = stack.pop()!
    const entries: [key: string | number, value: unknown][] = Array.isArray(parent)
      ? parent.map((value, i) => [i, value])
      : Object.entries(parent)
    for (const [key, value] of entries) {
      if (typeof key === 'string') {
        if (key.includes('\0')) reason ??= 'a NUL in an object key'
        else if (LONE_SURROGATE.test(key)) reason ??= 'a lone UTF-16 surrogate in an object key'
      }
      if (typeof value === 'string') {
        if (LONE_SURROGATE.test(value)) reason ??= 'a lone UTF-16 surrogate in a string'
        if (value.includes('\0'))
          (parent as Record<string | number, unknown>)[key] = value.replaceAll('\0', '\uFFFD')
      } else if (value && typeof value === 'object') {
        if (depth >= MAX_DEPTH) reason ??= `nested deeper than ${MAX_DEPTH} levels`
        else stack.push([value as Record<string, unknown> | unknown[], depth + 1])
      }
    }
  }
  return reason
}

/** Whether an event can be filed under its identity (the event id and type are text columns). */
export function isStorableIdentity(identity: EventIdentity): boolean {
  return [identity.eventId, identity.eventType].every(
    (value) =>
      value.length <= MAX_IDENTITY_LENGTH && !LONE_SURROGATE.test(value) && !value.includes('\0'),
  )
}

/** A payment that makes an order. */
export interface PaidOrderEvent {
  kind: 'paid'
  provider: PaymentProvider
  orderId: string
  /** Stripe: the payment_intent that refunds and disputes name. */
  paymentRef: string | null
  reference: string
  email: string | null
  name: string | null
  /** Paddle: the customer whose e-mail and name come from its API. */
  customerId: string | null
  /** The product PAID_PRODUCTS maps (payment link, variant, price); null when there is none. */
  productRef: string | null
  /** A model the checkout named itself (Stripe metadata.model), when no product maps. */
  fallbackModel: Model | null
  quantity: number
  amountMinor: number | null
  currency: string | null
  paidAt: Date
}

/** A full refund or a lost dispute: `ref` is the order's id, or (Stripe) its payment_intent. */
export interface RefundEvent {
  kind: 'refund'
  provider: PaymentProvider
  ref: string
  refKind: 'order' | 'payment'
}

type ProviderEvent = PaidOrderEvent | RefundEvent | { kind: 'ignored' }

const IGNORED = { kind: 'ignored' } as const

/**
 * The number of keys an order asks for, as sent: an order for more than ORDER_MAX_KEYS waits
 * for the operator (order-service.ts), never silently one key. A missing or nonsense value is 1.
 */
function quantityOf(value: unknown): number {
  const n = int(value)
  return n && n >= 1 ? Math.min(n, 1_000_000) : 1
}

function dateOf(value: unknown, fallback: Date): Date {
  if (typeof value === 'number') return new Date(value * 1000)
  if (typeof value === 'string') {
    const d = new Date(value)
    if (!Number.isNaN(d.getTime())) return d
  }
  return fallback
}

/**
 * Reads an event. `productModel` maps `provider:id` to a model (PAID_PRODUCTS); Paddle's item is
 * the first whose price maps, else the first item.
 */
export function readProviderEvent(
  provider: PaymentProvider,
  body: Json,
  productModel: (key: string) => Model | undefined,
  receivedAt = new Date(),
): ProviderEvent {
  const data = obj(body.data)
  if (provider === 'stripe') {
    const type = str(body.type)
    const object = obj(data.object)
    if (
      (type === 'checkout.session.completed' && object.payment_status === 'paid') ||
      type === 'checkout.session.async_payment_succeeded'
    ) {
      const orderId = str(object.id)
      if (!orderId) return IGNORED
      const customer = obj(object.customer_details)
      const metadataModel = obj(object.metadata).model
      return {
        kind: 'paid',
        provider,
        orderId,
        paymentRef: str(object.payment_intent),
        reference: orderId,
        email: str(customer.email),
        name: str(customer.name),
        customerId: null,
        productRef: str(object.payment_link),
        fallbackModel: isModel(metadataModel) ? metadataModel : null,
        quantity: 1,
        amountMinor: int(object.amount_total),
        currency: str(object.currency)?.toUpperCase() ?? null,
        paidAt: dateOf(body.created, receivedAt),
      }
    }
    const paymentIntent = str(object.payment_intent)
    if (
      type === 'charge.refunded' &&
      paymentIntent &&
      int(object.amount_refunded) !== null &&
      int(object.amount_refunded) === int(object.amount)
    )
      return { kind: 'refund', provider, ref: paymentIntent, refKind: 'payment' }
    if (type === 'charge.dispute.closed' && object.status === 'lost' && paymentIntent)
      return { kind: 'refund', provider, ref: paymentIntent, refKind: 'payment' }
    return IGNORED
  }

  if (provider === 'lemonsqueezy') {
    const name = str(obj(body.meta).event_name)
    const orderId = str(data.id)
    if (!orderId) return IGNORED
    const attributes = obj(data.attributes)
    if (name === 'order_created' && attributes.status === 'paid') {
      const item = obj(attributes.first_order_item)
      const number = str(attributes.order_number)
      return {
        kind: 'paid',
        provider,
        orderId,
        paymentRef: null,
        reference: number ? `#${number}` : orderId,
        email: str(attributes.user_email),
        name: str(attributes.user_name),
        customerId: null,
        productRef: str(item.variant_id),
        fallbackModel: null,
        quantity: quantityOf(item.quantity),
        amountMinor: int(attributes.total),
        currency: str(attributes.currency)?.toUpperCase() ?? null,
        paidAt: dateOf(attributes.created_at, receivedAt),
      }
    }
    if (name === 'order_refunded')
      return { kind: 'refund', provider, ref: orderId, refKind: 'order' }
    return IGNORED
  }

  const type = str(body.event_type)
  if (type === 'transaction.completed') {
    const orderId = str(data.id)
    if (!orderId) return IGNORED
    const items = Array.isArray(data.items) ? data.items.map(obj) : []
    const priceOf = (item: Json) => str(obj(item.price).id) ?? str(item.price_id)
    const item =
      items.find((i) => {
        const price = priceOf(i)
        return price !== null && productModel(`paddle:${price}`) !== undefined
      }) ?? items[0]
    const totals = obj(obj(data.details).totals)
    return {
      kind: 'paid',
      provider,
      orderId,
      paymentRef: null,
      reference: str(data.invoice_number) ?? orderId,
      email: null,
      name: null,
      customerId: str(data.customer_id),
      productRef: item ? priceOf(item) : null,
      fallbackModel: null,
      quantity: item ? quantityOf(item.quantity) : 1,
      amountMinor: int(totals.grand_total) ?? int(totals.total),
      currency: str(data.currency_code)?.toUpperCase() ?? null,
      paidAt: dateOf(data.billed_at ?? body.occurred_at, receivedAt),
    }
  }
  if (
    (type === 'adjustment.created' || type === 'adjustment.updated') &&
    data.action === 'refund' &&
    data.type === 'full' &&
    data.status === 'approved'
  ) {
    const transaction = str(data.transaction_id)
    if (transaction) return { kind: 'refund', provider, ref: transaction, refKind: 'order' }
  }
  return IGNORED
}

/** The model a paid event sells: PAID_PRODUCTS first, then what the checkout named. */
export function modelOf(
  event: Pick<PaidOrderEvent, 'provider' | 'productRef' | 'fallbackModel'>,
  productModel: (key: string) => Model | undefined,
): Model | null {
  const mapped = event.productRef
    ? productModel(`${event.provider}:${event.productRef}`)
    : undefined
  return mapped ?? event.fallbackModel
}
