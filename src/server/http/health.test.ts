/**
 * Readiness (health.ts): /readyz answers 200 while the database answers and 503 when it is
 * gone, and the API then answers 503 SERVICE_UNAVAILABLE, never a bare 500.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import type { Hono } from 'hono'
import {
  createTestDatabase,
  describeEachDatabase,
  TEST_DB_KINDS,
} from '#tests/support/test-database.ts'
import { createTestApp, postJson, trialRequest } from '#tests/support/test-app.ts'

const PATH = '/api/trial-submissions'

describeEachDatabase('readiness on %s', { emptyBeforeEach: true }, (database) => {
  let app: Hono
  beforeEach(() => {
    app = createTestApp(database(), {
      env: { RATE_LIMIT_EMAIL: '100/1h', RATE_LIMIT_IP: '1000/1h' },
    }).app
  })

  it('/readyz answers 200 while the database answers', async () => {
    const res = await app.request('/readyz')
    expect(res.status).toBe(200)
    // Ready, and nothing more: not which database answers.
    expect(await res.json()).toEqual({ status: 'ok' })
  })
})

describe.each(TEST_DB_KINDS)('with the database gone (%s)', (kind) => {
  it('/readyz answers 503 and a submission 503 SERVICE_UNAVAILABLE, never a bare 500', async () => {
    const database = await createTestDatabase(kind)
    const { app, logLines } = createTestApp(database)
    await database.close()
    const ready = await app.request('/readyz')
    expect(ready.status).toBe(503)
    expect(await ready.json()).toMatchObject({ errorCode: 'SERVICE_UNAVAILABLE' })
    const res = await postJson(app, PATH, trialRequest())
    expect(res.status).toBe(503)
    const body = (await res.json()) as { errorCode: string; error: string }
    expect(body.errorCode).toBe('SERVICE_UNAVAILABLE')
    expect(body.error).toMatch(/temporarily unavailable/)
    expect(logLines.some((l) => l.msg === 'database unavailable')).toBe(true)
    expect((await app.request('/api/license-counts')).status).toBe(503)
  })
})
