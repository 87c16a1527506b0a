/**
 * Data access for orders: one row per (provider, provider order id), whatever how often or how
 * concurrently the provider delivers it (docs/product.md "Paid orders").
 */
import { and, asc, desc, eq, or, sql } from 'drizzle-orm'
import type { Model } from '#src/common/models.ts'
import { queryRows, type Db } from '../db/client.ts'
import { orders, type OrderProvider, type OrderRow, type OrderStatus } from '../db/schema.ts'

type NewOrder = typeof orders.$inferInsert

/** Inserts the order; null when the provider's order is recorded already (a replay). */
export async function insertOrder(tx: Db, values: NewOrder): Promise<OrderRow | null> {
  const [row] = await tx
    .insert(orders)
    .values(values)
    .onConflictDoNothing({ target: [orders.provider, orders.providerOrderId] })
    .returning()
  return row ?? null
}

/** The order a refund names, locked for the refund's transaction. */
export async function lockOrderByRef(
  tx: Db,
  provider: OrderProvider,
  ref: string,
  refKind: 'order' | 'payment',
): Promise<OrderRow | null> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.provider, provider),
        refKind === 'order' ? eq(orders.providerOrderId, ref) : eq(orders.paymentRef, ref),
      ),
    )
    .limit(1)
    .for('update')
  return row ?? null
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** An order by our id, the provider's order id or its reference (what an operator may quote). */
export async function findOrder(
  db: Db,
  id: string,
  options: { lock?: boolean } = {},
): Promise<OrderRow | null> {
  const query = db
    .select()
    .from(orders)
    .where(
      or(
        UUID.test(id) ? eq(orders.id, id) : sql`false`,
        eq(orders.providerOrderId, id),
        eq(orders.reference, id),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row ?? null
}

export async function updateOrder(
  tx: Db,
  id: string,
  values: Partial<Omit<NewOrder, 'id'>>,
): Promise<OrderRow> {
  const [row] = await tx
    .update(orders)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(orders.id, id))
    .returning()
  return row!
}

/** Marks the order fulfilled now; the moment, as the database's clock has it. */
export async function markOrderFulfilled(tx: Db, id: string): Promise<Date> {
  const [row] = await tx
    .update(orders)
    .set({ status: 'fulfilled', fulfilledAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(orders.id, id))
    .returning({ fulfilledAt: orders.fulfilledAt })
  return row!.fulfilledAt!
}

export async function listOrders(db: Db, status?: OrderStatus): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(status ? eq(orders.status, status) : undefined)
    .orderBy(desc(orders.createdAt))
}

/** The orders of one address, compared canonically or as typed (a person's export). */
export async function listOrdersOfPerson(
  db: Db,
  canonical: string,
  lower: string,
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(or(eq(orders.emailCanonical, canonical), eq(sql`lower(${orders.email})`, lower)))
    .orderBy(asc(orders.createdAt))
}

/** The oldest order of the model still waiting for keys, locked (skipping one being handled). */
export async function lockOldestAwaitingOrder(tx: Db, model: Model): Promise<OrderRow | null> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.model, model), eq(orders.status, 'awaiting_key')))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(1)
    .for('update', { skipLocked: true })
  return row ?? null
}

/** Revenue per model, currency and calendar month (UTC) of payment; refunded orders excluded. */
export async function revenueByModelAndMonth(
  db: Db,
  months: number,
): Promise<
  { month: string; model: Model; currency: string; amountMinor: number; orders: number }[]
> {
  const rows = await queryRows<{
    month: string
    model: Model
    currency: string
    amount_minor: string | number
    orders: number
  }>(
    db,
    sql`select to_char(coalesce(paid_at, created_at) at time zone 'UTC', 'YYYY-MM') as month,
          model, coalesce(currency, '') as currency,
          coalesce(sum(amount_minor), 0) as amount_minor, count(*)::int as orders
        from orders
        where model is not null and status in ('fulfilled', 'awaiting_key')
          and coalesce(paid_at, created_at) >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC' - make_interval(months => ${months - 1})
        group by 1, 2, 3 order by 1 desc, 2, 3`,
  )
  return rows.map((r) => ({
    month: r.month,
    model: r.model,
    currency: r.currency,
    amountMinor: Number(r.amount_minor),
    orders: Number(r.orders),
  }))
}

/**
 * A person's deletion request: their orders keep what accounting needs (model, amount,
 * currency, dates, reference, keys) and lose the name and the address. Returns the orders'
 * event ids, whose stored bodies name the person too.
 */
export async function eraseOrdersOfPerson(
  tx: Db,
  emailCanonical: string,
  emailLower: string,
): Promise<{ orders: number; eventIds: number[] }> {
  const rows = await queryRows<{ id: string; event_id: number | null }>(
    tx,
    sql`update orders set name = null, email = null, email_canonical = null,
          person_erased_at = now(), updated_at = now()
        where email_canonical = ${emailCanonical} or lower(email) = ${emailLower}
        returning id, event_id`,
  )
  const events = await queryRows<{ event_id: number }>(
    tx,
    sql`select distinct e.id as event_id from webhook_events e
        join orders o on o.provider = e.provider
          and (e.payload->'data'->>'id' = o.provider_order_id
               or e.payload->'data'->'object'->>'id' = o.provider_order_id
               or e.payload->'data'->'object'->>'payment_intent' = o.payment_ref
               or e.payload->'data'->>'transaction_id' = o.provider_order_id)
        where o.id in (${
          rows.length
            ? sql.join(
                rows.map((r) => sql`${r.id}::uuid`),
                sql`, `,
              )
            : sql`null`
        })`,
  )
  return {
    orders: rows.length,
    eventIds: [
      ...new Set([
        ...rows.map((r) => r.event_id).filter((id): id is number => id !== null),
        ...events.map((e) => Number(e.event_id)),
      ]),
    ],
  }
}

/** Orders per status, for the console's filter. */
export async function countOrdersByStatus(db: Db): Promise<Record<OrderStatus, number>> {
  const rows = await queryRows<{ status: OrderStatus; n: number }>(
    db,
    sql`select status, count(*)::int as n from orders group by status`,
  )
  const counts: Record<OrderStatus, number> = {
    fulfilled: 0,
    awaiting_key: 0,
    unmatched: 0,
    refunded: 0,
    needs_review: 0,
  }
  for (const row of rows) counts[row.status] = Number(row.n)
  return counts
}

/** The newest orders (of one status), each with how many keys it holds. */
export async function listRecentOrders(
  db: Db,
  status: OrderStatus | undefined,
  limit: number,
): Promise<(OrderRow & { keys: number })[]> {
  const rows = await db
    .select({
      order: orders,
      keys: sql<number>`(select count(*)::int from order_keys k where k.order_id = ${orders.id})`,
    })
    .from(orders)
    .where(status ? eq(orders.status, status) : undefined)
    .orderBy(desc(orders.createdAt))
    .limit(limit)
  return rows.map((r) => ({ ...r.order, keys: Number(r.keys) }))
}

/** The state of the order with this provider order id (any provider), for /purchase-complete. */
export async function findOrderStatus(
  db: Db,
  providerOrderId: string,
): Promise<OrderStatus | null> {
  const [row] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.providerOrderId, providerOrderId))
    .limit(1)
  return row?.status ?? null
}

/** Orders per provider and status (/metrics). */
export async function countOrdersByProviderAndStatus(
  db: Db,
): Promise<{ provider: OrderProvider; status: OrderStatus; n: number }[]> {
  const rows = await queryRows<{ provider: OrderProvider; status: OrderStatus; n: number }>(
    db,
    sql`select provider, status, count(*)::int as n from orders group by provider, status`,
  )
  return rows.map((r) => ({ ...r, n: Number(r.n) }))
}

/** Whether an order of this provider's product still waits unmatched (its alert's end). */
export async function hasUnmatchedOrders(
  db: Db,
  provider: string,
  productRef: string,
): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from orders
        where status = 'unmatched' and provider = ${provider} and coalesce(product_ref, '') = ${productRef}
        limit 1`,
  )
  return rows.length > 0
}
