/**
 * `npm run bench`: builds, starts the production server on its own port and data folder,
 * measures, and prints one JSON report (also written to bench/results/) and a readable table.
 * It runs with NODE_ENV=production, as the server does (npm start, the Dockerfile): the parts
 * that run server code in this process (orders, mail) measure React's production build.
 * Budgets are those of docs/architecture.md, "Budgets"; each is marked met or missed.
 *   BENCH_ONLY=page,lighthouse,api,static,pacing,console,mail,funnel,orders   run only some parts
 *   BENCH_PACING_RENDER_SAMPLES=200   requests per kind of shared /pacing link (pacing part)
 *   BENCH_ONLY=pacing-bands      only the plan's Monte Carlo bands (no build, no server; `pacing`
 *                                runs it too)
 *   BENCH_LIGHTHOUSE_RUNS=3      runs per preset (median)
 *   BENCH_API_DURATION=5         seconds per measured license-counts run (after BENCH_API_WARMUP=1)
 *   BENCH_API_CONNECTIONS=1,16,64   license-counts connection counts
 *   BENCH_API_RATE=100 BENCH_API_RATE_DURATION=30   trial requests a second, and for how long
 *                                (DESIGN.md §9: p99 <= 100 ms at 100/s for 30 s)
 *   BENCH_API_SERVER_WARMUP=8    seconds of trial requests at that rate before any is measured
 *   BENCH_API_POOL=100000        bench keys loaded before the API runs
 *   TEST_DATABASE_URL=postgres://...   also run the API and orders parts on a fresh database there
 *   BENCH_PORT_BASE=4500         the first of the bench's 100 ports (another bench beside it)
 *   BENCH_CONSOLE_ROWS=100000    leads for the console part (its leads list, paged and filtered)
 *   BENCH_ONLY=static-helpers    only when named: our static serving vs Hono's serveStatic and
 *                                etag helpers (docs/decisions/0008), BENCH_STATIC_ROUNDS=3
 *   BENCH_MAIL_COUNT=2000        trial e-mails rendered by the mail part (cost per message)
 *   BENCH_ONLY=orders            paid orders: webhook p99 at 16 concurrent deliveries (<= 250 ms),
 *                                key e-mail within 5 s for a burst (BENCH_ORDERS_DELIVERIES, _BURST)
 *   BENCH_ONLY=timing            only when named: the trial path's timing tells (decision 21),
 *                                BENCH_TIMING_PAIRS=100
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { apiBudgets, runApiBench, type ApiReport } from './api.ts'
import {
  consoleLeadsBudgets,
  runConsoleLeadsBench,
  type ConsoleLeadsReport,
} from './console-leads.ts'
import type { Budget } from './budget.ts'
import { staticCeiling, type StaticComparison } from './ceiling.ts'
import { runLighthouse, runLighthouseAlternating, type LighthouseSummary } from './lighthouse.ts'
import { measureFirstLoad, type FirstLoad } from './first-load.ts'
import { measurePageWeight, type PageWeight } from './page-weight.ts'
import {
  mailRenderBudgets,
  printMailRender,
  runMailRenderBench,
  type MailRenderReport,
} from './mail-render.ts'
import { funnelBudgets, runFunnelBench, type FunnelBenchReport } from './funnel-reminders.ts'
import { measurePacingPage, pacingBudgets, type PacingPageReport } from './pacing-page.ts'
import {
  measurePacingRender,
  pacingRenderBudgets,
  type PacingRenderReport,
} from './pacing-render.ts'
import { measurePacingTyping, typingBudgets, type TypingReport } from './pacing-typing.ts'
import { measurePlanBands, planBandsBudgets, type PlanBandsReport } from './pacing-bands.ts'
import { ordersBudgets, runOrdersBench, type OrdersReport } from './orders.ts'
import { BENCH_DIST, buildForBench, startServer } from './server.ts'
import { runStaticHelpersBench, type StaticHelpersReport } from './static-helpers.ts'
import { startStaticPage } from './static-page.ts'
import { measureTimingTells, type TimingTell } from './timing-tells.ts'

const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim())
const wants = (part: string) => !only || only.includes(part)
const KB = 1024

/**
 * Ports BENCH_PORT_BASE (4500) to +99 are the bench's: the main server, one per API database, the static ceiling,
 * the static page LCP is judged against, the static helpers' comparison, the orders part's server.
 */
const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback)
const BASE = num('BENCH_PORT_BASE', 4500)
const PORTS = {
  main: BASE,
  apiEmbedded: BASE + 10,
  apiPostgres: BASE + 11,
  staticMinimal: BASE + 20,
  staticPage: BASE + 21,
  staticHelpers: [BASE + 30, BASE + 31, BASE + 32, BASE + 33],
  orders: BASE + 40,
}

interface Report {
  startedAt: string
  pages?: PageWeight[]
  firstLoads?: FirstLoad[]
  lighthouse?: LighthouseSummary[]
  /** Lighthouse mobile of the static page of / (bench/static-page.ts), measured in turns with /. */
  staticPage?: LighthouseSummary
  api?: ApiReport[]
  static?: StaticComparison
  staticHelpers?: StaticHelpersReport
  pacing?: PacingPageReport
  /** The server's answer to a shared /pacing link, uncached and cached, vs the static page. */
  pacingRender?: PacingRenderReport
  pacingTyping?: TypingReport[]
  pacingBands?: PlanBandsReport
  console?: ConsoleLeadsReport
  mail?: MailRenderReport
  orders?: OrdersReport[]
  timing?: TimingTell[]
  funnel?: FunnelBenchReport
  budgets: Budget[]
  durationS?: number
}

async function main() {
  const started = Date.now()
  const report: Report = { startedAt: new Date(started).toISOString(), budgets: [] }
  const load = { warmupS: num('BENCH_API_WARMUP', 1), durationS: num('BENCH_API_DURATION', 5) }
  if (only?.includes('timing')) {
    report.timing = await measureTimingTells()
    // No answer may tell whether the address holds a key: within 1 ms, or the slower one not
    // consistently so (a fair coin is slower in 50 of 100 pairs).
    for (const t of report.timing)
      report.budgets.push({
        name: `Timing tell: ${t.probe} with a key vs without (median)`,
        limit: 'within 1 ms or slower in <= 60 of 100 pairs',
        actual: `${t.withKeyMedianMs} vs ${t.withoutKeyMedianMs} ms, slower in ${t.withKeySlower} of ${t.pairs}`,
        met:
          Math.abs(t.withKeyMedianMs - t.withoutKeyMedianMs) <= 1 ||
          t.withKeySlower <= 0.6 * t.pairs,
      })
  }
  if (wants('mail')) {
    // First, on a quiet machine: it needs neither the build nor a server.
    report.mail = runMailRenderBench()
    report.budgets.push(...mailRenderBudgets(report.mail))
  }
  if (wants('pacing') || wants('pacing-bands')) {
    // Before the build and the server, like the mail part: it is the engine alone.
    report.pacingBands = measurePlanBands()
    report.budgets.push(...planBandsBudgets(report.pacingBands))
  }
  // The parts that read the site or the API need the build; the mail and console parts do not.
  const needsBuild =
    ['page', 'lighthouse', 'pacing', 'static', 'api', 'orders'].some(wants) ||
    only?.includes('static-helpers') === true
  if (needsBuild) buildForBench()
  const needsServer = ['page', 'lighthouse', 'pacing', 'static'].some(wants)
  const server = needsServer
    ? await startServer(Number(process.env.BENCH_PORT ?? PORTS.main))
    : null
  const baseUrl = server?.baseUrl ?? ''
  try {
    if (wants('page')) {
      report.pages = [
        await measurePageWeight(baseUrl, '/'),
        await measurePageWeight(baseUrl, '/thank-you'),
        await measurePageWeight(baseUrl, '/pacing'),
      ]
      // As the browser counts it (docs/architecture.md, "Budgets"): every request of the first
      // load, headers included, until the network is quiet.
      report.firstLoads = [
        await measureFirstLoad(baseUrl, '/'),
        await measureFirstLoad(baseUrl, '/thank-you'),
        await measureFirstLoad(baseUrl, '/pacing'),
      ]
      const home = report.firstLoads[0]!.totals
      const lab = report.firstLoads[2]!.totals
      report.budgets.push(
        {
          name: 'HTML of / as transferred',
          limit: '<= 14 KB',
          actual: `${(home.document.bytes / KB).toFixed(1)} KB`,
          met: home.document.bytes <= 14 * KB,
        },
        {
          name: 'JavaScript of / as transferred',
          limit: '<= 70 KB',
          actual: `${(home.script.bytes / KB).toFixed(1)} KB`,
          met: home.script.bytes <= 70 * KB,
        },
        {
          name: 'Script requests of /',
          limit: '<= 6',
          actual: String(home.script.count),
          met: home.script.count <= 6,
        },
        {
          name: 'JavaScript of /pacing as transferred',
          limit: '<= 110 KB',
          actual: `${(lab.script.bytes / KB).toFixed(1)} KB in ${lab.script.count} scripts`,
          met: lab.script.bytes <= 110 * KB,
        },
      )
    }
    if (wants('lighthouse')) {
      const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)
      // docs/architecture.md, "Budgets": LCP is judged against a static page of the same content
      // measured in the same run: our / without its scripts, from a plain file server
      // (bench/static-page.ts).
      const staticPage = await startStaticPage(baseUrl, PORTS.staticPage, {
        clientDir: `${BENCH_DIST}/client`,
      })
      let mobileHome: LighthouseSummary
      try {
        const [ours, theirs] = await runLighthouseAlternating(
          [`${baseUrl}/`, `${staticPage.baseUrl}/`],
          'mobile',
          runs,
        )
        mobileHome = ours!
        report.staticPage = { ...theirs!, path: '/ (static)' }
      } finally {
        await staticPage.stop()
      }
      report.lighthouse = [mobileHome]
      for (const preset of ['mobile', 'desktop'] as const) {
        for (const path of preset === 'mobile' ? ['/thank-you'] : ['/', '/thank-you']) {
          report.lighthouse.push(await runLighthouse(`${baseUrl}${path}`, preset, runs))
        }
      }
      for (const [key, label] of [
        ['performance', 'performance'],
        ['accessibility', 'accessibility'],
        ['bestPractices', 'best practices'],
        ['seo', 'SEO'],
      ] as const) {
        report.budgets.push({
          name: `Lighthouse mobile ${label} of /`,
          limit: '>= 98',
          actual: String(mobileHome.scores[key]),
          met: mobileHome.scores[key] >= 98,
        })
      }
      const staticLcp = report.staticPage.metrics.lcpMs
      const lcpRatio = mobileHome.metrics.lcpMs / staticLcp
      const desktopHome = report.lighthouse.find((l) => l.preset === 'desktop' && l.path === '/')!
      report.budgets.push(
        {
          name: 'CLS of / (mobile, desktop)',
          limit: '= 0',
          actual: `${mobileHome.metrics.cls}, ${desktopHome.metrics.cls}`,
          met: mobileHome.metrics.cls === 0 && desktopHome.metrics.cls === 0,
        },
        {
          name: 'LCP of / (mobile) vs the static page',
          limit: '<= 1.2x',
          actual:
            `${lcpRatio.toFixed(2)}x (${mobileHome.metrics.lcpMs} ms / ${staticLcp} ms` +
            `${report.staticPage.runErrors.length ? `; the static page's ${report.staticPage.runErrors.join('; ')}` : ''})`,
          met: lcpRatio <= 1.2,
        },
        {
          name: 'TBT of / (mobile)',
          limit: '<= 50 ms',
          actual:
            `${mobileHome.metrics.tbtMs} ms (runs ${mobileHome.tbtRunsMs.map((ms) => ms ?? '-').join(', ')}; ` +
            `the static page ${report.staticPage.metrics.tbtMs} ms` +
            `${mobileHome.runErrors.length ? `; ${mobileHome.runErrors.join('; ')}` : ''})`,
          met: mobileHome.metrics.tbtMs <= 50,
        },
      )
    }
    if (wants('pacing')) {
      // First, before the browser parts load the machine.
      report.pacingRender = await measurePacingRender(baseUrl)
      report.budgets.push(...pacingRenderBudgets(report.pacingRender))
      report.pacing = await measurePacingPage(baseUrl)
      report.budgets.push(...pacingBudgets(report.pacing))
      report.pacingTyping = await measurePacingTyping(baseUrl)
      report.budgets.push(...typingBudgets(report.pacingTyping))
    }
    if (wants('static')) {
      report.static = await staticCeiling(baseUrl, PORTS.staticMinimal, {
        ...load,
        connections: 16,
      })
    }
  } finally {
    await server?.stop()
  }
  if (wants('api')) {
    // After the main server stopped, so the API servers have the machine to themselves.
    const connections = (process.env.BENCH_API_CONNECTIONS ?? '1,16,64').split(',').map(Number)
    const common = {
      ...load,
      connections,
      rate: num('BENCH_API_RATE', 100),
      rateDurationS: num('BENCH_API_RATE_DURATION', 30),
      serverWarmupS: num('BENCH_API_SERVER_WARMUP', 8),
      poolSize: num('BENCH_API_POOL', 100_000),
    }
    report.api = [await runApiBench({ ...common, database: 'embedded', port: PORTS.apiEmbedded })]
    const postgresUrl = process.env.TEST_DATABASE_URL
    if (postgresUrl) {
      report.api.push(
        await runApiBench({
          ...common,
          database: 'postgres',
          postgresUrl,
          port: PORTS.apiPostgres,
        }),
      )
    } else {
      console.warn('TEST_DATABASE_URL is not set: the API part ran on the embedded database only')
    }
    report.budgets.push(...apiBudgets(report.api))
  }
  // A comparison behind a decision, not a budget: it runs when named (about 2 minutes).
  if (only?.includes('static-helpers')) {
    report.staticHelpers = await runStaticHelpersBench({
      distDir: BENCH_DIST,
      ports: PORTS.staticHelpers,
      ...load,
      connections: 16,
      rounds: num('BENCH_STATIC_ROUNDS', 3),
    })
  }
  if (wants('funnel')) {
    report.funnel = await runFunnelBench()
    report.budgets.push(...funnelBudgets(report.funnel))
  }
  if (wants('console')) {
    report.console = await runConsoleLeadsBench()
    report.budgets.push(...consoleLeadsBudgets(report.console))
  }
  if (wants('orders')) {
    report.orders = [await runOrdersBench(PORTS.orders)]
    if (process.env.TEST_DATABASE_URL)
      report.orders.push(await runOrdersBench(PORTS.orders, process.env.TEST_DATABASE_URL))
    report.budgets.push(...report.orders.flatMap(ordersBudgets))
  }
  report.durationS = Math.round((Date.now() - started) / 1000)
  mkdirSync('bench/results', { recursive: true })
  const file = `bench/results/bench-${report.startedAt.replace(/[:.]/g, '-')}.json`
  writeFileSync(file, JSON.stringify(report, null, 2))
  console.log(JSON.stringify(report))
  printTables(report)
  console.log(`\nreport: ${file} (${report.durationS} s)`)
}

function printTables(report: Report) {
  const kb = (n: number) => `${(n / KB).toFixed(1)} KB`
  if (report.pages) {
    console.log('\nPage weight (first load)')
    console.table(
      report.pages.flatMap((p) =>
        (['html', 'js', 'css', 'all'] as const).map((k) => ({
          page: p.path,
          part: k,
          raw: kb(p.totals[k].raw),
          gzip: kb(p.totals[k].gzip),
          'brotli sent': kb(p.totals[k].transferredBr),
        })),
      ),
    )
  }
  if (report.pacing) {
    const p = report.pacing
    console.log(`\nPacing Lab: ${p.funds} funds x ${p.years} years, ${p.changes} input changes`)
    console.table([
      { measure: 'work (event + next frame)', ...p.workMs },
      { measure: 'input to after next paint', ...p.toPaintMs },
      {
        measure: 'initial JS of /pacing',
        median: `${kb(p.weight.totals.js.gzip)} gzip`,
        p95: `${kb(p.weight.totals.js.transferredBr)} br`,
        max: `${p.weight.resources.filter((r) => r.kind === 'js').length} scripts`,
      },
    ])
  }
  if (report.pacingRender) {
    const r = report.pacingRender
    console.log(
      `\nShared /pacing links: server answer, ${r.samples} requests each, one at a time (ms)`,
    )
    console.table([
      { answer: 'static /pacing', ...r.static, 'br bytes': r.bytes.static },
      { answer: 'one fund, uncached', ...r.fund.uncached, 'br bytes': r.bytes.fund },
      { answer: 'one fund, cached', ...r.fund.cached, 'br bytes': r.bytes.fund },
      { answer: '20-fund plan, uncached', ...r.plan.uncached, 'br bytes': r.bytes.plan },
      { answer: '20-fund plan, cached', ...r.plan.cached, 'br bytes': r.bytes.plan },
    ])
  }
  if (report.pacingTyping) {
    console.log('\nPacing Lab typing at 390 px, CPU 4x slower: input event to next frame (ms)')
    console.table(
      report.pacingTyping.map(({ name, p50, p90, max, budgetMs }) => ({
        name,
        p50,
        p90,
        max,
        budget: budgetMs,
      })),
    )
  }
  if (report.lighthouse) {
    console.log('\nLighthouse (median)')
    console.table(
      [...report.lighthouse, ...(report.staticPage ? [report.staticPage] : [])].map((l) => ({
        page: l.path,
        preset: l.preset,
        perf: l.scores.performance,
        a11y: l.scores.accessibility,
        bp: l.scores.bestPractices,
        seo: l.scores.seo,
        'FCP ms': l.metrics.fcpMs,
        'LCP ms': l.metrics.lcpMs,
        'TBT ms': l.metrics.tbtMs,
        CLS: l.metrics.cls,
        'SI ms': l.metrics.speedIndexMs,
      })),
    )
  }
  for (const l of [report.lighthouse?.[0], report.staticPage]) {
    if (l?.lcpElement) console.log(`LCP element of ${l.path} (${l.preset}): ${l.lcpElement}`)
  }
  if (report.static) {
    const s = report.static
    console.log(
      `\nStatic ceiling: GET ${s.path} (${s.contentEncoding ?? 'identity'}, ${s.bodyBytes} B) at ${s.server.connections} connections`,
    )
    console.table([
      {
        server: 'ours (Hono)',
        'req/s': s.server.rps,
        'p50 ms': s.server.p50Ms,
        'p99 ms': s.server.p99Ms,
        'non-2xx': s.server.non2xx,
      },
      {
        server: 'minimal node:http',
        'req/s': s.minimal.rps,
        'p50 ms': s.minimal.p50Ms,
        'p99 ms': s.minimal.p99Ms,
        'non-2xx': s.minimal.non2xx,
      },
    ])
    console.log(`ours / minimal: ${(s.ratio * 100).toFixed(0)}%`)
  }
  if (report.staticHelpers) {
    const h = report.staticHelpers
    console.log(
      `\nStatic helpers: GET ${h.path} at ${h.connections} connections, median of ${h.rounds} rounds`,
    )
    console.table(
      h.variants.map((v) => ({
        server: v.variant,
        answer: `${v.check.status} ${v.check.contentEncoding ?? 'identity'} ${v.check.bodyBytes} B`,
        'req/s': v.get.rps,
        'p50 ms': v.get.p50Ms,
        'p99 ms': v.get.p99Ms,
        'vs ours': `${(v.getVsOurs * 100).toFixed(0)}%`,
        'If-None-Match': v.revalidate?.status ?? '',
        'req/s ': v.revalidate?.median.rps ?? '',
        'vs ours ': v.revalidate ? `${(v.revalidate.vsOurs * 100).toFixed(0)}%` : '',
      })),
    )
  }
  if (report.api) {
    console.log('\nAPI (autocannon)')
    console.table(
      report.api.flatMap((a) =>
        a.runs.map((r) => ({
          database: a.database,
          endpoint: r.endpoint,
          conn: r.connections,
          rate: r.rate ?? '',
          'req/s': r.rps,
          'p50 ms': r.p50Ms,
          'p99 ms': r.p99Ms,
          'non-2xx': r.non2xx,
          errors: r.errors,
          'server CPU ms/req': r.serverCpuMsPerRequest,
          'main thread ms/req': r.mainThreadCpuMsPerRequest ?? '',
          'all mail sent after s': r.mailSentAfterS === undefined ? '' : (r.mailSentAfterS ?? 'no'),
        })),
      ),
    )
    console.log("\nServer memory during the API runs (MiB), and the machine's load around them")
    console.table(
      report.api.map((a) => ({
        database: a.database,
        'RSS at start': a.memory.startRssMb,
        'peak RSS': a.memory.peakRssMb,
        'VmHWM (incl. start-up)': a.memory.hwmMb,
        'keys left': a.poolLeft,
        'load avg before/after': `${a.loadAverage.before} / ${a.loadAverage.after}`,
      })),
    )
  }
  if (report.console) {
    console.log(`\nConsole leads list at ${report.console.rows} rows (embedded, ms per page)`)
    console.table(report.console.queries)
  }
  if (report.mail) printMailRender(report.mail)
  console.log('\nBudgets')
  console.table(
    report.budgets.map((b) => ({
      budget: b.name,
      limit: b.limit,
      actual: b.actual,
      status: b.met ? 'met' : 'MISSED',
    })),
  )
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
