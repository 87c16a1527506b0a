/**
 * Trial request limits per e-mail and per client address (RATE_LIMIT_EMAIL, RATE_LIMIT_IP).
 * Counters live in the database so every instance shares them (DESIGN.md §10). Each key
 * counts fixed windows and weighs the previous window by how much of it still overlaps the
 * last WINDOW: a close, cheap stand-in for a sliding window. The SQL function hit_rate_limits
 * (migration 0031) counts and judges in one statement; a trial request runs it inside
 * submit_trial, every other limited action through hitRateLimits. Every attempt counts,
 * including refused ones.
 */
import { createHash } from 'node:crypto'
import type { RateLimit } from '../config.ts'
import type { Db } from '../db/client.ts'
import { countHits, type CounterWindow } from '../db/rate-limit-repository.ts'

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

/** The counter windows a set of checks touches at `now`, in the checks' order. */
export function counterWindows(
  checks: readonly RateLimitCheck[],
  now = Date.now(),
): CounterWindow[] {
  return checks.map((check) => {
    const { windowMs, count } = check.limit
    const start = Math.floor(now / windowMs) * windowMs
    return {
      key: hashKey(check.name, check.value, check.hashed),
      windowStart: new Date(start),
      previousStart: new Date(start - windowMs),
      // The previous window's count is read while the current one is live, so keep both.
      expiresAt: new Date(start + 2 * windowMs),
      maxHits: count,
      elapsed: (now - start) / windowMs,
    }
  })
}

/** The verdict when the check at `index` (from hit_rate_limits) is exceeded, or none. */
export function verdictOf<Name extends string>(
  checks: readonly RateLimitCheck<Name>[],
  index: number | null,
  now = Date.now(),
): RateLimitVerdict<Name> {
  const check = index === null ? undefined : checks[index]
  if (!check) return { exceeded: null, retryAfterSeconds: 0 }
  const { windowMs } = check.limit
  const end = (Math.floor(now / windowMs) + 1) * windowMs
  return { exceeded: check, retryAfterSeconds: Math.max(1, Math.ceil((end - now) / 1000)) }
}

export async function hitRateLimits<Name extends string>(
  db: Db,
  checks: readonly RateLimitCheck<Name>[],
  now = Date.now(),
): Promise<RateLimitVerdict<Name>> {
  return verdictOf(checks, await countHits(db, counterWindows(checks, now)), now)
}
