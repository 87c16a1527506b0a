/** Data access for order_keys: the paid keys an order took (docs/product.md "Paid orders"). */
import { asc, eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { licenses, orderKeys, type LicenseStatus } from '../db/schema.ts'

interface OrderKey {
  licenseId: string
  activationKey: string
  status: LicenseStatus
}

/** The order's keys in the order they were claimed. */
export async function listOrderKeys(db: Db, orderId: string): Promise<OrderKey[]> {
  return db
    .select({
      licenseId: licenses.id,
      activationKey: licenses.activationKey,
      status: licenses.status,
    })
    .from(orderKeys)
    .innerJoin(licenses, eq(licenses.id, orderKeys.licenseId))
    .where(eq(orderKeys.orderId, orderId))
    .orderBy(asc(licenses.seq))
}

/** Records the keys an order took, in one statement. */
export async function insertOrderKeys(
  tx: Db,
  orderId: string,
  licenseIds: readonly string[],
): Promise<void> {
  if (licenseIds.length === 0) return
  await tx.insert(orderKeys).values(licenseIds.map((licenseId) => ({ orderId, licenseId })))
}
