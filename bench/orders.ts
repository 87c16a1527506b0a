/**
 * Paid orders (DESIGN.md §9), on the embedded database and, with TEST_DATABASE_URL, on a fresh
 * Postgres database: the production server in a process of its own, as `npm start` runs it (its
 * orders worker and outbox worker included), signed Stripe webhooks over real HTTP from this
 * process, the server's e-mail delivered over SMTP to a sink here. Budgets: a webhook answered
 * within 250 ms at p99 at 16 concurrent deliveries (providers wait 10-30 s); every key e-mail of
 * a burst of 100 orders sent within 5 s of its event. Part `orders` of npm run bench
 * (BENCH_ONLY=orders; it needs the bench build); alone, after a build:
 * `node --import tsx bench/orders.ts`.
 */
import { mkdtempSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { embeddedDataDir, openDatabase } from '#src/server/db/client.ts'
import { insertLicenses } from '#src/server/licenses/license-repository.ts'
import { migrate } from '#src/server/db/migrate.ts'
import { signWebhook } from '#src/server/orders/webhook-signatures.ts'
import { createBenchDatabase } from './bench-database.ts'
import type { Budget } from './budget.ts'
import { startServer } from './server.ts'
import { startSmtpArrivals } from './smtp-arrivals.ts'

export interface OrdersReport {
  database: 'embedded' | 'postgres'
  /** The machine's 1-minute load average before and after: these machines are shared. */
  loadAverage: { before: number; after: number }
  webhook: { deliveries: number; concurrency: number; p50Ms: number; p99Ms: number }
  /** Each order's key e-mail against its webhook's answer: the slowest and the median. */
  burst: { orders: number; maxEventToMailMs: number; p50EventToMailMs: number }
  /** How long after the load the orders it made had all their key e-mails. */
  loadOrdersMailedAfterMs: number
}

const SECRET = 'whsec_bench'
const WEBHOOK_BUDGET_MS = 250
const MAIL_BUDGET_MS = 5_000

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

const buyer = (prefix: string, n: number) => `buyer.${prefix}.${n}@example.com`

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
        customer_details: { email: buyer(prefix, n), name: 'Bench Buyer' },
      },
    },
  })
}

export async function runOrdersBench(
  port: number,
  postgresUrl: string | null = null,
  deliveries = Number(process.env.BENCH_ORDERS_DELIVERIES ?? 800),
  burst = Number(process.env.BENCH_ORDERS_BURST ?? 100),
): Promise<OrdersReport> {
  // The paid pool goes in before the server starts: PGlite admits one process at a time.
  const dataDir = mkdtempSync(join(tmpdir(), 'pacepoint-bench-orders-'))
  const benchDb = postgresUrl ? await createBenchDatabase(postgresUrl, 'orders') : null
  const database = await openDatabase({
    databaseUrl: benchDb?.url ?? null,
    dataDir: benchDb ? null : embeddedDataDir(dataDir),
  })
  await migrate(database.db)
  const keys = Array.from({ length: deliveries + 2 * burst + 10 }, (_, i) => `BENCH-PAID-${i}`)
  await insertLicenses(database.db, 'advanced', keys, 'bench', false, 'paid')
  await database.close()
  const loadBefore = loadavg()[0]!

  const smtp = await startSmtpArrivals()
  const server = await startServer(
    port,
    {
      STRIPE_WEBHOOK_SECRET: SECRET,
      PAID_PRODUCTS: 'stripe:plink_bench=advanced',
      PAID_DOWNLOAD_URL_ADVANCED: 'https://downloads.bench.test/Advanced.exe',
      OPERATOR_EMAIL: 'ops@pacepoint.test',
      SMTP_URL: smtp.url,
      ...(benchDb ? { DATABASE_URL: benchDb.url } : {}),
    },
    // BENCH_ORDERS_PROFILE=dir: the server's CPU profile goes there, to see where a run's time goes.
    {
      dataDir,
      nodeArgs: process.env.BENCH_ORDERS_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_ORDERS_PROFILE}`]
        : [],
    },
  )
  const url = `${server.baseUrl}/api/webhooks/stripe`
  // At most 48 connections: the server refuses a 65th from one address (decision 23); a
  // provider's burst comes over a few.
  const agent = new Agent({ keepAlive: true, maxSockets: 48 })
  // Every delivery is built and signed before the clock starts: the provider's own work is not
  // the server's, and in this process it would delay the answers being timed.
  const signed = (body: string) => ({
    body,
    headers: {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      'Stripe-Signature': signWebhook('stripe', SECRET, body),
    },
  })
  const deliveriesOf = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => signed(event(i, prefix)))
  const deliver = ({ body, headers }: ReturnType<typeof signed>) =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now()
      const req = request(
        url,
        {
          method: 'POST',
          agent,
          headers,
        },
        (res) => {
          res.resume()
          res.on('end', () =>
            res.statusCode === 200
              ? resolve(performance.now() - started)
              : reject(new Error(`webhook answered ${res.statusCode}`)),
          )
        },
      )
      req.on('error', reject)
      req.end(body)
    })
  const mailedAt = (to: string) => smtp.received.find((m) => m.to.includes(to))?.arrivedAt

  try {
    // A warm-up the size of the burst, answered and mailed before anything is measured.
    const [warm, load, bursting] = [
      deliveriesOf('warm', burst),
      deliveriesOf('load', deliveries),
      deliveriesOf('burst', burst),
    ]
    await Promise.all(warm.map(deliver))
    await smtp.waitFor(burst, 60_000)

    // 16 deliveries in flight at all times, the workers busy with the orders they make.
    const concurrency = 16
    const times: number[] = []
    let next = 0
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < deliveries) times.push(await deliver(load[next++]!))
      }),
    )
    const loadEnded = performance.now()
    await smtp.waitFor(burst + deliveries, 120_000)
    const loadOrdersMailedAfterMs = Math.round(performance.now() - loadEnded)
    times.sort((a, b) => a - b)

    // A burst: 100 orders at once; each key e-mail's arrival against its event's answer.
    const answered = new Map<string, number>()
    await Promise.all(
      Array.from({ length: burst }, async (_, i) => {
        await deliver(bursting[i]!)
        answered.set(buyer('burst', i), performance.now())
      }),
    )
    await smtp.waitFor(2 * burst + deliveries, 60_000)
    const delays = [...answered].map(([to, at]) => mailedAt(to)! - at).sort((a, b) => a - b)
    const keyMails = smtp.received.filter((m) => m.to.some((to) => to.startsWith('buyer.')))
    if (keyMails.length !== 2 * burst + deliveries)
      throw new Error(`${keyMails.length} key e-mails for ${2 * burst + deliveries} orders`)
    return {
      database: benchDb ? 'postgres' : 'embedded',
      loadAverage: {
        before: Math.round(loadBefore * 100) / 100,
        after: Math.round(loadavg()[0]! * 100) / 100,
      },
      webhook: {
        deliveries,
        concurrency,
        p50Ms: Math.round(percentile(times, 50) * 10) / 10,
        p99Ms: Math.round(percentile(times, 99) * 10) / 10,
      },
      burst: {
        orders: burst,
        maxEventToMailMs: Math.round(delays[delays.length - 1]!),
        p50EventToMailMs: Math.round(percentile(delays, 50)),
      },
      loadOrdersMailedAfterMs,
    }
  } finally {
    agent.destroy()
    await server.stop()
    await smtp.close()
    await benchDb?.drop()
  }
}

export function ordersBudgets(report: OrdersReport): Budget[] {
  const db = report.database === 'embedded' ? 'embedded' : 'Postgres'
  const load = `load ${report.loadAverage.before} / ${report.loadAverage.after}`
  return [
    {
      name: `Webhook answer p99 at ${report.webhook.concurrency} concurrent deliveries (${db})`,
      limit: `<= ${WEBHOOK_BUDGET_MS} ms`,
      actual: `${report.webhook.p99Ms} ms (p50 ${report.webhook.p50Ms} ms; ${load})`,
      met: report.webhook.p99Ms <= WEBHOOK_BUDGET_MS,
    },
    {
      name: `Key e-mail after its event, ${report.burst.orders} orders in a burst (${db})`,
      limit: `<= ${MAIL_BUDGET_MS} ms`,
      actual: `${report.burst.maxEventToMailMs} ms (median ${report.burst.p50EventToMailMs} ms)`,
      met: report.burst.maxEventToMailMs <= MAIL_BUDGET_MS,
    },
  ]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.BENCH_PORT ?? 4540)
  const reports = [await runOrdersBench(port)]
  if (process.env.TEST_DATABASE_URL)
    reports.push(await runOrdersBench(port, process.env.TEST_DATABASE_URL))
  console.log(JSON.stringify(reports, null, 2))
  console.table(reports.flatMap(ordersBudgets))
}
