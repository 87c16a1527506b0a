/**
 * The trial path's guard as a client and the operator see it (docs/product.md, "Trust under
 * abuse"): a form sent too fast is asked to confirm by e-mail while a filled honeypot gets a
 * decoy; the pool's daily ceiling and low-supply alert; the IPv6 /48 and recipient-domain
 * limits; other providers' subaddresses; and the key resend answered before its lookup runs.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type { Hono } from 'hono'
import { beforeEach, expect, it } from 'vitest'
import { api } from '#src/common/paths.ts'
import { DEFAULT_SETTINGS } from '#src/common/site/settings.ts'
import { queryRows } from '../db/client.ts'
import { insertLicenses } from '../licenses/license-repository.ts'
import { listMail } from '../mail/outbox-repository.ts'
import { mailIdentity } from '../mail/mail-identity.ts'
import { runOutboxPass } from '../mail/outbox-worker.ts'
import { renderOutboxMail } from '../mail/templates.ts'
import { createMailTransport, mailDirectory } from '../mail/transport.ts'
import { createTestApp, memoryLogger, postJson, trialRequest } from '#tests/support/test-app.ts'
import { describeEachDatabase } from '#tests/support/test-database.ts'

const SUBMIT = api.trialSubmissions
type Answer = Record<string, unknown>

describeEachDatabase('the trial guard on %s', { emptyBeforeEach: true }, (database) => {
  beforeEach(async () => {
    await database().db.execute(
      sql`truncate claim_breaker_episodes, supply_alert_episodes, key_resend_requests`,
    )
  })

  const count = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ n: number }>(database().db, query))[0]!.n
  const available = (model: string) =>
    count(
      sql`select count(*)::int as n from licenses where model = ${model} and status = 'available'`,
    )
  const app = (env: Record<string, string> = {}) =>
    createTestApp(database(), { env: { RATE_LIMIT_IP: '100000/1h', ...env } })

  /** Opens the e-mailed link (a page with one button) and presses its button. */
  async function confirmByButton(a: Hono, to: string) {
    const link = await confirmationLink(to)
    expect((await a.request(link)).status).toBe(200)
    const token = new URL(link, 'https://x.test').searchParams.get('token')!
    return a.request(api.trialConfirmations, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `token=${token}`,
    })
  }

  /** The link of a queued confirmation e-mail, as the visitor reads it. */
  async function confirmationLink(to: string): Promise<string> {
    const mail = (await listMail(database().db)).find((m) => m.kind === 'confirm' && m.to === to)
    expect(mail, `a confirmation e-mail to ${to}`).toBeDefined()
    const rendered = renderOutboxMail(
      mail!.kind,
      mail!.payload,
      DEFAULT_SETTINGS,
      'https://trial.example.test',
    )
    return /https:\/\/trial\.example\.test(\/api\/trial-confirmations\?token=[\w-]+)/.exec(
      rendered.text,
    )![1]!
  }

  it('asks a form sent too fast to confirm by e-mail, and the link claims the key', async () => {
    await insertLicenses(database().db, 'basic', ['FAST-1', 'FAST-2'], 'fast')
    const { app: a } = app()
    const res = await postJson(
      a,
      SUBMIT,
      trialRequest({ email: 'autofill@example.com', model: 'basic', form_elapsed_ms: 300 }),
    )
    expect(res.status).toBe(201)
    const answer = (await res.json()) as Answer
    expect(answer).toMatchObject({
      has_license: false,
      waitlist_eligible: false,
      confirmation_required: true,
    })
    // Stored, without a key; nothing claimed yet; the confirmation e-mail queued.
    expect(
      await count(
        sql`select count(*)::int as n from trial_submissions
            where email = 'autofill@example.com' and license_id is null
              and confirmation_token_hash is not null`,
      ),
    ).toBe(1)
    expect(await available('basic')).toBe(2)
    const mail = await listMail(database().db)
    expect(mail.map((m) => [m.kind, m.to])).toEqual([['confirm', 'autofill@example.com']])

    const followed = await confirmByButton(a, 'autofill@example.com')
    expect(followed.status).toBe(303)
    expect(followed.headers.get('location')).toBe('/thank-you?model=basic')
    const keys = (await listMail(database().db)).filter(
      (m) => m.kind === 'trial' && m.to === 'autofill@example.com',
    )
    expect(keys.map((m) => m.payload.activationKey)).toEqual(['FAST-1'])
    expect(await available('basic')).toBe(1)
  })

  it('gives a filled honeypot a decoy: nothing stored, nothing queued, no key taken', async () => {
    await insertLicenses(database().db, 'basic', ['POT-1'], 'pot')
    const { app: a } = app()
    const res = await postJson(
      a,
      SUBMIT,
      trialRequest({
        email: 'bot@example.com',
        model: 'basic',
        website: 'http://spam.example',
        form_elapsed_ms: 300,
      }),
    )
    expect(res.status).toBe(201)
    expect(((await res.json()) as Answer).has_license).toBe(true)
    expect(await count(sql`select count(*)::int as n from trial_submissions`)).toBe(0)
    expect(await listMail(database().db)).toEqual([])
    expect(await available('basic')).toBe(1)
  })

  const ask = async (
    a: { request: (p: string, i?: RequestInit) => Response | Promise<Response> },
    body: Answer,
    headers: Record<string, string> = {},
  ) => {
    const res = await postJson(a, SUBMIT, trialRequest(body), headers)
    return { status: res.status, body: (await res.json()) as Answer }
  }

  it('trips the daily ceiling before the pool is gone, and tells the operator the days of supply left', async () => {
    await insertLicenses(
      database().db,
      'basic',
      Array.from({ length: 10 }, (_, i) => `DAY-${i}`),
      'day',
    )
    const { app: a } = app({
      CLAIM_BREAKER: '100/1h,3/24h',
      OPERATOR_EMAIL: 'ops@example.test',
      LOW_SUPPLY_DAYS: 'off',
      RATE_LIMIT_EMAIL: '100/1h',
    })
    const answers = []
    for (let i = 0; i < 5; i++)
      answers.push((await ask(a, { email: `d${i}@gmail.com`, model: 'basic' })).body)
    expect(answers.map((x) => x.has_license)).toEqual([true, true, true, false, false])
    expect(answers.slice(3).every((x) => x.confirmation_required === true)).toBe(true)
    expect(await available('basic')).toBe(7)
    const alerts = (await listMail(database().db)).filter((m) => m.kind === 'breaker')
    expect(alerts).toHaveLength(1)
    expect(alerts[0]!.payload).toMatchObject({
      model: 'basic',
      claims: 3,
      threshold: 3,
      windowMs: 86_400_000,
      available: 7,
      daysOfSupply: 2.3,
    })
    const text = renderOutboxMail('breaker', alerts[0]!.payload, DEFAULT_SETTINGS, 'https://x.test')
    expect(text.text).toContain('7 keys are left in the pool: about 2.3 days of supply')
    expect(text.text).toContain('3 keys were claimed in the last 24 hours (threshold 3)')
  })

  it('e-mails the operator once per episode when days of supply drop below LOW_SUPPLY_DAYS', async () => {
    await insertLicenses(database().db, 'advanced', ['LOW-1', 'LOW-2', 'LOW-3', 'LOW-4'], 'low')
    const env = { OPERATOR_EMAIL: 'ops@example.test', LOW_SUPPLY_DAYS: '7' }
    const first = app(env).app
    // One claimed, three left: three days of supply at the last day's rate.
    expect((await ask(first, { model: 'advanced' })).body.has_license).toBe(true)
    expect((await ask(first, { model: 'advanced' })).body.has_license).toBe(true)
    // Another instance notices the same episode and stays quiet.
    expect((await ask(app(env).app, { model: 'advanced' })).body.has_license).toBe(true)
    const alerts = (await listMail(database().db)).filter((m) => m.kind === 'low-supply')
    expect(alerts.map((m) => [m.to, m.payload])).toEqual([
      [
        'ops@example.test',
        { model: 'advanced', available: 3, claimedLastDay: 1, daysOfSupply: 3, thresholdDays: 7 },
      ],
    ])
    const rendered = renderOutboxMail(
      'low-supply',
      alerts[0]!.payload,
      DEFAULT_SETTINGS,
      'https://x.test',
    )
    expect(rendered.subject).toMatch(/Advanced trial keys running low/)
    // Keys imported: supply recovers and the episode ends; a later drop alerts again.
    await insertLicenses(
      database().db,
      'advanced',
      Array.from({ length: 100 }, (_, i) => `MORE-${i}`),
      'more',
    )
    expect((await ask(app(env).app, { model: 'advanced' })).body.has_license).toBe(true)
    expect(
      await count(sql`select count(*)::int as n from supply_alert_episodes where ended_at is null`),
    ).toBe(0)
  })

  it('limits one IPv6 /48 however many /64s it spreads over', async () => {
    await insertLicenses(
      database().db,
      'basic',
      Array.from({ length: 10 }, (_, i) => `V6-${i}`),
      'v6',
    )
    const { app: a } = app({ TRUST_PROXY: '1', RATE_LIMIT_IPV6_48: '3/1h' })
    const from = (ip: string) => ask(a, { model: 'basic' }, { 'X-Forwarded-For': ip })
    const statuses = []
    for (let net = 1; net <= 5; net++) statuses.push((await from(`2001:db8:7:${net}::1`)).status)
    expect(statuses).toEqual([201, 201, 201, 429, 429])
    // Another /48 is another site; IPv4 clients count no /48.
    expect((await from('2001:db8:8:1::1')).status).toBe(201)
    for (let host = 1; host <= 4; host++) expect((await from(`192.0.2.${host}`)).status).toBe(201)
    expect(await available('basic')).toBe(2)
  })

  it('asks a burst from one company domain to confirm by e-mail, and leaves webmail domains alone', async () => {
    await insertLicenses(
      database().db,
      'basic',
      Array.from({ length: 10 }, (_, i) => `DOM-${i}`),
      'dom',
    )
    const { app: a } = app({ RATE_LIMIT_DOMAIN: '2/1h' })
    const company = []
    for (let i = 1; i <= 4; i++)
      company.push(await ask(a, { email: `person${i}@acme-fund.test`, model: 'basic' }))
    expect(company.map((x) => x.status)).toEqual([201, 201, 201, 201])
    expect(company.map((x) => x.body.has_license)).toEqual([true, true, false, false])
    expect(company.slice(2).map((x) => x.body.confirmation_required)).toEqual([true, true])
    expect(
      (await listMail(database().db))
        .filter((m) => m.kind === 'confirm')
        .map((m) => m.to)
        .sort(),
    ).toEqual(['person3@acme-fund.test', 'person4@acme-fund.test'])
    // The colleague who confirms gets the key.
    expect((await confirmByButton(a, 'person3@acme-fund.test')).status).toBe(303)
    expect(await available('basic')).toBe(7)
    // Webmail providers: many unrelated people; no domain limit.
    for (let i = 1; i <= 4; i++)
      expect((await ask(a, { email: `p${i}@outlook.com`, model: 'basic' })).body.has_license).toBe(
        true,
      )
    expect(await available('basic')).toBe(3)
  })

  it("counts Yahoo's -subaddress as the same person: the same key again, no second one", async () => {
    await insertLicenses(database().db, 'basic', ['Y-1', 'Y-2'], 'yahoo')
    const { app: a } = app()
    expect((await ask(a, { email: 'alice@yahoo.com', model: 'basic' })).body.has_license).toBe(true)
    expect((await ask(a, { email: 'alice-x@yahoo.com', model: 'basic' })).body.has_license).toBe(
      true,
    )
    expect(await available('basic')).toBe(1)
    const keys = (await listMail(database().db)).filter((m) => m.kind === 'trial')
    expect(keys.map((m) => [m.to, m.payload.activationKey])).toEqual([
      ['alice@yahoo.com', 'Y-1'],
      ['alice@yahoo.com', 'Y-1'],
    ])
  })

  it('answers a key resend before any key is looked up; the outbox worker queues and sends the key', async () => {
    await insertLicenses(database().db, 'advanced', ['RS-1'], 'resend')
    const { app: a } = app()
    expect((await ask(a, { email: 'holder@example.com', model: 'advanced' })).status).toBe(201)
    const before = (await listMail(database().db)).length
    for (const email of ['Holder+lost@example.com', 'stranger@example.com']) {
      const res = await postJson(a, api.keyResend, { email })
      expect(res.status).toBe(202)
    }
    // Answered: each request is stored, and nothing was looked up or queued yet.
    const waiting = await queryRows<{ email_canonical: string; models: string[] }>(
      database().db,
      sql`select email_canonical, models from key_resend_requests order by id`,
    )
    expect(waiting.map((r) => [r.email_canonical, [...r.models].sort()])).toEqual([
      ['holder@example.com', ['advanced', 'basic']],
      ['stranger@example.com', ['advanced', 'basic']],
    ])
    expect(await listMail(database().db)).toHaveLength(before)

    // The worker's pass: the key holder's e-mail is queued and sent, the stranger's request ends.
    const dataDir = await mkdtemp(join(tmpdir(), 'resend-'))
    try {
      await runOutboxPass({
        db: database().db,
        transport: createMailTransport({ smtpUrl: null, dataDir }),
        identity: mailIdentity({ mailFrom: '', publicUrl: 'https://t.test' }, DEFAULT_SETTINGS),
        settings: DEFAULT_SETTINGS,
        logger: memoryLogger().logger,
      })
      expect(await count(sql`select count(*)::int as n from key_resend_requests`)).toBe(0)
      const resent = (await listMail(database().db)).filter((m) => m.payload.resend === true)
      expect(resent.map((m) => [m.to, m.payload.activationKey, m.status])).toEqual([
        ['holder@example.com', 'RS-1', 'sent'],
      ])
      const files = await readdir(mailDirectory(dataDir))
      expect(files).toHaveLength(2)
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
