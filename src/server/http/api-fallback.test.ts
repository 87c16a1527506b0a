/** What an API path nothing answers gets (api-fallback.ts): JSON 404, or 405 with Allow. */
import { beforeEach, expect, it } from 'vitest'
import type { Hono } from 'hono'
import { describeEachDatabase } from '#tests/support/test-database.ts'
import { createTestApp } from '#tests/support/test-app.ts'

const PATH = '/api/trial-submissions'

describeEachDatabase('the API fallback on %s', { emptyBeforeEach: true }, (database) => {
  let app: Hono
  beforeEach(() => {
    app = createTestApp(database(), {
      env: { RATE_LIMIT_EMAIL: '100/1h', RATE_LIMIT_IP: '1000/1h' },
    }).app
  })

  it('answers JSON 404 for an unknown API path and 405 for a wrong method', async () => {
    const missing = await app.request('/api/nothing')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({ errorCode: 'NOT_FOUND' })
    const wrong = await app.request(PATH)
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get('allow')).toBe('POST')
  })
})
