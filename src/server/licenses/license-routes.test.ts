/** The contract of GET /api/license-counts (license-counts.ts). */
import { beforeEach, describe, expect, it } from 'vitest'
import type { Hono } from 'hono'
import { insertLicenses } from './license-repository.ts'
import { describeEachDatabase } from '#tests/support/test-database.ts'
import { createTestApp, postJson, trialRequest } from '#tests/support/test-app.ts'

const PATH = '/api/trial-submissions'

describeEachDatabase('the license counts API on %s', { emptyBeforeEach: true }, (database) => {
  let app: Hono
  beforeEach(() => {
    app = createTestApp(database(), {
      env: { RATE_LIMIT_EMAIL: '100/1h', RATE_LIMIT_IP: '1000/1h' },
    }).app
  })

  describe('GET /api/license-counts', () => {
    it('counts available keys per model and shows this process’s claims at once', async () => {
      expect(await (await app.request('/api/license-counts')).json()).toEqual({
        basic: 0,
        advanced: 0,
      })
      await insertLicenses(database().db, 'basic', ['B-1', 'B-2'], 'test')
      await insertLicenses(database().db, 'advanced', ['A-1'], 'test')
      // A fresh app: its cache is empty.
      const fresh = createTestApp(database()).app
      const res = await fresh.request('/api/license-counts')
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(await res.json()).toEqual({ basic: 2, advanced: 1 })
      await postJson(fresh, PATH, trialRequest({ model: 'basic' }))
      expect(await (await fresh.request('/api/license-counts')).json()).toEqual({
        basic: 1,
        advanced: 1,
      })
    })
  })
})
