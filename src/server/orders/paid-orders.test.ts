/**
 * Paid orders end to end in-process (docs/product.md "Paid orders"): signed webhooks of the
 * three providers in over HTTP, the events stored and worked off the queue, keys from the paid
 * pool, e-mails through a real SMTP server, refunds, the empty pool, unmatched products, the
 * operator's commands and a deletion request.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { DEFAULT_SETTINGS } from '#src/common/site/settings.ts'
import { executeConsoleCommand, type ConsoleContext } from '../console/console-commands.ts'
import type { ConsoleCommand } from '../console/console-command-schema.ts'
import { loadConfig } from '../config.ts'
import { queryRows } from '../db/client.ts'
import { insertLicenses } from '../licenses/license-repository.ts'
import { mailIdentity } from '../mail/mail-identity.ts'
import { startOutboxWorker, type OutboxWorker } from '../mail/outbox-worker.ts'
import { createMailTransport } from '../mail/transport.ts'
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink.ts'
import { createTestApp, memoryLogger, postJson, trialRequest } from '#tests/support/test-app.ts'
import { describeEachDatabase, resetTables } from '#tests/support/test-database.ts'
import { orderDependencies } from './order-deps.ts'
import { startOrderWorker, type OrderWorker } from './order-worker.ts'
import { signWebhook } from './webhook-signatures.ts'

const SECRETS = {
  stripe: 'whsec_test_stripe_secret',
  lemonsqueezy: 'ls_test_secret',
  paddle: 'pdl_ntfset_test_secret',
} as const
type Provider = keyof typeof SECRETS
const OPERATOR = 'ops@pacepoint.test'
const PRODUCTS = 'stripe:plink_adv=advanced,lemonsqueezy:222=basic,paddle:pri_adv=advanced'

let seq = 0
const unique = () => `${++seq}${Math.random().toString(36).slice(2, 8)}`

function stripeCompleted(
  overrides: { email?: string; link?: string; session?: string; intent?: string } = {},
) {
  const id = unique()
  return {
    id: `evt_${id}`,
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: overrides.session ?? `cs_test_${id}`,
        payment_status: 'paid',
        payment_link: overrides.link ?? 'plink_adv',
        payment_intent: overrides.intent ?? `pi_${id}`,
        amount_total: 289900,
        currency: 'usd',
        customer_details: {
          email: overrides.email ?? `buyer.${id}@example.com`,
          name: 'Ada Byron',
        },
        metadata: {},
      },
    },
  }
}

function stripeRefund(intent: string) {
  return {
    id: `evt_${unique()}`,
    type: 'charge.refunded',
    data: { object: { payment_intent: intent, amount: 289900, amount_refunded: 289900 } },
  }
}

function lemonOrder(event: 'order_created' | 'order_refunded', orderId: string, email: string) {
  return {
    meta: { event_name: event },
    data: {
      id: orderId,
      attributes: {
        status: event === 'order_created' ? 'paid' : 'refunded',
        order_number: 1000 + Number(orderId.replace(/\D/g, '').slice(0, 4) || 1),
        user_email: email,
        user_name: 'Grace Hopper',
        total: 149800,
        currency: 'EUR',
        first_order_item: { variant_id: 222, quantity: 2 },
      },
    },
  }
}

function paddleCompleted(customerId: string) {
  const id = unique()
  return {
    event_id: `evt_${id}`,
    event_type: 'transaction.completed',
    occurred_at: new Date().toISOString(),
    data: {
      id: `txn_${id}`,
      customer_id: customerId,
      currency_code: 'USD',
      invoice_number: `INV-${id}`,
      items: [{ price: { id: 'pri_adv' }, quantity: 1 }],
      details: { totals: { grand_total: '289900' } },
    },
  }
}

describeEachDatabase('paid orders on %s', (getDatabase) => {
  let smtp: SmtpSink
  /** Every worker a test started (a test may start the app twice), stopped after it. */
  let workers: (OutboxWorker | OrderWorker)[] = []
  let paddleApi: Server
  let paddleUrl = ''
  let paddleCalls: { path: string; auth: string | undefined }[] = []
  let paddleFailures = 0

  beforeAll(async () => {
    smtp = await startSmtpSink()
    paddleApi = createServer((req, res) => {
      paddleCalls.push({ path: req.url ?? '', auth: req.headers.authorization })
      if (paddleFailures > 0) {
        paddleFailures--
        res.writeHead(503).end()
        return
      }
      const id = decodeURIComponent((req.url ?? '').split('/').pop() ?? '')
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(
        JSON.stringify({
          data: { id, email: `${id}@paddle-buyer.test`, name: 'Katherine Johnson' },
        }),
      )
    })
    await new Promise<void>((resolve) => paddleApi.listen(0, '127.0.0.1', resolve))
    paddleUrl = `http://127.0.0.1:${(paddleApi.address() as AddressInfo).port}`
  })
  const stopWorkers = async () => {
    for (const worker of workers) await worker.stop()
    workers = []
  }
  afterAll(async () => {
    await stopWorkers()
    await smtp.close()
    await new Promise((resolve) => paddleApi.close(resolve))
  })
  beforeEach(async () => {
    await stopWorkers()
    await resetTables(getDatabase())
    await getDatabase().db.execute(
      sql`truncate orders, order_keys, webhook_events, pending_refunds, paid_pool_alerts cascade`,
    )
    smtp.received.length = 0
    paddleCalls = []
    paddleFailures = 0
  })

  function start(env: Record<string, string> = {}) {
    const db = getDatabase().db
    const out = startOutboxWorker({
      db,
      transport: createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent' }),
      identity: mailIdentity(
        { mailFrom: '', publicUrl: 'https://trial.example.test' },
        DEFAULT_SETTINGS,
      ),
      settings: DEFAULT_SETTINGS,
      logger: memoryLogger().logger,
      pollMs: 50,
    })
    workers.push(out)
    let worker: OrderWorker | null = null
    const test = createTestApp(getDatabase(), {
      env: {
        STRIPE_WEBHOOK_SECRET: SECRETS.stripe,
        LEMONSQUEEZY_WEBHOOK_SECRET: SECRETS.lemonsqueezy,
        PADDLE_WEBHOOK_SECRET: SECRETS.paddle,
        PAID_PRODUCTS: PRODUCTS,
        OPERATOR_EMAIL: OPERATOR,
        PADDLE_API_URL: paddleUrl,
        PADDLE_API_KEY: 'pdl_test_apikey',
        ...env,
      },
      onMailQueued: () => out.kick(),
      onWebhookEvent: () => worker?.kick(),
    })
    const deps = orderDependencies(test.config, DEFAULT_SETTINGS, getDatabase(), test.logger, () =>
      out.kick(),
    )
    worker = startOrderWorker({ deps, logger: test.logger, pollMs: 50, retryBaseMs: 100 })
    workers.push(worker)
    const admin: ConsoleContext = { db, messageIdDomain: 'pacepoint.test', orders: deps }
    const run = async (command: ConsoleCommand) => {
      const result = await executeConsoleCommand(admin, command)
      if (result.mailQueued) out.kick()
      return result
    }
    return { app: test.app, worker, run, deps }
  }

  function deliver(
    app: ReturnType<typeof start>['app'],
    provider: Provider,
    body: unknown,
    options: { secret?: string; nowMs?: number; header?: string | null; tamper?: boolean } = {},
  ) {
    const text = JSON.stringify(body)
    const signature =
      options.header === undefined
        ? signWebhook(provider, options.secret ?? SECRETS[provider], text, options.nowMs)
        : options.header
    const header = {
      stripe: 'Stripe-Signature',
      lemonsqueezy: 'X-Signature',
      paddle: 'Paddle-Signature',
    }[provider]
    const sent = options.tamper ? text.replace('{', '{ ') : text
    return app.request(`/api/webhooks/${provider}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(signature === null ? {} : { [header]: signature }),
      },
      body: sent,
    })
  }

  const count = async (query: ReturnType<typeof sql>) =>
    Number((await queryRows<{ n: number }>(getDatabase().db, query))[0]!.n)
  const orderRows = () =>
    queryRows<{
      id: string
      status: string
      email: string | null
      name: string | null
      model: string | null
      reference: string
      quantity: number
    }>(getDatabase().db, sql`select * from orders order by created_at`)
  const paidKeys = (model: string, keys: string[]) =>
    insertLicenses(getDatabase().db, model as 'basic', keys, 'paid-test', false, 'paid')

  const bodies: Record<Provider, () => unknown> = {
    stripe: () => stripeCompleted(),
    lemonsqueezy: () => lemonOrder('order_created', `ls_${unique()}`, 'sig@example.com'),
    paddle: () => paddleCompleted(`ctm_${unique()}`),
  }

  for (const provider of ['stripe', 'lemonsqueezy', 'paddle'] as const) {
    it(`${provider}: a signed delivery is stored and answered 200; a wrong, changed, missing or stale one is 400 INVALID_SIGNATURE and stores nothing`, async () => {
      const { app, worker } = start()
      await worker.stop()
      const refused = [
        await deliver(app, provider, bodies[provider](), { secret: 'not-the-secret' }),
        await deliver(app, provider, bodies[provider](), { tamper: true }),
        await deliver(app, provider, bodies[provider](), { header: null }),
        await deliver(app, provider, bodies[provider](), { header: 'garbage' }),
      ]
      if (provider !== 'lemonsqueezy') {
        refused.push(
          await deliver(app, provider, bodies[provider](), { nowMs: Date.now() - 301_000 }),
        )
        refused.push(
          await deliver(app, provider, bodies[provider](), { nowMs: Date.now() + 301_000 }),
        )
      }
      for (const res of refused) {
        expect(res.status).toBe(400)
        expect(await res.json()).toMatchObject({ errorCode: 'INVALID_SIGNATURE' })
      }
      expect(await count(sql`select count(*)::int as n from webhook_events`)).toBe(0)

      const res = await deliver(app, provider, bodies[provider](), { nowMs: Date.now() - 200_000 })
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ received: true })
      expect(await count(sql`select count(*)::int as n from webhook_events`)).toBe(1)
    })
  }

  it('answers 404 while a provider has no secret', async () => {
    const { app } = start({ PADDLE_WEBHOOK_SECRET: '' })
    const res = await deliver(app, 'paddle', bodies.paddle())
    expect(res.status).toBe(404)
    expect((await deliver(app, 'stripe', bodies.stripe())).status).toBe(200)
  })

  it('a replayed event and six concurrent deliveries of one event give one key and one e-mail', async () => {
    const { app, worker } = start()
    await paidKeys('advanced', ['PAID-A-1', 'PAID-A-2', 'PAID-A-3'])
    const event = stripeCompleted({ email: 'ada@example.com' })
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => deliver(app, 'stripe', event)),
    )
    for (const res of answers) expect(res.status).toBe(200)
    // The same payment again under a new event id (Stripe's async_payment_succeeded).
    await deliver(app, 'stripe', {
      ...event,
      id: `${event.id}_again`,
      type: 'checkout.session.async_payment_succeeded',
    })
    await worker.drain()
    await deliver(app, 'stripe', event)
    await worker.drain()

    const mail = await smtp.waitFor(1)
    await new Promise((r) => setTimeout(r, 300))
    expect(smtp.received).toHaveLength(1)
    expect(mail[0]!.to).toContain('ada@example.com')
    expect(mail[0]!.text).toContain('PAID-A-1')
    expect(mail[0]!.text).not.toContain('PAID-A-2')
    expect(mail[0]!.text).toContain('30-day money-back guarantee')
    expect(mail[0]!.text).toContain(event.data.object.id)
    expect(await count(sql`select count(*)::int as n from orders`)).toBe(1)
    expect(await count(sql`select count(*)::int as n from order_keys`)).toBe(1)
    expect(
      await count(sql`select count(*)::int as n from licenses where status = 'available'`),
    ).toBe(2)
    expect((await orderRows())[0]).toMatchObject({
      status: 'fulfilled',
      model: 'advanced',
      name: 'Ada Byron',
    })
  })

  it('two instances working two events of one order at the same moment give one key and one e-mail', async () => {
    const { app, worker, deps } = start()
    await worker.stop()
    await paidKeys('advanced', ['PAID-W-1', 'PAID-W-2'])
    const event = stripeCompleted({ email: 'wu@example.com' })
    await deliver(app, 'stripe', event)
    await deliver(app, 'stripe', {
      ...event,
      id: `${event.id}_again`,
      type: 'checkout.session.async_payment_succeeded',
    })
    // Each instance's worker takes one event (SKIP LOCKED) and both record the order at once.
    const instances = [1, 2].map(() =>
      startOrderWorker({ deps, logger: memoryLogger().logger, pollMs: 60_000, batchSize: 1 }),
    )
    workers.push(...instances)
    const handled = await Promise.all(instances.map((w) => w.drain()))
    expect(handled.reduce((a, b) => a + b)).toBe(2)

    const mail = await smtp.waitFor(1)
    await new Promise((r) => setTimeout(r, 300))
    expect(smtp.received).toHaveLength(1)
    expect(mail[0]!.text).toContain('PAID-W-1')
    expect(await count(sql`select count(*)::int as n from orders`)).toBe(1)
    expect(await count(sql`select count(*)::int as n from order_keys`)).toBe(1)
    expect(
      await count(sql`select count(*)::int as n from webhook_events where processed_at is null`),
    ).toBe(0)
    expect((await orderRows())[0]).toMatchObject({ status: 'fulfilled', model: 'advanced' })
  })

  it('deliveries of different orders at the same moment each get their key, one whose name holds a NUL too', async () => {
    const { app, worker } = start()
    await paidKeys('advanced', ['PAID-G-1', 'PAID-G-2', 'PAID-G-3', 'PAID-G-4', 'PAID-G-5'])
    const events = Array.from({ length: 5 }, (_, i) =>
      stripeCompleted({ email: `group.${i}@example.com` }),
    )
    events[2]!.data.object.customer_details.name = 'Ada\u0000 Byron'
    const answers = await Promise.all(events.map((event) => deliver(app, 'stripe', event)))
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200])
    await worker.drain()
    const mail = await smtp.waitFor(5)
    expect(mail.flatMap((m) => m.to).sort()).toEqual(
      events.map((e) => e.data.object.customer_details.email).sort(),
    )
    expect(await count(sql`select count(*)::int as n from order_keys`)).toBe(5)
    expect((await orderRows()).map((o) => o.name).sort()).toContain('Ada\uFFFD Byron')
  })

  it("the key e-mail links the paid model's download (PAID_DOWNLOAD_URL_*), else the trial's", async () => {
    const full = 'https://downloads.example.test/full/PacePoint-Advanced.exe'
    const trialDownload = DEFAULT_SETTINGS.downloadUrls.advanced
    const { app, worker, run } = start({ PAID_DOWNLOAD_URL_ADVANCED: full })
    await paidKeys('advanced', ['PAID-DL-1', 'PAID-DL-2'])
    const paid = stripeCompleted({ email: 'download@example.com' })
    await deliver(app, 'stripe', paid)
    await worker.drain()
    await run({ name: 'orders resend', order: paid.data.object.id })
    const [first, again] = await smtp.waitFor(2)
    for (const mail of [first!, again!]) {
      expect(mail.text).toContain(full)
      expect(mail.html).toContain(`href="${full}"`)
      expect(mail.text).not.toContain(trialDownload)
    }

    // Without it the buyer gets the trial's installer, which the paid key unlocks.
    await stopWorkers()
    const plain = start()
    await deliver(plain.app, 'stripe', stripeCompleted({ email: 'plain@example.com' }))
    await plain.worker.drain()
    const mail = await smtp.waitFor(3)
    const toPlain = mail.find((m) => m.to.includes('plain@example.com'))!
    expect(toPlain.text).toContain('PAID-DL-2')
    expect(toPlain.text).toContain(trialDownload)

    expect(() => loadConfig({ PAID_DOWNLOAD_URL_BASIC: 'ftp://files.example.test/a.exe' })).toThrow(
      /PAID_DOWNLOAD_URL_BASIC/,
    )
  })

  it('Lemon Squeezy: the quantity sets the number of keys, each on its own line of one e-mail', async () => {
    const { app, worker } = start()
    await paidKeys('basic', ['PAID-B-1', 'PAID-B-2', 'PAID-B-3'])
    const res = await deliver(
      app,
      'lemonsqueezy',
      lemonOrder('order_created', 'ls_77', 'grace@example.com'),
    )
    expect(res.status).toBe(200)
    await worker.drain()
    const [mail] = await smtp.waitFor(1)
    expect(mail!.text).toMatch(/PAID-B-1\s*\n[\s\S]*PAID-B-2/)
    expect(mail!.text).not.toContain('PAID-B-3')
    expect(mail!.text).toContain('Hello Grace')
    expect(mail!.text).toContain('one Windows machine')
  })

  it('an order for two keys when the pool holds one takes none and waits; the import sends both', async () => {
    const { app, worker, run } = start()
    await paidKeys('basic', ['PAID-C-1'])
    await deliver(app, 'lemonsqueezy', lemonOrder('order_created', 'ls_88', 'kay@example.com'))
    await worker.drain()
    const waiting = await smtp.waitFor(2)
    expect(waiting.map((m) => m.to[0]).sort()).toEqual(['kay@example.com', OPERATOR])
    expect(waiting.find((m) => m.to.includes('kay@example.com'))!.text).not.toContain('PAID-C-1')
    expect((await orderRows())[0]!.status).toBe('awaiting_key')
    expect(
      await count(sql`select count(*)::int as n from licenses where status = 'available'`),
    ).toBe(1)
    expect(await count(sql`select count(*)::int as n from order_keys`)).toBe(0)

    const result = await run({
      name: 'licenses import',
      model: 'basic',
      pool: 'paid',
      fileName: 'paid.txt',
      keysText: 'PAID-C-2\n',
    })
    expect(result.stdout).toContain('1 waiting order fulfilled')
    const [, , keys] = await smtp.waitFor(3)
    expect(keys!.to).toContain('kay@example.com')
    expect(keys!.text).toMatch(/PAID-C-1\s*\n[\s\S]*PAID-C-2/)
    expect((await orderRows())[0]!.status).toBe('fulfilled')
  })

  it("Paddle: the buyer's address comes from Paddle's API with the key, retried when it fails", async () => {
    const { app, worker } = start()
    await paidKeys('advanced', ['PAID-P-1'])
    paddleFailures = 2
    const res = await deliver(app, 'paddle', paddleCompleted('ctm_kj'))
    expect(res.status).toBe(200)
    await worker.drain()
    const [mail] = await smtp.waitFor(1)
    expect(mail!.to).toContain('ctm_kj@paddle-buyer.test')
    expect(mail!.text).toContain('PAID-P-1')
    expect(paddleCalls.length).toBe(3)
    expect(
      paddleCalls.every(
        (c) => c.auth === 'Bearer pdl_test_apikey' && c.path === '/customers/ctm_kj',
      ),
    ).toBe(true)
  })

  it('Paddle: when its API stays down, the event waits and is finished later', async () => {
    const { app, worker } = start()
    await paidKeys('advanced', ['PAID-P-2'])
    paddleFailures = 3
    await deliver(app, 'paddle', paddleCompleted('ctm_late'))
    await worker.drain()
    expect(await count(sql`select count(*)::int as n from orders`)).toBe(0)
    const [event] = await queryRows<{ last_error: string }>(
      getDatabase().db,
      sql`select last_error from webhook_events`,
    )
    expect(event!.last_error).toContain('503')
    const [mail] = await smtp.waitFor(1, 10_000)
    expect(mail!.to).toContain('ctm_late@paddle-buyer.test')
  })

  it('a refund after fulfilment revokes the keys, tells the buyer and sends the operator the keys to block', async () => {
    const { app, worker } = start()
    await paidKeys('advanced', ['PAID-R-1'])
    const paid = stripeCompleted({ email: 'refund@example.com', intent: 'pi_refund_1' })
    await deliver(app, 'stripe', paid)
    await worker.drain()
    await smtp.waitFor(1)
    await deliver(app, 'stripe', stripeRefund('pi_refund_1'))
    await worker.drain()
    const mail = await smtp.waitFor(3)
    const toOperator = mail.find((m) => m.to.includes(OPERATOR))!
    expect(toOperator.text).toContain('PAID-R-1')
    const toBuyer = mail.filter((m) => m.to.includes('refund@example.com'))
    expect(toBuyer.map((m) => m.subject)).toEqual([
      expect.stringContaining('license key'),
      expect.stringContaining('refund'),
    ])
    expect(
      await count(
        sql`select count(*)::int as n from licenses where status = 'revoked' and activation_key = 'PAID-R-1'`,
      ),
    ).toBe(1)
    expect((await orderRows())[0]!.status).toBe('refunded')
    // The key stays with its order, marked revoked.
    expect(await count(sql`select count(*)::int as n from order_keys`)).toBe(1)
  })

  it('Paddle: an approved full refund adjustment revokes its transaction; a partial, pending, rejected or credit one does not', async () => {
    const { app, worker } = start()
    await paidKeys('advanced', ['PAID-PR-1'])
    const paid = paddleCompleted('ctm_refund')
    const transaction = paid.data.id
    await deliver(app, 'paddle', paid)
    await worker.drain()
    await smtp.waitFor(1)
    let n = 0
    const adjustment = (
      type: 'adjustment.created' | 'adjustment.updated',
      data: { action: string; type: string; status: string },
    ) => ({
      event_id: `evt_adj_${unique()}`,
      event_type: type,
      occurred_at: new Date().toISOString(),
      data: {
        id: `adj_${++n}`,
        transaction_id: transaction,
        customer_id: 'ctm_refund',
        reason: 'The buyer asked',
        currency_code: 'USD',
        ...data,
      },
    })
    const outcomes = async () =>
      queryRows<{ event_type: string; outcome: string | null }>(
        getDatabase().db,
        sql`select event_type, outcome from webhook_events where event_type like 'adjustment.%' order by id`,
      )
    const revoked = () =>
      count(sql`select count(*)::int as n from licenses where status = 'revoked'`)
    const refundMail = () =>
      count(
        sql`select count(*)::int as n from mail_outbox where kind in ('order-refunded', 'order-alert')`,
      )

    for (const data of [
      { action: 'refund', type: 'partial', status: 'approved' },
      { action: 'refund', type: 'full', status: 'pending_approval' },
      { action: 'refund', type: 'full', status: 'rejected' },
      { action: 'credit', type: 'full', status: 'approved' },
      { action: 'chargeback_warning', type: 'full', status: 'approved' },
    ]) {
      const res = await deliver(app, 'paddle', adjustment('adjustment.created', data))
      expect(res.status).toBe(200)
    }
    await worker.drain()
    expect((await outcomes()).map((e) => e.outcome)).toEqual(Array(5).fill('ignored'))
    expect((await orderRows())[0]!.status).toBe('fulfilled')
    expect(await revoked()).toBe(0)
    expect(await refundMail()).toBe(0)

    // The pending full refund is approved: Paddle says so with adjustment.updated.
    await deliver(
      app,
      'paddle',
      adjustment('adjustment.updated', { action: 'refund', type: 'full', status: 'approved' }),
    )
    // And once more as adjustment.created of another adjustment: still one refund.
    await deliver(
      app,
      'paddle',
      adjustment('adjustment.created', { action: 'refund', type: 'full', status: 'approved' }),
    )
    await worker.drain()
    expect((await outcomes()).slice(5).map((e) => e.outcome)).toEqual(['done', 'done'])
    expect((await orderRows())[0]!.status).toBe('refunded')
    expect(
      await count(
        sql`select count(*)::int as n from licenses where status = 'revoked' and activation_key = 'PAID-PR-1'`,
      ),
    ).toBe(1)
    expect(await refundMail()).toBe(2)
    const mail = await smtp.waitFor(3)
    expect(mail.find((m) => m.to.includes(OPERATOR))!.text).toContain('PAID-PR-1')
    expect(
      mail.some(
        (m) => m.to.includes('ctm_refund@paddle-buyer.test') && m.subject.includes('refund'),
      ),
    ).toBe(true)
  })

  it('a refund that arrives before its order is applied when the order comes: no key goes out', async () => {
    const { app, worker } = start()
    await paidKeys('basic', ['PAID-E-1', 'PAID-E-2'])
    await deliver(
      app,
      'lemonsqueezy',
      lemonOrder('order_refunded', 'ls_early', 'early@example.com'),
    )
    await worker.drain()
    await deliver(app, 'lemonsqueezy', lemonOrder('order_created', 'ls_early', 'early@example.com'))
    await worker.drain()
    const mail = await smtp.waitFor(2)
    await new Promise((r) => setTimeout(r, 200))
    expect(smtp.received.every((m) => !m.text.includes('PAID-E-'))).toBe(true)
    expect((await orderRows())[0]!.status).toBe('refunded')
    expect(
      await count(sql`select count(*)::int as n from licenses where status = 'available'`),
    ).toBe(2)
    expect(
      mail.some((m) => m.to.includes('early@example.com') && m.subject.includes('refund')),
    ).toBe(true)
  })

  it('an empty paid pool: orders wait, the buyer is told, the operator alerted once; importing fulfils them oldest first', async () => {
    const { app, worker, run } = start()
    const first = stripeCompleted({ email: 'first@example.com' })
    const second = stripeCompleted({ email: 'second@example.com' })
    await deliver(app, 'stripe', first)
    await worker.drain()
    await deliver(app, 'stripe', second)
    await worker.drain()
    const mail = await smtp.waitFor(3)
    await new Promise((r) => setTimeout(r, 200))
    expect(smtp.received).toHaveLength(3)
    expect(mail.filter((m) => m.to.includes(OPERATOR))).toHaveLength(1)
    expect(
      mail.filter((m) => !m.to.includes(OPERATOR) && m.text.includes('within one business day')),
    ).toHaveLength(2)
    expect((await orderRows()).map((o) => o.status)).toEqual(['awaiting_key', 'awaiting_key'])

    const result = await run({
      name: 'licenses import',
      model: 'advanced',
      pool: 'paid',
      fileName: 'paid.txt',
      keysText: 'PAID-W-1\n',
    })
    expect(result.stdout).toContain('1 waiting order fulfilled')
    const after = await smtp.waitFor(4)
    expect(after[3]!.to).toContain('first@example.com')
    expect(after[3]!.text).toContain('PAID-W-1')
    expect((await orderRows()).map((o) => o.status)).toEqual(['fulfilled', 'awaiting_key'])
  })

  it('an unmatched product: the operator is told, no key goes out; `orders reprocess` after the mapping is fixed sends it', async () => {
    const { app, worker } = start()
    await paidKeys('basic', ['PAID-U-1'])
    const event = stripeCompleted({ email: 'unmatched@example.com', link: 'plink_new' })
    await deliver(app, 'stripe', event)
    await worker.drain()
    const [alert] = await smtp.waitFor(1)
    expect(alert!.to).toContain(OPERATOR)
    expect(alert!.text).toContain('plink_new')
    const [order] = await orderRows()
    expect(order!.status).toBe('unmatched')

    const fixed = start({ PAID_PRODUCTS: `${PRODUCTS},stripe:plink_new=basic` })
    const result = await fixed.run({ name: 'orders reprocess', order: order!.id })
    expect(result.exitCode).toBe(0)
    expect(result.stdout).toContain('fulfilled')
    const mail = await smtp.waitFor(2)
    expect(mail[1]!.to).toContain('unmatched@example.com')
    expect(mail[1]!.text).toContain('PAID-U-1')
  })

  it('an order for more keys than ORDER_MAX_KEYS takes none, waits as needs_review and alerts; reprocessing releases them', async () => {
    const { app, worker } = start({ ORDER_MAX_KEYS: '1' })
    await paidKeys('basic', ['PAID-R-1', 'PAID-R-2', 'PAID-R-3'])
    // Lemon Squeezy's order for two keys; with a limit of one it must never become one key.
    const res = await deliver(
      app,
      'lemonsqueezy',
      lemonOrder('order_created', 'ls_500', 'big@example.com'),
    )
    expect(res.status).toBe(200)
    await worker.drain()
    const [alert] = await smtp.waitFor(1)
    expect(alert!.to).toEqual([OPERATOR])
    expect(alert!.subject).toContain('needs review')
    expect(alert!.text).toContain('2 keys')
    const [order] = await orderRows()
    expect(order!.status).toBe('needs_review')
    expect(order!.quantity).toBe(2)
    expect(await count(sql`select count(*)::int as n from order_keys`)).toBe(0)

    const result = await start({ ORDER_MAX_KEYS: '1' }).run({
      name: 'orders reprocess',
      order: order!.id,
    })
    expect(result.exitCode).toBe(0)
    // The buyer's keys, and the operator told that the alert's episode ended.
    const mail = await smtp.waitFor(3)
    const keys = mail.find((m) => m.to.includes('big@example.com'))
    expect(keys!.text).toMatch(/PAID-R-1[\s\S]*PAID-R-2/)
    const resolved = mail.slice(1).find((m) => m.to.includes(OPERATOR))
    expect(resolved!.text).toContain('released by the operator')
  })

  it('a quantity above 100 is kept as sent, never read as one key', async () => {
    const { app, worker } = start()
    await paidKeys('basic', ['PAID-Q-1'])
    const event = lemonOrder('order_created', 'ls_501', 'many@example.com')
    event.data.attributes.first_order_item.quantity = 150
    expect((await deliver(app, 'lemonsqueezy', event)).status).toBe(200)
    await worker.drain()
    await smtp.waitFor(1)
    const [order] = await orderRows()
    expect(order).toMatchObject({ status: 'needs_review', quantity: 150 })
    expect(await count(sql`select count(*)::int as n from order_keys`)).toBe(0)
  })

  it('trial and paid pools never mix: orders leave /api/license-counts alone, trials never take a paid key', async () => {
    const { app, worker } = start()
    await insertLicenses(getDatabase().db, 'advanced', ['TRIAL-1'], 'trial')
    await paidKeys('advanced', ['PAID-M-1'])
    const before = await (await app.request('/api/license-counts')).json()
    expect(before).toEqual({ basic: 0, advanced: 1 })
    await deliver(app, 'stripe', stripeCompleted({ email: 'mix@example.com' }))
    await worker.drain()
    const [mail] = await smtp.waitFor(1)
    expect(mail!.text).toContain('PAID-M-1')
    expect(await (await app.request('/api/license-counts')).json()).toEqual(before)

    // A second order finds the paid pool empty, though a trial key is left: it waits.
    await deliver(app, 'stripe', stripeCompleted({ email: 'mix2@example.com' }))
    await worker.drain()
    expect((await orderRows())[1]!.status).toBe('awaiting_key')
    // The trial request takes the trial key; the next finds none.
    const trial = await postJson(app, '/api/trial-submissions', trialRequest({ model: 'advanced' }))
    expect(((await trial.json()) as { has_license: boolean }).has_license).toBe(true)
    const next = await postJson(app, '/api/trial-submissions', trialRequest({ model: 'advanced' }))
    expect(((await next.json()) as { has_license: boolean }).has_license).toBe(false)
  })

  it('`orders add` records an invoice and sends its keys; `orders list` shows it formula-safe; `orders resend` sends the same keys', async () => {
    const { run } = start()
    await paidKeys('basic', ['PAID-I-1', 'PAID-I-2'])
    const added = await run({
      name: 'orders add',
      email: 'treasurer@example.com',
      buyerName: '=HYPERLINK("x") Office',
      model: 'basic',
      quantity: 2,
      reference: 'INV-2026-001',
    })
    expect(added.exitCode).toBe(0)
    const [mail] = await smtp.waitFor(1)
    expect(mail!.text).toContain('PAID-I-1')
    expect(mail!.text).toContain('PAID-I-2')
    expect(mail!.text).toContain('INV-2026-001')
    const again = await run({
      name: 'orders add',
      email: 'x@example.com',
      buyerName: 'X',
      model: 'basic',
      quantity: 1,
      reference: 'INV-2026-001',
    })
    expect(again.exitCode).toBe(1)

    const csv = await run({ name: 'orders list', format: 'csv' })
    expect(csv.stdout).toContain('"\'=HYPERLINK(""x"") Office"')
    expect(csv.stdout).toContain('PAID-I-1 PAID-I-2')
    const json = JSON.parse(
      (await run({ name: 'orders list', status: 'fulfilled', format: 'json' })).stdout,
    )
    expect(json).toHaveLength(1)
    expect(
      (await run({ name: 'orders list', status: 'refunded', format: 'json' })).stdout.trim(),
    ).toBe('[]')

    const resent = await run({ name: 'orders resend', order: 'INV-2026-001' })
    expect(resent.exitCode).toBe(0)
    const both = await smtp.waitFor(2)
    expect(both[1]!.subject).toContain('sent again')
    expect(both[1]!.text).toContain('PAID-I-1')
    expect(await count(sql`select count(*)::int as n from order_keys`)).toBe(2)
  })

  it("a person's export holds their orders with keys, amounts and dates; `leads delete` erases their name and address from them and keeps the accounting", async () => {
    const { app, worker, run } = start()
    await paidKeys('advanced', ['PAID-D-1'])
    await paidKeys('basic', ['PAID-D-2', 'PAID-D-3', 'PAID-D-4'])
    await insertLicenses(getDatabase().db, 'advanced', ['TRIAL-D-1'], 'trial')
    const paid = stripeCompleted({ email: 'Forget.Me@example.com' })
    await deliver(app, 'stripe', paid)
    // Someone else's order (two basic keys), which must stay out of the person's export.
    await deliver(app, 'lemonsqueezy', lemonOrder('order_created', 'ls_other', 'other@example.com'))
    await worker.drain()
    const trial = await postJson(
      app,
      '/api/trial-submissions',
      trialRequest({ email: 'forget.me@example.com', first_name: 'Forget' }),
    )
    expect(trial.status).toBe(201)
    await run({
      name: 'orders add',
      email: 'FORGET.ME@example.com',
      buyerName: 'Forget Me',
      model: 'basic',
      quantity: 1,
      reference: 'INV-D-1',
    })
    await smtp.waitFor(4)

    const exported = await run({
      name: 'leads export',
      format: 'json',
      email: ' forget.me@EXAMPLE.com ',
    })
    expect(exported.exitCode).toBe(0)
    const person = JSON.parse(exported.stdout) as {
      email: string
      trial_requests: Record<string, unknown>[]
      purchase_requests: unknown[]
      orders: Record<string, unknown>[]
    }
    expect(person.email).toBe('forget.me@example.com')
    expect(person.trial_requests).toHaveLength(1)
    expect(person.trial_requests[0]).toMatchObject({
      first_name: 'Forget',
      model: 'advanced',
      activation_key: 'TRIAL-D-1',
    })
    expect(person.orders).toHaveLength(2)
    const [stripeOrder, invoice] = person.orders
    expect(stripeOrder).toMatchObject({
      provider: 'stripe',
      provider_order_id: paid.data.object.id,
      model: 'advanced',
      status: 'fulfilled',
      keys: 'PAID-D-1',
      amount_minor: 289900,
      currency: 'USD',
      name: 'Ada Byron',
      email: 'Forget.Me@example.com',
    })
    for (const date of ['created_at', 'paid_at', 'fulfilled_at'])
      expect(Date.parse(String(stripeOrder![date]))).not.toBeNaN()
    expect(invoice).toMatchObject({
      provider: 'invoice',
      reference: 'INV-D-1',
      model: 'basic',
      keys: 'PAID-D-4',
      status: 'fulfilled',
    })
    expect(exported.stdout).not.toContain('other@example.com')
    expect(exported.data).toMatchObject({ trialRequests: 1, purchaseRequests: 0, orders: 2 })
    expect(JSON.stringify(exported.data)).not.toContain('forget.me@')

    // The same as CSV: one line per field, every cell quoted.
    const csv = (await run({ name: 'leads export', format: 'csv', email: 'forget.me@example.com' }))
      .stdout
    expect(csv.split('\r\n')[0]).toBe('"record","id","field","value"')
    expect(csv).toContain(`"order","${String(stripeOrder!.order_id)}","keys","PAID-D-1"`)
    expect(csv).toContain(`"order","${String(invoice!.order_id)}","reference","INV-D-1"`)
    expect(csv).toContain('"trial_request"')

    const result = await run({ name: 'leads delete', email: 'forget.me@example.com' })
    expect(result.stdout).toContain('2 paid orders')
    const kept = JSON.parse((await run({ name: 'orders list', format: 'json' })).stdout) as Record<
      string,
      unknown
    >[]
    // Kept for accounting: model, keys, amount, currency, references and dates; no name, no address.
    expect(kept.find((o) => o.order_id === stripeOrder!.order_id)).toMatchObject({
      name: null,
      email: null,
      provider_order_id: paid.data.object.id,
      model: 'advanced',
      keys: 'PAID-D-1',
      amount_minor: 289900,
      currency: 'USD',
      status: 'fulfilled',
      paid_at: stripeOrder!.paid_at,
    })
    expect(kept.find((o) => o.order_id === invoice!.order_id)).toMatchObject({
      name: null,
      email: null,
      reference: 'INV-D-1',
      keys: 'PAID-D-4',
    })
    expect(kept.find((o) => o.email === 'other@example.com')).toMatchObject({
      name: 'Grace Hopper',
    })
    const payloads = await queryRows<{ payload: unknown }>(
      getDatabase().db,
      sql`select payload from webhook_events`,
    )
    expect(JSON.stringify(payloads).toLowerCase()).not.toContain('forget.me')
    expect(JSON.stringify(payloads)).toContain('other@example.com')
    expect(
      await count(
        sql`select count(*)::int as n from mail_outbox where lower("to") = 'forget.me@example.com'`,
      ),
    ).toBe(0)

    // Nothing of the person is left to export.
    const empty = JSON.parse(
      (await run({ name: 'leads export', format: 'json', email: 'forget.me@example.com' })).stdout,
    ) as { trial_requests: unknown[]; purchase_requests: unknown[]; orders: unknown[] }
    expect(empty).toMatchObject({ trial_requests: [], purchase_requests: [], orders: [] })
  })

  it('/api/order-status tells /purchase-complete the state of an order and nothing personal', async () => {
    const { app, worker } = start()
    await paidKeys('advanced', ['PAID-S-1'])
    const event = stripeCompleted({ email: 'status@example.com' })
    const session = event.data.object.id
    const ask = async (query: string) => {
      const res = await app.request(`/api/order-status?${query}`)
      return { status: res.status, body: (await res.json()) as Record<string, unknown> }
    }
    expect(await ask(`session_id=${session}`)).toEqual({
      status: 200,
      body: { status: 'processing' },
    })
    await deliver(app, 'stripe', event)
    await worker.drain()
    expect(await ask(`session_id=${session}`)).toEqual({
      status: 200,
      body: { status: 'fulfilled' },
    })
    expect(await ask(`order=${session}`)).toEqual({ status: 200, body: { status: 'fulfilled' } })
    expect((await ask('order=%3Cscript%3E')).status).toBe(400)
  })
})
