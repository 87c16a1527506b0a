/**
 * /healthz (the process is up: liveness only) and /readyz (the database answers with a schema
 * this release can run on, and this instance is not stopping: load balancers send new visitors
 * elsewhere while it drains, and away from an instance whose queries would fail).
 */
import { Hono } from 'hono'
import { ERROR_CODES } from '#src/common/api-types.ts'
import { api } from '#src/common/paths.ts'
import type { Logger } from '../logger.ts'
import { apiError } from './errors.ts'

interface Readiness {
  /** Resolves when the database answers. */
  ping(): Promise<void>
  /** Why this release cannot run on the database's schema, or null (db/schema-readiness.ts). */
  schemaProblem(): Promise<string | null>
  isStopping(): boolean
}

export function healthRoutes(readiness: Readiness, logger: Logger): Hono {
  const app = new Hono()
  // A balancer asks every few seconds: a schema problem is logged when it starts or changes.
  let lastProblem: string | null = null
  app.get(api.healthz, (c) => c.json({ status: 'ok' }))
  app.get(api.readyz, async (c) => {
    if (readiness.isStopping())
      return apiError(c, 503, {
        errorCode: ERROR_CODES.unavailable,
        error: 'The server is stopping',
      })
    let problem: string | null
    try {
      await readiness.ping()
      problem = await readiness.schemaProblem()
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
    if (problem !== lastProblem && problem !== null)
      logger.error({ reason: problem }, 'the database schema is not one this release can run on')
    lastProblem = problem
    // Only that it is ready: which database answers is nobody's business outside.
    if (problem === null) return c.json({ status: 'ok' })
    return c.json({ status: 'not-ready', reason: problem }, 503)
  })
  return app
}
