/**
 * `orders list` (docs/product.md "Operator commands"): CSV with every cell quoted and formula
 * starts neutralised as the leads export does (a buyer's name is text they typed), or JSON.
 */
import type { OrderRow } from '../db/schema.ts'
import { csvCell } from '../trials/leads-export.ts'

interface OrderListing {
  order: OrderRow
  keys: string[]
}

const COLUMNS = [
  'order_id',
  'reference',
  'provider',
  'provider_order_id',
  'status',
  'model',
  'quantity',
  'amount_minor',
  'currency',
  'name',
  'email',
  'keys',
  'created_at',
  'paid_at',
  'fulfilled_at',
  'refunded_at',
] as const

function values({ order, keys }: OrderListing) {
  return [
    order.id,
    order.reference,
    order.provider,
    order.providerOrderId,
    order.status,
    order.model,
    order.quantity,
    order.amountMinor,
    order.currency,
    order.name,
    order.email,
    keys.join(' '),
    order.createdAt,
    order.paidAt,
    order.fulfilledAt,
    order.refundedAt,
  ] as const
}

export function ordersToCsv(list: readonly OrderListing[]): string {
  return (
    [COLUMNS, ...list.map(values)].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
  )
}

/** One order as a record of the columns above (`orders list --format json`, a person's export). */
export function orderRecord(listing: OrderListing): Record<(typeof COLUMNS)[number], unknown> {
  const row = values(listing)
  return Object.fromEntries(COLUMNS.map((column, i) => [column, row[i] ?? null])) as Record<
    (typeof COLUMNS)[number],
    unknown
  >
}

export function ordersToJson(list: readonly OrderListing[]): string {
  return JSON.stringify(list.map(orderRecord), null, 2) + '\n'
}
