/**
 * A person's copy of their data (the privacy policy, "Your rights"; docs/product.md, "Privacy
 * and third parties"): everything held about one e-mail address, compared canonically as a
 * deletion request compares it. Their trial requests, their invoice requests and their paid
 * orders with the keys, amounts and dates: `leads export --email ADDRESS`. JSON, or a CSV of
 * one line per field (record, id, field, value), formula-safe like every export.
 */
import type { Db } from '../db/client.ts'
import {
  listOrderKeys,
  listOrdersOfPerson,
  listPurchaseRequestsOfPerson,
} from '../orders/order-service.ts'
import { listLeadsOfPerson } from '../trials/trial-service.ts'
import { canonicalEmail } from '../guard/email-identity.ts'
import { orderRecord } from '../orders/orders-export.ts'
import { csvCell, leadValues } from '../trials/leads-export.ts'

type PersonRecord = Record<string, unknown>

interface PersonExport {
  email: string
  exported_at: Date
  trial_requests: PersonRecord[]
  purchase_requests: PersonRecord[]
  orders: PersonRecord[]
}

export async function exportPersonData(
  db: Db,
  email: string,
  now = new Date(),
): Promise<PersonExport> {
  const lower = email.trim().toLowerCase()
  const canonical = canonicalEmail(lower)
  const [leads, purchases, orders] = await Promise.all([
    listLeadsOfPerson(db, canonical, lower),
    listPurchaseRequestsOfPerson(db, canonical, lower),
    listOrdersOfPerson(db, canonical, lower),
  ])
  return {
    email: lower,
    exported_at: now,
    trial_requests: leads.map((lead) => ({ ...leadValues(lead), user_agent: lead.userAgent })),
    purchase_requests: purchases.map((p) => ({
      request_id: p.id,
      created_at: p.createdAt,
      first_name: p.firstName,
      last_name: p.lastName,
      email: p.email,
      company: p.company,
      model: p.model,
      message: p.message,
      user_agent: p.userAgent,
    })),
    orders: await Promise.all(
      orders.map(async (order) =>
        orderRecord({
          order,
          keys: (await listOrderKeys(db, order.id)).map((k) => k.activationKey),
        }),
      ),
    ),
  }
}

/** Counts for the audit log and the console: how much the export held, not what. */
export function personExportCounts(data: PersonExport) {
  return {
    trialRequests: data.trial_requests.length,
    purchaseRequests: data.purchase_requests.length,
    orders: data.orders.length,
  }
}

export function personExportToJson(data: PersonExport): string {
  return JSON.stringify(data, null, 2) + '\n'
}

const RECORD_IDS = {
  trial_requests: ['trial_request', 'submission_id'],
  purchase_requests: ['purchase_request', 'request_id'],
  orders: ['order', 'order_id'],
} as const

/** One line per field: a spreadsheet filters it by record; every cell quoted and formula-safe. */
export function personExportToCsv(data: PersonExport): string {
  const rows: (string | number | boolean | Date | null)[][] = [
    ['record', 'id', 'field', 'value'],
    ['person', '', 'email', data.email],
    ['person', '', 'exported_at', data.exported_at],
  ]
  for (const [list, [record, idField]] of Object.entries(RECORD_IDS) as [
    keyof typeof RECORD_IDS,
    (typeof RECORD_IDS)[keyof typeof RECORD_IDS],
  ][]) {
    for (const item of data[list]) {
      const id = String(item[idField])
      for (const [field, value] of Object.entries(item)) {
        if (field === idField) continue
        rows.push([record, id, field, cellValue(value)])
      }
    }
  }
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}

function cellValue(value: unknown): string | number | boolean | Date | null {
  if (value === null || value === undefined) return null
  if (
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    value instanceof Date
  )
    return value
  return JSON.stringify(value)
}
