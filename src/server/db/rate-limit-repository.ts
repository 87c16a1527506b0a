/** Data access for rate_limit_counters: one row per key, its live window and the one before. */
import { lt, sql } from 'drizzle-orm'
import { queryPrepared, type Db } from './client.ts'
import { rateLimitCounters } from './schema.ts'

interface CounterWindow {
  key: string
  windowStart: Date
  /** windowStart plus two windows: the live window's count is read through the next one. */
  expiresAt: Date
}

interface CounterHits {
  current: number
  previous: number
}

/**
 * One hit for each key, in one prepared statement (one round trip): add_rate_limit_hits
 * (migration 0080), which the trial_request procedure counts a trial request's hits with too.
 * Each key's row moves to the caller's window when that one is later: the count of the window
 * just before becomes `previous_hits`, an older one is forgotten. A hit stamped with an earlier
 * window than the row's (an instance whose clock lags) counts in the live window, so no hit is
 * lost. The upsert goes by primary key and joins nothing, so its one cached plan is the right
 * plan at any table size (decision 14). It commits without waiting for the disk
 * (synchronous_commit off for its own transaction only): every request of one client bumps the
 * same row, whose lock lasts until commit, and a busy address must not queue everyone behind
 * fsync (decision 9). A crash may forget the last few hits, which no limit needs.
 */
const ADD_HITS = {
  name: 'rate-limit-add-hits',
  text: `
    with async_commit as (select set_config('synchronous_commit', 'off', true))
    select h.counter_key as key, h.counter_hits as hits, h.counter_previous_hits as previous_hits
    from async_commit
    cross join add_rate_limit_hits($1::text[], $2::timestamptz[], $3::timestamptz[]) as h`,
}

export async function addHits(
  db: Db,
  windows: readonly CounterWindow[],
): Promise<Map<string, CounterHits>> {
  const rows = await queryPrepared<{ key: string; hits: number; previous_hits: number }>(
    db,
    ADD_HITS,
    [
      windows.map((w) => w.key),
      windows.map((w) => w.windowStart.toISOString()),
      windows.map((w) => w.expiresAt.toISOString()),
    ],
  )
  return new Map(
    rows.map((r) => [r.key, { current: Number(r.hits), previous: Number(r.previous_hits) }]),
  )
}

export async function deleteExpiredCounters(db: Db): Promise<number> {
  const rows = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.expiresAt, sql`now()`))
    .returning({ key: rateLimitCounters.key })
  return rows.length
}
