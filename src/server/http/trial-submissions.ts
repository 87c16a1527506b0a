/**
 * /api/trial-submissions (DESIGN.md §5): a trial request, and the waitlist flag of one. Each
 * handler parses with the shared schema, calls one service and maps its result.
 */
import { Hono, type Context } from 'hono'
import { ERROR_CODES } from '#src/common/api-types.ts'
import { api } from '#src/common/paths.ts'
import { TrialRequestSchema, WaitlistUpdateSchema } from '#src/common/trial-schema.ts'
import type { TrustProxy } from '../config.ts'
import type { Logger } from '../logger.ts'
import {
  RateLimitedError,
  TrialValidationError,
  changeWaitlist,
  enforceTrialLimits,
  submitTrial,
  type TrialDeps,
} from '../trials/trial-service.ts'
import { clientInfo } from './client-address.ts'
import { ApiProblem } from './errors.ts'
import { invalid, readJsonBody, readValidBody, invalidBody } from './read-json.ts'

interface TrialSubmissionDeps {
  trial: TrialDeps
  trustProxy: TrustProxy
  logger: Logger
  bodyLimitBytes?: number
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]{1,200})\s*$/i.exec(header ?? '')
  return match?.[1] ?? null
}

const notFound = () => new ApiProblem(404, ERROR_CODES.notFound, 'Not found')

/** A refused limit as the 429 the client reads, with Retry-After (DESIGN.md §5). */
export function rateLimitProblem(c: Context, error: RateLimitedError): ApiProblem {
  c.header('Retry-After', String(error.retryAfterSeconds))
  return new ApiProblem(429, ERROR_CODES.rateLimit, error.message)
}

/**
 * What a trial-like request's service refused, as the client's answer: a limit is 429 with
 * Retry-After; a value the schema let through but the service refuses (a disposable address,
 * DESIGN.md §5) is 400 naming the field. Anything else is thrown on to the error handler.
 */
export function refusal(c: Context, error: unknown): unknown {
  if (error instanceof RateLimitedError) return rateLimitProblem(c, error)
  if (error instanceof TrialValidationError)
    return invalid([`${error.field}: ${error.problem}`], { [error.field]: error.problem })
  return error
}

export function trialSubmissionRoutes(deps: TrialSubmissionDeps): Hono {
  const app = new Hono()

  app.post(api.trialSubmissions, async (c) => {
    const request = await readValidBody(c, TrialRequestSchema, deps.bodyLimitBytes)
    try {
      const result = await submitTrial(deps.trial, request, clientInfo(c, deps.trustProxy))
      return c.json(result, 201)
    } catch (error) {
      throw refusal(c, error)
    }
  })

  app.patch(api.waitlistRoute, async (c) => {
    const id = c.req.param('id')
    const token = bearerToken(c.req.header('authorization'))
    // The token is the capability: no token, or not this submission's, is 404 whatever the id.
    if (!token || !UUID.test(id)) throw notFound()
    // Guessing tokens costs a request each, counted per address and network (issue 11).
    try {
      await enforceTrialLimits(deps.trial, null, clientInfo(c, deps.trustProxy).ip, 'waitlist:')
    } catch (error) {
      if (error instanceof RateLimitedError) throw rateLimitProblem(c, error)
      throw error
    }
    let update: { waitlist: boolean } | null = null
    let problem: ApiProblem | null = null
    try {
      const parsed = WaitlistUpdateSchema.safeParse(await readJsonBody(c, deps.bodyLimitBytes))
      if (parsed.success) update = parsed.data
      else problem = invalidBody(parsed.error)
    } catch (error) {
      if (!(error instanceof ApiProblem)) throw error
      problem = error
    }
    const change = await changeWaitlist(deps.trial, id, token, update)
    if (change.outcome === 'not-found') throw notFound()
    if (change.outcome === 'invalid') throw problem!
    deps.logger.info({ submissionId: id, waitlist: change.waitlist }, 'waitlist updated')
    return c.json({ submission_id: id, waitlist: change.waitlist })
  })

  return app
}
