/** Data access for rate_limit_counters: request counts per key and fixed window. */
import { lt, sql } from 'drizzle-orm'
import { queryRows, type Db } from './client.ts'
import { rateLimitCounters } from './schema.ts'

interface CounterWindow {
  key: string
  windowStart: Date
  /** The window before, whose count the caller weighs in. */
  previousStart: Date
  expiresAt: Date
}

interface CounterHits {
  current: number
  previous: number
}

/**
 * Adds one hit to each key's current window and reads its previous window, in one statement
 * (one round trip per request). The statement commits without waiting for the disk
 * (synchronous_commit off for its own transaction only): every request of one client bumps the
 * same row, whose lock lasts until commit, and a busy address must not queue everyone behind
 * fsync. A crash may forget the last few hits, which no limit needs.
 */
export async function addHits(
  db: Db,
  windows: readonly CounterWindow[],
): Promise<Map<string, CounterHits>> {
  const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`
  const values = sql.join(
    windows.map((w) => sql`(${w.key}, ${ts(w.windowStart)}, 1, ${ts(w.expiresAt)})`),
    sql`, `,
  )
  const wanted = sql.join(
    windows.map((w) => sql`(${w.key}, ${ts(w.previousStart)})`),
    sql`, `,
  )
  const rows = await queryRows<{ key: string; hits: number; previous: number }>(
    db,
    sql`
      with async_commit as (select set_config('synchronous_commit', 'off', true)),
      hit as (
        insert into rate_limit_counters (key, window_start, hits, expires_at) values ${values}
        on conflict (key, window_start) do update set hits = rate_limit_counters.hits + 1
        returning key, hits
      )
      select hit.key, hit.hits, coalesce(prev.hits, 0)::int as previous
      from hit
      cross join async_commit
      join (values ${wanted}) as want (key, previous_start) on want.key = hit.key
      left join rate_limit_counters prev
        on prev.key = want.key and prev.window_start = want.previous_start`,
  )
  return new Map(
    rows.map((r) => [r.key, { current: Number(r.hits), previous: Number(r.previous) }]),
  )
}

export async function deleteExpiredCounters(db: Db): Promise<number> {
  const rows = await db
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.expiresAt, sql`now()`))
    .returning({ key: rateLimitCounters.key })
  return rows.length
}
