import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from '../db/errors.ts'
import { memoryLogger } from '#tests/support/test-app.ts'
import { ApiProblem, errorHandler } from './errors.ts'

function appThrowing(error: unknown) {
  const { logger, lines } = memoryLogger()
  const app = new Hono()
  app.get('/boom', () => {
    throw error
  })
  app.onError(errorHandler({ logger, isUnavailable: isDatabaseUnavailable }))
  return { app, lines }
}

describe('errorHandler', () => {
  it('turns an unknown error into a logged 500 that says nothing about internals', async () => {
    const secret = new Error(
      'relation "licenses" violates constraint at /srv/app/src/db.ts:42 password=hunter2',
    )
    const { app, lines } = appThrowing(secret)
    const res = await app.request('/boom')
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({
      errorCode: 'INTERNAL_ERROR',
      error: 'Internal server error',
    })
    expect(text).not.toMatch(/licenses|hunter2|db\.ts|stack/)
    const logged = lines.find((l) => l.msg === 'unhandled error')
    expect(logged).toMatchObject({ level: 50, method: 'GET', path: '/boom' })
    expect((logged!.err as { message: string }).message).toBe(secret.message)
  })

  it('keeps the status, code and details of an ApiProblem', async () => {
    const { app, lines } = appThrowing(
      new ApiProblem(400, 'VALIDATION_ERROR', 'The request is not valid', ['E-mail is required']),
    )
    const res = await app.request('/boom')
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      errorCode: 'VALIDATION_ERROR',
      error: 'The request is not valid',
      details: ['E-mail is required'],
    })
    expect(lines.filter((l) => (l.level as number) >= 50)).toHaveLength(0)
  })

  it('keeps client-error HTTPExceptions as they are', async () => {
    const { app } = appThrowing(new HTTPException(413, { message: 'Payload too large' }))
    const res = await app.request('/boom')
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ errorCode: 'PAYLOAD_TOO_LARGE', error: 'Payload too large' })
  })

  it('answers 503 SERVICE_UNAVAILABLE when the database is away, with a clear message', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    })
    const wrapped = new Error('Failed query: select 1', { cause: refused })
    const { app, lines } = appThrowing(wrapped)
    const res = await app.request('/boom')
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('5')
    const body = (await res.json()) as { errorCode: string; error: string }
    expect(body.errorCode).toBe('SERVICE_UNAVAILABLE')
    expect(body.error).not.toMatch(/5432|ECONNREFUSED/)
    expect(lines.some((l) => l.msg === 'database unavailable')).toBe(true)
  })
})
