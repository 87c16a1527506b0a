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

export async function hitRateLimits<Name extends string>(
  db: Db,
  checks: readonly RateLimitCheck<Name>[],
  now = Date.now(),
): Promise<RateLimitVerdict<Name>> {
  const plan = checks.map((check) => {
    const { windowMs } = check.limit
    const start = Math.floor(now / windowMs) * windowMs
    return {
      check,
      key: hashKey(check.name, check.value, check.hashed),
      start,
      // The previous window's count is read while the current one is live, so keep both.
      expiresAt: new Date(start + 2 * windowMs),
      elapsed: (now - start) / windowMs,
    }
  })
  const hits = await addHits(
    db,
    plan.map((p) => ({
      key: p.key,
      windowStart: new Date(p.start),
      expiresAt: p.expiresAt,
    })),
  )
  for (const p of plan) {
    const hit = hits.get(p.key) ?? { current: 0, previous: 0 }
    const estimate = hit.current + hit.previous * (1 - p.elapsed)
    if (estimate > p.check.limit.count) {
      return {
        exceeded: p.check,
        retryAfterSeconds: Math.max(1, Math.ceil((p.start + p.check.limit.windowMs - now) / 1000)),
      }
    }
  }
  return { exceeded: null, retryAfterSeconds: 0 }
}
