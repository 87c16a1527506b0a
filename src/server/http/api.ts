/**
 * The JSON API of DESIGN.md §5. Handlers stay thin: parse with the shared schema, call a
 * service, map its result or typed error to a response; errors.ts answers everything else.
 */
import type { Context } from 'hono'
import { Hono } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { ERROR_CODES } from '#src/common/api-types.ts'
import { ConsentRecordSchema } from '#src/common/consent-schema.ts'
import { api } from '#src/common/paths.ts'
import {
  TrialRequestSchema,
  WaitlistUpdateSchema,
  describeIssues,
} from '#src/common/trial-schema.ts'
import type { Database } from '../db/client.ts'
import { insertConsentRecord } from '../db/consent-repository.ts'
import { findSubmission } from '../db/submission-repository.ts'
import type { LicenseCountsCache } from '../licenses/license-service.ts'
import type { Logger } from '../logger.ts'
import { hitRateLimits } from '../trials/rate-limiter.ts'
import {
  RateLimitedError,
  hashIp,
  hashToken,
  setWaitlist,
  submitTrial,
  type TrialDeps,
} from '../trials/trial-service.ts'
import { ApiProblem, apiError } from './errors.ts'
import { BODY_LIMIT_BYTES, invalid, readJsonBody } from './read-json.ts'

export interface ApiDeps {
  database: Database
  trial: TrialDeps
  counts: LicenseCountsCache
  trustProxy: boolean
  logger: Logger
  bodyLimitBytes?: number
}

/** Consent records a client address may send: plenty for people, a wall for a flood. */
export const CONSENT_RATE_LIMIT = { count: 60, windowMs: 3_600_000 }
const CONSENT_BODY_LIMIT_BYTES = 2 * 1024

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The client's address: the socket's peer, or with TRUST_PROXY the last X-Forwarded-For entry,
 * the one our own proxy appended (entries further left are whatever the client claimed).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')
    const last = forwarded
      ?.split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .at(-1)
    if (last) return last.slice(0, 100)
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // In-process requests (tests, app.request) have no socket.
    return 'unknown'
  }
}

function bearerToken(c: Context): string | null {
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]{1,200})\s*$/i.exec(
    c.req.header('authorization') ?? '',
  )
  return match?.[1] ?? null
}

const notFound = () => new ApiProblem(404, ERROR_CODES.notFound, 'Not found')

export function apiRoutes(deps: ApiDeps): Hono {
  const app = new Hono()
  const limit = deps.bodyLimitBytes ?? BODY_LIMIT_BYTES

  app.post(api.trialSubmissions, async (c) => {
    const body = await readJsonBody(c, limit)
    const parsed = TrialRequestSchema.safeParse(body)
    if (!parsed.success) throw invalid(describeIssues(parsed.error))
    try {
      const result = await submitTrial(deps.trial, parsed.data, {
        ip: clientAddress(c, deps.trustProxy),
        userAgent: c.req.header('user-agent') ?? null,
      })
      return c.json(result, 201)
    } catch (error) {
      if (error instanceof RateLimitedError) {
        c.header('Retry-After', String(error.retryAfterSeconds))
        return apiError(c, 429, { errorCode: ERROR_CODES.rateLimit, error: error.message })
      }
      throw error
    }
  })

  app.get(api.licenseCounts, async (c) => {
    const counts = await deps.counts.get()
    c.header('Cache-Control', 'no-store')
    return c.json(counts)
  })

  app.patch('/api/trial-submissions/:id/waitlist', async (c) => {
    const id = c.req.param('id')
    const token = bearerToken(c)
    // The token is the capability: no token, or not this submission's, is 404 whatever the id.
    if (!token || !UUID.test(id)) throw notFound()
    let update: { waitlist: boolean } | null = null
    let problem: ApiProblem | null = null
    try {
      const parsed = WaitlistUpdateSchema.safeParse(await readJsonBody(c, limit))
      if (parsed.success) update = parsed.data
      else problem = invalid(describeIssues(parsed.error))
    } catch (error) {
      if (!(error instanceof ApiProblem)) throw error
      problem = error
    }
    if (!update) {
      // Say what was wrong with the body only to the holder of the token.
      const submission = await findSubmission(deps.database.db, id)
      if (!submission || submission.waitlistTokenHash !== hashToken(token)) throw notFound()
      throw problem!
    }
    if (!(await setWaitlist(deps.database.db, id, token, update.waitlist))) throw notFound()
    deps.logger.info({ submissionId: id, waitlist: update.waitlist }, 'waitlist updated')
    return c.json({ submission_id: id, waitlist: update.waitlist })
  })

  // The consent banner records each choice (DESIGN.md §8); it sends and forgets, so 204.
  app.post(api.consents, async (c) => {
    const parsed = ConsentRecordSchema.safeParse(await readJsonBody(c, CONSENT_BODY_LIMIT_BYTES))
    if (!parsed.success) throw invalid(describeIssues(parsed.error))
    const ip = clientAddress(c, deps.trustProxy)
    const verdict = await hitRateLimits(deps.database.db, [
      { name: 'consent-ip', value: ip, limit: CONSENT_RATE_LIMIT },
    ])
    if (verdict.exceeded) {
      c.header('Retry-After', String(verdict.retryAfterSeconds))
      return apiError(c, 429, {
        errorCode: ERROR_CODES.rateLimit,
        error: 'Too many consent records from this address',
      })
    }
    const record = parsed.data
    await insertConsentRecord(deps.database.db, {
      consentId: record.id,
      functional: record.categories.functional,
      media: record.categories.media,
      marketing: record.categories.marketing,
      policyVersion: record.policy_version,
      decidedAt: new Date(record.decided_at),
      ipHash: hashIp(ip),
      userAgent: c.req.header('user-agent')?.slice(0, 500) ?? null,
    })
    return c.body(null, 204)
  })

  const allowed: [RegExp, string][] = [
    [/^\/api\/consents$/, 'POST'],
    [/^\/api\/trial-submissions$/, 'POST'],
    [/^\/api\/license-counts$/, 'GET, HEAD'],
    [/^\/api\/trial-submissions\/[^/]+\/waitlist$/, 'PATCH'],
  ]
  app.all('/api/*', (c) => {
    const allow = allowed.find(([pattern]) => pattern.test(c.req.path))?.[1]
    if (allow) {
      c.header('Allow', allow)
      return apiError(c, 405, {
        errorCode: ERROR_CODES.methodNotAllowed,
        error: `${c.req.method} is not allowed here`,
      })
    }
    return apiError(c, 404, {
      errorCode: ERROR_CODES.notFound,
      error: `No API route ${c.req.method} ${c.req.path}`,
    })
  })

  app.get(api.readyz, async (c) => {
    try {
      await deps.database.ping()
      return c.json({ status: 'ok', database: deps.database.kind })
    } catch (error) {
      deps.logger.warn(
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
