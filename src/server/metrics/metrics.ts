/**
 * What a Prometheus server scrapes from /metrics (docs/operations.md, "Metrics"; the names are
 * a contract outside checks use). Counters count events as they happen in this process; the
 * pool, the outbox and the orders are read from the database when scraped (so every instance
 * reports the same, shared figures), at most once per `cacheMs`. A registry of our own, not
 * prom-client's global one, so two apps in one process (tests) never share counts. No label
 * carries an address, key, token or id: models, providers, outcomes, states, route patterns.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import type { Model } from '#src/common/models.ts'

/** What became of a trial request that passed validation. */
export type TrialOutcome = 'key' | 'repeat' | 'waitlist' | 'confirmation' | 'refused'

export interface Metrics {
  /** The text format's content type, for the answer. */
  contentType: string
  /** Everything, in the Prometheus text format. */
  scrape(): Promise<string>
  observeRequest(method: string, route: string, status: number, seconds: number): void
  countTrial(model: Model, outcome: TrialOutcome): void
  countWebhookEvent(provider: string, outcome: string): void
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
const OUTBOX_STATES = ['pending', 'failed', 'dead'] as const

/**
 * The process's own figures (CPU, memory, event-loop lag, handles), registered once per process:
 * they describe the process, not an app, and each registration starts its own samplers.
 */
let processRegistry: Registry | null = null
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

/** What the gauges show of the database, read by the caller (app.ts reads them through the subsystems' services). */
export interface DatabaseFigures {
  keys: { model: Model; pool: string; n: number }[]
  outbox: Record<(typeof OUTBOX_STATES)[number], number>
  orders: { provider: string; status: string; n: number }[]
}

export function createMetrics(
  readFigures: () => Promise<DatabaseFigures>,
  options: { cacheMs?: number } = {},
): Metrics {
  const cacheMs = options.cacheMs ?? 5_000
  const registry = new Registry()
  const requests = new Counter({
    name: 'pacepoint_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  })
  const duration = new Histogram({
    name: 'pacepoint_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  const trials = new Counter({
    name: 'pacepoint_trial_requests_total',
    help: 'Trial requests that passed validation, by model and outcome (key, repeat, waitlist, confirmation, refused).',
    labelNames: ['model', 'outcome'] as const,
    registers: [registry],
  })
  const webhooks = new Counter({
    name: 'pacepoint_webhook_events_total',
    help: 'Payment providers webhook deliveries and their processing, by provider and outcome.',
    labelNames: ['provider', 'outcome'] as const,
    registers: [registry],
  })

  // One read of the database serves every gauge of a scrape, and scrapes within cacheMs.
  let cached: { at: number; figures: Promise<DatabaseFigures> } | null = null
  const figures = () => {
    const now = Date.now()
    if (!cached || now - cached.at >= cacheMs) {
      const read = readFigures()
      cached = { at: now, figures: read }
      // A failed read is not kept: the next scrape tries again.
      read.catch(() => {
        if (cached?.figures === read) cached = null
      })
    }
    // The database away: the gauges are left out of this scrape (the counters still answer).
    return cached.figures.catch(() => null)
  }

  new Gauge({
    name: 'pacepoint_license_keys_available',
    help: 'Keys available in each model pool (trial: handed to visitors; paid: for orders).',
    labelNames: ['model', 'pool'] as const,
    registers: [registry],
    async collect() {
      this.reset()
      for (const k of (await figures())?.keys ?? []) this.set({ model: k.model, pool: k.pool }, k.n)
    },
  })
  new Gauge({
    name: 'pacepoint_outbox_messages',
    help: 'E-mails in the outbox: pending (due or being sent), failed (waiting to retry), dead (gave up).',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      this.reset()
      const outbox = (await figures())?.outbox
      if (outbox) for (const state of OUTBOX_STATES) this.set({ state }, outbox[state])
    },
  })
  new Gauge({
    name: 'pacepoint_orders_total',
    help: 'Orders recorded, by provider and current status.',
    labelNames: ['provider', 'status'] as const,
    registers: [registry],
    async collect() {
      this.reset()
      for (const o of (await figures())?.orders ?? [])
        this.set({ provider: o.provider, status: o.status }, o.n)
    },
  })

  return {
    contentType: registry.contentType,
    async scrape() {
      const [own, process] = await Promise.all([registry.metrics(), processMetrics().metrics()])
      return `${own}\n${process}`
    },
    observeRequest(method, route, status, seconds) {
      const m = METHODS.has(method) ? method : 'OTHER'
      requests.inc({ method: m, route, status: String(status) })
      duration.observe({ method: m, route }, seconds)
    },
    countTrial(model, outcome) {
      trials.inc({ model, outcome })
    },
    countWebhookEvent(provider, outcome) {
      webhooks.inc({ provider, outcome })
    },
  }
}
