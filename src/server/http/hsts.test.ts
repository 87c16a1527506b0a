/**
 * With an https PUBLIC_URL every answer carries HSTS, not only pages (docs/product.md): the JSON of
 * the API, a client's mistake, a webhook's refusal, a 404, the health check and the pages the
 * server writes itself. Over plain http none does (a browser ignores it there anyway).
 */
import { expect, it } from 'vitest'
import { api } from '#src/common/paths.ts'
import { createTestApp, postJson } from '#tests/support/test-app.ts'
import { describeEachDatabase } from '#tests/support/test-database.ts'

const HSTS = 'max-age=31536000; includeSubDomains'

describeEachDatabase('HSTS on %s', (database) => {
  const answers = async (app: ReturnType<typeof createTestApp>['app']) => [
    await app.request('/healthz'),
    await app.request(api.licenseCounts),
    await postJson(app, api.trialSubmissions, { email: 'x' }),
    await app.request('/no-such-page'),
    await app.request('/'),
    await app.request(`${api.trialConfirmations}?token=short`),
    await app.request(api.webhook('stripe'), { method: 'POST', body: '{}' }),
  ]

  it('is on every answer when PUBLIC_URL is https', async () => {
    const { app } = createTestApp(database())
    const all = await answers(app)
    expect(all.map((r) => r.status)).toEqual([200, 200, 400, 404, 200, 400, expect.any(Number)])
    for (const res of all) expect(res.headers.get('strict-transport-security')).toBe(HSTS)
  })

  it('is on none over plain http', async () => {
    const { app } = createTestApp(database(), { env: { PUBLIC_URL: 'http://127.0.0.1:8080' } })
    for (const res of await answers(app))
      expect(res.headers.get('strict-transport-security')).toBeNull()
  })
})
