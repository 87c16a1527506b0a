/**
 * Trial request limits per e-mail and per client address (RATE_LIMIT_EMAIL, RATE_LIMIT_IP).
 * Counters live in the database so every instance shares them (DESIGN.md §10). Each key
 * counts fixed windows and weighs the previous window by how much of it still overlaps the
 * last WINDOW: a close, cheap stand-in for a sliding window that needs no lock held across the
 * submission's transaction. Every attempt counts, including refused ones.
 */
import { createHash } from 'node:crypto'
import type { RateLimit } from '../config.ts'
import type { Db } from '../db/client.ts'
import { addHits } from '../db/rate-limit-repository.ts'

export interface RateLimitCheck<Name extends string = string> {
  /** What is limited; also the prefix of the stored key, so each limit counts separately. */
  name: Name
  /** Any stable identifier; it is hashed before it is stored, unless `hashed` says it is already. */
  value: string
  limit: RateLimit
  /** The value is already a keyed hash (client addresses: an HMAC with IP_HASH_SECRET). */
  hashed?: boolean
}

interface RateLimitVerdict<Name extends string = string> {
  exceeded: RateLimitCheck<Name> | null
  /** Seconds until the exceeded limit's current window ends. */
  retryAfterSeconds: number
}

export function hashKey(name: string, value: string, hashed = false): string {
  return `${name}:${hashed ? value : createHash('sha256').update(value).digest('base64url')}`
}

/** One limit's counter row for a request at `now`, and how much its previous window weighs. */
interface PlannedHit<Name extends string = string> {
  check: RateLimitCheck<Name>
  key: string
  windowStart: Date
  /** windowStart plus two windows: the live window's count is read through the next one. */
  expiresAt: Date
  /** The share of the previous window that still overlaps the last window's length. */
  previousWeight: number
}

export function planHits<Name extends string>(
  checks: readonly RateLimitCheck<Name>[],
  now: number,
): PlannedHit<Name>[] {
  return checks.map((check) => {
    const { windowMs } = check.limit
    const start = Math.floor(now / windowMs) * windowMs
    return {
      check,
      key: hashKey(check.name, check.value, check.hashed),
      windowStart: new Date(start),
      expiresAt: new Date(start + 2 * windowMs),
      previousWeight: 1 - (now - start) / windowMs,
    }
  })
}

/** The verdict when the planned hit at `exceeded` (or none) is over its limit. */
export function verdictOf<Name extends string>(
  exceeded: PlannedHit<Name> | undefined,
  now: number,
): RateLimitVerdict<Name> {
  if (!exceeded) return { exceeded: null, retryAfterSeconds: 0 }
  const windowEnd = exceeded.windowStart.getTime() + exceeded.check.limit.windowMs
  return {
    exceeded: exceeded.check,
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)),
  }
}

export async function hitRateLimits<Name extends string>(
  db: Db,
  checks: readonly RateLimitCheck<Name>[],
  now = Date.now(),
): Promise<RateLimitVerdict<Name>> {
  const plan = planHits(checks, now)
  const hits = await addHits(db, plan)
  return verdictOf(
    plan.find((p) => {
      const hit = hits.get(p.key) ?? { current: 0, previous: 0 }
      return hit.current + hit.previous * p.previousWeight > p.check.limit.count
    }),
    now,
  )
}
