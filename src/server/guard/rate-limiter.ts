/**
 * Trial request limits per e-mail and per client address (RATE_LIMIT_EMAIL, RATE_LIMIT_IP).
 * Counters live in the database so every instance shares them (docs/architecture.md, "Beyond one machine"). Each key
 * counts fixed windows and weighs the previous window by how much of it still overlaps the
 * last WINDOW: a close, cheap stand-in for a sliding window that needs no lock held across the
 * submission's transaction. Every attempt counts, including refused ones.
 */
import { createHash } from 'node:crypto'
import type { RateLimit } from '../config.ts'
import type { Db } from '../db/client.ts'
import { addCounterHits, type CounterHit } from './rate-limit-repository.ts'

export interface RateLimitCheck<Name extends string = string> {
  /** What is limited; also the prefix of the stored key, so each limit counts separately. */
  name: Name
  /** Any stable identifier; it is hashed before it is stored, unless `hashed` says it is already. */
  value: string
  limit: RateLimit
  /** The value is already a keyed hash (client addresses: an HMAC with IP_HASH_SECRET). */
  hashed?: boolean
}

export interface RateLimitVerdict<Name extends string = string> {
  exceeded: RateLimitCheck<Name> | null
  /** Seconds until the exceeded limit's current window ends. */
  retryAfterSeconds: number
}

export function hashKey(name: string, value: string, hashed = false): string {
  return `${name}:${hashed ? value : createHash('sha256').update(value).digest('base64url')}`
}

/** One limit's hit for a request at `now`, with the check it counts for. */
interface PlannedHit<Name extends string = string> extends CounterHit {
  check: RateLimitCheck<Name>
  /** The limit's count. */
  count: number
  /** The share of the previous window that still overlaps the last window's length. */
  previousWeight: number
}

export function planHits<Name extends string>(
  checks: readonly RateLimitCheck<Name>[],
  now: number,
): PlannedHit<Name>[] {
  return checks.map((check) => {
    const { count, windowMs } = check.limit
    const start = Math.floor(now / windowMs) * windowMs
    return {
      check,
      key: hashKey(check.name, check.value, check.hashed),
      windowStart: new Date(start),
      expiresAt: new Date(start + 2 * windowMs),
      count,
      previousWeight: 1 - (now - start) / windowMs,
    }
  })
}

/**
 * Counts the plan's hits (in their own short transaction: every attempt counts, refused ones
 * too) and returns the first hit whose estimate is over its limit, or null. The estimate of a
 * sliding window: this window's hits plus the previous window's, weighed by how much of it
 * still overlaps the last WINDOW.
 */
export async function countHits<Name extends string>(
  db: Db,
  plan: readonly PlannedHit<Name>[],
): Promise<PlannedHit<Name> | null> {
  const counts = new Map((await addCounterHits(db, plan)).map((c) => [c.key, c]))
  return (
    plan.find((hit) => {
      const counted = counts.get(hit.key)
      return (
        counted !== undefined &&
        counted.hits + counted.previousHits * hit.previousWeight > hit.count
      )
    }) ?? null
  )
}

/** The verdict when `hit` (one of the plan's, or null) is over its limit. */
export function verdictOf<Name extends string>(
  hit: PlannedHit<Name> | null,
  now: number,
): RateLimitVerdict<Name> {
  if (!hit) return { exceeded: null, retryAfterSeconds: 0 }
  const windowEnd = hit.windowStart.getTime() + hit.check.limit.windowMs
  return {
    exceeded: hit.check,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)),
  }
}

export async function hitRateLimits<Name extends string>(
  db: Db,
  checks: readonly RateLimitCheck<Name>[],
  now = Date.now(),
): Promise<RateLimitVerdict<Name>> {
  return verdictOf(await countHits(db, planHits(checks, now)), now)
}

/**
 * What other subsystems read and write of this one's tables, in their own transactions: its
 * repositories are private to this folder (docs/architecture.md, "Layers"; eslint holds it).
 */
export { deleteExpiredCounters } from './rate-limit-repository.ts'
