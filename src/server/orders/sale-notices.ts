/**
 * NOTIFY_SALES (docs/operations.md, "Alerts"): the operator is e-mailed once per paid order (the
 * model, the amount, the provider, the order reference; never a key or the buyer's address).
 * Read from the orders themselves by the alert monitor, so it needs nothing from the path that
 * records an order, and each order is told once however many instances look (sale_notices).
 * Orders recorded by the operator (`orders add`, an invoice) are not announced back to them.
 */
import { sql } from 'drizzle-orm'
import type { Model } from '#src/common/models.ts'
import { queryRows, type Db } from '../db/client.ts'
import { enqueueMail } from '../mail/mail-queue.ts'
import type { SaleNoticeMailPayload } from '../mail/payloads.ts'

/**
 * Paid orders of the last hour not announced yet, recorded as announced in the same statement.
 * The hour bounds the first look after NOTIFY_SALES is turned on: no flood of old sales.
 */
async function takeNewSales(tx: Db): Promise<SaleNoticeMailPayload[]> {
  const rows = await queryRows<{
    reference: string
    provider: string
    model: Model | null
    amount_minor: string | number | null
    currency: string | null
  }>(
    tx,
    sql`with noticed as (
          insert into sale_notices (order_id)
          select id from orders
          where provider <> 'invoice' and status <> 'refunded'
            and created_at > now() - interval '1 hour'
          on conflict do nothing
          returning order_id)
        select o.reference, o.provider, o.model, o.amount_minor, o.currency
        from orders o join noticed n on n.order_id = o.id
        order by o.created_at`,
  )
  return rows.map((r) => ({
    reference: r.reference,
    provider: r.provider,
    model: r.model,
    amountMinor: r.amount_minor === null ? null : Number(r.amount_minor),
    currency: r.currency,
  }))
}

/** Queues a notice per new sale to `operatorEmail`; returns how many. */
export async function noticeNewSales(
  db: Db,
  operatorEmail: string,
  messageIdDomain: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const sales = await takeNewSales(tx)
    for (const sale of sales)
      await enqueueMail(tx, {
        kind: 'sale-notice',
        to: operatorEmail,
        payload: { ...sale },
        messageIdDomain,
      })
    return sales.length
  })
}
