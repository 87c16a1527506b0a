/** Data access for purchase_requests: "Request an invoice" (DESIGN.md §5, §15). */
import type { Db } from './client.ts'
import { purchaseRequests } from './schema.ts'

export type NewPurchaseRequest = typeof purchaseRequests.$inferInsert

export async function insertPurchaseRequest(tx: Db, values: NewPurchaseRequest): Promise<void> {
  await tx.insert(purchaseRequests).values(values)
}
