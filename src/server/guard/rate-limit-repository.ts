/**
 * Data access for rate_limit_counters: one row per key, its live window and the one before
 * (migration 0060). rate-limiter.ts judges the counts; here they are only stored and read.
 */
import { lt, sql } from 'drizzle-orm'
import { queryPrepared, type Db } from '../db/client.ts'
import { rateLimitCounters } from '../db/schema.ts'

/** One hit to count: the key, the caller's window, and when its row expires. */
export interface CounterHit {
  key: string
  windowStart: Date
  /** windowStart plus two windows: the live window's count is read through the next one. */
  expiresAt: Date
}

/** A key's counts after the hit. */
interface CounterState {
  key: string
  hits: number
  previousHits: number
}

/**
 * One hit for each key, in one statement and its own transaction, committed without waiting
 * for the disk (synchronous_commit off for this transaction only): every request of one client
 * bumps the same row, whose lock lasts until commit, and a busy address must not queue everyone
 * behind an fsync (decision 9). A crash may forget the last few hits, which no limit needs.
 *
 * A row moves to the caller's window when that one is later: the count of the window just
 * before becomes previous_hits, an older one is forgotten. A hit stamped with an earlier window
 * than the row's (an instance whose clock lags) counts in the live one. expires_at is two
 * windows after the start, so "the row's window is the one just before the caller's" is
 * `window_start = caller's start - (expires_at - start) / 2`.
 *
 * Prepared: on Postgres each connection plans it once; the plan has no choice to make.
 */
const ADD_HITS = {
  name: 'rate-limit-add-hits',
  text: `
    with async_commit as (select set_config('synchronous_commit', 'off', true)),
    hit as (
      insert into rate_limit_counters as c (key, window_start, hits, previous_hits, expires_at)
      select w.key, w.window_start, 1, 0, w.expires_at
      from unnest($1::text[], $2::timestamptz[], $3::timestamptz[]) as w (key, window_start, expires_at)
      on conflict (key) do update set
        hits = case when excluded.window_start <= c.window_start then c.hits + 1 else 1 end,
        previous_hits = case
          when excluded.window_start <= c.window_start then c.previous_hits
          when c.window_start = excluded.window_start - (excluded.expires_at - excluded.window_start) / 2
            then c.hits
          else 0
        end,
        window_start = greatest(c.window_start, excluded.window_start),
        expires_at = greatest(c.expires_at, excluded.expires_at)
      returning c.key, c.hits, c.previous_hits
    )
    select hit.key, hit.hits, hit.previous_hits from hit, async_commit`,
}

/** Counts one hit for each key; every key's counts after it (not in any particular order). */
export async function addCounterHits(db: Db, hits: readonly CounterHit[]): Promise<CounterState[]> {
  if (hits.length === 0) return []
  const rows = await queryPrepared<{ key: string; hits: number; previous_hits: number }>(
    db,
    ADD_HITS,
    [
      hits.map((h) => h.key),
      hits.map((h) => h.windowStart.toISOString()),
      hits.map((h) => h.expiresAt.toISOString()),
    ],
  )
  return rows.map((r) => ({
    key: r.key,
    hits: Number(r.hits),
    previousHits: Number(r.previous_hits),
  }))
}

export async function deleteExpiredCounters(db: Db): Promise<number> {
  const rows = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.expiresAt, sql`now()`))
    .returning({ key: rateLimitCounters.key })
  return rows.length
}
