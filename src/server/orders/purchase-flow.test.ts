/**
 * POST /api/purchase-requests end to end in-process (docs/architecture.md, "Contracts: API"): HTTP in, the request
 * stored, two e-mails through a real SMTP server (to the operator and to the buyer), and a
 * deletion request that takes it all away again. Its 400s and 429s: http/purchase-requests.test.ts.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { DEFAULT_SETTINGS } from '#src/common/site/settings.ts'
import { executeConsoleCommand } from '../console/console-commands.ts'
import { queryRows } from '../db/client.ts'
import { listMail } from '../mail/outbox-repository.ts'
import { mailIdentity } from '../mail/mail-identity.ts'
import { startOutboxWorker, type OutboxWorker } from '../mail/outbox-worker.ts'
import { createMailTransport } from '../mail/transport.ts'
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink.ts'
import { createTestApp, memoryLogger, postJson, purchaseRequest } from '#tests/support/test-app.ts'
import { describeEachDatabase } from '#tests/support/test-database.ts'

const PATH = '/api/purchase-requests'
const OPERATOR = 'sales@pacepoint.test'
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
    // Nothing free-form the visitor typed goes back to the typed address .
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

    const result = await executeConsoleCommand(
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
