/**
 * /api/trial-submissions (docs/architecture.md, "Contracts: API"): a trial request, and the
 * waitlist flag of one. Each handler parses with the shared schema, calls one service and maps
 * its result.
 */
import { Hono } from 'hono'
import { ERROR_CODES } from '#src/common/api-types.ts'
import { api } from '#src/common/paths.ts'
import { TrialRequestSchema, WaitlistUpdateSchema } from '#src/common/trial-schema.ts'
import type { TrustProxy } from '../config.ts'
import { enforceRequestLimits } from '../guard/request-guard.ts'
import type { Logger } from '../logger.ts'
import type { Metrics, TrialOutcome } from '../metrics/metrics.ts'
import { submitTrial, type TrialDeps, type TrialServiceOutcome } from './trial-service.ts'
import { changeWaitlist } from './waitlist-service.ts'
import { clientInfo } from '../http/client-address.ts'
import { ApiProblem, refusal } from '../http/errors.ts'
import { readJsonBody, readValidBody, invalidBody } from '../http/read-json.ts'

interface TrialSubmissionDeps {
  trial: TrialDeps
  trustProxy: TrustProxy
  logger: Logger
  metrics?: Metrics
  bodyLimitBytes?: number
}

/** The service's outcome as /metrics names it (pacepoint_trial_requests_total). */
const METRIC_OUTCOME: Record<TrialServiceOutcome, TrialOutcome> = {
  claimed: 'key',
  resent: 'repeat',
  waitlist: 'waitlist',
  confirm: 'confirmation',
  decoy: 'refused',
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]{1,200})\s*$/i.exec(header ?? '')
  return match?.[1] ?? null
}

const notFound = () => new ApiProblem(404, ERROR_CODES.notFound, 'Not found')

export function trialSubmissionRoutes(deps: TrialSubmissionDeps): Hono {
  const app = new Hono()

  app.post(api.trialSubmissions, async (c) => {
    const request = await readValidBody(c, TrialRequestSchema, deps.bodyLimitBytes)
    const metrics = deps.metrics
    const trial: TrialDeps = metrics
      ? {
          ...deps.trial,
          onOutcome: (model, outcome) => metrics.countTrial(model, METRIC_OUTCOME[outcome]),
        }
      : deps.trial
    try {
      const result = await submitTrial(trial, request, clientInfo(c, deps.trustProxy))
      return c.json(result, 201)
    } catch (error) {
      const refused = refusal(c, error)
      // A limit or a disposable address; an error of ours (a 5xx) is not the visitor's refusal.
      if (refused instanceof ApiProblem && refused.status < 500)
        metrics?.countTrial(request.model, 'refused')
      throw refused
    }
  })

  app.patch(api.waitlistRoute, async (c) => {
    const id = c.req.param('id')
    const token = bearerToken(c.req.header('authorization'))
    // The token is the capability: no token, or not this submission's, is 404 whatever the id.
    if (!token || !UUID.test(id)) throw notFound()
    // Guessing tokens costs a request each, counted per address and network.
    try {
      await enforceRequestLimits(deps.trial, null, clientInfo(c, deps.trustProxy).ip, 'waitlist:')
    } catch (error) {
      throw refusal(c, error)
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
