/**
 * Data access for purchase_requests: "Request an invoice" (docs/architecture.md, "Contracts: API";
 * docs/product.md, "Buying").
 */
import { count, desc, gt, sql } from 'drizzle-orm'
import type { Db } from './client.ts'
import { purchaseRequests, type PurchaseRequestRow } from './schema.ts'

type NewPurchaseRequest = typeof purchaseRequests.$inferInsert

export async function insertPurchaseRequest(tx: Db, values: NewPurchaseRequest): Promise<void> {
  await tx.insert(purchaseRequests).values(values)
}

/** The newest requests, and how many arrived in the last `days` days (the console's list). */
export async function listRecentPurchaseRequests(
  db: Db,
  limit: number,
  days: number,
): Promise<{ rows: PurchaseRequestRow[]; recent: number }> {
  const rows = await db
    .select()
    .from(purchaseRequests)
    .orderBy(desc(purchaseRequests.createdAt))
    .limit(limit)
  const [counted] = await db
    .select({ n: count() })
    .from(purchaseRequests)
    .where(gt(purchaseRequests.createdAt, sql`now() - make_interval(days => ${days})`))
  return { rows, recent: Number(counted?.n ?? 0) }
}
