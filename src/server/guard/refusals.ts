/**
 * Why the request guard or a service refuses a request the shared schema let through. The HTTP
 * layer maps them (http/errors.ts: `refusal`); services throw them and know nothing of HTTP.
 */

/** A limit was exceeded: the client may try again after `retryAfterSeconds`. */
export class RateLimitedError extends Error {
  constructor(
    readonly limit: string,
    readonly retryAfterSeconds: number,
  ) {
    super(
      `Too many requests from this ${limit === 'email' ? 'e-mail address' : limit === 'ip' ? 'network address' : 'network'}`,
    )
  }
}

/** A value the schema accepts but the server refuses (a disposable address); names the field. */
export class InvalidFieldError extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super('The request is not valid')
  }
}
