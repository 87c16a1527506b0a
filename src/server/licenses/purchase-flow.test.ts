/**
 * POST /api/purchase-requests end to end in-process (docs/architecture.md, "Contracts: API";
 * docs/product.md, "Buying"): HTTP in, the request stored, two e-mails through a real SMTP server
 * (to the operator and to the buyer), the same 400s and 429s as trial requests, and a deletion
 * request that takes it all away again.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { DEFAULT_SETTINGS } from '#src/common/site/settings.ts'
import { runAdminCommand } from '../admin/admin-commands.ts'
import { queryRows } from '../db/client.ts'
import { listMail } from '../db/outbox-repository.ts'
import { mailIdentity } from '../mail/mail-identity.ts'
import { startOutboxWorker, type OutboxWorker } from '../mail/outbox-worker.ts'
import { createMailTransport } from '../mail/transport.ts'
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink.ts'
import { createTestApp, memoryLogger, postJson } from '#tests/support/test-app.ts'
import { describeEachDatabase } from '#tests/support/test-database.ts'

const PATH = '/api/purchase-requests'
const OPERATOR = 'sales@pacepoint.test'
let seq = 0

function purchaseRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  seq++
  return {
    first_name: 'Grace',
    last_name: 'Hopper',
    email: `grace.${seq}.${Math.random().toString(36).slice(2, 8)}@example.com`,
    company: 'Hopper Family Office',
    model: 'advanced',
    ...overrides,
  }
}

describeEachDatabase('purchase requests on %s', { emptyBeforeEach: true }, (getDatabase) => {
  let smtp: SmtpSink
  let worker: OutboxWorker | null = null

  beforeAll(async () => {
    smtp = await startSmtpSink()
  })
  afterAll(async () => {
    await worker?.stop()
    await smtp.close()
  })
  beforeEach(async () => {
    await worker?.stop()
    worker = null
    smtp.received.length = 0
  })

  function start(env: Record<string, string> = {}) {
    worker = startOutboxWorker({
      db: getDatabase().db,
      transport: createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent' }),
      identity: mailIdentity(
        { mailFrom: '', publicUrl: 'https://trial.example.test' },
        DEFAULT_SETTINGS,
      ),
      settings: DEFAULT_SETTINGS,
      logger: memoryLogger().logger,
      pollMs: 50,
    })
    const w = worker
    return createTestApp(getDatabase(), {
      env: { OPERATOR_EMAIL: OPERATOR, TRUST_PROXY: '1', ...env },
      onMailQueued: () => w.kick(),
    }).app
  }

  it('201 stores the request and e-mails the operator and the buyer, with what was typed escaped', async () => {
    const app = start()
    const body = purchaseRequest({
      email: '  Grace.Buyer@Example.com ',
      company: 'Hopper <b>Family</b> Office',
      message: 'Please invoice in EUR.\n<script>alert(1)</script>',
    })
    const res = await postJson(app, PATH, body, { 'X-Forwarded-For': '10.9.0.1' })
    expect(res.status).toBe(201)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const { request_id } = (await res.json()) as { request_id: string }
    expect(request_id).toMatch(/^[0-9a-f-]{36}$/)

    const rows = await queryRows<Record<string, unknown>>(
      getDatabase().db,
      sql`select * from purchase_requests`,
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      id: request_id,
      first_name: 'Grace',
      email: 'grace.buyer@example.com',
      company: 'Hopper <b>Family</b> Office',
      model: 'advanced',
      message: 'Please invoice in EUR.\n<script>alert(1)</script>',
    })
    expect(String(rows[0]!.ip_hash)).not.toContain('10.9.0.1')

    const mail = await smtp.waitFor(2)
    const toOperator = mail.find((m) => m.to.includes(OPERATOR))!
    const toBuyer = mail.find((m) => m.to.includes('grace.buyer@example.com'))!
    expect(toOperator).toBeDefined()
    expect(toBuyer).toBeDefined()
    expect(toOperator.subject).toContain('Invoice request')
    expect(toOperator.text).toContain('grace.buyer@example.com')
    expect(toOperator.text).toContain(request_id)
    expect(toOperator.parsed.replyTo?.value.map((a) => a.address)).toEqual([
      'grace.buyer@example.com',
    ])
    // The HTML part escapes what the buyer typed; the plain-text part carries it as typed.
    const operatorHtml = toOperator.html
    expect(operatorHtml).toContain('Hopper &lt;b&gt;Family&lt;/b&gt; Office')
    expect(operatorHtml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(operatorHtml).not.toContain('<script>alert(1)')
    expect(toBuyer.text).toContain('Hello Grace')
    expect(toBuyer.text).toContain('$2,899')
    expect(toBuyer.text).toContain(request_id)
    // Nothing free-form the visitor typed goes back to the typed address.
    expect(toBuyer.html).not.toContain('Family')
    expect(toBuyer.text).not.toContain('Family')
  })

  it('sends the operator copy to the support address when OPERATOR_EMAIL is not set', async () => {
    const app = start({ OPERATOR_EMAIL: '' })
    const res = await postJson(app, PATH, purchaseRequest({ model: 'basic' }))
    expect(res.status).toBe(201)
    const tos = (await listMail(getDatabase().db)).map((m) => m.to)
    expect(tos).toContain(DEFAULT_SETTINGS.supportEmail)
  })

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
    expect(await queryRows(getDatabase().db, sql`select id from purchase_requests`)).toHaveLength(0)
    expect(await listMail(getDatabase().db)).toHaveLength(0)

    const disposable = await postJson(app, PATH, purchaseRequest({ email: 'x@mailinator.com' }))
    expect(disposable.status).toBe(400)
    expect(((await disposable.json()) as { fields: Record<string, string> }).fields).toHaveProperty(
      'email',
    )

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
    expect(((await injected.json()) as { fields: Record<string, string> }).fields.company).toMatch(
      /control characters/,
    )
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
    expect(((await limited.json()) as { errorCode: string }).errorCode).toBe('RATE_LIMIT_EXCEEDED')

    for (let i = 0; i < 3; i++) expect((await send(purchaseRequest(), '10.8.1.1')).status).toBe(201)
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

  it('a deletion request removes the person’s purchase requests and their e-mails', async () => {
    const app = start()
    await worker!.stop()
    worker = null
    const email = 'erase.me@example.com'
    expect((await postJson(app, PATH, purchaseRequest({ email }))).status).toBe(201)
    expect((await postJson(app, PATH, purchaseRequest({ email, model: 'basic' }))).status).toBe(201)
    expect((await postJson(app, PATH, purchaseRequest({ email: 'keep@example.com' }))).status).toBe(
      201,
    )
    expect(await listMail(getDatabase().db)).toHaveLength(6)

    const result = await runAdminCommand(
      { db: getDatabase().db, messageIdDomain: 'test' },
      { name: 'leads delete', email: 'Erase.Me@Example.com' },
    )
    expect(result.exitCode).toBe(0)
    expect(result.stdout).toContain('Deleted 0 trial requests, 2 purchase requests and 4 e-mails')
    const left = await queryRows<{ email: string }>(
      getDatabase().db,
      sql`select email from purchase_requests`,
    )
    expect(left.map((r) => r.email)).toEqual(['keep@example.com'])
    const mail = await listMail(getDatabase().db)
    expect(mail).toHaveLength(2)
    expect(JSON.stringify(mail)).not.toContain(email)
  })
})
