/**
 * Data access for rate_limit_counters: one row per key, its live window and the one before.
 * Hits are counted by add_rate_limit_hits, called through functions.ts.
 */
import { lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rateLimitCounters } from '../db/schema.ts'

export async function deleteExpiredCounters(db: Db): Promise<number> {
  const rows = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.expiresAt, sql`now()`))
    .returning({ key: rateLimitCounters.key })
  return rows.length
}
