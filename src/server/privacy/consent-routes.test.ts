/**
 * POST /api/consents: the consent banner's record of each choice (docs/product.md,
 * "Privacy and third parties").
 */
import type { Hono } from 'hono'
import { beforeEach, expect, it } from 'vitest'
import { listConsentHistory } from './consent-repository.ts'
import { createTestApp, postJson } from '#tests/support/test-app.ts'
import { describeEachDatabase } from '#tests/support/test-database.ts'
import { CONSENT_RATE_LIMIT } from './consent-service.ts'

const PATH = '/api/consents'

function consent(overrides: Record<string, unknown> = {}) {
  return {
    id: '3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f',
    categories: { functional: true, media: false, marketing: false },
    policy_version: '2025-08-01',
    decided_at: '2026-11-21T10:00:00.000Z',
    ...overrides,
  }
}

describeEachDatabase('consent records on %s', { emptyBeforeEach: true }, (database) => {
  let app: Hono
  beforeEach(() => {
    app = createTestApp(database()).app
  })

  it('records each choice, and a changed choice as a new row of the same visitor', async () => {
    const first = await postJson(app, PATH, consent(), { 'User-Agent': 'Test browser' })
    expect(first.status).toBe(204)
    expect(await first.text()).toBe('')
    const second = await postJson(
      app,
      PATH,
      consent({
        categories: { functional: true, media: true, marketing: true },
        decided_at: '2026-11-21T11:00:00+01:00',
      }),
    )
    expect(second.status).toBe(204)

    const history = await listConsentHistory(database().db, consent().id)
    expect(history.map((r) => [r.functional, r.media, r.marketing])).toEqual([
      [true, false, false],
      [true, true, true],
    ])
    expect(history[0]).toMatchObject({
      policyVersion: '2025-08-01',
      userAgent: 'Test browser',
      decidedAt: new Date('2026-11-21T10:00:00.000Z'),
    })
    // The address is kept only as a hash.
    expect(history[0]!.ipHash).toMatch(/^[0-9a-f]{64}$/)
  })

  it.each([
    [
      'a missing category',
      consent({ categories: { functional: true, media: false } }),
      'categories.marketing',
    ],
    [
      'a category that is not a boolean',
      consent({ categories: { functional: 'yes', media: false, marketing: false } }),
      'categories.functional',
    ],
    ['an id with odd characters', consent({ id: '<script>alert(1)</script>' }), 'id must be'],
    ['a date that is not a date', consent({ decided_at: 'yesterday' }), 'decided_at must be'],
    ['a long version tag', consent({ policy_version: 'x'.repeat(40) }), 'policy_version must be'],
    ['no body fields at all', {}, 'id is required'],
  ])('refuses %s with 400 and says why', async (_name, body, detail) => {
    const response = await postJson(app, PATH, body)
    expect(response.status).toBe(400)
    const json = (await response.json()) as { errorCode: string; details: string[] }
    expect(json.errorCode).toBe('VALIDATION_ERROR')
    expect(json.details.join(' ')).toContain(detail)
    expect(await listConsentHistory(database().db, consent().id)).toEqual([])
  })

  it('refuses a body that is not JSON or too large', async () => {
    expect((await postJson(app, PATH, '{"id":')).status).toBe(400)
    expect((await postJson(app, PATH, consent({ pad: 'x'.repeat(4000) }))).status).toBe(400)
    const plain = await app.request(PATH, { method: 'POST', body: JSON.stringify(consent()) })
    expect(plain.status).toBe(400)
  })

  it('limits how many records one address may send', async () => {
    const statuses: number[] = []
    for (let i = 0; i < CONSENT_RATE_LIMIT.count + 2; i++) {
      statuses.push((await postJson(app, PATH, consent({ id: `visitor-${1000 + i}` }))).status)
    }
    expect(statuses.filter((s) => s === 204)).toHaveLength(CONSENT_RATE_LIMIT.count)
    expect(statuses.slice(-2)).toEqual([429, 429])
  })

  it('answers other methods with 405', async () => {
    const response = await app.request(PATH, { method: 'GET' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
  })
})
