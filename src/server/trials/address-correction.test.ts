/**
 * The one correction of a mistyped address (`PATCH /api/trial-submissions/:id/email`): the same
 * key to the new address and nothing more to the old one; 404 for a wrong token or id, 409 for
 * a second correction or one after 24 hours; the trial request's checks and limits.
 */
import { sql } from 'drizzle-orm'
import type { Hono } from 'hono'
import { beforeEach, expect, it } from 'vitest'
import { api } from '#src/common/paths.ts'
import { queryRows } from '../db/client.ts'
import { insertLicenses } from '../licenses/license-repository.ts'
import { listMail } from '../mail/outbox-repository.ts'
import { createTestApp, postJson, trialRequest } from '#tests/support/test-app.ts'
import { describeEachDatabase } from '#tests/support/test-database.ts'

interface Submitted {
  submission_id: string
  waitlist_token: string
}

describeEachDatabase('correcting the address on %s', { emptyBeforeEach: true }, (database) => {
  let app: Hono
  let kicks: number

  function build(env: Record<string, string> = {}) {
    kicks = 0
    app = createTestApp(database(), {
      env: { RATE_LIMIT_EMAIL: '100/1h', RATE_LIMIT_IP: '1000/1h', ...env },
      onMailQueued: () => kicks++,
    }).app
  }

  beforeEach(async () => {
    await insertLicenses(database().db, 'advanced', ['ADV-ONE', 'ADV-TWO', 'ADV-THREE'], 'b1')
    build()
  })

  async function request(email = 'ann@exmaple.com'): Promise<Submitted> {
    const res = await postJson(app, api.trialSubmissions, trialRequest({ email }))
    expect(res.status).toBe(201)
    return (await res.json()) as Submitted
  }

  const correct = (
    who: Submitted,
    email: string,
    token = who.waitlist_token,
    id = who.submission_id,
  ) =>
    app.request(api.emailCorrection(id), {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ email }),
    })

  const keysAssigned = async () =>
    (
      await queryRows<{ n: number }>(
        database().db,
        sql`select count(*)::int as n from licenses where status = 'assigned'`,
      )
    )[0]!.n

  it('sends the same key to the new address, and nothing more to the old one', async () => {
    const ann = await request()
    const before = await listMail(database().db)
    expect(before.map((m) => m.to)).toEqual(['ann@exmaple.com'])
    const key = before[0]!.payload.activationKey
    kicks = 0

    const res = await correct(ann, 'Ann@Gmail.com')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'resent' })
    expect(kicks).toBe(1)

    const after = await listMail(database().db)
    // The unsent message to the mistyped address is gone; one to the new address has the key.
    expect(after.map((m) => m.to)).toEqual(['ann@gmail.com'])
    expect(after[0]!.kind).toBe('trial')
    expect(after[0]!.payload.activationKey).toBe(key)
    expect(await keysAssigned()).toBe(1)
    const [row] = await queryRows<{ email: string; email_canonical: string }>(
      database().db,
      sql`select email, email_canonical from trial_submissions where id = ${ann.submission_id}`,
    )
    expect(row).toEqual({ email: 'ann@gmail.com', email_canonical: 'ann@gmail.com' })
  })

  it('refuses 409 EMAIL_HAS_KEY to an address that holds a key of the model, however written, and sends nothing', async () => {
    const one = await request('throwaway1@exmaple.com')
    const two = await request('throwaway2@exmaple.com')
    // The first correction to the collector goes through: the address had no key.
    expect((await correct(one, 'collector@gmail.com')).status).toBe(200)
    const mailBefore = await listMail(database().db)
    kicks = 0
    for (const address of ['collector@gmail.com', 'c.o.l.l.e.c.t.o.r+2@gmail.com']) {
      const res = await correct(two, address)
      expect(res.status, address).toBe(409)
      expect(((await res.json()) as { errorCode: string }).errorCode).toBe('EMAIL_HAS_KEY')
    }
    expect(kicks).toBe(0)
    expect(await listMail(database().db)).toEqual(mailBefore)
    // The refused submission keeps its address and its one correction.
    expect((await correct(two, 'two@example.org')).status).toBe(200)
    expect(await keysAssigned()).toBe(2)
  })

  it('answers 404 for a wrong token or an unknown id, and changes nothing', async () => {
    const ann = await request()
    const other = await request('bob@example.com')
    expect((await correct(ann, 'ann@gmail.com', other.waitlist_token)).status).toBe(404)
    expect((await correct(ann, 'ann@gmail.com', 'x'.repeat(43))).status).toBe(404)
    expect(
      (
        await correct(
          ann,
          'ann@gmail.com',
          ann.waitlist_token,
          '00000000-0000-4000-8000-000000000000',
        )
      ).status,
    ).toBe(404)
    const res = await app.request(api.emailCorrection(ann.submission_id), {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'ann@gmail.com' }),
    })
    expect(res.status).toBe(404)
    expect((await listMail(database().db)).map((m) => m.to).sort()).toEqual([
      'ann@exmaple.com',
      'bob@example.com',
    ])
  })

  it('allows one correction: a second is 409 ALREADY_CORRECTED', async () => {
    const ann = await request()
    expect((await correct(ann, 'ann@gmail.com')).status).toBe(200)
    const again = await correct(ann, 'ann@yahoo.com')
    expect(again.status).toBe(409)
    expect(((await again.json()) as { errorCode: string }).errorCode).toBe('ALREADY_CORRECTED')
    expect((await listMail(database().db)).map((m) => m.to)).toEqual(['ann@gmail.com'])
  })

  it('refuses a correction 24 hours after the request: 409 TOO_LATE', async () => {
    const ann = await request()
    await database().db.execute(
      sql`update trial_submissions set created_at = now() - interval '24 hours 1 minute'
          where id = ${ann.submission_id}`,
    )
    const res = await correct(ann, 'ann@gmail.com')
    expect(res.status).toBe(409)
    expect(((await res.json()) as { errorCode: string }).errorCode).toBe('TOO_LATE')
  })

  it("holds the new address to the trial request's checks: bad or disposable is 400", async () => {
    const ann = await request()
    const bad = await correct(ann, 'not-an-address')
    expect(bad.status).toBe(400)
    const disposable = await correct(ann, 'ann@mailinator.com')
    expect(disposable.status).toBe(400)
    expect(((await disposable.json()) as { details: string[] }).details.join()).toMatch(/email/)
    // Refusals do not use up the one correction.
    expect((await correct(ann, 'ann@gmail.com')).status).toBe(200)
  })

  it("counts against the trial request's limits: 429 with Retry-After", async () => {
    build({ RATE_LIMIT_EMAIL: '1/1h' })
    // The new address has asked once already: one more request for it is over the limit.
    await request('ann@gmail.com')
    const ann = await request()
    const res = await correct(ann, 'ann@gmail.com')
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await keysAssigned()).toBe(2)
  })
})
