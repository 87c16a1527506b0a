/**
 * GET /metrics (docs/operations.md, "Metrics"): only with `Authorization: Bearer METRICS_TOKEN`.
 * Without METRICS_TOKEN the route does not exist (the site's 404); a missing or wrong token is
 * 401. The token is compared by its SHA-256 in constant time, so the answer's timing says
 * nothing about how much of a guess was right.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import type { Metrics } from './metrics.ts'

const digest = (text: string) => createHash('sha256').update(text).digest()

export function metricsRoutes(metrics: Metrics, token: string): Hono {
  const app = new Hono()
  const expected = digest(token)
  app.get('/metrics', async (c) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')
    if (!match || !timingSafeEqual(digest(match[1]!), expected)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"')
      c.header('Cache-Control', 'no-store')
      return c.text('Unauthorized\n', 401)
    }
    const body = await metrics.scrape()
    c.header('Cache-Control', 'no-store')
    return c.body(body, 200, { 'Content-Type': metrics.contentType })
  })
  return app
}
