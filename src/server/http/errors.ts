/**
 * The one error handler: known HTTP errors keep their status, everything else becomes a logged
 * 500 whose body says nothing about internals (STYLE.md "Thin HTTP handlers").
 */
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ERROR_CODES, type ApiError } from '#src/common/api-types.ts'
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
      // A cancelled upload resets the client's socket: ECONNRESET here is not the database's
      // (issue 11); nobody reads this answer.
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
