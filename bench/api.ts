/**
 * API throughput with autocannon: GET /api/license-counts and POST
 * /api/trial-submissions at several connection counts, against the production server on the
 * embedded database and, when TEST_DATABASE_URL is set, on a fresh Postgres database; with the
 * driver ceiling of the same run (bench/ceiling.ts) and the server's peak memory.
 */
import { mkdtempSync, readdirSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { embeddedDataDir, openDatabase } from '#src/server/db/client.ts'
import { migrate } from '#src/server/db/migrate.ts'
import { mailDirectory } from '#src/server/mail/transport.ts'
import { createBenchDatabase, seedKeyPool } from './bench-database.ts'
import type { Budget } from './budget.ts'
import {
  openPgliteCeiling,
  openPostgresCeiling,
  ratioOf,
  type Ceiling,
  type CeilingRun,
} from './ceiling.ts'
import {
  readMainThreadCpuMs,
  readPostgresCpuMs,
  readProcCpuMs,
  sampleMemory,
  type MemoryReport,
} from './memory.ts'
import { runLoad, type LoadResult } from './load.ts'
import { startServer } from './server.ts'

type DbKind = 'embedded' | 'postgres'

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits
type Endpoint = 'license-counts' | 'trial-submissions'

export interface EndpointRun extends LoadResult {
  endpoint: Endpoint
  /** Submissions at the budgets' concurrency: which of the alternating rounds (1, 2, ...). */
  round?: number
  /** Submissions only: 201 answers that carried no key (the pool ran dry: enlarge it). */
  withoutKey?: number
  /** The server process's CPU time per completed request (user + system), all threads. */
  serverCpuMsPerRequest: number | null
  /** The same for the main thread alone: the request path, without mail delivery and GC threads. */
  mainThreadCpuMsPerRequest?: number | null
  /** Submissions: every local postgres process's CPU time per request (null: not local). */
  postgresCpuMsPerRequest?: number | null
  /** Submissions: the load generator's CPU time per request (autocannon, in this process). */
  loadCpuMsPerRequest?: number | null
  /**
   * Submissions on Postgres: e-mails not yet sent when the run ended. The server delivers
   * them in the same process, so a backlog is work the measured window did not pay for.
   */
  mailBacklog?: number
  /**
   * Submissions: seconds from the run's end until every e-mail queued so far was sent (the
   * outbox waits while requests are answered, request-gauge.ts); null if not within
   * MAIL_DRAIN_TIMEOUT_MS.
   */
  mailSentAfterS?: number | null
}

interface SubmissionRatio {
  connections: number
  round?: number
  submissionsRps: number
  ceilingTxPerS: number
  ratio: number
  submissionsP99Ms: number
  ceilingP99Ms: number
}

/** A ceiling run, with its round when it was one of several at the same concurrency. */
type RoundCeilingRun = CeilingRun & { round?: number }

export interface ApiReport {
  database: DbKind
  runs: EndpointRun[]
  ceiling: RoundCeilingRun[]
  ratios: SubmissionRatio[]
  memory: MemoryReport
  /** Available keys left after the run; 0 would mean the later submissions got no key. */
  poolLeft: number | null
  /** The machine's 1-minute load average before and after: these machines are shared. */
  loadAverage: { before: number; after: number }
}

/** A valid trial request; `n` makes the e-mail unique, so no repeat or rate limit kicks in. */
export function trialBody(tag: string, n: number): string {
  return JSON.stringify({
    first_name: 'Bench',
    last_name: 'Visitor',
    email: `bench-${tag}-${n}@example.com`,
    model: 'basic',
    source: 'bench',
  })
}

/**
 * The client address of the n-th request, as a proxy in front of the server reports it
 * (X-Forwarded-For, TRUST_PROXY=1): every request from its own /24, like visitors from many
 * networks, so the default rate limits apply and none is exceeded, and no counter row is
 * shared by every request (one address sending hundreds a second is refused, not measured).
 */
export function clientAddress(n: number): string {
  return `10.${(n >> 8) & 255}.${n & 255}.${1 + ((n >> 16) & 127)}`
}

/** Submission throughput as a share of the driver ceiling at the same connection count. */
export function submissionRatios(
  runs: readonly EndpointRun[],
  ceiling: readonly RoundCeilingRun[],
): SubmissionRatio[] {
  return runs
    .filter((r) => r.endpoint === 'trial-submissions')
    .flatMap((run) => {
      const c = ceiling.find((x) => x.connections === run.connections && x.round === run.round)
      if (!c) return []
      return [
        {
          connections: run.connections,
          round: run.round,
          submissionsRps: run.rps,
          ceilingTxPerS: c.txPerS,
          ratio: ratioOf(run.rps, c.txPerS),
          submissionsP99Ms: run.p99Ms,
          ceilingP99Ms: c.p99Ms,
        },
      ]
    })
}

/**
 * The budgets' figures from alternating rounds (server, then ceiling, several times): the
 * machine's speed drifts over minutes on shared cores, by as much as our changes move the
 * ratio, and a drift between one server run and one ceiling run reads as a change of ours.
 * Throughput is the median round's ratio; p99 the median of the rounds' p99 ratios.
 */
export function budgetRounds(report: Pick<ApiReport, 'runs' | 'ceiling' | 'ratios'>) {
  const c = API_BUDGETS.connections
  const rounds = report.ratios.filter((r) => r.connections === c)
  if (!rounds.length) return null
  // The lower middle of an odd or even count: one of the rounds, never an average of two.
  const middle = <T>(values: T[], by: (v: T) => number) =>
    [...values].sort((a, b) => by(a) - by(b))[Math.floor((values.length - 1) / 2)]!
  const median = middle(rounds, (r) => r.ratio)
  const p99Ratios = rounds.map((r) =>
    r.ceilingP99Ms > 0 ? r.submissionsP99Ms / r.ceilingP99Ms : Infinity,
  )
  return {
    median,
    ratios: rounds.map((r) => r.ratio),
    p99Ratio: middle(p99Ratios, (v) => v),
    p99Ratios,
    run: report.runs.find(
      (r) => r.endpoint === 'trial-submissions' && r.connections === c && r.round === median.round,
    ),
    ceiling: report.ceiling.find((x) => x.connections === c && x.round === median.round),
  }
}

interface ApiBenchOptions {
  database: DbKind
  /** Postgres only: the server to create the bench database on. */
  postgresUrl?: string
  port: number
  connections: readonly number[]
  warmupS: number
  durationS: number
  /**
   * Seconds of submissions at the budgets' concurrency before anything is measured, thrown
   * away: the server is measured as it serves after thousands of requests, its request path
   * and mail thread compiled by the JIT, not while it compiles (docs/decisions/0013). The
   * ceiling gets a warm-up run too (its few functions warm within a second; CEILING_WARMUP_S
   * keeps its key pool from running dry).
   */
  serverWarmupS: number
  /** Keys per model; must outlast every submission of the run. */
  poolSize: number
  /** Server-then-ceiling rounds at the budgets' concurrency (budgetRounds). */
  rounds: number
  /** Extra server environment, e.g. LOG_LEVEL=info to measure logging's cost. */
  serverEnv?: Record<string, string>
}

const CEILING_WARMUP_S = 3

async function countUnsentMail(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: number }>(
      // The ceiling's rows are never due (ceiling.ts): they are not the server's to send.
      `select count(*)::int as n from mail_outbox
       where status <> 'sent' and next_attempt_at < 'infinity'`,
    )
    return rows[0]?.n ?? 0
  } finally {
    await client.end()
  }
}

/** Longer than any drain seen: 23,000 queued e-mails took 28 s on two busy cores. */
const MAIL_DRAIN_TIMEOUT_MS = 120_000
/** The embedded server's outbox is in its own process: its drain ends when files stop coming. */
const MAIL_FILES_QUIET_MS = 2_000

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))
const secondsSince = (start: number, less = 0) => round((Date.now() - start - less) / 1000, 1)

/** Waits until no e-mail is unsent on Postgres; the seconds it took, or null at the timeout. */
async function waitForMailDrain(url: string): Promise<number | null> {
  const start = Date.now()
  while ((await countUnsentMail(url)) > 0) {
    if (Date.now() - start > MAIL_DRAIN_TIMEOUT_MS) return null
    await pause(250)
  }
  return secondsSince(start)
}

/** Waits until no new .eml file has come for MAIL_FILES_QUIET_MS; the seconds until the last. */
async function waitForMailFiles(dir: string): Promise<number | null> {
  const start = Date.now()
  const count = () => {
    try {
      return readdirSync(dir).length
    } catch {
      return 0
    }
  }
  let last = count()
  let since = Date.now()
  while (Date.now() - since < MAIL_FILES_QUIET_MS) {
    if (Date.now() - start > MAIL_DRAIN_TIMEOUT_MS) return null
    await pause(250)
    const now = count()
    if (now !== last) [last, since] = [now, Date.now()]
  }
  return secondsSince(start, MAIL_FILES_QUIET_MS)
}

export async function runApiBench(options: ApiBenchOptions): Promise<ApiReport> {
  const { connections, warmupS, durationS, poolSize } = options
  let dataDir: string | undefined
  let benchDb: { url: string; drop: () => Promise<void> } | null = null
  const env: Record<string, string> = {
    // Visitors from many networks behind one proxy (clientAddress): the default rate limits
    // apply and none is exceeded. The breaker would ask for confirmations after its threshold.
    TRUST_PROXY: '1',
    CLAIM_BREAKER: 'off',
    // The bench's visitors all write @example.com; the domain limit would confirm them by e-mail.
    RATE_LIMIT_DOMAIN: '1000000/1h',
    ...options.serverEnv,
  }
  // The pool goes in before the server starts: PGlite admits one process at a time.
  if (options.database === 'embedded') {
    dataDir = mkdtempSync(join(tmpdir(), 'pacepoint-bench-api-'))
    const database = await openDatabase({ databaseUrl: null, dataDir: embeddedDataDir(dataDir) })
    await migrate(database.db)
    await seedKeyPool(database.db, poolSize)
    await database.close()
  } else {
    if (!options.postgresUrl) throw new Error('postgres bench needs a URL')
    benchDb = await createBenchDatabase(options.postgresUrl)
    const database = await openDatabase({ databaseUrl: benchDb.url, dataDir: null })
    await migrate(database.db)
    await seedKeyPool(database.db, poolSize)
    await database.close()
    env.DATABASE_URL = benchDb.url
  }

  const loadBefore = loadavg()[0]!
  let ceilingDb: Ceiling | null = null
  try {
    ceilingDb =
      options.database === 'embedded'
        ? await openPgliteCeiling(poolSize)
        : await openPostgresCeiling(benchDb!.url, poolSize)
    const server = await startServer(options.port, env, { dataDir })
    const runs: EndpointRun[] = []
    const ceiling: RoundCeilingRun[] = []
    let memory: MemoryReport
    let poolLeft: number | null = null
    try {
      const pid = server.child.pid!
      const sampler = sampleMemory(pid)
      let cpuAtStart: number | null = null
      let mainAtStart: number | null = null
      let postgresAtStart: number | null = null
      let loadAtStart = process.cpuUsage()
      const onMeasureStart = () => {
        cpuAtStart = readProcCpuMs(pid)
        mainAtStart = readMainThreadCpuMs(pid)
        postgresAtStart = benchDb ? readPostgresCpuMs() : null
        loadAtStart = process.cpuUsage()
      }
      const perRequest = (now: number | null, start: number | null, requests: number) =>
        now === null || start === null || requests === 0
          ? null
          : Math.round(((now - start) / requests) * 100) / 100
      const cpuPerRequest = (requests: number) =>
        perRequest(readProcCpuMs(pid), cpuAtStart, requests)
      const mainCpuPerRequest = (requests: number) =>
        perRequest(readMainThreadCpuMs(pid), mainAtStart, requests)
      const postgresCpuPerRequest = (requests: number) =>
        perRequest(benchDb ? readPostgresCpuMs() : null, postgresAtStart, requests)
      const loadCpuPerRequest = (requests: number) => {
        const used = process.cpuUsage(loadAtStart)
        return perRequest((used.user + used.system) / 1000, 0, requests)
      }
      for (const c of connections) {
        const url = `${server.baseUrl}/api/license-counts`
        const result = await runLoad({ url, connections: c, warmupS, durationS, onMeasureStart })
        runs.push({
          endpoint: 'license-counts',
          ...result,
          serverCpuMsPerRequest: cpuPerRequest(result.requests),
        })
      }
      const tag = `${options.database}-${process.pid}`
      let n = 0
      const submissionLoad = {
        url: `${server.baseUrl}/api/trial-submissions`,
        method: 'POST' as const,
        headers: { 'content-type': 'application/json' },
        body: () => trialBody(tag, n),
        requestHeaders: () => ({ 'x-forwarded-for': clientAddress(n++) }),
      }
      // Waits until the outbox worker has sent what a run queued, so it does not eat into the
      // next run's CPU, nor the ceiling's (on PGlite we cannot look into the server's database:
      // the e-mail files are counted instead).
      const mailSent = () =>
        benchDb ? waitForMailDrain(benchDb.url) : waitForMailFiles(mailDirectory(server.dataDir))
      if (options.serverWarmupS > 0) {
        const c = API_BUDGETS.connections
        await runLoad({
          ...submissionLoad,
          connections: c,
          warmupS: 0,
          durationS: options.serverWarmupS,
        })
        await mailSent()
        await ceilingDb.run(c, 0, Math.min(options.serverWarmupS, CEILING_WARMUP_S))
      }
      const plan = connections.flatMap((c): { c: number; round: number | undefined }[] =>
        c === API_BUDGETS.connections && options.rounds > 1
          ? Array.from({ length: options.rounds }, (_, i) => ({ c, round: i + 1 }))
          : [{ c, round: undefined }],
      )
      for (const { c, round } of plan) {
        let withoutKey = 0
        const result = await runLoad({
          ...submissionLoad,
          connections: c,
          warmupS,
          durationS,
          onResponse: (status, text) => {
            if (status === 201 && !text.includes('"has_license":true')) withoutKey++
          },
          onMeasureStart,
        })
        const serverCpuMsPerRequest = cpuPerRequest(result.requests)
        const mainThreadCpuMsPerRequest = mainCpuPerRequest(result.requests)
        const postgresCpuMsPerRequest = postgresCpuPerRequest(result.requests)
        const loadCpuMsPerRequest = loadCpuPerRequest(result.requests)
        const mailBacklog = benchDb ? await countUnsentMail(benchDb.url) : undefined
        const mailSentAfterS = await mailSent()
        runs.push({
          endpoint: 'trial-submissions',
          round,
          ...result,
          withoutKey,
          serverCpuMsPerRequest,
          mainThreadCpuMsPerRequest,
          postgresCpuMsPerRequest,
          loadCpuMsPerRequest,
          mailBacklog,
          mailSentAfterS,
        })
        // The ceiling right after the server's run at the same concurrency, so both see the
        // same neighbours on this shared machine, once the outbox has sent what the run queued.
        ceiling.push({ ...(await ceilingDb.run(c, warmupS, durationS)), round })
      }
      memory = sampler.stop()
      // The counts cache holds a value for a second at most; wait it out for a true count.
      await new Promise((r) => setTimeout(r, 1100))
      const counts = (await (await fetch(`${server.baseUrl}/api/license-counts`)).json()) as {
        basic?: number
      }
      poolLeft = counts.basic ?? null
    } finally {
      await server.stop()
    }
    return {
      database: options.database,
      runs,
      ceiling,
      ratios: submissionRatios(runs, ceiling),
      memory,
      poolLeft,
      loadAverage: { before: round(loadBefore, 2), after: round(loadavg()[0]!, 2) },
    }
  } finally {
    await ceilingDb?.close()
    await benchDb?.drop()
  }
}

/** Budgets of docs/architecture.md, "Budgets", all at 16 connections (docs/decisions/0005). */
const API_BUDGETS = {
  connections: 16,
  countsMinRps: 5000,
  maxP99Ms: 50,
  /**
   * Submissions as a share of the driver ceiling of the same database (docs/architecture.md,
   * "Budgets").
   */
  minCeilingRatio: { postgres: 1.0, embedded: 0.5 },
  /**
   * Postgres: submissions' p99 at most this many times the ceiling's (docs/architecture.md,
   * "Budgets").
   */
  maxP99OverCeiling: 1.5,
  /**
   * Every e-mail of the run sent within this many seconds after it (ours, not one of
   * docs/architecture.md).
   */
  maxMailSentAfterS: 60,
} as const

export function apiBudgets(reports: readonly ApiReport[]): Budget[] {
  const b = API_BUDGETS
  const budgets: Budget[] = []
  for (const report of reports) {
    const db = report.database === 'embedded' ? 'embedded' : 'Postgres'
    const at = (endpoint: Endpoint) =>
      report.runs.find((r) => r.endpoint === endpoint && r.connections === b.connections)
    const counts = at('license-counts')
    if (counts) {
      budgets.push(
        {
          name: `License counts req/s at ${b.connections} conn (${db})`,
          limit: `>= ${b.countsMinRps}`,
          actual: String(Math.round(counts.rps)),
          met: counts.rps >= b.countsMinRps,
        },
        {
          name: `License counts p99 at ${b.connections} conn (${db})`,
          limit: `< ${b.maxP99Ms} ms`,
          actual: `${counts.p99Ms} ms`,
          met: counts.p99Ms < b.maxP99Ms,
        },
      )
    }
    // Submissions are judged against the bare driver's ceiling of the same database in the same run
    // (docs/architecture.md, "Budgets"), in alternating rounds (budgetRounds): on PGlite one
    // transaction runs at a time, so only throughput is held there; its p99 is reported beside the
    // ceiling's.
    const rounds = budgetRounds(report)
    if (rounds) {
      const { median } = rounds
      const driver = report.database === 'embedded' ? 'PGlite' : 'driver'
      const minRatio = b.minCeilingRatio[report.database]
      const each = (values: number[]) =>
        values.length > 1 ? `median of ${values.map((v) => v.toFixed(2)).join(', ')}; ` : ''
      budgets.push({
        name: `Submissions vs ${driver} ceiling at ${b.connections} conn (${db})`,
        limit: `>= ${minRatio.toFixed(1)}x`,
        actual: `${median.ratio.toFixed(2)}x (${each(rounds.ratios)}${Math.round(median.submissionsRps)} / ${Math.round(median.ceilingTxPerS)} per s)`,
        met: median.ratio >= minRatio,
      })
      if (report.database === 'postgres') {
        budgets.push({
          name: `Submissions p99 vs driver ceiling p99 at ${b.connections} conn (${db})`,
          limit: `<= ${b.maxP99OverCeiling}x`,
          actual: `${rounds.p99Ratio.toFixed(2)}x (${each(rounds.p99Ratios)}${rounds.ratios.length > 1 ? "the median round's " : ''}${median.submissionsP99Ms} / ${median.ceilingP99Ms} ms)`,
          met: rounds.p99Ratio <= b.maxP99OverCeiling,
        })
      }
    }
    // Not a budget of docs/architecture.md: what the answers' speed costs the e-mails. The outbox
    // waits while requests are answered, so a run's e-mails go out after it; each must still arrive
    // soon.
    const drains = report.runs.filter(
      (r) =>
        r.endpoint === 'trial-submissions' &&
        r.connections === b.connections &&
        r.mailSentAfterS !== undefined,
    )
    if (drains.length) {
      // A run whose e-mails never all went out (null) is the slowest.
      const slowness = (r: EndpointRun) => r.mailSentAfterS ?? Infinity
      const slowest = drains.reduce((worst, r) => (slowness(r) > slowness(worst) ? r : worst))
      const after = slowest.mailSentAfterS ?? null
      const queued =
        slowest.mailBacklog === undefined ? '' : ` (${slowest.mailBacklog} queued at its end)`
      budgets.push({
        name: `E-mails of the ${b.connections}-conn submissions all sent after the run (${db})`,
        limit: `<= ${b.maxMailSentAfterS} s`,
        actual:
          after === null
            ? `not within ${MAIL_DRAIN_TIMEOUT_MS / 1000} s`
            : `${after} s${drains.length > 1 ? `, the slowest of ${drains.length} runs` : ''}${queued}`,
        met: after !== null && after <= b.maxMailSentAfterS,
      })
    }
    // Not a budget of docs/architecture.md but a precondition of every number above: a 4xx/5xx or a
    // keyless answer is cheaper than the real work and would flatter the result.
    const failed = report.runs.reduce((n, r) => n + r.non2xx + r.errors, 0)
    const keyless = report.runs.reduce((n, r) => n + (r.withoutKey ?? 0), 0)
    budgets.push({
      name: `Every API answer 2xx, every submission got a key (${db})`,
      limit: '0 failed',
      actual: `${failed} non-2xx/errors, ${keyless} without key`,
      met: failed === 0 && keyless === 0,
    })
  }
  return budgets
}
