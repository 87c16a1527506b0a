/**
 * `PATCH /api/trial-submissions/:id/email` (docs/architecture.md, "Contracts: API"): the one
 * correction of a mistyped address, with the submission's token as the capability. 200
 * `{ "status": "resent" }`; a wrong token or id 404 (as the waitlist PATCH); a second correction
 * or one after 24 hours 409 ALREADY_CORRECTED / TOO_LATE; to an address that already holds a
 * key of the model 409 EMAIL_HAS_KEY; the trial request's 400 and 429.
 */
import { Hono } from 'hono'
import { ERROR_CODES } from '#src/common/api-types.ts'
import { api } from '#src/common/paths.ts'
import { EmailCorrectionSchema } from '#src/common/trial-schema.ts'
import type { TrustProxy } from '../config.ts'
import { correctSubmissionEmail } from './address-correction.ts'
import type { TrialDeps } from './trial-service.ts'
import { clientInfo } from '../http/client-address.ts'
import { ApiProblem, refusal } from '../http/errors.ts'
import { readValidBody } from '../http/read-json.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]{1,200})\s*$/i

const notFound = () => new ApiProblem(404, ERROR_CODES.notFound, 'Not found')

export function trialEmailCorrectionRoutes(deps: {
  trial: TrialDeps
  trustProxy: TrustProxy
}): Hono {
  const app = new Hono()
  app.patch(api.emailCorrectionRoute, async (c) => {
    const id = c.req.param('id')
    const token = BEARER.exec(c.req.header('authorization') ?? '')?.[1]
    if (!token || !UUID.test(id)) throw notFound()
    const { email } = await readValidBody(c, EmailCorrectionSchema)
    let result
    try {
      result = await correctSubmissionEmail(
        deps.trial,
        id,
        token,
        email,
        clientInfo(c, deps.trustProxy),
      )
    } catch (error) {
      throw refusal(c, error)
    }
    if (result.outcome === 'not-found') throw notFound()
    if (result.outcome === 'already-corrected')
      throw new ApiProblem(409, ERROR_CODES.alreadyCorrected, 'The address was corrected already')
    if (result.outcome === 'too-late')
      throw new ApiProblem(
        409,
        ERROR_CODES.tooLate,
        'The address can be corrected only within 24 hours of the request',
      )
    if (result.outcome === 'email-has-key')
      throw new ApiProblem(
        409,
        ERROR_CODES.emailHasKey,
        'That address already has a trial key for this model',
      )
    return c.json({ status: 'resent' as const })
  })
  return app
}
