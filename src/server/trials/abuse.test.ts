/**
 * Trust under abuse (docs/product.md), through the app as a client sees it (addresses do not matter
 * here; client-address.socket.test.ts covers them over real sockets): canonical e-mail limits,
 * disposable domains, answers that reveal nothing, no token takeover, names that carry no URL,
 * the claim breaker end to end, the waitlist limit, no-store, deletion everywhere and logs
 * without personal data. The key resend and the confirmation link have their handlers' files
 * (http/key-resend.test.ts, http/trial-confirmations.test.ts).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { api } from '#src/common/paths.ts'
import { DEFAULT_SETTINGS } from '#src/common/site/settings.ts'
import { executeConsoleCommand } from '../console/console-commands.ts'
import { queryRows } from '../db/client.ts'
import { insertLicenses } from '../licenses/license-repository.ts'
import { listMail } from '../mail/outbox-repository.ts'
import { mailIdentity } from '../mail/mail-identity.ts'
import { startOutboxWorker } from '../mail/outbox-worker.ts'
import { renderOutboxMail } from '../mail/templates.ts'
import { createMailTransport, mailDirectory } from '../mail/transport.ts'
import { createTestApp, postJson, trialRequest } from '#tests/support/test-app.ts'
import {
  createTestDatabase,
  resetTables,
  TEST_DB_KINDS,
  type TestDatabase,
} from '#tests/support/test-database.ts'

const SUBMIT = api.trialSubmissions
type Answer = Record<string, unknown>

describe.each(TEST_DB_KINDS)('trust under abuse on %s', (kind) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(kind)
  })
  afterAll(async () => {
    await database?.close()
  })
  beforeEach(async () => {
    await resetTables(database)
    await database.db.execute(sql`truncate claim_breaker_episodes`)
  })

  const count = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ n: number }>(database.db, query))[0]!.n
  const available = (model: string) =>
    count(
      sql`select count(*)::int as n from licenses where model = ${model} and status = 'available'`,
    )
  const app = (env: Record<string, string> = {}) =>
    createTestApp(database, { env: { RATE_LIMIT_IP: '100000/1h', ...env } })

  it('ends a plus-address drain in 429 after the per-address limit, with one key out', async () => {
    await insertLicenses(
      database.db,
      'basic',
      Array.from({ length: 30 }, (_, i) => `PLUS-${i}`),
      'plus',
    )
    const { app: a } = app({ RATE_LIMIT_EMAIL: '3/24h' })
    const statuses: number[] = []
    for (let i = 1; i <= 20; i++) {
      const res = await postJson(
        a,
        SUBMIT,
        trialRequest({ email: `plus+${i}@example.com`, model: 'basic' }),
      )
      statuses.push(res.status)
    }
    expect(statuses.slice(0, 3)).toEqual([201, 201, 201])
    expect(statuses.slice(3).every((s) => s === 429)).toBe(true)
    // plus+2 and plus+3 are plus@example.com again: the same key went again, no second one.
    expect(await available('basic')).toBe(29)
  })

  it('lets a burst from one address past its limit exactly, and stores nothing for the refused', async () => {
    await insertLicenses(
      database.db,
      'basic',
      Array.from({ length: 30 }, (_, i) => `BURST-${i}`),
      'burst',
    )
    const { app: a } = app({ RATE_LIMIT_IP: '5/1h' })
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postJson(a, SUBMIT, trialRequest({ email: `burst${i}@example.com`, model: 'basic' })),
      ),
    )
    const statuses = answers.map((res) => res.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(5)
    expect(statuses.filter((s) => s === 429)).toHaveLength(15)
    const refused = answers.find((res) => res.status === 429)!
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await count(sql`select count(*)::int as n from trial_submissions`)).toBe(5)
    expect(await available('basic')).toBe(25)
    expect(await listMail(database.db)).toHaveLength(5)
    // Every attempt counted, the refused ones too.
    expect(
      await count(sql`select max(hits)::int as n from rate_limit_counters where key like 'ip:%'`),
    ).toBe(20)
  })

  it('counts gmail dots and googlemail.com as one address', async () => {
    await insertLicenses(database.db, 'basic', ['G-1', 'G-2', 'G-3', 'G-4'], 'gmail')
    const { app: a } = app({ RATE_LIMIT_EMAIL: '3/24h' })
    const forms = [
      'ann.lee@gmail.com',
      'annlee@googlemail.com',
      'A.N.N.L.E.E+trial@Gmail.com',
      'a.nnlee@gmail.com',
    ]
    const statuses = []
    for (const email of forms)
      statuses.push((await postJson(a, SUBMIT, trialRequest({ email, model: 'basic' }))).status)
    expect(statuses).toEqual([201, 201, 201, 429])
    expect(await available('basic')).toBe(3)
    const mail = await listMail(database.db)
    expect(mail.map((m) => m.payload.activationKey)).toEqual(['G-1', 'G-1', 'G-1'])
    // The key goes to the mailbox it was first sent to.
    expect(new Set(mail.map((m) => m.to))).toEqual(new Set(['ann.lee@gmail.com']))
  })

  it('refuses a disposable domain with 400 naming email', async () => {
    await insertLicenses(database.db, 'basic', ['D-1'], 'disposable')
    const { app: a } = app()
    for (const email of ['someone@mailinator.com', 'x@inbox.guerrillamail.com']) {
      const res = await postJson(a, SUBMIT, trialRequest({ email, model: 'basic' }))
      expect(res.status, email).toBe(400)
      const body = (await res.json()) as {
        errorCode: string
        details: string[]
        fields: Record<string, string>
      }
      expect(body.errorCode).toBe('VALIDATION_ERROR')
      expect(body.details.join(' ')).toMatch(/^email: .*disposable/)
      expect(Object.keys(body.fields)).toEqual(['email'])
    }
    expect(await available('basic')).toBe(1)
  })

  it('tells a likely misspelt webmail domain the correction, never "disposable", and lets a company domain through', async () => {
    await insertLicenses(database.db, 'basic', ['M-1', 'M-2', 'M-3'], 'misspelt')
    const { app: a } = app()
    for (const [email, meant] of [
      ['robert@gmial.com', 'robert@gmail.com'],
      ['ann@hotmial.com', 'ann@hotmail.com'],
      ['lee@gmail.co', 'lee@gmail.com'],
    ]) {
      const res = await postJson(a, SUBMIT, trialRequest({ email, model: 'basic' }))
      expect(res.status, email).toBe(400)
      const body = (await res.json()) as {
        errorCode: string
        details: string[]
        fields: Record<string, string>
      }
      expect(body.errorCode).toBe('VALIDATION_ERROR')
      expect(body.fields).toEqual({ email: `Did you mean ${meant}?` })
      expect(body.details.join(' ')).not.toMatch(/disposable/)
    }
    // Near a provider's domain but someone's own: the library takes acme.com for me.com.
    for (const email of ['cfo@acme.com', 'ir@ge.com', 'pm@ms.com']) {
      const res = await postJson(a, SUBMIT, trialRequest({ email, model: 'basic' }))
      expect(res.status, email).toBe(201)
    }
    expect(await available('basic')).toBe(0)
  })

  it('lets nobody take over a submission by typing its address', async () => {
    await insertLicenses(database.db, 'advanced', ['T-1', 'T-2'], 'takeover')
    const { app: a } = app()
    const owner = (await (
      await postJson(
        a,
        SUBMIT,
        trialRequest({ email: 'owner@example.com', first_name: 'Olivia', last_name: 'Owner' }),
      )
    ).json()) as Answer
    const strangerRes = await postJson(
      a,
      SUBMIT,
      trialRequest({ email: 'Owner+x@example.com', first_name: 'Mallory', last_name: 'Evil' }),
    )
    expect(strangerRes.status).toBe(201)
    const stranger = (await strangerRes.json()) as Answer
    expect(stranger.submission_id).not.toBe(owner.submission_id)
    expect(stranger.waitlist_token).not.toBe(owner.waitlist_token)
    expect(Object.keys(stranger).sort()).toEqual(Object.keys(owner).sort())

    const patch = (id: unknown, token: unknown) =>
      a.request(api.waitlist(String(id)), {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${String(token)}` },
        body: JSON.stringify({ waitlist: true }),
      })
    // The owner's link still works; the stranger's token opens nothing of the owner's.
    expect((await patch(owner.submission_id, owner.waitlist_token)).status).toBe(200)
    expect((await patch(owner.submission_id, stranger.waitlist_token)).status).toBe(404)
    expect((await patch(stranger.submission_id, stranger.waitlist_token)).status).toBe(200)

    // The key went again to the owner only, greeting the owner, not the stranger's text.
    const mail = await listMail(database.db)
    expect(mail.map((m) => [m.to, m.payload.activationKey, m.payload.firstName])).toEqual([
      ['owner@example.com', 'T-1', 'Olivia'],
      ['owner@example.com', 'T-1', 'Olivia'],
    ])
    expect(await available('advanced')).toBe(1)
  })

  it('with an empty pool, answers a new and a repeat address alike', async () => {
    await insertLicenses(database.db, 'basic', ['E-1'], 'empty')
    const { app: a } = app()
    const first = await postJson(
      a,
      SUBMIT,
      trialRequest({ email: 'had@example.com', model: 'basic' }),
    )
    expect(((await first.json()) as Answer).has_license).toBe(true)
    expect(await available('basic')).toBe(0)

    const fresh = await postJson(
      a,
      SUBMIT,
      trialRequest({ email: 'new@example.com', model: 'basic' }),
    )
    const repeat = await postJson(
      a,
      SUBMIT,
      trialRequest({ email: 'had@example.com', model: 'basic' }),
    )
    expect(repeat.status).toBe(fresh.status)
    const f = (await fresh.json()) as Answer
    const r = (await repeat.json()) as Answer
    const shape = (x: Answer) =>
      Object.fromEntries(
        Object.entries(x).map(([k, v]) => [k, typeof v === 'string' ? typeof v : v]),
      )
    expect(shape(r)).toEqual(shape(f))
    expect(f).toMatchObject({ has_license: false, waitlist_eligible: true })
    expect(String(r.waitlist_token).length).toBe(String(f.waitlist_token).length)
    // Both may join the waitlist with what they were given.
    for (const x of [f, r]) {
      const res = await a.request(api.waitlist(String(x.submission_id)), {
        method: 'PATCH',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${String(x.waitlist_token)}`,
        },
        body: JSON.stringify({ waitlist: true }),
      })
      expect(res.status).toBe(200)
    }
    // The repeat's key went again by e-mail.
    const mail = await listMail(database.db)
    expect(mail.filter((m) => m.to === 'had@example.com')).toHaveLength(2)
  })

  it('refuses names that carry URLs, addresses or markup, and takes real names', async () => {
    await insertLicenses(
      database.db,
      'basic',
      Array.from({ length: 10 }, (_, i) => `N-${i}`),
      'names',
    )
    const { app: a } = app({ RATE_LIMIT_EMAIL: '100/1h' })
    const refused = [
      'Your account is locked, verify at https://evil.test',
      'visit evil.com',
      'www.evil.example',
      'spy@attacker.test',
      '<b>Ann</b>',
      'Ann & Co',
      'Ann (admin)',
      'Ann/Lee',
    ]
    for (const name of refused) {
      const res = await postJson(a, SUBMIT, trialRequest({ first_name: name, model: 'basic' }))
      expect(res.status, name).toBe(400)
      expect(((await res.json()) as { details: string[] }).details.join(' '), name).toMatch(
        /First name may contain only letters/,
      )
    }
    const accepted = ['José-María O’Neil', 'J.R.R.', 'Zoë', '李 小龍', 'Nguyễn Thị', "D'Arcy"]
    for (const name of accepted) {
      const res = await postJson(
        a,
        SUBMIT,
        trialRequest({ first_name: name, last_name: name, model: 'basic' }),
      )
      expect(res.status, name).toBe(201)
    }
  })

  it('limits waitlist changes per client address', async () => {
    const { app: a } = app({ RATE_LIMIT_IP: '3/1h', RATE_LIMIT_EMAIL: '100/1h' })
    const statuses = []
    for (let i = 0; i < 5; i++) {
      const res = await a.request(api.waitlist('6f1f7a4e-0000-4000-8000-000000000001'), {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer guess${i}` },
        body: JSON.stringify({ waitlist: true }),
      })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([404, 404, 404, 429, 429])
  })

  it('marks every /api answer no-store and cross-origin-resource same-site', async () => {
    await insertLicenses(database.db, 'basic', ['C-1'], 'cache')
    const { app: a } = app({ RATE_LIMIT_IP: '1/1h' })
    const answers = [
      await postJson(a, SUBMIT, trialRequest({ model: 'basic' })),
      await postJson(a, SUBMIT, { first_name: '' }),
      await postJson(a, SUBMIT, trialRequest()),
      await a.request(api.licenseCounts),
      await a.request('/api/nothing-here'),
      await a.request(SUBMIT, { method: 'GET' }),
      await a.request(api.trialConfirmation('x'.repeat(43))),
      await a.request(api.waitlist('nope'), { method: 'PATCH' }),
    ]
    // A confirmation link's page is shown for any well-formed token: only its button spends one.
    expect(answers.map((r) => r.status)).toEqual([201, 400, 429, 200, 404, 405, 200, 404])
    for (const res of answers) {
      expect(res.headers.get('cache-control'), String(res.status)).toBe('no-store')
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-site')
    }
  })

  it('trips the claim breaker: confirmation by e-mail, the key after the link, the operator told once', async () => {
    await insertLicenses(database.db, 'advanced', ['B-1', 'B-2', 'B-3', 'B-4'], 'breaker')
    const { app: a, logLines } = app({
      CLAIM_BREAKER: '2/1h',
      OPERATOR_EMAIL: 'ops@example.test',
      RATE_LIMIT_EMAIL: '100/1h',
    })
    const ask = async (email: string, model = 'advanced') => {
      const res = await postJson(a, SUBMIT, trialRequest({ email, model }))
      expect(res.status).toBe(201)
      return (await res.json()) as Answer
    }
    expect((await ask('one@example.com')).has_license).toBe(true)
    expect((await ask('two@example.com')).has_license).toBe(true)
    const third = await ask('three@example.com')
    expect(Object.keys(third).sort()).toEqual(
      [
        'submission_id',
        'has_license',
        'waitlist_eligible',
        'confirmation_required',
        'waitlist_token',
      ].sort(),
    )
    expect(third).toMatchObject({
      has_license: false,
      waitlist_eligible: false,
      confirmation_required: true,
    })
    const fourth = await ask('four@example.com')
    expect(fourth.confirmation_required).toBe(true)
    // A repeat past the breaker is answered the same way.
    expect((await ask('one@example.com')).confirmation_required).toBe(true)
    // Another model is not affected.
    await insertLicenses(database.db, 'basic', ['OTHER-1'], 'breaker')
    expect((await ask('five@example.com', 'basic')).has_license).toBe(true)
    expect(await available('advanced')).toBe(2)

    let mail = await listMail(database.db)
    expect(mail.filter((m) => m.kind === 'breaker').map((m) => m.to)).toEqual(['ops@example.test'])
    const confirm = mail.find((m) => m.kind === 'confirm' && m.to === 'three@example.com')!
    const rendered = renderOutboxMail(
      confirm.kind,
      confirm.payload,
      DEFAULT_SETTINGS,
      'https://trial.example.test',
    )
    const link = /https:\/\/trial\.example\.test(\/api\/trial-confirmations\?token=[\w-]+)/.exec(
      rendered.text,
    )![1]!
    expect(rendered.html).toContain(link.replace('?', '?'))

    // Opening the link spends nothing; its one button posts the token.
    const shown = await (await a.request(link)).text()
    expect(shown).toMatch(
      /<form (?=[^>]*method="post")(?=[^>]*action="\/api\/trial-confirmations")[^>]*>/,
    )
    expect(await available('advanced')).toBe(2)
    expect((await listMail(database.db)).filter((m) => m.to === 'three@example.com')).toHaveLength(
      1,
    )
    const confirmByButton = (token: string) =>
      a.request(api.trialConfirmations, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `token=${token}`,
      })
    const linkToken = new URL(link, 'https://x.test').searchParams.get('token')!
    expect(shown).toContain(`name="token" value="${linkToken}"`)
    const followed = await confirmByButton(linkToken)
    expect(followed.status).toBe(303)
    expect(followed.headers.get('location')).toBe('/thank-you?model=advanced')
    // Pressing it again claims nothing more.
    expect((await confirmByButton(linkToken)).status).toBe(303)
    mail = await listMail(database.db)
    const keys = mail.filter((m) => m.kind === 'trial' && m.to === 'three@example.com')
    expect(keys).toHaveLength(1)
    expect(keys[0]!.payload.activationKey).toBe('B-3')
    expect(await available('advanced')).toBe(1)

    // The operator sees the state.
    const stats = await executeConsoleCommand(
      {
        db: database.db,
        messageIdDomain: 'test',
        claimBreaker: [{ count: 2, windowMs: 3_600_000 }],
      },
      { name: 'licenses stats' },
    )
    expect(stats.stdout).toMatch(/Claim breaker \(CLAIM_BREAKER=2\/1h\)/)
    expect(stats.stdout).toMatch(/Advanced\s+3 of 2\s+TRIPPED since/)
    expect(stats.stdout).toMatch(/Basic\s+1 of 2\s+closed/)

    // With the pool empty by then, the link offers the waitlist instead.
    await database.db.execute(
      sql`update licenses set status = 'revoked' where status = 'available'`,
    )
    const fourthMail = mail.find((m) => m.kind === 'confirm' && m.to === 'four@example.com')!
    const token = String(fourthMail.payload.token)
    const offer = await confirmByButton(token)
    expect(offer.status).toBe(200)
    expect(await offer.text()).toMatch(/Join the waitlist/)
    const joined = await a.request(`${api.trialConfirmations}/waitlist`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `token=${token}`,
    })
    expect(joined.status).toBe(200)
    expect(
      await count(
        sql`select count(*)::int as n from trial_submissions where email = 'four@example.com' and waitlist`,
      ),
    ).toBe(1)
    // Joining is confirmed by e-mail, once however often the form is sent.
    await a.request(`${api.trialConfirmations}/waitlist`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `token=${token}`,
    })
    expect(
      (await listMail(database.db))
        .filter((m) => m.kind === 'waitlist-joined')
        .map((m) => [m.to, m.payload.model, m.payload.otherModel]),
    ).toEqual([['four@example.com', 'advanced', null]])

    // Still one alert for the episode after all of that.
    await ask('six@example.com')
    mail = await listMail(database.db)
    expect(mail.filter((m) => m.kind === 'breaker')).toHaveLength(1)

    // Nothing personal in the log of all this (docs/product.md, "Trust under abuse").
    const logged = JSON.stringify(logLines)
    expect(logged).toContain('claim breaker tripped')
    for (const secret of [
      '@example.com',
      'ops@example.test',
      'B-1',
      'B-3',
      token,
      String(third.waitlist_token),
    ])
      expect(logged, secret).not.toContain(secret)
  })

  it('deletes a person everywhere: rows, outbox, .eml files and limit counters', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pacepoint-delete-'))
    try {
      await insertLicenses(database.db, 'basic', ['DEL-1', 'DEL-2'], 'delete')
      const { app: a } = app()
      const transport = createMailTransport({ smtpUrl: null, dataDir })
      const worker = startOutboxWorker({
        db: database.db,
        transport,
        identity: mailIdentity({ mailFrom: '', publicUrl: 'https://t.test' }, DEFAULT_SETTINGS),
        settings: DEFAULT_SETTINGS,
        logger: createTestApp(database).logger,
        pollMs: 60_000,
      })
      await postJson(a, SUBMIT, trialRequest({ email: 'Gone.Person@example.com', model: 'basic' }))
      await postJson(a, api.keyResend, { email: 'gone.person+again@example.com' })
      await postJson(a, SUBMIT, trialRequest({ email: 'stays@example.com', model: 'basic' }))
      await worker.drain()
      await worker.stop()
      const files = async () => {
        const dir = mailDirectory(dataDir)
        const names = await readdir(dir)
        return Promise.all(
          names.map(async (n) => (await readFile(join(dir, n), 'utf8')).toLowerCase()),
        )
      }
      expect((await files()).filter((t) => t.includes('gone.person@example.com'))).toHaveLength(2)

      const result = await executeConsoleCommand(
        { db: database.db, messageIdDomain: 'test', mailDir: mailDirectory(dataDir) },
        { name: 'leads delete', email: 'gone.person@example.com' },
      )
      expect(result.stdout).toMatch(
        /Deleted 1 trial request and 2 e-mails .*\(2 e-mail files, [1-9]\d* limit counters?\)/,
      )

      const left = await files()
      expect(left).toHaveLength(1)
      expect(left.some((t) => t.includes('gone.person'))).toBe(false)
      expect(left[0]).toContain('stays@example.com')
      for (const table of ['trial_submissions', 'mail_outbox']) {
        const rows = await queryRows<Record<string, unknown>>(
          database.db,
          sql.raw(`select * from ${table}`),
        )
        expect(JSON.stringify(rows).toLowerCase(), table).not.toContain('gone.person')
      }
      // The address's counters are gone: it may ask again at once.
      const again = await postJson(
        a,
        SUBMIT,
        trialRequest({ email: 'gone.person@example.com', model: 'basic' }),
      )
      expect(again.status).toBe(201)
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
