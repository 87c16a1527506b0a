/**
 * The contract of POST /api/trial-submissions and PATCH /api/trial-submissions/:id/waitlist
 * (trial-submissions.ts): status codes, bodies, validation details, the bot turn-away, rate
 * limits and the repeat answer. The trial flow as a whole is tested in trials/.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import type { Hono } from 'hono'
import { insertLicenses } from '../licenses/license-repository.ts'
import { listMail } from '../mail/outbox-repository.ts'
import { findSubmission } from './submission-repository.ts'
import { queryRows } from '../db/client.ts'
import { sql } from 'drizzle-orm'
import { describeEachDatabase, resetTables } from '#tests/support/test-database.ts'
import { createTestApp, postJson, trialRequest } from '#tests/support/test-app.ts'
import { hashToken } from '../guard/tokens.ts'

const PATH = '/api/trial-submissions'

describeEachDatabase('the trial submissions API on %s', { emptyBeforeEach: true }, (database) => {
  let app: Hono
  beforeEach(() => {
    app = createTestApp(database(), {
      env: { RATE_LIMIT_EMAIL: '100/1h', RATE_LIMIT_IP: '1000/1h' },
    }).app
  })

  const submissions = () =>
    queryRows<{ n: number }>(
      database().db,
      sql`select count(*)::int as n from trial_submissions`,
    ).then((r) => r[0]!.n)
  const available = (model: string) =>
    queryRows<{ n: number }>(
      database().db,
      sql`select count(*)::int as n from licenses where model = ${model} and status = 'available'`,
    ).then((r) => r[0]!.n)

  describe('POST /api/trial-submissions', () => {
    it('assigns a key, stores the lead lower-cased and queues the e-mail in one go', async () => {
      await insertLicenses(database().db, 'advanced', ['ADV-1', 'ADV-2'], 'test')
      const res = await postJson(
        app,
        PATH,
        trialRequest({ email: '  Ada.Lovelace@Example.COM ', first_name: '  Ada ' }),
      )
      expect(res.status).toBe(201)
      const body = (await res.json()) as Record<string, unknown>
      expect(body).toEqual({
        submission_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        has_license: true,
        waitlist_eligible: false,
        waitlist_token: expect.any(String),
      })
      const row = await findSubmission(database().db, body.submission_id as string)
      expect(row).toMatchObject({
        email: 'ada.lovelace@example.com',
        firstName: 'Ada',
        model: 'advanced',
        waitlist: false,
      })
      expect(row!.licenseId).toBeTruthy()
      // Only the hash of the token is kept.
      expect(row!.waitlistTokenHash).toBe(hashToken(body.waitlist_token as string))
      expect(row!.waitlistTokenHash).not.toContain(body.waitlist_token as string)
      const mail = await listMail(database().db)
      expect(mail).toHaveLength(1)
      expect(mail[0]).toMatchObject({
        kind: 'trial',
        to: 'ada.lovelace@example.com',
        status: 'pending',
        submissionId: row!.id,
      })
      expect(mail[0]!.payload.activationKey).toBe('ADV-1')
      expect(mail[0]!.messageId).toMatch(/^<[0-9a-f-]{36}@[\w.-]+>$/)
      expect(await available('advanced')).toBe(1)
    })

    it('offers the waitlist when the pool of that model is empty', async () => {
      await insertLicenses(database().db, 'basic', ['B-1'], 'test')
      const res = await postJson(app, PATH, trialRequest({ model: 'advanced' }))
      expect(res.status).toBe(201)
      expect(await res.json()).toMatchObject({ has_license: false, waitlist_eligible: true })
      expect(await listMail(database().db)).toHaveLength(0)
      expect(await submissions()).toBe(1)
      expect(await available('basic')).toBe(1)
    })

    it('re-sends the same key to the same e-mail and model instead of a second license', async () => {
      await insertLicenses(database().db, 'basic', ['B-1', 'B-2', 'B-3'], 'test')
      const first = (await (
        await postJson(app, PATH, trialRequest({ email: 'repeat@example.com', model: 'basic' }))
      ).json()) as Record<string, unknown>
      const again = await postJson(
        app,
        PATH,
        trialRequest({ email: 'REPEAT@example.com', model: 'basic' }),
      )
      expect(again.status).toBe(201)
      const second = (await again.json()) as Record<string, unknown>
      // Answered like a first request (docs/architecture.md, "Contracts: API"): a fresh id and token, nothing revealed.
      expect(second).toMatchObject({ has_license: true, waitlist_eligible: false })
      expect(second.submission_id).not.toBe(first.submission_id)
      expect(second.waitlist_token).not.toBe(first.waitlist_token)
      const mail = await listMail(database().db)
      expect(mail.map((m) => m.payload.activationKey)).toEqual(['B-1', 'B-1'])
      expect(mail[1]!.payload.resend).toBe(true)
      expect(new Set(mail.map((m) => m.messageId)).size).toBe(2)
      expect(await available('basic')).toBe(2)
      // The repeat is a lead of its own, holding no key; the key went by e-mail only.
      expect(await submissions()).toBe(2)
      // Another model is another trial.
      const other = (await (
        await postJson(app, PATH, trialRequest({ email: 'repeat@example.com', model: 'advanced' }))
      ).json()) as Record<string, unknown>
      expect(other.submission_id).not.toBe(first.submission_id)
    })

    it('gives a new key once the old one has run out (10 days)', async () => {
      await insertLicenses(database().db, 'basic', ['B-1', 'B-2'], 'test')
      await postJson(app, PATH, trialRequest({ email: 'old@example.com', model: 'basic' }))
      await database().db.execute(
        sql`update licenses set assigned_at = now() - interval '11 days' where activation_key = 'B-1'`,
      )
      await postJson(app, PATH, trialRequest({ email: 'old@example.com', model: 'basic' }))
      const mail = await listMail(database().db)
      expect(mail.map((m) => m.payload.activationKey)).toEqual(['B-1', 'B-2'])
    })

    it('keeps two quick repeats from taking two keys', async () => {
      await insertLicenses(database().db, 'basic', ['B-1', 'B-2', 'B-3'], 'test')
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          postJson(app, PATH, trialRequest({ email: 'quick@example.com', model: 'basic' })),
        ),
      )
      expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201])
      expect(await available('basic')).toBe(2)
    })

    describe('validation: 400 VALIDATION_ERROR naming each problem', () => {
      const cases: [string, Record<string, unknown>, RegExp][] = [
        ['missing first name', { first_name: undefined }, /First name is required/],
        ['blank first name', { first_name: '   ' }, /First name is required/],
        ['missing last name', { last_name: undefined }, /Last name is required/],
        ['missing e-mail', { email: undefined }, /E-mail is required/],
        ['bad e-mail', { email: 'not-an-email' }, /valid e-mail/],
        [
          'e-mail with a newline (header injection)',
          { email: 'a@example.com\nBcc: x@evil.test' },
          /valid e-mail/,
        ],
        ['unknown model', { model: 'premium' }, /Model must be basic or advanced/],
        ['missing model', { model: undefined }, /Model must be basic or advanced/],
        ['over-long first name', { first_name: 'x'.repeat(101) }, /First name must be at most 100/],
        ['over-long last name', { last_name: 'x'.repeat(101) }, /Last name must be at most 100/],
        [
          'over-long e-mail',
          { email: `${'x'.repeat(250)}@example.com` },
          /E-mail must be at most 254/,
        ],
        ['over-long source', { source: 's'.repeat(65) }, /Source must be at most 64/],
        ['control characters in a name', { last_name: 'Love\r\nlace' }, /control characters/],
        ['a name of the wrong type', { first_name: 42 }, /First name/],
        ['a fill time of the wrong type', { form_elapsed_ms: 'soon' }, /form_elapsed_ms/],
      ]
      it.each(cases)('%s', async (_name, overrides, detail) => {
        const body = trialRequest(overrides)
        for (const [k, v] of Object.entries(overrides)) if (v === undefined) delete body[k]
        const res = await postJson(app, PATH, body)
        expect(res.status).toBe(400)
        const json = (await res.json()) as { errorCode: string; error: string; details: string[] }
        expect(json.errorCode).toBe('VALIDATION_ERROR')
        expect(json.details.join(' | ')).toMatch(detail)
      })

      it('names every bad field at once', async () => {
        const res = await postJson(app, PATH, { email: 'nope', model: 'x' })
        const json = (await res.json()) as { details: string[] }
        expect(json.details).toEqual(
          expect.arrayContaining([
            expect.stringMatching(/First name/),
            expect.stringMatching(/Last name/),
            expect.stringMatching(/e-mail/),
            expect.stringMatching(/Model/),
          ]),
        )
      })

      it('maps each bad field to its message, for the form to show beside the field', async () => {
        const res = await postJson(app, PATH, { first_name: 'Ada', email: 'nope', model: 'x' })
        const json = (await res.json()) as { fields: Record<string, string> }
        expect(json.fields).toEqual({
          last_name: 'Last name is required',
          email: 'E-mail must be a valid e-mail address',
          model: 'Model must be basic or advanced',
        })
      })

      const raw: [string, RequestInit, RegExp][] = [
        [
          'malformed JSON',
          { headers: { 'Content-Type': 'application/json' }, body: '{"first_name": "Ada",' },
          /valid JSON/,
        ],
        [
          'a JSON array',
          { headers: { 'Content-Type': 'application/json' }, body: '[1,2]' },
          /JSON object/,
        ],
        [
          'an empty body',
          { headers: { 'Content-Type': 'application/json' }, body: '' },
          /JSON object/,
        ],
        [
          'a form content type',
          {
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: 'first_name=Ada',
          },
          /Content-Type must be application\/json/,
        ],
        [
          'no content type',
          { body: JSON.stringify(trialRequest()) },
          /Content-Type must be application\/json/,
        ],
        [
          'a body over 16 KB',
          {
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(trialRequest({ website: '', pad: 'x'.repeat(17_000) })),
          },
          /at most 16384 bytes/,
        ],
        [
          'invalid UTF-8',
          {
            headers: { 'Content-Type': 'application/json' },
            body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
          },
          /UTF-8/,
        ],
      ]
      it.each(raw)('%s', async (_name, init, detail) => {
        const res = await app.request(PATH, { method: 'POST', ...init })
        expect(res.status).toBe(400)
        const json = (await res.json()) as { errorCode: string; details: string[] }
        expect(json.errorCode).toBe('VALIDATION_ERROR')
        expect(json.details.join(' ')).toMatch(detail)
      })

      it('drops unknown fields and serves the request', async () => {
        const res = await postJson(app, PATH, trialRequest({ is_admin: true, license_id: 'x' }))
        expect(res.status).toBe(201)
      })

      it('stores nothing for an invalid request', async () => {
        await postJson(app, PATH, trialRequest({ email: 'bad' }))
        expect(await submissions()).toBe(0)
      })
    })

    describe('bot turn-away', () => {
      it('answers a filled honeypot like a success and stores nothing', async () => {
        await insertLicenses(database().db, 'advanced', ['A-1'], 'test')
        const res = await postJson(app, PATH, trialRequest({ website: 'http://spam.example' }))
        expect(res.status).toBe(201)
        const body = (await res.json()) as Record<string, unknown>
        expect(body).toMatchObject({ has_license: true, waitlist_eligible: false })
        expect(body.submission_id).toMatch(/^[0-9a-f-]{36}$/)
        expect(await submissions()).toBe(0)
        expect(await available('advanced')).toBe(1)
        expect(await listMail(database().db)).toHaveLength(0)
      })

      it('asks a form sent in under 1.5 s to confirm by e-mail: it may be a person whose browser filled it', async () => {
        await insertLicenses(database().db, 'advanced', ['A-1'], 'test')
        const res = await postJson(app, PATH, trialRequest({ form_elapsed_ms: 400 }))
        expect(res.status).toBe(201)
        expect(await res.json()).toMatchObject({
          has_license: false,
          waitlist_eligible: false,
          confirmation_required: true,
        })
        expect(await submissions()).toBe(1)
        expect(await available('advanced')).toBe(1)
        expect((await listMail(database().db)).map((m) => m.kind)).toEqual(['confirm'])
      })

      it('serves a person: empty honeypot and a plausible fill time, or neither field', async () => {
        await insertLicenses(database().db, 'advanced', ['A-1', 'A-2'], 'test')
        expect(
          await (
            await postJson(app, PATH, trialRequest({ website: '', form_elapsed_ms: 9_000 }))
          ).json(),
        ).toMatchObject({ has_license: true })
        expect(await (await postJson(app, PATH, trialRequest())).json()).toMatchObject({
          has_license: true,
        })
        expect(await submissions()).toBe(2)
        expect(await available('advanced')).toBe(0)
      })
    })

    describe('rate limits', () => {
      it('limits requests per e-mail (RATE_LIMIT_EMAIL), whatever its case', async () => {
        const limited = createTestApp(database(), {
          env: { RATE_LIMIT_EMAIL: '2/1h', RATE_LIMIT_IP: '1000/1h' },
        }).app
        const statuses: number[] = []
        for (const email of ['limit@example.com', 'LIMIT@example.com', 'limit@example.com']) {
          statuses.push((await postJson(limited, PATH, trialRequest({ email }))).status)
        }
        expect(statuses).toEqual([201, 201, 429])
        const res = await postJson(limited, PATH, trialRequest({ email: 'limit@example.com' }))
        expect(res.status).toBe(429)
        expect(await res.json()).toMatchObject({
          errorCode: 'RATE_LIMIT_EXCEEDED',
          error: expect.stringMatching(/e-mail/),
        })
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
        expect(
          (await postJson(limited, PATH, trialRequest({ email: 'other@example.com' }))).status,
        ).toBe(201)
      })

      it('limits requests per client address (RATE_LIMIT_IP), from X-Forwarded-For only with TRUST_PROXY', async () => {
        const proxied = createTestApp(database(), {
          env: { RATE_LIMIT_EMAIL: '100/1h', RATE_LIMIT_IP: '2/1h', TRUST_PROXY: '1' },
        }).app
        const from = (ip: string) =>
          postJson(proxied, PATH, trialRequest(), { 'X-Forwarded-For': ip })
        expect([(await from('203.0.113.9')).status, (await from('203.0.113.9')).status]).toEqual([
          201, 201,
        ])
        const third = await from('198.51.100.1, 203.0.113.9')
        expect(third.status).toBe(429)
        expect(await third.json()).toMatchObject({ errorCode: 'RATE_LIMIT_EXCEEDED' })
        expect((await from('203.0.113.10')).status).toBe(201)

        // Without TRUST_PROXY the header is the client's word and is ignored: one address.
        await resetTables(database())
        const direct = createTestApp(database(), {
          env: { RATE_LIMIT_EMAIL: '100/1h', RATE_LIMIT_IP: '2/1h' },
        }).app
        const statuses: number[] = []
        for (const ip of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) {
          statuses.push(
            (await postJson(direct, PATH, trialRequest(), { 'X-Forwarded-For': ip })).status,
          )
        }
        expect(statuses).toEqual([201, 201, 429])
      })

      it('takes the address of the socket when not behind a proxy', async () => {
        const direct = createTestApp(database(), {
          env: { RATE_LIMIT_EMAIL: '100/1h', RATE_LIMIT_IP: '1/1h' },
        }).app
        const fromSocket = (address: string) =>
          direct.request(
            PATH,
            {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify(trialRequest()),
            },
            { incoming: { socket: { remoteAddress: address } } },
          )
        expect((await fromSocket('192.0.2.1')).status).toBe(201)
        expect((await fromSocket('192.0.2.1')).status).toBe(429)
        expect((await fromSocket('192.0.2.2')).status).toBe(201)
      })
    })
  })

  describe('PATCH /api/trial-submissions/:id/waitlist', () => {
    async function waitlisted() {
      const res = await postJson(app, PATH, trialRequest({ model: 'basic' }))
      return (await res.json()) as { submission_id: string; waitlist_token: string }
    }
    const patch = (id: string, token: string | null, body: unknown = { waitlist: true }) =>
      app.request(`/api/trial-submissions/${id}/waitlist`, {
        method: 'PATCH',
        headers: {
          'Content-Type': 'application/json',
          ...(token !== null ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      })

    it('sets and clears the flag with the submission’s token', async () => {
      const s = await waitlisted()
      const res = await patch(s.submission_id, s.waitlist_token)
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ submission_id: s.submission_id, waitlist: true })
      expect((await findSubmission(database().db, s.submission_id))!.waitlist).toBe(true)
      expect((await patch(s.submission_id, s.waitlist_token, { waitlist: false })).status).toBe(200)
      expect((await findSubmission(database().db, s.submission_id))!.waitlist).toBe(false)
    })

    it('answers 404 without the right token, whatever the id', async () => {
      const a = await waitlisted()
      const b = await waitlisted()
      const attempts: [string, string | null][] = [
        [a.submission_id, 'wrong-token'],
        [a.submission_id, null],
        [a.submission_id, ''],
        [a.submission_id, b.waitlist_token],
        ['00000000-0000-4000-8000-000000000000', a.waitlist_token],
        [crypto.randomUUID(), 'wrong-token'],
        ['not-a-uuid', a.waitlist_token],
        ["1' or '1'='1", a.waitlist_token],
      ]
      for (const [id, token] of attempts) {
        const res = await patch(encodeURIComponent(id), token)
        expect(res.status, `${id} / ${token}`).toBe(404)
        expect(((await res.json()) as { errorCode: string }).errorCode).toBe('NOT_FOUND')
      }
      // A bad body does not tell a stranger anything either.
      expect((await patch(a.submission_id, 'wrong-token', { waitlist: 'yes' })).status).toBe(404)
      expect((await findSubmission(database().db, a.submission_id))!.waitlist).toBe(false)
    })

    it('answers 400 to the token holder for a bad body', async () => {
      const s = await waitlisted()
      const res = await patch(s.submission_id, s.waitlist_token, { waitlist: 'yes' })
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({
        errorCode: 'VALIDATION_ERROR',
        details: [expect.stringMatching(/waitlist/)],
      })
    })
  })
})
