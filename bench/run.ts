/**
 * `npm run bench`: builds, starts the production server on its own port and data folder,
 * measures, and prints one JSON report (also written to bench/results/) and a readable table.
 * Budgets are DESIGN.md §9's; each is marked met or missed.
 *   BENCH_ONLY=page,lighthouse   run only some parts
 *   BENCH_LIGHTHOUSE_RUNS=3      runs per preset (median)
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { runLighthouse, type LighthouseSummary } from './lighthouse.ts'
import { measurePageWeight, type PageWeight } from './page-weight.ts'
import { buildForBench, startServer } from './server.ts'

const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim())
const wants = (part: string) => !only || only.includes(part)
const KB = 1024

interface Budget {
  name: string
  limit: string
  actual: string
  met: boolean
}

async function main() {
  const started = Date.now()
  buildForBench()
  const server = await startServer(Number(process.env.BENCH_PORT ?? 4400))
  const report: {
    startedAt: string
    pages?: PageWeight[]
    lighthouse?: LighthouseSummary[]
    budgets: Budget[]
    durationS?: number
  } = { startedAt: new Date(started).toISOString(), budgets: [] }
  try {
    if (wants('page')) {
      report.pages = [await measurePageWeight(server.baseUrl, '/'), await measurePageWeight(server.baseUrl, '/thank-you')]
      const home = report.pages[0]!
      report.budgets.push({
        name: 'Initial JavaScript of / (gzip)',
        limit: '<= 90 KB',
        actual: `${(home.totals.js.gzip / KB).toFixed(1)} KB`,
        met: home.totals.js.gzip <= 90 * KB,
      })
    }
    if (wants('lighthouse')) {
      const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)
      report.lighthouse = []
      for (const preset of ['mobile', 'desktop'] as const) {
        for (const path of ['/', '/thank-you']) {
          report.lighthouse.push(await runLighthouse(`${server.baseUrl}${path}`, preset, runs))
        }
      }
      const mobileHome = report.lighthouse.find((l) => l.preset === 'mobile' && l.path === '/')!
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
      report.budgets.push(
        { name: 'CLS of / (mobile)', limit: '= 0', actual: String(mobileHome.metrics.cls), met: mobileHome.metrics.cls === 0 },
        { name: 'LCP of / (mobile)', limit: '<= 1000 ms', actual: `${mobileHome.metrics.lcpMs} ms`, met: mobileHome.metrics.lcpMs <= 1000 },
        { name: 'TBT of / (mobile)', limit: '<= 50 ms', actual: `${mobileHome.metrics.tbtMs} ms`, met: mobileHome.metrics.tbtMs <= 50 },
      )
    }
  } finally {
    await server.stop()
  }
  report.durationS = Math.round((Date.now() - started) / 1000)
  mkdirSync('bench/results', { recursive: true })
  const file = `bench/results/bench-${report.startedAt.replace(/[:.]/g, '-')}.json`
  writeFileSync(file, JSON.stringify(report, null, 2))
  console.log(JSON.stringify(report))
  printTables(report)
  console.log(`\nreport: ${file} (${report.durationS} s)`)
}

function printTables(report: { pages?: PageWeight[]; lighthouse?: LighthouseSummary[]; budgets: Budget[] }) {
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
  if (report.lighthouse) {
    console.log('\nLighthouse (median)')
    console.table(
      report.lighthouse.map((l) => ({
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
  console.log('\nBudgets')
  console.table(report.budgets.map((b) => ({ budget: b.name, limit: b.limit, actual: b.actual, status: b.met ? 'met' : 'MISSED' })))
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
