/**
 * Data access for pending_refunds: a refund that arrived before its order, applied when the
 * order arrives so that no working key goes out (docs/product.md "Paid orders").
 */
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { pendingRefunds, type PaymentProvider } from '../db/schema.ts'

export async function insertPendingRefund(
  tx: Db,
  provider: PaymentProvider,
  ref: string,
): Promise<void> {
  await tx.insert(pendingRefunds).values({ provider, ref }).onConflictDoNothing()
}

/** Takes the pending refund of any of these refs (the order's id, its payment); true if one was. */
export async function takePendingRefund(
  tx: Db,
  provider: PaymentProvider,
  refs: readonly string[],
): Promise<boolean> {
  if (refs.length === 0) return false
  const rows = await tx
    .delete(pendingRefunds)
    .where(and(eq(pendingRefunds.provider, provider), inArray(pendingRefunds.ref, [...refs])))
    .returning({ ref: pendingRefunds.ref })
  return rows.length > 0
}
