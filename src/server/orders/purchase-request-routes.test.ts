/**
 * The contract of POST /api/purchase-requests (purchase-requests.ts): 400 VALIDATION_ERROR
 * naming each bad field, 429 RATE_LIMIT_EXCEEDED, as for trial requests. The whole flow, with
 * its e-mails: licenses/purchase-flow.test.ts.
 */
import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { queryRows } from '../db/client.ts'
import { listMail } from '../mail/outbox-repository.ts'
import { createTestApp, postJson, purchaseRequest } from '#tests/support/test-app.ts'
import { describeEachDatabase } from '#tests/support/test-database.ts'

const PATH = '/api/purchase-requests'
const OPERATOR = 'sales@pacepoint.test'

describeEachDatabase(
  'the purchase requests API on %s',
  { emptyBeforeEach: true },
  (getDatabase) => {
    const start = (env: Record<string, string> = {}) =>
      createTestApp(getDatabase(), { env: { OPERATOR_EMAIL: OPERATOR, TRUST_PROXY: '1', ...env } })
        .app

    it('400 VALIDATION_ERROR names each bad field, in details and fields, and stores nothing', async () => {
      const app = start()
      const res = await postJson(app, PATH, {
        first_name: ' ',
        last_name: 'Hopper',
        email: 'not-an-address',
        company: '',
        model: 'premium',
        message: 'x'.repeat(2001),
      })
      expect(res.status).toBe(400)
      expect(res.headers.get('cache-control')).toBe('no-store')
      const body = (await res.json()) as {
        errorCode: string
        details: string[]
        fields: Record<string, string>
      }
      expect(body.errorCode).toBe('VALIDATION_ERROR')
      expect(Object.keys(body.fields).sort()).toEqual(
        ['company', 'email', 'first_name', 'message', 'model'].sort(),
      )
      expect(body.fields.email).toBe('E-mail must be a valid e-mail address')
      expect(body.fields.company).toBe('Company is required')
      expect(body.details).toEqual(expect.arrayContaining(['First name is required']))
      expect(await queryRows(getDatabase().db, sql`select id from purchase_requests`)).toHaveLength(
        0,
      )
      expect(await listMail(getDatabase().db)).toHaveLength(0)

      const disposable = await postJson(app, PATH, purchaseRequest({ email: 'x@mailinator.com' }))
      expect(disposable.status).toBe(400)
      expect(
        ((await disposable.json()) as { fields: Record<string, string> }).fields,
      ).toHaveProperty('email')

      const wrongType = await app.request(PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body: JSON.stringify(purchaseRequest()),
      })
      expect(wrongType.status).toBe(400)
      const malformed = await postJson(app, PATH, '{"first_name":')
      expect(malformed.status).toBe(400)
      const injected = await postJson(
        app,
        PATH,
        purchaseRequest({ company: 'ACME\r\nBcc: x@evil.test' }),
      )
      expect(
        ((await injected.json()) as { fields: Record<string, string> }).fields.company,
      ).toMatch(/control characters/)
    })

    it('429 RATE_LIMIT_EXCEEDED after the e-mail limit, and after the address limit', async () => {
      const app = start({ RATE_LIMIT_EMAIL: '2/1h', RATE_LIMIT_IP: '3/1h' })
      const email = 'limit@example.com'
      const send = (body: Record<string, unknown>, ip: string) =>
        postJson(app, PATH, body, { 'X-Forwarded-For': ip })
      expect((await send(purchaseRequest({ email }), '10.8.0.1')).status).toBe(201)
      expect((await send(purchaseRequest({ email }), '10.8.0.2')).status).toBe(201)
      const limited = await send(purchaseRequest({ email }), '10.8.0.3')
      expect(limited.status).toBe(429)
      expect(limited.headers.get('cache-control')).toBe('no-store')
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(((await limited.json()) as { errorCode: string }).errorCode).toBe(
        'RATE_LIMIT_EXCEEDED',
      )

      for (let i = 0; i < 3; i++)
        expect((await send(purchaseRequest(), '10.8.1.1')).status).toBe(201)
      expect((await send(purchaseRequest(), '10.8.1.1')).status).toBe(429)
      // Invoice requests count on their own: the trial limits are untouched.
      const trial = await postJson(
        app,
        '/api/trial-submissions',
        { first_name: 'A', last_name: 'B', email, model: 'basic', form_elapsed_ms: 5000 },
        { 'X-Forwarded-For': '10.8.1.1' },
      )
      expect(trial.status).toBe(201)
    })
  },
)
