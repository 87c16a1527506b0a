/**
 * Alerts as the operator receives them (docs/operations.md, "Alerts"): a local HTTP server
 * stands in for the Slack/ntfy webhook, a real SMTP sink (behind a line that can fail) for the
 * operator's mailbox. Each kind fires once per episode and says resolved when it ends: SMTP down
 * past ALERT_MAIL_FAILING_AFTER, mail that dies and is sent by itself once SMTP is back, a burst
 * of 5xx answers, a payment event that cannot be processed, the pools and products, the
 * database away (Postgres, through a proxy that cuts the line); the post retried when the
 * receiver fails; and the optional sale notice.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { api } from '#src/common/paths.ts'
import { DEFAULT_SETTINGS } from '#src/common/site/settings.ts'
import { ConfigError, loadConfig } from '../config.ts'
import { openDatabase, queryRows } from '../db/client.ts'
import { insertLicenses } from '../licenses/license-repository.ts'
import { mailIdentity } from '../mail/mail-identity.ts'
import { listMail } from '../mail/outbox-repository.ts'
import { runOutboxPass } from '../mail/outbox-worker.ts'
import { renderOutboxMail } from '../mail/templates.ts'
import { createMailTransport } from '../mail/transport.ts'
import { orderDependencies } from '../orders/order-deps.ts'
import { fulfilWaitingOrders, reprocessOrder } from '../orders/order-service.ts'
import { startOrderWorker } from '../orders/order-worker.ts'
import { signWebhook } from '../orders/webhook-signatures.ts'
import { startFaultySmtp, type FaultySmtp } from '#tests/support/faulty-smtp.ts'
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink.ts'
import { startTcpProxy } from '#tests/support/tcp-proxy.ts'
import {
  createTestApp,
  memoryLogger,
  postJson,
  trialRequest,
  testConfig,
} from '#tests/support/test-app.ts'
import {
  TEST_DB_KINDS,
  createTestDatabase,
  describeEachDatabase,
  useTestDatabase,
} from '#tests/support/test-database.ts'
import { startAlertMonitor } from './alert-monitor.ts'
import { serverErrorWindow } from './server-errors.ts'

const OPERATOR = 'ops@example.test'
const STRIPE_SECRET = 'whsec_alerts_test'
const PADDLE_SECRET = 'pdl_alerts_test'

interface Posted {
  text: string
  kind: string
  state: string
}

/** A webhook receiver: keeps what it was sent; answers 500 while `failing` is above 0. */
async function startReceiver() {
  const posts: Posted[] = []
  const attempts: Posted[] = []
  let failing = 0
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Posted
      attempts.push(body)
      if (req.method !== 'POST' || req.headers['content-type'] !== 'application/json') {
        res.writeHead(415).end()
        return
      }
      if (failing > 0) {
        failing--
        res.writeHead(500).end()
        return
      }
      posts.push(body)
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/alerts`,
    posts,
    attempts,
    failNext(n: number) {
      failing = n
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const summary = (posts: Posted[]) => posts.map((p) => `${p.kind} ${p.state}`)

it('ALERT_WEBHOOK_URL must be https, or http on loopback; METRICS_TOKEN long enough', () => {
  const load = (env: Record<string, string>) => () => loadConfig(env)
  expect(load({ ALERT_WEBHOOK_URL: 'http://hooks.example.com/x' })).toThrow(
    /ALERT_WEBHOOK_URL: must be an https:\/\/ URL/,
  )
  expect(load({ ALERT_WEBHOOK_URL: 'https://user:pw@hooks.example.com/x' })).toThrow(ConfigError)
  expect(load({ ALERT_MAIL_FAILING_AFTER: 'soon', METRICS_TOKEN: 'short' })).toThrow(
    /ALERT_MAIL_FAILING_AFTER[\s\S]*METRICS_TOKEN|METRICS_TOKEN[\s\S]*ALERT_MAIL_FAILING_AFTER/,
  )
  const config = loadConfig({
    ALERT_WEBHOOK_URL: 'http://127.0.0.1:8080/x',
    ALERT_MAIL_FAILING_AFTER: '90s',
    NOTIFY_SALES: 'on',
  })
  expect(config.alertWebhookUrl).toBe('http://127.0.0.1:8080/x')
  expect(config.alertMailFailingAfterMs).toBe(90_000)
  expect(config.notifySales).toBe(true)
  expect(loadConfig({}).alertMailFailingAfterMs).toBe(15 * 60_000)
  expect(loadConfig({ ALERT_WEBHOOK_URL: 'https://ntfy.sh/pacepoint' }).alertWebhookUrl).toBe(
    'https://ntfy.sh/pacepoint',
  )
})

describeEachDatabase('alerts on %s', { emptyBeforeEach: true }, (database) => {
  let receiver: Receiver
  let sink: SmtpSink
  let smtp: FaultySmtp
  beforeAll(async () => {
    receiver = await startReceiver()
    sink = await startSmtpSink()
    smtp = await startFaultySmtp({ sinkPort: sink.port })
  })
  afterAll(async () => {
    await receiver.close()
    await smtp.close()
    await sink.close()
  })
  beforeEach(async () => {
    receiver.posts.length = 0
    receiver.attempts.length = 0
    receiver.failNext(0)
    sink.received.length = 0
    smtp.setMode('pass')
    await database().db.execute(
      sql`truncate supply_alert_episodes, claim_breaker_episodes, paid_pool_alerts, orders, order_keys, webhook_events cascade`,
    )
  })

  const identity = mailIdentity(
    { mailFrom: '', publicUrl: 'https://trial.example.test' },
    DEFAULT_SETTINGS,
  )
  const mailPass = (options: { maxAttempts?: number } = {}) =>
    runOutboxPass({
      db: database().db,
      transport: createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent' }),
      identity,
      settings: DEFAULT_SETTINGS,
      logger: memoryLogger().logger,
      // Each failed message is due again at once, so a test walks it to `dead` pass by pass.
      retryBaseMs: 1,
      retryMaxMs: 1,
      ...options,
    })

  function monitor(options: Partial<Parameters<typeof startAlertMonitor>[0]> = {}) {
    const m = startAlertMonitor({
      db: database().db,
      ping: () => database().ping(),
      logger: memoryLogger().logger,
      mail: { operatorEmail: OPERATOR, messageIdDomain: identity.messageIdDomain },
      webhookUrl: receiver.url,
      brand: 'PacePoint',
      mailFailingAfterMs: 1_000,
      serverErrors: serverErrorWindow(),
      notifySales: false,
      // The test looks when it wants to.
      pollMs: 3_600_000,
      postRetryBaseMs: 1,
      postRetryMaxMs: 1,
      ...options,
    })
    monitors.push(m)
    return m
  }
  let monitors: ReturnType<typeof startAlertMonitor>[] = []
  beforeEach(async () => {
    for (const m of monitors) await m.stop()
    monitors = []
  })

  it('SMTP down past ALERT_MAIL_FAILING_AFTER: mail-failing and mail-dead once each, dead mail sent by itself when SMTP is back, both resolved', async () => {
    await insertLicenses(database().db, 'basic', ['MAIL-1', 'MAIL-2'], 'mail')
    const { app } = createTestApp(database(), {
      env: { OPERATOR_EMAIL: OPERATOR, LOW_SUPPLY_DAYS: 'off' },
    })
    const ann = trialRequest({ model: 'basic' })
    const bob = trialRequest({ model: 'basic' })
    expect((await postJson(app, api.trialSubmissions, ann)).status).toBe(201)
    expect((await postJson(app, api.trialSubmissions, bob)).status).toBe(201)
    const m = monitor()
    // Two instances watch the same database.
    const other = monitor()

    smtp.setMode('refuse')
    expect(await mailPass({ maxAttempts: 3 })).toBe(2)
    // As if queued this instant: how long this machine took to get here is not the relay's time.
    await queryRows(database().db, sql`update mail_outbox set created_at = now()`)
    await m.check()
    expect(receiver.posts).toEqual([])
    await sleep(1_100)
    await m.check()
    await other.check()
    await m.check()
    expect(summary(receiver.posts)).toEqual(['mail-failing firing'])
    const post = receiver.posts[0]!
    expect(Object.keys(post).sort()).toEqual(['kind', 'state', 'text'])
    expect(post.text).toMatch(
      /^\[PacePoint\] Alert \(mail-failing\): E-mail sending has failed for more than 1 seconds: 2 messages/,
    )
    expect(post.text).not.toContain(String(ann.email))

    // The relay stays down: every message gives up.
    while (
      (
        await queryRows<{ n: number }>(
          database().db,
          sql`select count(*)::int as n from mail_outbox where status in ('pending', 'failed')`,
        )
      )[0]!.n > 0
    )
      await mailPass({ maxAttempts: 3 })
    await m.check()
    await other.check()
    expect(summary(receiver.posts)).toEqual(['mail-failing firing', 'mail-dead firing'])

    // The relay is back. Everything is dead, so the monitor tries one message; once that one
    // goes out, it queues the rest of what died in the last day.
    smtp.setMode('pass')
    await m.check()
    expect(await mailPass()).toBe(1)
    await m.check()
    expect(await mailPass()).toBeGreaterThan(1)
    await m.check()
    await other.check()
    expect(summary(receiver.posts)).toEqual([
      'mail-failing firing',
      'mail-dead firing',
      'mail-failing resolved',
      'mail-dead resolved',
    ])
    const to = sink.received.flatMap((r) => r.to)
    expect(to).toContain(String(ann.email))
    expect(to).toContain(String(bob.email))
    expect(sink.received.map((r) => r.subject)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/Alert: mail-failing/),
        expect.stringMatching(/Alert: mail-dead/),
      ]),
    )
    // Each message retried by itself once: one that dies again stays dead for `mail retry`.
    const rows = await listMail(database().db)
    expect(rows.filter((r) => r.kind === 'trial').every((r) => r.status === 'sent')).toBe(true)
  })

  it('ten 5xx answers within five minutes: server-errors once, resolved once they stop', async () => {
    const broken = await createTestDatabase('pglite')
    await broken.close()
    const window = serverErrorWindow(800)
    const { app } = createTestApp(broken, { onServerError: () => window.record() })
    const m = monitor({ serverErrors: window })
    for (let i = 0; i < 9; i++)
      expect((await postJson(app, api.trialSubmissions, trialRequest())).status).toBeGreaterThan(
        499,
      )
    await m.check()
    expect(receiver.posts).toEqual([])
    for (let i = 0; i < 5; i++) await postJson(app, api.trialSubmissions, trialRequest())
    await m.check()
    await m.check()
    expect(summary(receiver.posts)).toEqual(['server-errors firing'])
    expect(receiver.posts[0]!.text).toMatch(/14 server errors \(5xx\) within 5 minutes/)
    await sleep(900)
    await m.check()
    expect(summary(receiver.posts)).toEqual(['server-errors firing', 'server-errors resolved'])
  })

  it('a payment event that cannot be processed: webhook-failed once, resolved when it is', async () => {
    let paddleDown = true
    const paddle = createServer((_req, res) => {
      if (paddleDown) return void res.writeHead(503).end()
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ data: { id: 'ctm_1', email: 'k@example.com', name: 'K J' } }))
    })
    await new Promise<void>((resolve) => paddle.listen(0, '127.0.0.1', resolve))
    const test = createTestApp(database(), {
      env: {
        PADDLE_WEBHOOK_SECRET: PADDLE_SECRET,
        PADDLE_API_URL: `http://127.0.0.1:${(paddle.address() as AddressInfo).port}`,
        PADDLE_API_KEY: 'pdl_key',
        PAID_PRODUCTS: 'paddle:pri_adv=advanced',
        OPERATOR_EMAIL: OPERATOR,
      },
    })
    await insertLicenses(database().db, 'advanced', ['PADDLE-1'], 'paddle', false, 'paid')
    const body = JSON.stringify({
      event_id: 'evt_alert_1',
      event_type: 'transaction.completed',
      occurred_at: new Date().toISOString(),
      data: {
        id: 'txn_alert_1',
        customer_id: 'ctm_1',
        currency_code: 'USD',
        items: [{ price: { id: 'pri_adv' }, quantity: 1 }],
        details: { totals: { grand_total: '289900' } },
      },
    })
    const res = await test.app.request(api.webhook('paddle'), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Paddle-Signature': signWebhook('paddle', PADDLE_SECRET, body),
      },
      body,
    })
    expect(res.status).toBe(200)
    const deps = orderDependencies(test.config, DEFAULT_SETTINGS, database(), test.logger)
    const worker = startOrderWorker({
      deps,
      logger: test.logger,
      pollMs: 3_600_000,
      retryBaseMs: 1,
    })
    try {
      await worker.drain()
      const m = monitor()
      await m.check()
      await m.check()
      expect(summary(receiver.posts)).toEqual(['webhook-failed firing'])
      expect(receiver.posts[0]!.text).toMatch(/1 payment events could not be processed/)
      paddleDown = false
      await sleep(20)
      await worker.drain()
      await m.check()
      expect(summary(receiver.posts)).toEqual(['webhook-failed firing', 'webhook-failed resolved'])
    } finally {
      await worker.stop()
      await new Promise((resolve) => paddle.close(resolve))
    }
  })

  it('low supply, an empty paid pool and an unmatched product reach the webhook once, and resolve when their cause is gone', async () => {
    await insertLicenses(database().db, 'advanced', ['LOW-1', 'LOW-2', 'LOW-3', 'LOW-4'], 'low')
    const env = {
      OPERATOR_EMAIL: OPERATOR,
      LOW_SUPPLY_DAYS: '7',
      STRIPE_WEBHOOK_SECRET: STRIPE_SECRET,
      PAID_PRODUCTS: 'stripe:plink_adv=advanced',
    }
    const test = createTestApp(database(), { env })
    const m = monitor()
    await postJson(test.app, api.trialSubmissions, trialRequest({ model: 'advanced' }))
    await m.check()
    expect(summary(receiver.posts)).toEqual(['low-supply firing'])
    expect(receiver.posts[0]!.text).toMatch(/Advanced trial keys running low: 3 left/)

    const order = (n: number, link: string) => {
      const body = JSON.stringify({
        id: `evt_alert_${n}`,
        type: 'checkout.session.completed',
        data: {
          object: {
            id: `cs_alert_${n}`,
            payment_status: 'paid',
            payment_link: link,
            payment_intent: `pi_alert_${n}`,
            amount_total: 289900,
            currency: 'usd',
            customer_details: { email: `buyer${n}@example.com`, name: 'Ada Byron' },
            metadata: {},
          },
        },
      })
      return test.app.request(api.webhook('stripe'), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Stripe-Signature': signWebhook('stripe', STRIPE_SECRET, body),
        },
        body,
      })
    }
    const deps = orderDependencies(test.config, DEFAULT_SETTINGS, database(), test.logger)
    const worker = startOrderWorker({ deps, logger: test.logger, pollMs: 3_600_000 })
    try {
      for (const [n, link] of [
        [1, 'plink_adv'],
        [2, 'plink_adv'],
        [3, 'plink_new'],
        [4, 'plink_new'],
      ] as const)
        expect((await order(n, link)).status).toBe(200)
      await worker.drain()
      await m.check()
      await m.check()
      expect(summary(receiver.posts).sort()).toEqual([
        'low-supply firing',
        'paid-pool-empty firing',
        'unmatched-product firing',
      ])
      // The operator's e-mails are the detailed ones they always were, one per episode.
      const mails = (await listMail(database().db)).filter((r) => r.to === OPERATOR)
      expect(mails.map((r) => [r.kind, r.payload.alert ?? r.payload.model]).sort()).toEqual([
        ['low-supply', 'advanced'],
        ['order-alert', 'empty-pool'],
        ['order-alert', 'unmatched'],
      ])

      // Keys imported, the product mapped: each episode ends, and says so once.
      await insertLicenses(
        database().db,
        'advanced',
        Array.from({ length: 100 }, (_, i) => `MORE-${i}`),
        'more',
      )
      // Another instance: this one looked at the supply less than a minute ago.
      const again = createTestApp(database(), { env }).app
      await postJson(again, api.trialSubmissions, trialRequest({ model: 'advanced' }))
      await insertLicenses(
        database().db,
        'advanced',
        ['P-1', 'P-2', 'P-3', 'P-4'],
        'p',
        false,
        'paid',
      )
      await fulfilWaitingOrders(deps, 'advanced')
      const mapped = orderDependencies(
        testConfig({
          ...env,
          PAID_PRODUCTS: 'stripe:plink_adv=advanced,stripe:plink_new=advanced',
        }),
        DEFAULT_SETTINGS,
        database(),
        test.logger,
      )
      const unmatched = await queryRows<{ id: string }>(
        database().db,
        sql`select id from orders where status = 'unmatched'`,
      )
      expect(unmatched).toHaveLength(2)
      await reprocessOrder(mapped, unmatched[0]!.id)
      await m.check()
      // One of the product's orders still waits: its episode goes on.
      expect(receiver.posts.filter((p) => p.kind === 'unmatched-product')).toHaveLength(1)
      await reprocessOrder(mapped, unmatched[1]!.id)
      await m.check()
      await m.check()
      expect(summary(receiver.posts).slice(3).sort()).toEqual([
        'low-supply resolved',
        'paid-pool-empty resolved',
        'unmatched-product resolved',
      ])
    } finally {
      await worker.stop()
    }
  })

  it('the claim breaker: claim-breaker once while it is tripped, resolved when it closes', async () => {
    await insertLicenses(
      database().db,
      'advanced',
      Array.from({ length: 6 }, (_, i) => `BRK-${i}`),
      'breaker',
    )
    const { app } = createTestApp(database(), {
      env: { OPERATOR_EMAIL: OPERATOR, CLAIM_BREAKER: '2/6s', LOW_SUPPLY_DAYS: 'off' },
    })
    const ask = async () =>
      (await (
        await postJson(app, api.trialSubmissions, trialRequest({ model: 'advanced' }))
      ).json()) as Record<string, unknown>
    const m = monitor()
    expect((await ask()).has_license).toBe(true)
    expect((await ask()).has_license).toBe(true)
    expect((await ask()).confirmation_required).toBe(true)
    expect((await ask()).confirmation_required).toBe(true)
    await m.check()
    await m.check()
    expect(summary(receiver.posts)).toEqual(['claim-breaker firing'])
    expect(receiver.posts[0]!.text).toMatch(/Claim breaker tripped for Advanced: 2 trial keys/)
    // The window passes (the claims are moved back by its length, as if it had): the next
    // request gets its key, and the breaker is closed.
    await queryRows(
      database().db,
      sql`update licenses set assigned_at = assigned_at - interval '6 seconds'
          where assigned_at is not null`,
    )
    expect((await ask()).has_license).toBe(true)
    await m.check()
    expect(summary(receiver.posts)).toEqual(['claim-breaker firing', 'claim-breaker resolved'])
    expect(
      (await listMail(database().db)).filter((r) => r.to === OPERATOR).map((r) => r.kind),
    ).toEqual(['breaker', 'alert'])
  })

  it('a receiver that fails is tried again until it takes the alert, once', async () => {
    const broken = await createTestDatabase('pglite')
    await broken.close()
    const window = serverErrorWindow()
    const { app } = createTestApp(broken, { onServerError: () => window.record() })
    for (let i = 0; i < 10; i++) await postJson(app, api.trialSubmissions, trialRequest())
    receiver.failNext(2)
    const m = monitor({ serverErrors: window })
    await m.check()
    expect(receiver.posts).toEqual([])
    await sleep(10)
    await m.check()
    await sleep(10)
    await m.check()
    await m.check()
    expect(receiver.attempts.map((a) => a.kind)).toEqual([
      'server-errors',
      'server-errors',
      'server-errors',
    ])
    expect(summary(receiver.posts)).toEqual(['server-errors firing'])
  })

  it('NOTIFY_SALES: the operator hears of each paid order once, without its key or the buyer', async () => {
    await insertLicenses(database().db, 'advanced', ['SALE-KEY-1'], 'sale', false, 'paid')
    const test = createTestApp(database(), {
      env: {
        STRIPE_WEBHOOK_SECRET: STRIPE_SECRET,
        PAID_PRODUCTS: 'stripe:plink_adv=advanced',
        OPERATOR_EMAIL: OPERATOR,
      },
    })
    const body = JSON.stringify({
      id: 'evt_sale_1',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_sale_1',
          payment_status: 'paid',
          payment_link: 'plink_adv',
          payment_intent: 'pi_sale_1',
          amount_total: 289900,
          currency: 'usd',
          customer_details: { email: 'sale.buyer@example.com', name: 'Ada Byron' },
          metadata: {},
        },
      },
    })
    await test.app.request(api.webhook('stripe'), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Stripe-Signature': signWebhook('stripe', STRIPE_SECRET, body),
      },
      body,
    })
    const deps = orderDependencies(test.config, DEFAULT_SETTINGS, database(), test.logger)
    const worker = startOrderWorker({ deps, logger: test.logger, pollMs: 3_600_000 })
    await worker.drain()
    await worker.stop()
    // Off by default: nothing.
    await monitor().check()
    expect((await listMail(database().db)).filter((r) => r.kind === 'sale-notice')).toEqual([])
    const on = monitor({ notifySales: true })
    await on.check()
    await monitor({ notifySales: true }).check()
    await on.check()
    const notices = (await listMail(database().db)).filter((r) => r.kind === 'sale-notice')
    expect(notices).toHaveLength(1)
    expect(notices[0]!.to).toBe(OPERATOR)
    await mailPass()
    const arrived = sink.received.find((r) => /Sale:/.test(r.subject))!
    expect(arrived.subject).toMatch(/Sale: Advanced, USD 2,899\.00/)
    expect(arrived.text).toMatch(/\(stripe\) was paid: USD 2,899\.00 for the Advanced model/)
    expect(arrived.raw).not.toContain('SALE-KEY-1')
    expect(arrived.raw).not.toContain('sale.buyer@example.com')
    const rendered = renderOutboxMail(
      'sale-notice',
      notices[0]!.payload,
      DEFAULT_SETTINGS,
      'https://x.test',
    )
    expect(rendered.text).toContain(String(notices[0]!.payload.reference))
  })
})

describe.runIf(TEST_DB_KINDS.includes('postgres'))('database-down on postgres', () => {
  const database = useTestDatabase('postgres')
  let receiver: Receiver
  beforeAll(async () => {
    receiver = await startReceiver()
  })
  afterAll(async () => {
    await receiver.close()
  })

  it('the database away past a minute (here 300 ms) is posted while it lasts, and resolved once it answers', async () => {
    const { url, schema } = database()
    const target = new URL(url!)
    const proxy = await startTcpProxy({ targetPort: Number(target.port || 5432) })
    target.port = String(proxy.port)
    const viaProxy = await openDatabase({
      databaseUrl: target.toString(),
      dataDir: null,
      searchPath: schema!,
      poolSize: 2,
    })
    const m = startAlertMonitor({
      db: viaProxy.db,
      ping: () => viaProxy.ping(500),
      logger: memoryLogger().logger,
      mail: { operatorEmail: OPERATOR, messageIdDomain: 'pacepoint.test' },
      webhookUrl: receiver.url,
      brand: 'PacePoint',
      mailFailingAfterMs: 60_000,
      serverErrors: serverErrorWindow(),
      notifySales: false,
      pollMs: 3_600_000,
      databaseDownAfterMs: 300,
    })
    try {
      await m.check()
      await proxy.setMode('refuse')
      await m.check()
      expect(receiver.posts).toEqual([])
      await sleep(400)
      await m.check()
      await m.check()
      expect(summary(receiver.posts)).toEqual(['database-down firing'])
      expect(receiver.posts[0]!.text).toMatch(/The database has not answered since/)
      await proxy.setMode('pass')
      await m.check()
      await m.check()
      expect(summary(receiver.posts)).toEqual(['database-down firing', 'database-down resolved'])
      const mail = await listMail(database().db)
      expect(mail.filter((r) => r.kind === 'alert').map((r) => r.payload.kind)).toEqual([
        'database-down',
      ])
    } finally {
      await m.stop()
      await viaProxy.close()
      await proxy.close()
    }
  })
})
