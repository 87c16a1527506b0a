/** Data access for rate_limit_counters: request counts per key and fixed window. */
import { lt, sql } from 'drizzle-orm'
import { queryRows, type Db } from './client.ts'
import { rateLimitCounters } from './schema.ts'

export interface CounterWindow {
  key: string
  windowStart: Date
  /** The window before, whose count is weighed in. */
  previousStart: Date
  expiresAt: Date
  /** The limit: more hits than this (weighed) are refused. */
  maxHits: number
  /** The share of the current window that has passed, 0 to 1. */
  elapsed: number
}

/** The windows as hit_rate_limits (migration 0031) takes them. */
export function counterWindowsJson(windows: readonly CounterWindow[]): string {
  return JSON.stringify(
    windows.map((w) => ({
      key: w.key,
      window_start: w.windowStart.toISOString(),
      previous_start: w.previousStart.toISOString(),
      expires_at: w.expiresAt.toISOString(),
      max_hits: w.maxHits,
      elapsed: w.elapsed,
    })),
  )
}

/**
 * Adds one hit to each key's current window and answers the index of the first exceeded
 * limit, or null, in one statement. It commits without waiting for the disk
 * (synchronous_commit off for its own transaction only): every request of one client bumps the
 * same row, whose lock lasts until commit, and a busy address must not queue everyone behind
 * fsync. A crash may forget the last few hits, which no limit needs.
 */
export async function countHits(db: Db, windows: readonly CounterWindow[]): Promise<number | null> {
  const [row] = await queryRows<{ limited: number | null }>(
    db,
    sql`select set_config('synchronous_commit', 'off', true) as async_commit,
          hit_rate_limits(${counterWindowsJson(windows)}::jsonb) as limited`,
  )
  return row?.limited ?? null
}

export async function deleteExpiredCounters(db: Db): Promise<number> {
  const rows = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.expiresAt, sql`now()`))
    .returning({ key: rateLimitCounters.key })
  return rows.length
}
