/**
 * POST /api/key-resend, the contract a client sees (docs/architecture.md, "Contracts: API"):
 * always 202 `{ status: "accepted" }` for a well-formed request, known address or not, so the
 * answer tells a stranger nothing; the known key's e-mail goes again to its mailbox once the
 * outbox worker's pass has looked it up; limited like trial requests; 400 for a bad body.
 */
import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { ERROR_CODES } from '#src/common/api-types.ts'
import { api } from '#src/common/paths.ts'
import { runKeyResends } from './key-resend-service.ts'
import { insertLicenses } from '../licenses/license-repository.ts'
import { listMail } from '../mail/outbox-repository.ts'
import { createTestApp, postJson, trialRequest } from '#tests/support/test-app.ts'
import { describeEachDatabase } from '#tests/support/test-database.ts'

describeEachDatabase('POST /api/key-resend on %s', { emptyBeforeEach: true }, (database) => {
  const app = (env: Record<string, string> = {}) =>
    createTestApp(database(), { env: { RATE_LIMIT_IP: '100000/1h', ...env } }).app
  const lookUp = () => runKeyResends(database().db, { batch: 20, messageIdDomain: 'test' })
  const mailTo = async (to: string) => (await listMail(database().db)).filter((m) => m.to === to)

  it('answers 202 alike for a known and an unknown address, and sends the known key', async () => {
    await insertLicenses(database().db, 'advanced', ['R-1'], 'resend')
    const a = app({ RATE_LIMIT_EMAIL: '2/1h' })
    await postJson(
      a,
      api.trialSubmissions,
      trialRequest({ email: 'keyholder@example.com', model: 'advanced' }),
    )
    const resend = (body: unknown) => postJson(a, api.keyResend, body)

    const known = await resend({ email: 'KeyHolder+lost@example.com', model: 'advanced' })
    const unknown = await resend({ email: 'nobody@example.com', model: 'advanced' })
    const anyModel = await resend({ email: 'keyholder@example.com' })
    const disposable = await resend({ email: 'x@mailinator.com' })
    for (const res of [known, unknown, anyModel, disposable]) {
      expect(res.status).toBe(202)
      expect(await res.json()).toEqual({ status: 'accepted' })
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
    await lookUp()
    expect(
      (await mailTo('keyholder@example.com')).map((m) => [
        m.payload.activationKey,
        m.payload.resend ?? false,
      ]),
    ).toEqual([
      ['R-1', false],
      ['R-1', true],
      ['R-1', true],
    ])
    expect(await mailTo('nobody@example.com')).toEqual([])
    // Limited like trial requests: a third resend for the address within the hour is refused.
    const limited = await resend({ email: 'keyholder@example.com' })
    expect(limited.status).toBe(429)
    expect(await limited.json()).toMatchObject({ errorCode: ERROR_CODES.rateLimit })
  })

  it('sends nothing for an address whose key was revoked', async () => {
    await insertLicenses(database().db, 'basic', ['GONE-1'], 'resend')
    const a = app()
    await postJson(
      a,
      api.trialSubmissions,
      trialRequest({ email: 'revoked@example.com', model: 'basic' }),
    )
    await database().db.execute(
      sql`update licenses set status = 'revoked' where activation_key = 'GONE-1'`,
    )
    expect((await postJson(a, api.keyResend, { email: 'revoked@example.com' })).status).toBe(202)
    await lookUp()
    expect((await mailTo('revoked@example.com')).filter((m) => m.payload.resend)).toEqual([])
  })

  it('refuses a malformed body with 400 naming the field, and stores nothing', async () => {
    const a = app()
    for (const body of [
      { email: 'not-an-address' },
      { email: 'a@example.com', model: 'gold' },
      {},
    ]) {
      const res = await postJson(a, api.keyResend, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(await res.json()).toMatchObject({ errorCode: ERROR_CODES.validation })
    }
    const notJson = await a.request(api.keyResend, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'email=a@example.com',
    })
    expect(notJson.status).toBe(400)
    await lookUp()
    expect(await listMail(database().db)).toEqual([])
  })
})
