/** Data access for rate_limit_counters: request counts per key and fixed window. */
import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import type { Db } from './client.ts'
import { rateLimitCounters } from './schema.ts'

export interface CounterWindow {
  key: string
  windowStart: Date
  expiresAt: Date
}

/** Adds one hit to each key's window in one atomic statement; returns the new totals. */
export async function addHits(
  db: Db,
  windows: readonly CounterWindow[],
): Promise<Map<string, number>> {
  const rows = await db
    .insert(rateLimitCounters)
    .values(windows.map((w) => ({ ...w, hits: 1 })))
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { hits: sql`${rateLimitCounters.hits} + 1` },
    })
    .returning({ key: rateLimitCounters.key, hits: rateLimitCounters.hits })
  return new Map(rows.map((r) => [r.key, r.hits]))
}

/** The hits of each key in the given (previous) windows; missing ones are 0. */
export async function readHits(
  db: Db,
  windows: readonly { key: string; windowStart: Date }[],
): Promise<Map<string, number>> {
  const result = new Map<string, number>()
  for (const w of windows) result.set(w.key, 0)
  if (windows.length === 0) return result
  const rows = await db
    .select({
      key: rateLimitCounters.key,
      windowStart: rateLimitCounters.windowStart,
      hits: rateLimitCounters.hits,
    })
    .from(rateLimitCounters)
    .where(
      inArray(
        rateLimitCounters.key,
        windows.map((w) => w.key),
      ),
    )
  for (const row of rows) {
    const wanted = windows.find(
      (w) => w.key === row.key && w.windowStart.getTime() === row.windowStart.getTime(),
    )
    if (wanted) result.set(row.key, row.hits)
  }
  return result
}

export async function deleteExpiredCounters(db: Db): Promise<number> {
  const rows = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.expiresAt, sql`now()`))
    .returning({ key: rateLimitCounters.key })
  return rows.length
}

export async function resetCounter(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitCounters).where(and(eq(rateLimitCounters.key, key)))
}
