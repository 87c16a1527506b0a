/**
 * Every request that changes something (any method but GET, HEAD and OPTIONS under /api and
 * /admin/api) counts against one limit per client: RATE_LIMIT_REQUESTS, default 60 a minute.
 * It sits in front of the limits each endpoint keeps in the database (trial and purchase
 * requests, key resends, consent records, console sign-in), and covers what has none (the
 * confirmation link's buttons, the waitlist flag, the console's actions). Kept in memory: it
 * guards this process, so a flood must cost no database write (docs/decisions/0023). A client is
 * its address, or its /64 for IPv6, where one machine holds many addresses. `exempt` paths skip
 * it: the payment providers' webhooks, which come from a few addresses in bursts (a sale day,
 * a provider's redelivery) and cost no database write unless their signature holds.
 */
import type { MiddlewareHandler } from 'hono'
import { ERROR_CODES } from '#src/common/api-types.ts'
import type { RateLimit, TrustProxy } from '../config.ts'
import { resolveClientAddress } from '../guard/client-address.ts'
import { getConnInfo } from '@hono/node-server/conninfo'
import { apiError } from './errors.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Beyond this many clients in one window, the oldest window is forgotten early. */
const MAX_CLIENTS = 100_000

export function requestLimit(
  limit: RateLimit,
  trustProxy: TrustProxy,
  exempt: ReadonlySet<string> = new Set(),
): MiddlewareHandler {
  // Two fixed windows, weighed as a sliding one: the previous window's hits count for the part
  // of it still inside the sliding window.
  let windowStart = 0
  let current = new Map<string, number>()
  let previous = new Map<string, number>()
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt.has(c.req.path)) return next()
    const now = Date.now()
    const start = now - (now % limit.windowMs)
    if (start !== windowStart || current.size >= MAX_CLIENTS) {
      previous = start === windowStart + limit.windowMs ? current : new Map()
      current = new Map()
      windowStart = start
    }
    let peer: string | undefined
    try {
      peer = getConnInfo(c).remote.address
    } catch {
      // In-process requests (tests, app.request) have no socket: they share one key.
    }
    const who = resolveClientAddress(peer, c.req.header('x-forwarded-for'), trustProxy)
    const key = who.address.includes(':') ? who.subnet : who.address
    const hits = (current.get(key) ?? 0) + 1
    current.set(key, hits)
    const weight = 1 - (now - windowStart) / limit.windowMs
    if (hits + (previous.get(key) ?? 0) * weight > limit.count) {
      c.header('Retry-After', String(Math.ceil((windowStart + limit.windowMs - now) / 1000)))
      return apiError(c, 429, {
        errorCode: ERROR_CODES.rateLimit,
        error: 'Too many requests from this address; please wait a minute.',
      })
    }
    return next()
  }
}
