/**
 * Paid orders (docs/product.md "Paid orders"; docs/architecture.md "An order"): a stored
 * webhook event becomes an order, the order takes keys from the model's paid pool in its own
 * transaction, and its e-mails go into the outbox in that transaction too. An order is one row
 * per (provider, provider order id) and an event is processed under its row lock, so however
 * often or concurrently a provider delivers, one key set and one e-mail go out.
 */
import { randomUUID } from 'node:crypto'
import { MODEL_LABELS, type Model } from '#src/common/models.ts'
import { raiseAlert, resolveAlert } from '../alerts/alert-service.ts'
import type { Db } from '../db/client.ts'
import { lockPaidKeys, markLicensesAssigned, revokeLicenses } from '../licenses/license-service.ts'
import { insertOrderKeys, listOrderKeys } from './order-key-repository.ts'
import {
  findOrder,
  insertOrder,
  lockOldestAwaitingOrder,
  lockOrderByRef,
  markOrderFulfilled,
  updateOrder,
} from './order-repository.ts'
import { enqueueMail } from '../mail/mail-queue.ts'
import { endPaidPoolEpisode, startPaidPoolEpisode } from './paid-pool-alert-repository.ts'
import { insertPendingRefund, takePendingRefund } from './pending-refund-repository.ts'
import type { OrderRow, PaymentProvider, WebhookEventRow } from '../db/schema.ts'
import { findWebhookEvent, takeEventForProcessing } from './webhook-event-repository.ts'
import type { Logger } from '../logger.ts'
import type {
  OrderAlertMailPayload,
  OrderKeysMailPayload,
  OrderNoticeMailPayload,
} from '../mail/payloads.ts'
import { canonicalEmail } from '../guard/email-identity.ts'
import { fetchPaddleCustomer } from './paddle-api.ts'
import {
  modelOf,
  readProviderEvent,
  type PaidOrderEvent,
  type RefundEvent,
} from './provider-events.ts'

export interface OrderDeps {
  db: Db
  /** PAID_PRODUCTS: `provider:id` to model. */
  paidProducts: ReadonlyMap<string, Model>
  /** Where the alerts go (OPERATOR_EMAIL, else the support address). */
  operatorEmail: string
  messageIdDomain: string
  paddleApi: { url: string; key: string | null }
  /** The download the key e-mail links per model (order-deps.ts); null: none. */
  downloadUrls: Readonly<Record<Model, string | null>>
  logger: Logger
  /** The outbox worker's kick, after a transaction queued e-mail. */
  onMailQueued?: () => void
  /** ORDER_MAX_KEYS: an order for more keys waits as needs_review. */
  maxKeys: number
}

/** Thrown for an operator's request that cannot be done (an unknown order, nothing to send). */
export class OrderCommandError extends Error {}

const firstNameOf = (name: string | null) => name?.trim().split(/\s+/)[0] ?? ''

function productModel(deps: Pick<OrderDeps, 'paidProducts'>) {
  return (key: string) => deps.paidProducts.get(key)
}

async function mailTo(
  tx: Db,
  deps: OrderDeps,
  kind: 'order-keys' | 'order-waiting' | 'order-refunded' | 'order-alert',
  to: string,
  payload: OrderKeysMailPayload | OrderNoticeMailPayload | OrderAlertMailPayload,
): Promise<void> {
  await enqueueMail(tx, {
    kind,
    to,
    payload: { ...payload },
    messageIdDomain: deps.messageIdDomain,
  })
}

/**
 * The alert `order-needs-review`: an order for more keys than ORDER_MAX_KEYS took none and
 * waits for the operator (one episode per order; `orders reprocess` ends it).
 */
async function raiseOrderNeedsReview(tx: Db, deps: OrderDeps, order: OrderRow): Promise<void> {
  deps.logger.warn(
    { alert: 'order-needs-review', orderId: order.id, quantity: order.quantity },
    'order needs review',
  )
  await raiseAlert(tx, deps, {
    kind: 'order-needs-review',
    subject: order.id,
    text: `Order ${order.reference} (${order.provider}) asks for ${order.quantity} keys, more than ORDER_MAX_KEYS; none went out. Check it with the buyer, then: npm run admin -- orders reprocess --order ${order.id}`,
    mail: {
      kind: 'order-alert',
      payload: { ...alert(order, 'order-needs-review'), quantity: order.quantity },
    },
  })
}

function alert(
  order: OrderRow,
  kind: OrderAlertMailPayload['alert'],
  keys: string[] = [],
): OrderAlertMailPayload {
  return {
    alert: kind,
    orderId: order.id,
    reference: order.reference,
    provider: order.provider,
    model: order.model,
    productRef: order.productRef ?? '',
    keys,
  }
}

function notice(
  order: Pick<OrderRow, 'id' | 'reference' | 'name'> & { model: Model },
): OrderNoticeMailPayload {
  return {
    orderId: order.id,
    reference: order.reference,
    firstName: firstNameOf(order.name),
    model: order.model,
  }
}

/**
 * Takes an order's keys from its model's paid pool, all or none: records them as the order's
 * and marks it fulfilled. The keys in import order and the moment, or null when the pool holds
 * fewer than the order needs (nothing is taken; the few keys locked are let go at the end of
 * the transaction). Runs in the order's transaction with the order row locked or just inserted.
 */
async function claimOrderKeys(
  tx: Db,
  order: { id: string; model: Model; quantity: number },
): Promise<{ keys: string[]; fulfilledAt: Date } | null> {
  const locked = await lockPaidKeys(tx, order.model, order.quantity)
  if (locked.length < order.quantity) return null
  const ids = locked.map((k) => k.id)
  await markLicensesAssigned(tx, ids)
  await insertOrderKeys(tx, order.id, ids)
  const fulfilledAt = await markOrderFulfilled(tx, order.id)
  return { keys: locked.map((k) => k.activationKey), fulfilledAt }
}

/**
 * Gives a matched order its keys from the paid pool, or, when the pool is short, leaves it
 * awaiting_key (telling the buyer once, `tellBuyer`, and the operator once per episode).
 * Runs in the order's transaction with the order row locked or just inserted.
 */
async function fulfil(
  tx: Db,
  deps: OrderDeps,
  order: OrderRow & { model: Model },
  tellBuyer: boolean,
): Promise<OrderRow> {
  const claimed = await claimOrderKeys(tx, order)
  if (!claimed) {
    const waiting =
      order.status === 'awaiting_key'
        ? order
        : await updateOrder(tx, order.id, { status: 'awaiting_key' })
    if (tellBuyer && order.email)
      await mailTo(tx, deps, 'order-waiting', order.email, notice(order))
    if (await startPaidPoolEpisode(tx, order.model))
      await raiseAlert(tx, deps, {
        kind: 'paid-pool-empty',
        subject: order.model,
        text: `No paid ${MODEL_LABELS[order.model]} key left: order ${order.reference} waits (the buyer was told the key follows within one business day). Import paid keys: npm run admin -- licenses import --model ${order.model} --pool paid FILE`,
        mail: { kind: 'order-alert', payload: { ...alert(order, 'empty-pool') } },
      })
    return waiting
  }
  if (order.email)
    await mailTo(tx, deps, 'order-keys', order.email, {
      ...notice(order),
      keys: claimed.keys,
      downloadUrl: deps.downloadUrls[order.model],
    })
  return {
    ...order,
    status: 'fulfilled',
    fulfilledAt: claimed.fulfilledAt,
    updatedAt: claimed.fulfilledAt,
  }
}

/** A new order's fate: refunded already, unmatched, or fulfilled / awaiting a key. */
async function settleNewOrder(tx: Db, deps: OrderDeps, order: OrderRow): Promise<OrderRow> {
  const refs = [order.providerOrderId, ...(order.paymentRef ? [order.paymentRef] : [])]
  if (
    order.provider !== 'invoice' &&
    (await takePendingRefund(tx, order.provider as PaymentProvider, refs))
  ) {
    const refunded = await updateOrder(tx, order.id, {
      status: 'refunded',
      refundedAt: new Date(),
    })
    await mailTo(tx, deps, 'order-alert', deps.operatorEmail, alert(refunded, 'refund'))
    if (order.email && order.model)
      await mailTo(
        tx,
        deps,
        'order-refunded',
        order.email,
        notice({ ...order, model: order.model }),
      )
    return refunded
  }
  if (!order.model) {
    // One alert per product while its orders wait; `orders list --status unmatched` shows them all.
    await raiseAlert(tx, deps, {
      kind: 'unmatched-product',
      subject: `${order.provider}:${order.productRef ?? ''}`,
      text: `Order ${order.reference} (${order.provider}) was paid for product ${order.productRef || '(none)'}, which PAID_PRODUCTS maps to no model; no key went out. Add it to PAID_PRODUCTS, restart, then: npm run admin -- orders reprocess --order ${order.id}`,
      mail: { kind: 'order-alert', payload: { ...alert(order, 'unmatched') } },
    })
    return order
  }
  if (order.status === 'needs_review') {
    await raiseOrderNeedsReview(tx, deps, order)
    return order
  }
  return fulfil(tx, deps, { ...order, model: order.model }, true)
}

/** The order a paid event makes, as insertOrder takes it. */
function newOrderOf(deps: OrderDeps, event: PaidOrderEvent, eventRowId: number) {
  const model = modelOf(event, productModel(deps))
  const email = event.email?.trim() || null
  return {
    id: randomUUID(),
    provider: event.provider,
    providerOrderId: event.orderId,
    paymentRef: event.paymentRef,
    status: !model
      ? ('unmatched' as const)
      : event.quantity > deps.maxKeys
        ? ('needs_review' as const)
        : ('awaiting_key' as const),
    name: event.name?.trim() || null,
    email,
    emailCanonical: email ? canonicalEmail(email) : null,
    model,
    productRef: event.productRef,
    quantity: event.quantity,
    amountMinor: event.amountMinor,
    currency: event.currency,
    reference: event.reference,
    eventId: eventRowId,
    paidAt: event.paidAt,
  }
}

async function recordPaidEvent(
  tx: Db,
  deps: OrderDeps,
  order: ReturnType<typeof newOrderOf>,
): Promise<OrderRow | null> {
  const inserted = await insertOrder(tx, order)
  // A second event for the same order (Stripe's completed and async-succeeded, a replay under
  // another event id): the order exists, nothing more to do.
  if (!inserted) return null
  return settleNewOrder(tx, deps, inserted)
}

async function applyRefund(tx: Db, deps: OrderDeps, event: RefundEvent): Promise<void> {
  const order = await lockOrderByRef(tx, event.provider, event.ref, event.refKind)
  if (!order) {
    await insertPendingRefund(tx, event.provider, event.ref)
    return
  }
  if (order.status === 'refunded') return
  const keys = await listOrderKeys(tx, order.id)
  await revokeLicenses(
    tx,
    keys.map((k) => k.licenseId),
  )
  const refunded = await updateOrder(tx, order.id, { status: 'refunded', refundedAt: new Date() })
  await mailTo(
    tx,
    deps,
    'order-alert',
    deps.operatorEmail,
    alert(
      refunded,
      'refund',
      keys.map((k) => k.activationKey),
    ),
  )
  if (order.email && order.model)
    await mailTo(tx, deps, 'order-refunded', order.email, notice({ ...order, model: order.model }))
}

/**
 * Processes one stored event, exactly once: under its row lock, and only while unprocessed.
 * Paddle's buyer comes from its API first, outside the transaction; a failure there (or any
 * other) throws, and the worker tries the event again later.
 */
export async function processWebhookEvent(deps: OrderDeps, row: WebhookEventRow): Promise<void> {
  const event = readProviderEvent(row.provider, row.payload, productModel(deps), row.receivedAt)
  if (event.kind === 'paid' && event.provider === 'paddle' && event.customerId && !event.email) {
    const customer = await fetchPaddleCustomer(deps.paddleApi, event.customerId)
    event.email = customer.email
    event.name = customer.name
  }
  const order = event.kind === 'paid' ? newOrderOf(deps, event, row.id) : null
  let queued = false
  await deps.db.transaction(async (tx) => {
    const outcome = event.kind === 'ignored' ? 'ignored' : 'done'
    if (!(await takeEventForProcessing(tx, row.id, outcome))) return
    if (order) {
      const recorded = await recordPaidEvent(tx, deps, order)
      queued = recorded !== null
      if (recorded)
        deps.logger.info(
          { order: recorded.id, provider: recorded.provider, status: recorded.status },
          'order recorded',
        )
    } else if (event.kind === 'refund') {
      await applyRefund(tx, deps, event)
      queued = true
    }
  })
  if (queued) deps.onMailQueued?.()
}

/** After paid keys were imported: waiting orders of the model get theirs, oldest first. */
export async function fulfilWaitingOrders(deps: OrderDeps, model: Model): Promise<number> {
  await endPaidPoolEpisode(deps.db, model)
  let fulfilled = 0
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const order = await lockOldestAwaitingOrder(tx, model)
      if (!order) return null
      const after = await fulfil(tx, deps, { ...order, model }, false)
      return after.status === 'fulfilled'
    })
    if (!done) break
    fulfilled++
  }
  if (fulfilled) deps.onMailQueued?.()
  return fulfilled
}

/**
 * `orders reprocess`: an unmatched order is mapped again (PAID_PRODUCTS may have been fixed)
 * and, when it now sells a model, fulfilled; an order awaiting a key tries the pool again.
 */
export async function reprocessOrder(deps: OrderDeps, id: string): Promise<OrderRow> {
  const result = await deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, id, { lock: true })
    if (!order) throw new OrderCommandError(`no order ${id}`)
    if (order.status === 'unmatched') {
      const stored = order.eventId ? await findWebhookEvent(tx, order.eventId) : null
      const event =
        stored &&
        readProviderEvent(stored.provider, stored.payload, productModel(deps), stored.receivedAt)
      const model =
        event && event.kind === 'paid'
          ? modelOf(event, productModel(deps))
          : order.productRef
            ? (deps.paidProducts.get(`${order.provider}:${order.productRef}`) ?? null)
            : null
      if (!model) return order
      const matched = await updateOrder(tx, order.id, { model, status: 'awaiting_key' })
      return fulfil(tx, deps, { ...matched, model }, true)
    }
    if (order.status === 'awaiting_key' && order.model)
      return fulfil(tx, deps, { ...order, model: order.model }, false)
    if (order.status === 'needs_review' && order.model) {
      // The operator has checked the order: reprocessing it releases all its keys.
      const released = await updateOrder(tx, order.id, { status: 'awaiting_key' })
      await resolveAlert(tx, deps, {
        kind: 'order-needs-review',
        subject: order.id,
        text: `Order ${order.reference} was released by the operator.`,
      })
      return fulfil(tx, deps, { ...released, model: order.model }, true)
    }
    return order
  })
  deps.onMailQueued?.()
  return result
}

/** `orders resend`: the same keys again, to the order's address. */
export async function resendOrderKeys(deps: OrderDeps, id: string): Promise<OrderRow> {
  const result = await deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, id)
    if (!order) throw new OrderCommandError(`no order ${id}`)
    if (order.status !== 'fulfilled' || !order.model)
      throw new OrderCommandError(`order ${order.reference} is ${order.status}: no keys to resend`)
    if (!order.email)
      throw new OrderCommandError(`order ${order.reference} has no e-mail address (erased)`)
    const keys = await listOrderKeys(tx, order.id)
    await mailTo(tx, deps, 'order-keys', order.email, {
      ...notice({ ...order, model: order.model }),
      keys: keys.map((k) => k.activationKey),
      downloadUrl: deps.downloadUrls[order.model],
      resend: true,
    })
    return order
  })
  deps.onMailQueued?.()
  return result
}

interface InvoiceOrder {
  email: string
  name: string
  model: Model
  quantity: number
  reference: string
}

/** `orders add`: an invoice paid by bank transfer, recorded and fulfilled like any order. */
export async function addInvoiceOrder(deps: OrderDeps, input: InvoiceOrder): Promise<OrderRow> {
  const result = await deps.db.transaction(async (tx) => {
    const email = input.email.trim()
    const order = await insertOrder(tx, {
      provider: 'invoice',
      providerOrderId: input.reference,
      status: 'awaiting_key',
      name: input.name.trim(),
      email,
      emailCanonical: canonicalEmail(email),
      model: input.model,
      quantity: input.quantity,
      reference: input.reference,
      paidAt: new Date(),
    })
    if (!order) throw new OrderCommandError(`invoice ${input.reference} is recorded already`)
    return settleNewOrder(tx, deps, order)
  })
  deps.onMailQueued?.()
  return result
}

/**
 * What other subsystems read and write of this one's tables, in their own transactions: its
 * repositories are private to this folder (docs/architecture.md, "Layers"; eslint holds it).
 */
export {
  countOrdersByProviderAndStatus,
  countOrdersByStatus,
  eraseOrdersOfPerson,
  hasUnmatchedOrders,
  listOrders,
  listOrdersOfPerson,
  listRecentOrders,
  revenueByModelAndMonth,
} from './order-repository.ts'
export { isPaidPoolEpisodeOpen } from './paid-pool-alert-repository.ts'
export {
  clearEventPayloads,
  countFailingWebhookEvents,
  countUnreadableWebhookEvents,
  deleteUnreadableWebhookEvent,
  findUnreadableWebhookEvent,
  isUnreadableEventKept,
  listUnreadableWebhookEvents,
  releaseWebhookEventLeases,
  type UnreadableEventListing,
} from './webhook-event-repository.ts'
export { listOrderKeys } from './order-key-repository.ts'
export {
  listPurchaseRequestsOfPerson,
  listRecentPurchaseRequests,
} from './purchase-request-repository.ts'
