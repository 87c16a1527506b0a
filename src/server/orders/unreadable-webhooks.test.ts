/**
 * A signed delivery whose body the database cannot keep as JSON (docs/operations.md, "Payment
 * events that cannot be read"): a lone UTF-16 surrogate anywhere, a NUL in an object key. It is
 * stored as received (its bytes), answered 200 so the provider stops retrying, never processed,
 * and alerted once as webhook-failed; the deliveries that arrive with it are not lost; the
 * operator sees it in `orders list` and on the console's overview.
 */
import { sql } from 'drizzle-orm'
import { beforeEach, expect, it } from 'vitest'
import { api } from '#src/common/paths.ts'
import { DEFAULT_SETTINGS } from '#src/common/site/settings.ts'
import { executeConsoleCommand } from '../console/console-commands.ts'
import { consoleOverview } from '../console/console-queries.ts'
import { queryRows } from '../db/client.ts'
import { insertLicenses } from '../licenses/license-repository.ts'
import { startAlertMonitor } from '../alerts/alert-monitor.ts'
import { serverErrorWindow } from '../alerts/server-errors.ts'
import { createTestApp, memoryLogger } from '#tests/support/test-app.ts'
import { describeEachDatabase, resetTables } from '#tests/support/test-database.ts'
import { orderDependencies } from './order-deps.ts'
import { startOrderWorker } from './order-worker.ts'
import { signWebhook } from './webhook-signatures.ts'

const STRIPE_SECRET = 'whsec_unreadable_test'
const PADDLE_SECRET = 'pdl_unreadable_test'
const OPERATOR = 'ops@pacepoint.test'
const METRICS_TOKEN = 'unreadable-metrics-token-0123456789'

let seq = 0

/** A Stripe checkout as its JSON text, with `extra` spliced into the session object verbatim. */
function stripeCheckout(extra = '', id = `evt_unreadable_${++seq}`): string {
  return (
    `{"id":"${id}","type":"checkout.session.completed","created":${Math.floor(Date.now() / 1000)},` +
    `"data":{"object":{"id":"cs_${id}","payment_status":"paid","payment_link":"plink_adv",` +
    `"payment_intent":"pi_${id}","amount_total":289900,"currency":"usd",` +
    `"customer_details":{"email":"buyer.${id}@example.com","name":"Ada Byron"},"metadata":{}${extra}}}}`
  )
}

describeEachDatabase('payment events the database cannot keep as JSON, on %s', (database) => {
  beforeEach(() => resetTables(database()))

  function start() {
    const test = createTestApp(database(), {
      env: {
        STRIPE_WEBHOOK_SECRET: STRIPE_SECRET,
        PADDLE_WEBHOOK_SECRET: PADDLE_SECRET,
        PAID_PRODUCTS: 'stripe:plink_adv=advanced',
        OPERATOR_EMAIL: OPERATOR,
        METRICS_TOKEN,
      },
    })
    const deps = orderDependencies(test.config, DEFAULT_SETTINGS, database(), test.logger)
    return { ...test, deps }
  }

  const deliver = (
    app: ReturnType<typeof start>['app'],
    body: string,
    provider: 'stripe' | 'paddle' = 'stripe',
  ) =>
    app.request(api.webhook(provider), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        [provider === 'stripe' ? 'Stripe-Signature' : 'Paddle-Signature']: signWebhook(
          provider,
          provider === 'stripe' ? STRIPE_SECRET : PADDLE_SECRET,
          body,
        ),
      },
      body,
    })

  const events = () =>
    queryRows<{
      event_id: string
      raw: string | null
      unreadable: string | null
      processed: boolean
      attempts: number
    }>(
      database().db,
      sql`select event_id, encode(raw_body, 'hex') as raw, unreadable,
            processed_at is not null as processed, attempts
          from webhook_events order by id`,
    )
  /** The operator's alert e-mails and the alert episodes, as the operator would count them. */
  const alerts = async () => ({
    mails: (
      await queryRows<{ n: number }>(
        database().db,
        sql`select count(*)::int as n from mail_outbox where kind = 'alert' and "to" = ${OPERATOR}`,
      )
    )[0]!.n,
    episodes: await queryRows<{ kind: string; subject: string; open: boolean; text: string }>(
      database().db,
      sql`select kind, subject, ended_at is null as open, text from alert_episodes order by id`,
    ),
  })
  const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex')

  it('a lone surrogate and a NUL in a key: 200, stored byte for byte, unread, alerted once each', async () => {
    const { app, deps } = start()
    const surrogate = stripeCheckout(',"note":"\\ud800"')
    const nulKey = stripeCheckout(',"metadata2":{"a\\u0000b":"x"}')
    expect((await deliver(app, surrogate)).status).toBe(200)
    expect((await deliver(app, nulKey)).status).toBe(200)

    const stored = await events()
    expect(stored).toHaveLength(2)
    expect(stored.map((e) => e.raw)).toEqual([hex(surrogate), hex(nulKey)])
    expect(stored.map((e) => e.unreadable)).toEqual([
      expect.stringMatching(/surrogate/),
      expect.stringMatching(/NUL/),
    ])
    // Stored under the provider's own event id, since that much of it could be read.
    expect(stored[0]!.event_id).toMatch(/^evt_unreadable_/)
    const metrics = await app.request('/metrics', {
      headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
    })
    expect(await metrics.text()).toMatch(
      /pacepoint_webhook_events_total\{provider="stripe",outcome="unreadable"\} 2/,
    )
    const raised = await alerts()
    expect(raised.mails).toBe(2)
    expect(raised.episodes).toHaveLength(2)
    expect(raised.episodes.every((e) => e.kind === 'webhook-failed' && e.open)).toBe(true)
    expect(raised.episodes[0]!.text).toMatch(/could not be read/)

    // The orders worker never takes them: no order, no attempt.
    await insertLicenses(database().db, 'advanced', ['UNREAD-1'], 'paid', false, 'paid')
    const worker = startOrderWorker({ deps, logger: memoryLogger().logger, pollMs: 60_000 })
    try {
      expect(await worker.drain()).toBe(0)
    } finally {
      await worker.stop()
    }
    expect((await events()).map((e) => [e.processed, e.attempts])).toEqual([
      [true, 0],
      [true, 0],
    ])
    const orders = await queryRows<{ n: number }>(
      database().db,
      sql`select count(*)::int as n from orders`,
    )
    expect(orders[0]!.n).toBe(0)
  })

  it('a repeat delivery of an unreadable event (same event id, or same bytes) alerts no second time', async () => {
    const { app } = start()
    const id = `evt_repeat_${++seq}`
    expect((await deliver(app, stripeCheckout(',"note":"\\udc00"', id))).status).toBe(200)
    // The provider's retry may differ in its bytes: the event id says it is the same event.
    expect((await deliver(app, stripeCheckout(',"note":"\\udc00" ', id))).status).toBe(200)
    // No event id can be read here (it holds the surrogate itself): the bytes say it.
    const anonymous = stripeCheckout(',"x":1', 'evt_\\ud801')
    expect((await deliver(app, anonymous)).status).toBe(200)
    expect((await deliver(app, anonymous)).status).toBe(200)
    // A Paddle event with a NUL in a key, twice.
    const paddle =
      `{"event_id":"evt_pdl_${++seq}","event_type":"transaction.completed",` +
      `"data":{"id":"txn_${seq}","custom_data":{"\\u0000":1},"items":[]}}`
    expect((await deliver(app, paddle, 'paddle')).status).toBe(200)
    expect((await deliver(app, paddle, 'paddle')).status).toBe(200)

    const stored = await events()
    expect(stored).toHaveLength(3)
    expect(stored[1]!.raw).toBe(hex(anonymous))
    expect(stored.every((e) => e.unreadable !== null && e.processed)).toBe(true)
    const raised = await alerts()
    expect(raised.mails).toBe(3)
    expect(raised.episodes).toHaveLength(3)
  })

  it('nesting deeper than any event: kept as received, as Node and Postgres would overflow on it', async () => {
    const { app } = start()
    const deep = stripeCheckout(`,"deep":${'['.repeat(5000)}${']'.repeat(5000)}`)
    expect((await deliver(app, deep)).status).toBe(200)
    expect((await events()).map((e) => [e.raw === hex(deep), e.unreadable])).toEqual([
      [true, 'nested deeper than 256 levels'],
    ])
  })

  it('one unreadable delivery among good ones arriving together loses none of them', async () => {
    const { app, deps } = start()
    await insertLicenses(
      database().db,
      'advanced',
      ['GROUP-1', 'GROUP-2', 'GROUP-3', 'GROUP-4', 'GROUP-5'],
      'paid',
      false,
      'paid',
    )
    const good = Array.from({ length: 5 }, () => stripeCheckout())
    const bad = stripeCheckout(',"metadata2":{"\\u0000":"\\ud800"}')
    const bodies = [good[0]!, good[1]!, bad, good[2]!, good[3]!, good[4]!]
    const answers = await Promise.all(bodies.map((body) => deliver(app, body)))
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200])

    const worker = startOrderWorker({ deps, logger: memoryLogger().logger, pollMs: 60_000 })
    try {
      expect(await worker.drain()).toBe(5)
    } finally {
      await worker.stop()
    }
    const orders = await queryRows<{ status: string; keys: number }>(
      database().db,
      sql`select o.status, (select count(*)::int from order_keys k where k.order_id = o.id) as keys
          from orders o`,
    )
    expect(orders).toEqual(Array.from({ length: 5 }, () => ({ status: 'fulfilled', keys: 1 })))
    expect((await events()).filter((e) => e.unreadable !== null)).toHaveLength(1)
    expect((await alerts()).mails).toBe(1)
  })

  it('the operator sees it in orders list and the overview; the monitor neither raises it again nor ends it until its row is deleted', async () => {
    const { app, deps } = start()
    expect((await deliver(app, stripeCheckout(',"note":"\\ud800"'))).status).toBe(200)

    const listed = await executeConsoleCommand(
      { db: database().db, messageIdDomain: 'pacepoint.test', orders: deps },
      { name: 'orders list', format: 'table' },
    )
    expect(listed.stdout).toMatch(/1 payment event could not be read/)
    expect(listed.stdout).toMatch(/evt_unreadable_\d+.*lone UTF-16 surrogate in a string/)
    const overview = await consoleOverview(database().db, null)
    expect(overview.alerts.join('\n')).toMatch(/1 payment event could not be read/)

    const monitor = startAlertMonitor({
      db: database().db,
      ping: () => database().ping(),
      logger: memoryLogger().logger,
      mail: { operatorEmail: OPERATOR, messageIdDomain: 'pacepoint.test' },
      webhookUrl: null,
      brand: 'PacePoint',
      mailFailingAfterMs: 15 * 60_000,
      serverErrors: serverErrorWindow(),
      notifySales: false,
      pollMs: 3_600_000,
    })
    try {
      await monitor.check()
      await monitor.check()
      const raised = await alerts()
      expect(raised.mails).toBe(1)
      expect(raised.episodes.map((e) => [e.kind, e.open])).toEqual([['webhook-failed', true]])
      // The operator reads it, then dismisses it, and hears that its alert ended.
      const ctx = { db: database().db, messageIdDomain: 'pacepoint.test', orders: deps }
      const list = await executeConsoleCommand(ctx, { name: 'orders unreadable' })
      const no = /^\s*(\d+)\s+\d{4}-/m.exec(list.stdout)?.[1]
      expect(no, list.stdout).toBeDefined()
      const shown = await executeConsoleCommand(ctx, { name: 'orders unreadable', event: no })
      expect(shown.exitCode).toBe(0)
      expect(shown.stdout).toContain('"note":"\\ud800"')
      expect(shown.stdout).toMatch(/lone UTF-16 surrogate in a string/)
      const readable = await queryRows<{ id: number }>(
        database().db,
        sql`select id from webhook_events where unreadable is null limit 1`,
      )
      for (const other of [...readable.map((r) => String(r.id)), '999999'])
        expect(
          (await executeConsoleCommand(ctx, { name: 'orders dismiss', event: other })).exitCode,
        ).toBe(1)
      const dismissed = await executeConsoleCommand(ctx, { name: 'orders dismiss', event: no! })
      expect(dismissed.stdout).toMatch(/deleted; its webhook-failed alert ends/)
      expect((await executeConsoleCommand(ctx, { name: 'orders unreadable' })).stdout).toMatch(
        /No payment event that could not be read/,
      )
      await monitor.check()
      const ended = await alerts()
      expect(ended.mails).toBe(2)
      expect(ended.episodes.map((e) => [e.kind, e.open])).toEqual([['webhook-failed', false]])
    } finally {
      await monitor.stop()
    }
  })
})
