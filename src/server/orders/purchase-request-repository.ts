/**
 * Data access for purchase_requests: "Request an invoice" (docs/architecture.md, "Contracts: API";
 * docs/product.md, "Buying").
 */
import { asc, count, desc, eq, gt, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { purchaseRequests, type PurchaseRequestRow } from '../db/schema.ts'

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

/** The invoice requests of one address, compared canonically or as typed (a person's export). */
export async function listPurchaseRequestsOfPerson(
  db: Db,
  canonical: string,
  lower: string,
): Promise<PurchaseRequestRow[]> {
  return db
    .select()
    .from(purchaseRequests)
    .where(
      or(
        eq(purchaseRequests.emailCanonical, canonical),
        eq(sql`lower(${purchaseRequests.email})`, lower),
      ),
    )
    .orderBy(asc(purchaseRequests.createdAt))
}
