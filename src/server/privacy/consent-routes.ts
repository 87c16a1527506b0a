/**
 * POST /api/consents: the consent banner records each choice (docs/product.md,
 * "Privacy and third parties").
 */
import { Hono } from 'hono'
import { ERROR_CODES } from '#src/common/api-types.ts'
import { ConsentRecordSchema } from '#src/common/consent-schema.ts'
import { api } from '#src/common/paths.ts'
import type { TrustProxy } from '../config.ts'
import { recordConsent, type ConsentDeps } from './consent-service.ts'
import { clientInfo } from '../http/client-address.ts'
import { apiError } from '../http/errors.ts'
import { readValidBody } from '../http/read-json.ts'

const CONSENT_BODY_LIMIT_BYTES = 2 * 1024

export function consentRoutes(deps: { consents: ConsentDeps; trustProxy: TrustProxy }): Hono {
  const app = new Hono()
  // The banner sends and forgets, so 204.
  app.post(api.consents, async (c) => {
    const record = await readValidBody(c, ConsentRecordSchema, CONSENT_BODY_LIMIT_BYTES)
    const outcome = await recordConsent(deps.consents, record, clientInfo(c, deps.trustProxy))
    if (outcome.recorded) return c.body(null, 204)
    c.header('Retry-After', String(outcome.retryAfterSeconds))
    return apiError(c, 429, {
      errorCode: ERROR_CODES.rateLimit,
      error: 'Too many consent records from this address',
    })
  })
  return app
}
