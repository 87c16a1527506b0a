/**
 * /healthz (the process is up) and /readyz (the database answers, and this instance is not
 * stopping: load balancers send new visitors elsewhere while it drains).
 */
import { Hono } from 'hono'
import { ERROR_CODES } from '#src/common/api-types.ts'
import { api } from '#src/common/paths.ts'
import type { Logger } from '../logger.ts'
import { apiError } from './errors.ts'

interface Readiness {
  /** Resolves when the database answers. */
  ping(): Promise<void>
  isStopping(): boolean
}

export function healthRoutes(readiness: Readiness, logger: Logger): Hono {
  const app = new Hono()
  app.get(api.healthz, (c) => c.json({ status: 'ok' }))
  app.get(api.readyz, async (c) => {
    if (readiness.isStopping())
      return apiError(c, 503, {
        errorCode: ERROR_CODES.unavailable,
        error: 'The server is stopping',
      })
    try {
      await readiness.ping()
      // Only that it is ready: which database answers is nobody's business outside.
      return c.json({ status: 'ok' })
    } catch (error) {
      logger.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'readiness check failed',
      )
      return apiError(c, 503, {
        errorCode: ERROR_CODES.unavailable,
        error: 'The database does not answer',
      })
    }
  })
  return app
}
