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
import { addRateLimitHits, type CounterHit } from '../db/functions.ts'

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

/** The verdict when the database found the plan's hit at 1-based `exceeded` over its limit. */
export function verdictOf<Name extends string>(
  plan: readonly PlannedHit<Name>[],
  exceeded: number | null,
  now: number,
): RateLimitVerdict<Name> {
  const hit = exceeded === null ? undefined : plan[exceeded - 1]
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
  const plan = planHits(checks, now)
  return verdictOf(plan, await addRateLimitHits(db, plan), now)
}
