/**
 * Paid orders on the embedded database (docs/architecture.md "Budgets"): signed Stripe webhooks
 * over real HTTP to the webhook routes, the orders worker and the outbox worker running as in
 * the server, an SMTP server in-process. Budgets: a webhook answered in p99 < 50 ms at 16
 * concurrent deliveries; every key e-mail of a burst of 100 orders sent within 5 s of its
 * event. Part `orders` of npm run bench (BENCH_ONLY=orders); alone:
 * `node --import tsx bench/orders.ts`.
 */
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { DEFAULT_SETTINGS } from '#src/common/site/settings.ts'
import { openDatabase } from '#src/server/db/client.ts'
import { insertLicenses } from '#src/server/db/license-repository.ts'
import { migrate } from '#src/server/db/migrate.ts'
import { webhookRoutes } from '#src/server/http/webhooks.ts'
import { createLogger } from '#src/server/logger.ts'
import { mailIdentity } from '#src/server/mail/mail-identity.ts'
import { startOutboxWorker } from '#src/server/mail/outbox-worker.ts'
import { createMailTransport } from '#src/server/mail/transport.ts'
import { startOrderWorker } from '#src/server/orders/order-worker.ts'
import { signWebhook } from '#src/server/orders/webhook-signatures.ts'
import { startSmtpSink } from '#tests/support/smtp-sink.ts'
import type { Budget } from './budget.ts'

export interface OrdersReport {
  webhook: { deliveries: number; concurrency: number; p50Ms: number; p99Ms: number }
  /** The slowest event's answer to the moment the burst's last key e-mail arrived (an upper bound). */
  burst: { orders: number; maxEventToMailMs: number }
}

const SECRET = 'whsec_bench'
const WEBHOOK_BUDGET_MS = 50
const MAIL_BUDGET_MS = 5_000

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

function event(n: number, prefix: string) {
  return JSON.stringify({
    id: `evt_${prefix}_${n}`,
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_${prefix}_${n}`,
        payment_status: 'paid',
        payment_link: 'plink_bench',
        payment_intent: `pi_${prefix}_${n}`,
        amount_total: 289900,
        currency: 'usd',
        customer_details: { email: `buyer.${prefix}.${n}@example.com`, name: 'Bench Buyer' },
      },
    },
  })
}

export async function runOrdersBench(
  deliveries = Number(process.env.BENCH_ORDERS_DELIVERIES ?? 800),
  burst = Number(process.env.BENCH_ORDERS_BURST ?? 100),
): Promise<OrdersReport> {
  const dir = await mkdtemp(join(tmpdir(), 'pacepoint-orders-bench-'))
  const database = await openDatabase({ databaseUrl: null, dataDir: join(dir, 'db') })
  const smtp = await startSmtpSink()
  const logger = createLogger({ logLevel: 'silent', logPretty: false })
  try {
    await migrate(database.db)
    const keys = Array.from({ length: deliveries + burst + 10 }, (_, i) => `BENCH-PAID-${i}`)
    await insertLicenses(database.db, 'advanced', keys, 'bench', false, 'paid')
    const outbox = startOutboxWorker({
      db: database.db,
      transport: createMailTransport({ smtpUrl: smtp.url, dataDir: dir }),
      identity: mailIdentity({ mailFrom: '', publicUrl: 'https://bench.test' }, DEFAULT_SETTINGS),
      settings: DEFAULT_SETTINGS,
      logger,
      pollMs: 200,
    })
    const orders = startOrderWorker({
      deps: {
        db: database.db,
        paidProducts: new Map([['stripe:plink_bench', 'advanced' as const]]),
        operatorEmail: 'ops@pacepoint.test',
        messageIdDomain: 'pacepoint.test',
        paddleApi: { url: 'http://127.0.0.1:9', key: null },
        downloadUrls: { basic: null, advanced: 'https://downloads.bench.test/Advanced.exe' },
        logger,
        onMailQueued: () => outbox.kick(),
      },
      logger,
      pollMs: 200,
    })
    const app = webhookRoutes({
      db: database.db,
      secrets: { stripe: SECRET, lemonsqueezy: null, paddle: null },
      onEventStored: () => orders.kick(),
    })
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise((resolve) => server.once('listening', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/stripe`
    const deliver = async (body: string) => {
      const started = performance.now()
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Stripe-Signature': signWebhook('stripe', SECRET, body),
        },
        body,
      })
      await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`webhook answered ${res.status}`)
      return performance.now() - started
    }

    try {
      // 16 deliveries in flight at all times, the workers busy with the orders they make.
      const concurrency = 16
      const times: number[] = []
      let next = 0
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < deliveries) times.push(await deliver(event(next++, 'load')))
        }),
      )
      await orders.drain()
      await outbox.drain()
      times.sort((a, b) => a - b)

      // A burst: 100 orders at once; each key e-mail's arrival against its event's answer.
      const before = smtp.received.length
      const answered = new Map<string, number>()
      await Promise.all(
        Array.from({ length: burst }, async (_, i) => {
          await deliver(event(i, 'burst'))
          answered.set(`buyer.burst.${i}@example.com`, performance.now())
        }),
      )
      await smtp.waitFor(before + burst, 60_000)
      const arrived = performance.now()
      // Every message counted as arriving when the last one did: an upper bound for each.
      const delays = [...answered.values()].map((t) => arrived - t).sort((a, b) => a - b)
      await orders.stop()
      await outbox.stop()
      return {
        webhook: {
          deliveries,
          concurrency,
          p50Ms: Math.round(percentile(times, 50) * 10) / 10,
          p99Ms: Math.round(percentile(times, 99) * 10) / 10,
        },
        burst: {
          orders: burst,
          maxEventToMailMs: Math.round(delays[delays.length - 1]!),
        },
      }
    } finally {
      server.close()
    }
  } finally {
    await smtp.close()
    await database.close()
    await rm(dir, { recursive: true, force: true })
  }
}

export function ordersBudgets(report: OrdersReport): Budget[] {
  return [
    {
      name: 'Webhook answer p99 at 16 concurrent deliveries (embedded)',
      limit: `< ${WEBHOOK_BUDGET_MS} ms`,
      actual: `${report.webhook.p99Ms} ms`,
      met: report.webhook.p99Ms < WEBHOOK_BUDGET_MS,
    },
    {
      name: `Key e-mail after its event, ${report.burst.orders} orders in a burst`,
      limit: `< ${MAIL_BUDGET_MS} ms`,
      actual: `${report.burst.maxEventToMailMs} ms`,
      met: report.burst.maxEventToMailMs < MAIL_BUDGET_MS,
    },
  ]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await runOrdersBench()
  console.log(JSON.stringify(report, null, 2))
  console.table(ordersBudgets(report))
}
