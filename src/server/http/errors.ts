/**
 * The one error handler: known HTTP errors keep their status, everything else becomes a logged
 * 500 whose body says nothing about internals. And the one mapping of what the request guard and
 * the services refuse (guard/refusals.ts) to the client's answer.
 */
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ERROR_CODES, type ApiError } from '#src/common/api-types.ts'
import { InvalidFieldError, RateLimitedError } from '../guard/refusals.ts'
import type { Logger } from '../logger.ts'

/** An error a handler throws on purpose, with the status and body the client should get. */
export class ApiProblem extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly errorCode: string,
    message: string,
    readonly details?: string[],
    readonly fields?: Record<string, string>,
  ) {
    super(message)
  }
}

/** A refused limit as the 429 the client reads, with Retry-After. */
function rateLimitProblem(c: Context, error: RateLimitedError): ApiProblem {
  c.header('Retry-After', String(error.retryAfterSeconds))
  return new ApiProblem(429, ERROR_CODES.rateLimit, error.message)
}

/** A value the schema let through but a service refuses, as 400 naming the field. */
function invalidField(error: InvalidFieldError): ApiProblem {
  const detail = `${error.field}: ${error.problem}`
  return new ApiProblem(400, ERROR_CODES.validation, 'The request is not valid', [detail], {
    [error.field]: error.problem,
  })
}

/**
 * What a request's guard or service refused, as the client's answer: a limit is 429 with
 * Retry-After; a refused value is 400 naming the field. Anything else is returned as it is, for
 * the caller to throw on to the error handler.
 */
export function refusal(c: Context, error: unknown): unknown {
  if (error instanceof RateLimitedError) return rateLimitProblem(c, error)
  if (error instanceof InvalidFieldError) return invalidField(error)
  return error
}

export function apiError(c: Context, status: ContentfulStatusCode, body: ApiError) {
  return c.json(body, status)
}

/** True when the request's own connection is gone (aborted or reset by the client). */
function clientWentAway(c: Context): boolean {
  const incoming = (
    c.env as
      { incoming?: { aborted?: boolean; socket?: { destroyed?: boolean } | null } } | undefined
  )?.incoming
  return Boolean(incoming && (incoming.aborted || incoming.socket?.destroyed))
}

interface ErrorHandlerOptions {
  logger: Logger
  /** Tells "the database is not there" from other errors, so those answer 503, not 500. */
  isUnavailable: (error: unknown) => boolean
}

export function errorHandler({ logger, isUnavailable }: ErrorHandlerOptions) {
  return (error: Error, c: Context) => {
    if (error instanceof ApiProblem) {
      return apiError(c, error.status, {
        errorCode: error.errorCode,
        error: error.message,
        ...(error.details ? { details: error.details } : {}),
        ...(error.fields ? { fields: error.fields } : {}),
      })
    }
    if (error instanceof HTTPException && error.status < 500) {
      return apiError(c, error.status, {
        errorCode: error.status === 413 ? ERROR_CODES.payloadTooLarge : 'HTTP_ERROR',
        error: error.message || 'Request could not be processed',
      })
    }
    if (clientWentAway(c)) {
      // A cancelled upload resets the client's socket: ECONNRESET here is not the database's;
      // nobody reads this answer.
      logger.info({ method: c.req.method, path: c.req.path }, 'client went away')
      return apiError(c, 400, {
        errorCode: ERROR_CODES.validation,
        error: 'The request was not received in full',
      })
    }
    if (isUnavailable(error)) {
      logger.error({ err: error, method: c.req.method, path: c.req.path }, 'database unavailable')
      c.header('Retry-After', '5')
      return apiError(c, 503, {
        errorCode: ERROR_CODES.unavailable,
        error: 'The service is temporarily unavailable; please try again in a minute.',
      })
    }
    logger.error({ err: error, method: c.req.method, path: c.req.path }, 'unhandled error')
    return apiError(c, 500, { errorCode: ERROR_CODES.internal, error: 'Internal server error' })
  }
}
