/** Data access for rate_limit_counters: one row per key, its live window and the one before. */
import { lt, sql } from 'drizzle-orm'
import { queryPrepared, type Db } from './client.ts'
import { rateLimitCounters } from './schema.ts'

/** One limit's hit, as add_rate_limit_hits (migration 0080) takes it. */
export interface CounterHit {
  key: string
  windowStart: Date
  /** windowStart plus two windows: the live window's count is read through the next one. */
  expiresAt: Date
  /** The limit's count. */
  count: number
  /** The share of the previous window that still overlaps the last window's length. */
  previousWeight: number
}

/** add_rate_limit_hits' five arrays, in its order (trial_request takes them first too). */
export function counterParameters(hits: readonly CounterHit[]): unknown[] {
  return [
    hits.map((h) => h.key),
    hits.map((h) => h.windowStart.toISOString()),
    hits.map((h) => h.expiresAt.toISOString()),
    hits.map((h) => h.count),
    hits.map((h) => h.previousWeight),
  ]
}

/**
 * One hit for each key, counted and judged in one prepared statement (one round trip) by
 * add_rate_limit_hits (migration 0080), which the trial_request procedure counts a trial
 * request's hits with too. Each key's row moves to the caller's window when that one is later:
 * the count of the window just before becomes `previous_hits`, an older one is forgotten. A hit
 * stamped with an earlier window than the row's (an instance whose clock lags) counts in the
 * live window, so no hit is lost. The upsert goes by primary key and joins nothing, so its one
 * cached plan is the right plan at any table size (decision 14). It commits without waiting for
 * the disk (synchronous_commit off for its own transaction only): every request of one client
 * bumps the same row, whose lock lasts until commit, and a busy address must not queue everyone
 * behind fsync (decision 9). A crash may forget the last few hits, which no limit needs.
 * Resolves to the 1-based position of the first hit over its limit, or null.
 */
const ADD_HITS = {
  name: 'rate-limit-add-hits',
  text: `
    with async_commit as (select set_config('synchronous_commit', 'off', true))
    select add_rate_limit_hits($1::text[], $2::timestamptz[], $3::timestamptz[], $4::int[],
      $5::float8[]) as exceeded
    from async_commit`,
}

export async function addHits(db: Db, hits: readonly CounterHit[]): Promise<number | null> {
  const [row] = await queryPrepared<{ exceeded: number | null }>(
    db,
    ADD_HITS,
    counterParameters(hits),
  )
  return row?.exceeded ?? null
}

export async function deleteExpiredCounters(db: Db): Promise<number> {
  const rows = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.expiresAt, sql`now()`))
    .returning({ key: rateLimitCounters.key })
  return rows.length
}
