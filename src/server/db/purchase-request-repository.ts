/** Data access for purchase_requests: "Request an invoice" (DESIGN.md §5, §15). */
import { asc, eq, inArray } from 'drizzle-orm'
import type { Db } from './client.ts'
import { purchaseRequests, type PurchaseRequestRow } from './schema.ts'

export type NewPurchaseRequest = typeof purchaseRequests.$inferInsert

export async function insertPurchaseRequest(tx: Db, values: NewPurchaseRequest): Promise<void> {
  await tx.insert(purchaseRequests).values(values)
}

export async function findPurchaseRequest(db: Db, id: string): Promise<PurchaseRequestRow | null> {
  const [row] = await db.select().from(purchaseRequests).where(eq(purchaseRequests.id, id))
  return row ?? null
}

/** Every request of one address (stored lower-cased), oldest first. */
export async function listPurchaseRequestsByEmail(
  db: Db,
  email: string,
): Promise<PurchaseRequestRow[]> {
  return db
    .select()
    .from(purchaseRequests)
    .where(eq(purchaseRequests.email, email))
    .orderBy(asc(purchaseRequests.createdAt))
}

/** Deletes the given requests; returns how many went. */
export async function deletePurchaseRequests(tx: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0
  const gone = await tx
    .delete(purchaseRequests)
    .where(inArray(purchaseRequests.id, ids))
    .returning({ id: purchaseRequests.id })
  return gone.length
}
