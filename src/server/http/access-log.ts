/**
 * One line per request at `info` (docs/operations.md, "Logs"), and the same request counted in
 * /metrics: method, the route's pattern (`/api/trial-submissions/:id/waitlist`, never the path
 * with its id, and never the query string), status and milliseconds. No client address: it is
 * personal data, and the rate limits keep what they need of it as an HMAC.
 */
import type { MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import { api } from '#src/common/paths.ts'
import type { Logger } from '../logger.ts'
import type { Metrics } from '../metrics/metrics.ts'

export function accessLog(
  logger: Logger,
  metrics: Metrics,
  onServerError?: () => void,
): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    await next()
    const elapsed = performance.now() - started
    // The pattern of the handler that answered; a middleware that answered itself (a limit)
    // names its own (`/api/*`).
    const route = routePath(c) || 'unmatched'
    const status = c.res.status
    metrics.observeRequest(c.req.method, route, status, elapsed / 1000)
    // /readyz says 503 on purpose (stopping, the database away): a load balancer's question,
    // not a visitor's error, and a rolling deploy must not page anyone.
    if (status >= 500 && route !== api.readyz) onServerError?.()
    logger.info({ method: c.req.method, route, status, ms: Math.round(elapsed) }, 'request')
  }
}
