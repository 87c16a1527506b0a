/**
 * The operator console's API (docs/product.md, "Operator console") in-process on each test
 * database: one-time sign-in links, the session cookie, 401 without a session and 403 without the
 * CSRF header on every route, the sign-in rate limit, and an audit entry for every action.
 */
import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Hono } from 'hono'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CSRF_HEADER, type KeysSummary } from '#src/common/console-api.ts'
import { consoleApi } from '#src/common/paths.ts'
import { DEFAULT_SETTINGS } from '#src/common/site/settings.ts'
import { executeConsoleCommand } from './console-commands.ts'
import { queryRows } from '../db/client.ts'
import { insertLicenses } from '../licenses/license-repository.ts'
import { listMail, markMailFailed } from '../mail/outbox-repository.ts'
import { enqueueMail } from '../mail/mail-queue.ts'
import { insertSubmission } from '../trials/submission-repository.ts'
import { renderOutboxMail } from '../mail/templates.ts'
import { createTestApp, postJson } from '#tests/support/test-app.ts'
import {
  createTestDatabase,
  resetTables,
  TEST_DB_KINDS,
  type TestDatabase,
} from '#tests/support/test-database.ts'

const OPERATOR = 'ops@example.com'

interface SignedIn {
  cookie: string
  csrf: string
}

describe.each(TEST_DB_KINDS)('operator console API on %s', (kind) => {
  let database: TestDatabase
  let app: Hono
  /** Resolves once the app's work after its answers (a sign-in link) is done. */
  let settled: () => Promise<void>

  const addOperator = (email: string) =>
    executeConsoleCommand(
      { db: database.db, messageIdDomain: 'example.test' },
      {
        name: 'operators add',
        email,
      },
    )

  /** The token of the newest sign-in e-mail to this address, as the operator would click it. */
  async function mailedToken(email: string): Promise<string | null> {
    await settled()
    const mail = (await listMail(database.db)).filter(
      (m) => m.kind === 'operator-sign-in' && m.to === email,
    )
    const last = mail.at(-1)
    if (!last) return null
    const rendered = renderOutboxMail(last.kind, last.payload, DEFAULT_SETTINGS, 'https://x.test')
    return /\/admin\/sign-in\?token=([\w-]+)/.exec(rendered.text)?.[1] ?? null
  }

  async function verify(token: string, target = app) {
    return postJson(target, consoleApi.signInVerify, { token })
  }

  async function signIn(email = OPERATOR, target = app): Promise<SignedIn> {
    expect((await postJson(target, consoleApi.signIn, { email })).status).toBe(202)
    const token = await mailedToken(email)
    const res = await verify(token!, target)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { csrfToken: string; email: string }
    expect(body.email).toBe(email)
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!
    return { cookie, csrf: body.csrfToken }
  }

  const get = (path: string, s?: SignedIn) =>
    app.request(path, { headers: s ? { Cookie: s.cookie } : {} })
  const post = (path: string, body: unknown, s?: SignedIn, csrf = true) =>
    postJson(app, path, body, {
      ...(s ? { Cookie: s.cookie } : {}),
      ...(s && csrf ? { [CSRF_HEADER]: s.csrf } : {}),
    })

  const audit = () =>
    queryRows<{ actor: string; action: string; detail: Record<string, unknown> }>(
      database.db,
      sql`select actor, action, detail from audit_log order by id`,
    )

  /** Every route of the console API that needs a session (all but the two sign-in routes). */
  function sessionRoutes(): { method: string; path: string }[] {
    const seen = new Set<string>()
    return app.routes
      .filter(
        (r) =>
          r.path.startsWith(consoleApi.root + '/') &&
          !r.path.endsWith('*') &&
          r.method !== 'ALL' &&
          r.path !== consoleApi.signIn &&
          r.path !== consoleApi.signInVerify,
      )
      .filter((r) => !seen.has(`${r.method} ${r.path}`) && !!seen.add(`${r.method} ${r.path}`))
      .map(({ method, path }) => ({ method, path }))
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    ;({ app, settled } = createTestApp(database))
  })
  afterAll(async () => {
    await database.close()
  })
  beforeEach(async () => {
    await resetTables(database)
    await addOperator(OPERATOR)
    await database.db.execute(sql`truncate audit_log`)
  })

  it('answers 202 to any address and e-mails a link only to a listed operator', async () => {
    const listed = await postJson(app, consoleApi.signIn, { email: ' Ops@Example.com ' })
    const stranger = await postJson(app, consoleApi.signIn, { email: 'nobody@example.com' })
    expect(listed.status).toBe(202)
    expect(stranger.status).toBe(202)
    expect(await listed.json()).toEqual(await stranger.json())
    await settled()
    const mail = await listMail(database.db)
    expect(mail.map((m) => [m.kind, m.to])).toEqual([['operator-sign-in', OPERATOR]])
    const rendered = renderOutboxMail(
      mail[0]!.kind,
      mail[0]!.payload,
      DEFAULT_SETTINGS,
      'https://trial.example.test',
    )
    expect(rendered.text).toMatch(
      /https:\/\/trial\.example\.test\/admin\/sign-in\?token=[\w-]{43}\n/,
    )
    expect(rendered.text).toContain('15 minutes')
    // Only the token's hash is kept with the operator's links.
    const token = (await mailedToken(OPERATOR))!
    const rows = await queryRows<{ token_hash: string; minutes: number }>(
      database.db,
      sql`select token_hash, extract(epoch from expires_at - created_at) / 60 as minutes from operator_sign_in_tokens`,
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(Math.round(Number(rows[0]!.minutes))).toBe(15)
  })

  it('a sign-in link works once', async () => {
    await postJson(app, consoleApi.signIn, { email: OPERATOR })
    const token = (await mailedToken(OPERATOR))!
    expect((await verify(token)).status).toBe(200)
    const again = await verify(token)
    expect(again.status).toBe(401)
    expect(await again.json()).toMatchObject({ errorCode: 'INVALID_SIGN_IN_LINK' })
    expect(again.headers.get('set-cookie')).toBeNull()
  })

  it('a sign-in link expires after 15 minutes', async () => {
    await postJson(app, consoleApi.signIn, { email: OPERATOR })
    const token = (await mailedToken(OPERATOR))!
    await database.db.execute(
      sql`update operator_sign_in_tokens set expires_at = now() - interval '1 second'`,
    )
    const res = await verify(token)
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ errorCode: 'INVALID_SIGN_IN_LINK' })
  })

  it('refuses a wrong, malformed or missing token the same way', async () => {
    await postJson(app, consoleApi.signIn, { email: OPERATOR })
    const real = (await mailedToken(OPERATOR))!
    const wrong = real.slice(0, -1) + (real.endsWith('A') ? 'B' : 'A')
    for (const token of [wrong, 'short', 'x'.repeat(43), '../../etc']) {
      const res = await verify(token)
      expect(res.status).toBe(401)
      expect(await res.json()).toMatchObject({ errorCode: 'INVALID_SIGN_IN_LINK' })
    }
    expect((await postJson(app, consoleApi.signInVerify, {})).status).toBe(400)
    // The real link still works: failed guesses do not burn it.
    expect((await verify(real)).status).toBe(200)
  })

  it('sets an HttpOnly, SameSite=Strict, Secure __Host- cookie over https, stored hashed', async () => {
    await postJson(app, consoleApi.signIn, { email: OPERATOR })
    const res = await verify((await mailedToken(OPERATOR))!)
    const header = res.headers.get('set-cookie')!
    expect(header).toMatch(/^__Host-pp_console=[\w-]{43}; /)
    const attributes = header.split(';').map((a) => a.trim().toLowerCase())
    expect(attributes).toEqual(
      expect.arrayContaining(['path=/', 'httponly', 'secure', 'samesite=strict']),
    )
    expect(header).not.toMatch(/domain=/i)
    const id = /=([\w-]+)/.exec(header)![1]!
    const rows = await queryRows<{ id_hash: string; hours: number }>(
      database.db,
      sql`select id_hash, extract(epoch from expires_at - last_seen_at) / 3600 as hours from operator_sessions`,
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]!.id_hash).toBe(createHash('sha256').update(id).digest('hex'))
    expect(rows[0]!.id_hash).not.toContain(id)
    expect(Math.round(Number(rows[0]!.hours))).toBe(12)
  })

  it('over plain http the cookie has no Secure flag and no __Host- prefix', async () => {
    const { app: plain, settled: plainSettled } = createTestApp(database, {
      env: { PUBLIC_URL: 'http://127.0.0.1:3000' },
    })
    await postJson(plain, consoleApi.signIn, { email: OPERATOR })
    await plainSettled()
    const res = await verify((await mailedToken(OPERATOR))!, plain)
    const header = res.headers.get('set-cookie')!
    expect(header).toMatch(/^pp_console=[\w-]{43}; /)
    expect(header).toMatch(/HttpOnly/)
    expect(header).toMatch(/SameSite=Strict/)
    expect(header).not.toMatch(/Secure/)
    const cookie = header.split(';')[0]!
    expect((await plain.request(consoleApi.session, { headers: { Cookie: cookie } })).status).toBe(
      200,
    )
  })

  it('answers 401 JSON on every console route without a session, or with a dead one', async () => {
    const routes = sessionRoutes()
    expect(routes.length).toBeGreaterThanOrEqual(16)
    const bogus = { cookie: `__Host-pp_console=${'A'.repeat(43)}`, csrf: 'x' }
    for (const { method, path } of [
      ...routes,
      { method: 'GET', path: `${consoleApi.root}/nope` },
    ]) {
      for (const s of [undefined, bogus]) {
        const res = await app.request(path, {
          method,
          headers: s ? { Cookie: s.cookie, [CSRF_HEADER]: s.csrf } : {},
        })
        expect(res.status, `${method} ${path}`).toBe(401)
        expect(res.headers.get('content-type')).toMatch(/application\/json/)
        expect(await res.json()).toEqual({ errorCode: 'UNAUTHORIZED', error: expect.any(String) })
      }
    }
  })

  it('answers 403 on every state-changing route without the CSRF header or with a wrong one', async () => {
    const s = await signIn()
    const changing = sessionRoutes().filter((r) => r.method !== 'GET')
    expect(changing.map((r) => r.path).sort()).toEqual(
      [
        consoleApi.signOut,
        consoleApi.leadsDelete,
        consoleApi.keysImport,
        consoleApi.keysRevoke,
        consoleApi.waitlistNotify,
        consoleApi.mailRetry,
        consoleApi.ordersResend,
        consoleApi.ordersReprocess,
        consoleApi.ordersAdd,
      ].sort(),
    )
    for (const { method, path } of changing) {
      for (const csrf of [undefined, 'wrong', `${s.csrf}x`]) {
        const res = await app.request(path, {
          method,
          headers: {
            Cookie: s.cookie,
            'Content-Type': 'application/json',
            ...(csrf ? { [CSRF_HEADER]: csrf } : {}),
          },
          body: '{}',
        })
        expect(res.status, `${method} ${path} with ${csrf}`).toBe(403)
        expect(await res.json()).toMatchObject({ errorCode: 'CSRF_TOKEN_INVALID' })
      }
    }
    // Nothing happened: the session still works, and nothing was audited but the sign-in.
    expect((await get(consoleApi.session, s)).status).toBe(200)
    expect((await audit()).map((a) => a.action)).toEqual(['sign-in'])
  })

  it('ends the session on sign-out, after 12 idle hours, and when the operator is removed', async () => {
    const a = await signIn()
    const out = await post(consoleApi.signOut, {}, a)
    expect(out.status).toBe(200)
    expect(out.headers.get('set-cookie')).toMatch(/__Host-pp_console=;.*Max-Age=0/i)
    expect((await get(consoleApi.overview, a)).status).toBe(401)

    const b = await signIn()
    expect((await get(consoleApi.overview, b)).status).toBe(200)
    await database.db.execute(
      sql`update operator_sessions set last_seen_at = now() - interval '13 hours', expires_at = now() - interval '1 hour'`,
    )
    expect((await get(consoleApi.overview, b)).status).toBe(401)

    const c = await signIn()
    const removed = await executeConsoleCommand(
      { db: database.db, messageIdDomain: 'example.test' },
      { name: 'operators remove', email: OPERATOR },
    )
    expect(removed.exitCode).toBe(0)
    expect((await get(consoleApi.overview, c)).status).toBe(401)
  })

  it('rate-limits sign-in requests per address and per client, listed or not', async () => {
    const { app: limited, settled: limitedSettled } = createTestApp(database, {
      signInLimits: {
        email: { count: 3, windowMs: 60_000 },
        ip: { count: 8, windowMs: 60_000 },
      },
    })
    for (const email of [OPERATOR, 'stranger@example.com']) {
      const statuses: number[] = []
      for (let i = 0; i < 4; i++)
        statuses.push((await postJson(limited, consoleApi.signIn, { email })).status)
      expect(statuses, email).toEqual([202, 202, 202, 429])
    }
    // Per client address: the eighth request from it passed, the ninth is refused.
    const res = await postJson(limited, consoleApi.signIn, { email: 'third@example.com' })
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await res.json()).toMatchObject({ errorCode: 'RATE_LIMIT_EXCEEDED' })
    // Only the three accepted requests of the operator were mailed.
    await limitedSettled()
    expect((await listMail(database.db)).length).toBe(3)
  })

  it('answers a listed operator and a stranger after the same work: her link is made after the answer', async () => {
    // Work after the answer is held here, so the test sees what each answer waited for.
    const held: (() => Promise<unknown>)[] = []
    const hold = Object.assign((work: () => Promise<unknown>) => void held.push(work), {
      settled: async () => {},
    })
    const { app: holding } = createTestApp(database, { afterAnswer: hold })
    for (const email of [OPERATOR, 'nobody@example.com'])
      expect((await postJson(holding, consoleApi.signIn, { email })).status).toBe(202)
    // Both answers went out with the same work left; nothing was made for the operator yet.
    expect(held).toHaveLength(2)
    expect(await listMail(database.db)).toEqual([])
    expect(await queryRows(database.db, sql`select 1 from operator_sign_in_tokens`)).toEqual([])
    for (const work of held) await work()
    expect((await listMail(database.db)).map((m) => [m.kind, m.to])).toEqual([
      ['operator-sign-in', OPERATOR],
    ])
  })

  it('bounds the links one address gets in a day, and her own browser can still ask for one', async () => {
    const { app: limited, settled: limitedSettled } = createTestApp(database, {
      env: { TRUST_PROXY: '1' },
      signInLimits: {
        email: { count: 100, windowMs: 60_000 },
        emailDaily: { count: 4, windowMs: 24 * 3_600_000 },
        ip: { count: 100, windowMs: 60_000 },
      },
    })
    const from = (client: string, cookie?: string) => ({
      'X-Forwarded-For': client,
      ...(cookie ? { Cookie: cookie } : {}),
    })
    // She signs in once from her browser; it keeps a mark of that.
    expect(
      (await postJson(limited, consoleApi.signIn, { email: OPERATOR }, from('198.51.100.7')))
        .status,
    ).toBe(202)
    await limitedSettled()
    const res = await postJson(
      limited,
      consoleApi.signInVerify,
      { token: await mailedToken(OPERATOR) },
      from('198.51.100.7'),
    )
    expect(res.status).toBe(200)
    const device = res.headers.getSetCookie().find((c) => c.includes('pp_console_device='))
    expect(device).toMatch(/HttpOnly/)
    expect(device).toMatch(/SameSite=Strict/)
    const mark = device!.split(';')[0]!

    // Someone asks for links to her address from ten clients: three more pass, then none that day.
    const statuses: number[] = []
    for (let i = 1; i <= 10; i++)
      statuses.push(
        (await postJson(limited, consoleApi.signIn, { email: OPERATOR }, from(`203.0.113.${i}`)))
          .status,
      )
    expect(statuses).toEqual([202, 202, 202, 429, 429, 429, 429, 429, 429, 429])
    await limitedSettled()
    expect((await listMail(database.db)).length).toBe(4)

    // Her browser still gets a link; a mark made for another address does not help.
    const mine = await postJson(
      limited,
      consoleApi.signIn,
      { email: OPERATOR },
      from('198.51.100.7', mark),
    )
    expect(mine.status).toBe(202)
    await limitedSettled()
    expect((await listMail(database.db)).length).toBe(5)
    const forged = `__Host-pp_console_device=${'A'.repeat(43)}`
    expect(
      (await postJson(limited, consoleApi.signIn, { email: OPERATOR }, from('192.0.2.1', forged)))
        .status,
    ).toBe(429)
  })

  it('writes every operator action to the audit log, by the operator, with the CLI’s own words', async () => {
    const s = await signIn()
    await insertLicenses(database.db, 'basic', ['OLD-1'], 'earlier')
    const waiting = await insertSubmission(database.db, {
      firstName: 'Wait',
      lastName: 'Er',
      email: 'waiter@example.com',
      model: 'basic',
      source: 'test',
      waitlist: true,
      waitlistTokenHash: 'x',
    })
    expect(waiting.id).toBeTruthy()

    const form = new FormData()
    form.set('model', 'basic')
    form.set('file', new File(['K-1\nK-2\nK-2\nOLD-1\n'], 'keys.txt', { type: 'text/plain' }))
    const imported = await app.request(consoleApi.keysImport, {
      method: 'POST',
      headers: { Cookie: s.cookie, [CSRF_HEADER]: s.csrf },
      body: form,
    })
    expect(imported.status).toBe(200)
    expect(await imported.json()).toMatchObject({
      message: 'Imported 2 Basic keys from keys.txt (4 read, 2 duplicates skipped).',
      data: { read: 4, imported: 2, duplicates: 2 },
    })

    const notified = await post(consoleApi.waitlistNotify, { model: 'basic' }, s)
    expect(notified.status).toBe(200)
    expect(((await notified.json()) as { message: string }).message).toMatch(
      /^Notified 1 waiting Basic visitor: 1 with a key/,
    )

    const mail = await enqueueMail(database.db, {
      kind: 'trial',
      to: 'bounce@example.com',
      payload: { firstName: 'B', lastName: 'O', model: 'basic', activationKey: 'K' },
      messageIdDomain: 'example.test',
    })
    await markMailFailed(database.db, mail.id, '550 5.1.1 no such user', null)
    const mailList = (await (await get(consoleApi.mail, s)).json()) as {
      undelivered: { to: string; lastError: string; status: string }[]
    }
    expect(mailList.undelivered).toContainEqual(
      expect.objectContaining({
        to: 'b***@example.com',
        status: 'dead',
        lastError: '550 5.1.1 no such user',
      }),
    )
    expect(JSON.stringify(mailList)).not.toContain('bounce@')
    const retried = await post(consoleApi.mailRetry, {}, s)
    expect(await retried.json()).toMatchObject({ message: expect.stringMatching(/^Queued 1 /) })

    const revoked = await post(consoleApi.keysRevoke, { key: 'OLD-1' }, s)
    expect(revoked.status).toBe(200)
    expect((await post(consoleApi.keysRevoke, { key: 'NOPE' }, s)).status).toBe(404)

    const csv = await get(consoleApi.leadsExport, s)
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/)
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="leads-/)
    expect(await csv.text()).toContain('waiter@example.com')

    expect((await post(consoleApi.leadsDelete, { email: 'waiter@example.com' }, s)).status).toBe(
      400,
    )
    const deleted = await post(
      consoleApi.leadsDelete,
      { email: 'waiter@example.com', confirm: true },
      s,
    )
    expect(await deleted.json()).toMatchObject({ message: expect.stringMatching(/^Deleted 1 /) })
    await post(consoleApi.signOut, {}, s)

    const entries = await audit()
    expect(entries.map((e) => [e.actor, e.action])).toEqual([
      [OPERATOR, 'sign-in'],
      [OPERATOR, 'licenses import'],
      [OPERATOR, 'waitlist notify'],
      [OPERATOR, 'mail retry'],
      [OPERATOR, 'licenses revoke'],
      [OPERATOR, 'leads export'],
      [OPERATOR, 'leads delete'],
      [OPERATOR, 'sign-out'],
    ])
    expect(entries[1]!.detail).toMatchObject({ model: 'basic', imported: 2, fileName: 'keys.txt' })
    // OLD-1 went to the waiting visitor first (oldest key), so it was revoked while handed out.
    expect(entries[4]!.detail).toMatchObject({ key: '…LD-1', previous: 'assigned' })
    // A deletion request is recorded without the address it removed.
    expect(entries[6]!.detail).toMatchObject({ email: 'w***@example.com', submissions: 1 })
    expect(JSON.stringify(entries)).not.toContain('waiter@')

    // The CLI's commands are audited too, as 'cli'.
    await addOperator('second@example.com')
    expect((await audit()).at(-1)).toMatchObject({ actor: 'cli', action: 'operators add' })
  })

  it('refuses a key file the CLI would refuse, with the same words', async () => {
    const s = await signIn()
    const form = new FormData()
    form.set('model', 'advanced')
    form.set('file', new File(['GOOD-1\nthis is a sentence\n'], 'bad.txt'))
    const res = await app.request(consoleApi.keysImport, {
      method: 'POST',
      headers: { Cookie: s.cookie, [CSRF_HEADER]: s.csrf },
      body: form,
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: expect.stringMatching(/line 2 is not a key/) })
    const noFile = new FormData()
    noFile.set('model', 'premium')
    const bad = await app.request(consoleApi.keysImport, {
      method: 'POST',
      headers: { Cookie: s.cookie, [CSRF_HEADER]: s.csrf },
      body: noFile,
    })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({
      errorCode: 'VALIDATION_ERROR',
      details: [
        'unknown model "premium"; use basic or advanced',
        'file is required: one key a line',
      ],
    })
  })

  it('imports a key file into the pool the operator picks (trial by default) and counts both pools', async () => {
    const s = await signIn()
    const upload = async (pool: string | null, keys: string, name: string) => {
      const form = new FormData()
      form.set('model', 'basic')
      if (pool !== null) form.set('pool', pool)
      form.set('file', new File([keys], name, { type: 'text/plain' }))
      return app.request(consoleApi.keysImport, {
        method: 'POST',
        headers: { Cookie: s.cookie, [CSRF_HEADER]: s.csrf },
        body: form,
      })
    }
    const trial = await upload(null, 'T-1\nT-2\n', 'trial.txt')
    expect(await trial.json()).toMatchObject({
      message: 'Imported 2 Basic keys from trial.txt (2 read, 0 duplicates skipped).',
      data: { pool: 'trial', imported: 2 },
    })
    const paid = await upload('paid', 'P-1\nP-2\nP-3\nT-1\n', 'paid.txt')
    expect(await paid.json()).toMatchObject({
      message: 'Imported 3 paid Basic keys from paid.txt (4 read, 1 duplicate skipped).',
      data: { pool: 'paid', imported: 3 },
    })
    const bad = await upload('gold', 'G-1\n', 'gold.txt')
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({
      details: [expect.stringMatching(/unknown pool "gold"/)],
    })

    const keys = (await (await get(consoleApi.keys, s)).json()) as KeysSummary
    expect(keys.models.basic).toEqual({ available: 2, assigned: 0, revoked: 0, total: 2 })
    expect(keys.paid.basic).toEqual({ available: 3, assigned: 0, revoked: 0, total: 3 })
    expect(keys.paid.advanced.total).toBe(0)
    expect(keys.batches.map((b) => [b.pool, b.batch.split(':')[1]])).toEqual(
      expect.arrayContaining([
        ['trial', 'trial.txt'],
        ['paid', 'paid.txt'],
      ]),
    )
    // The public counts are the trial pool's alone.
    expect(await (await app.request('/api/license-counts')).json()).toMatchObject({ basic: 2 })
  })

  it('checks an action’s options with the CLI’s own command schema and words', async () => {
    const s = await signIn()
    const notify = await post(consoleApi.waitlistNotify, { model: 'premium' }, s)
    expect(notify.status).toBe(400)
    expect(await notify.json()).toMatchObject({
      errorCode: 'VALIDATION_ERROR',
      details: ['unknown model "premium"; use basic or advanced'],
      fields: { model: 'unknown model "premium"; use basic or advanced' },
    })
    const remove = await post(consoleApi.leadsDelete, { email: 'nobody', confirm: true }, s)
    expect(remove.status).toBe(400)
    expect(await remove.json()).toMatchObject({
      details: ['"nobody" is not an e-mail address'],
      fields: { email: '"nobody" is not an e-mail address' },
    })
  })

  it('pages, searches and filters the leads list on the server', async () => {
    const s = await signIn()
    const [key] = await insertLicenses(database.db, 'advanced', ['A-1'], 'b').then(async () =>
      queryRows<{ id: string }>(database.db, sql`select id from licenses`),
    )
    for (let i = 0; i < 30; i++) {
      const row = await insertSubmission(database.db, {
        firstName: i === 7 ? 'Grace' : 'Ada',
        lastName: `Number${i}`,
        email: `lead${i}@${i % 2 ? 'odd' : 'even'}.example.com`,
        model: i % 3 === 0 ? 'basic' : 'advanced',
        source: 'test',
        waitlist: i % 5 === 0,
        waitlistTokenHash: 'x',
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      })
      if (i === 4)
        await database.db.execute(
          sql`update trial_submissions set license_id = ${key!.id} where id = ${row.id}`,
        )
    }
    type Page = { items: { email: string; lastName: string }[]; total: number }
    const list = async (query: string) => {
      const res = await get(`${consoleApi.leads}${query}`, s)
      expect(res.status, query).toBe(200)
      return (await res.json()) as Page
    }
    const first = await list('?pageSize=25')
    expect(first.total).toBe(30)
    expect(first.items).toHaveLength(25)
    expect(first.items[0]!.lastName).toBe('Number29')
    expect((await list('?pageSize=25&page=2')).items.map((i) => i.lastName)).toEqual([
      'Number4',
      'Number3',
      'Number2',
      'Number1',
      'Number0',
    ])
    expect((await list('?q=grace')).items.map((i) => i.lastName)).toEqual(['Number7'])
    expect((await list('?q=ODD.example')).total).toBe(15)
    expect((await list('?q=100%25')).total).toBe(0)
    expect((await list('?model=basic')).total).toBe(10)
    expect((await list('?hasKey=yes')).items.map((i) => i.lastName)).toEqual(['Number4'])
    expect((await list('?hasKey=no')).total).toBe(29)
    expect((await list('?waitlist=yes')).total).toBe(6)
    expect((await list('?from=2026-01-10&to=2026-01-12')).items.map((i) => i.lastName)).toEqual([
      'Number11',
      'Number10',
      'Number9',
    ])
    expect((await list('?model=advanced&waitlist=yes&q=even')).total).toBe(2)
    const bad = await get(`${consoleApi.leads}?model=premium&page=0&from=yesterday`, s)
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { details: string[] }).details).toHaveLength(3)
  })

  it('marks everything under /admin no-store and noindex, pages and API alike', async () => {
    const s = await signIn()
    for (const [path, status] of [
      ['/admin', 200],
      ['/admin/leads', 200],
      ['/admin/sign-in?token=abc', 200],
      [consoleApi.overview, 200],
      [consoleApi.keys, 401],
    ] as const) {
      const res = await app.request(path, {
        headers: status === 200 && path.startsWith('/admin/api') ? { Cookie: s.cookie } : {},
      })
      expect(res.status, path).toBe(status)
      expect(res.headers.get('cache-control'), path).toBe('no-store')
      expect(res.headers.get('x-robots-tag'), path).toMatch(/noindex/)
    }
    // The public pages are untouched.
    expect((await app.request('/')).headers.get('x-robots-tag')).toBeNull()
  })

  it('the overview counts keys, claims, waitlist and mail, and shows the last actions', async () => {
    const s = await signIn()
    await insertLicenses(database.db, 'basic', ['B-1', 'B-2', 'B-3'], 'b')
    const sub = await insertSubmission(database.db, {
      firstName: 'A',
      lastName: 'B',
      email: 'a@example.com',
      model: 'basic',
      source: 't',
      waitlistTokenHash: 'x',
    })
    await database.db.execute(
      sql`update licenses set status = 'assigned', submission_id = ${sub.id}, assigned_at = now() where activation_key = 'B-1'`,
    )
    const res = await get(consoleApi.overview, s)
    const body = (await res.json()) as {
      keys: { basic: { available: number; daysOfSupply: number; claimsLast7Days: number } }
      claimsPerDay: { day: string; basic: number }[]
      recentActions: { action: string }[]
      mail: { pending: number }
    }
    expect(body.keys.basic).toMatchObject({ available: 2, claimsLast7Days: 1, daysOfSupply: 14 })
    expect(body.claimsPerDay).toHaveLength(30)
    expect(body.claimsPerDay.at(-1)).toMatchObject({
      day: new Date().toISOString().slice(0, 10),
      basic: 1,
    })
    expect(body.recentActions[0]).toMatchObject({ action: 'sign-in' })
    expect(body.mail.pending).toBe(1)
  })
})
