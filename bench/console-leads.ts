/**
 * The console's leads list at 100,000 rows on the embedded database: each page the
 * console asks for (first, deep, filtered, searched), timed through the same service the
 * /admin/api/leads handler calls. Budget: p99 < 100 ms per page. Part `console` of
 * npm run bench; alone: `node --import tsx bench/console-leads.ts`.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type { LeadsQuery } from '#src/common/console-api.ts'
import { consoleLeads } from '#src/server/console/console-queries.ts'
import { openDatabase } from '#src/server/db/client.ts'
import { migrate } from '#src/server/db/migrate.ts'
import type { Budget } from './budget.ts'

export interface ConsoleLeadsReport {
  rows: number
  runsPerQuery: number
  queries: {
    name: string
    total: number
    p50Ms: number
    p99Ms: number
    maxMs: number
    /** Median CPU time of this process per page: PGlite runs in-process, so this is the work
     * itself, which a busy machine (other processes on the same cores) does not inflate. */
    cpuP50Ms: number
  }[]
  p99Ms: number
  cpuP99Ms: number
  loadAverage: number
}

const LEADS_BUDGET_MS = 100

const QUERIES: [string, Partial<LeadsQuery>][] = [
  ['first page', {}],
  ['page 2', { page: 2 }],
  ['page 200 (the deepest)', { page: 200 }],

  ['model', { model: 'advanced' }],
  ['model, page 200', { model: 'basic', page: 200 }],
  ['has key', { hasKey: true }],
  ['no key', { hasKey: false }],
  ['waitlist', { waitlist: true }],
  ['date range (a month)', { from: '2026-03-01', to: '2026-03-31' }],
  ['search a name', { q: 'grace' }],
  ['search an address', { q: 'lead12345@' }],
  ['search a domain', { q: 'example.org' }],
  ['search, nothing found', { q: 'zzzz-nobody' }],
  [
    'model + waitlist + dates',
    { model: 'basic', waitlist: true, from: '2026-01-01', to: '2026-06-30' },
  ],
  ['search + model + key, page 3', { q: 'ada', model: 'advanced', hasKey: true, page: 3 }],
]

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

export async function runConsoleLeadsBench(
  rows = Number(process.env.BENCH_CONSOLE_ROWS ?? 100_000),
  runs = Number(process.env.BENCH_CONSOLE_RUNS ?? 30),
): Promise<ConsoleLeadsReport> {
  const dir = await mkdtemp(join(tmpdir(), 'pacepoint-console-bench-'))
  const database = await openDatabase({ databaseUrl: null, dataDir: join(dir, 'db') })
  try {
    await migrate(database.db)
    // A year of leads, names and domains varied; 60% hold a key, 10% wait.
    await database.db.execute(sql`
      insert into trial_submissions
        (first_name, last_name, email, model, source, waitlist, waitlist_token_hash, created_at)
      select (array['Ada','Grace','Alan','Edsger','Barbara','Donald','Frances','John'])[1 + g % 8],
             'Lead' || g,
             'lead' || g || '@' || (array['example.com','example.org','bank.test','fund.test'])[1 + g % 4],
             case when g % 3 = 0 then 'basic' else 'advanced' end, 'bench',
             g % 10 = 0, 'x', timestamptz '2026-01-01' + make_interval(mins => g * 5)
      from generate_series(1, ${rows}::int) g`)
    await database.db.execute(sql`
      insert into licenses (model, activation_key, batch, status, submission_id, assigned_at)
      select model, 'BENCH-' || id, 'bench', 'assigned', id, created_at
      from trial_submissions where substring(last_name from 5)::int % 10 between 1 and 6`)
    await database.db.execute(sql`
      update trial_submissions s set license_id = l.id from licenses l where l.submission_id = s.id`)
    await database.db.execute(sql`analyze`)

    const queries: ConsoleLeadsReport['queries'] = []
    const all: number[] = []
    const allCpu: number[] = []
    for (const [name, q] of QUERIES) {
      const query: LeadsQuery = { page: 1, pageSize: 50, ...q }
      let total = 0
      for (let i = 0; i < 3; i++) total = (await consoleLeads(database.db, query)).total
      const times: number[] = []
      const cpu: number[] = []
      for (let i = 0; i < runs; i++) {
        const started = performance.now()
        const cpuStart = process.cpuUsage()
        await consoleLeads(database.db, query)
        const used = process.cpuUsage(cpuStart)
        times.push(performance.now() - started)
        cpu.push((used.user + used.system) / 1000)
      }
      times.sort((a, b) => a - b)
      cpu.sort((a, b) => a - b)
      all.push(...times)
      allCpu.push(...cpu)
      const round = (n: number) => Math.round(n * 10) / 10
      queries.push({
        name,
        total,
        p50Ms: round(percentile(times, 50)),
        p99Ms: round(percentile(times, 99)),
        maxMs: round(times.at(-1)!),
        cpuP50Ms: round(percentile(cpu, 50)),
      })
    }
    all.sort((a, b) => a - b)
    allCpu.sort((a, b) => a - b)
    return {
      rows,
      runsPerQuery: runs,
      queries,
      p99Ms: Math.round(percentile(all, 99) * 10) / 10,
      cpuP99Ms: Math.round(percentile(allCpu, 99) * 10) / 10,
      loadAverage: Math.round(loadavg()[0]! * 10) / 10,
    }
  } finally {
    await database.close()
    await rm(dir, { recursive: true, force: true })
  }
}

export function consoleLeadsBudgets(report: ConsoleLeadsReport): Budget[] {
  const worst = report.queries.reduce((a, b) => (b.p99Ms > a.p99Ms ? b : a))
  return [
    {
      name: `Console leads page at ${report.rows.toLocaleString('en-US')} rows (embedded), p99 over all queries`,
      limit: `< ${LEADS_BUDGET_MS} ms`,
      actual: `${report.p99Ms} ms (worst: ${worst.name}, ${worst.p99Ms} ms)`,
      met: report.p99Ms < LEADS_BUDGET_MS,
    },
    {
      name: 'Console leads page, CPU time p99 (what the page costs on an idle core)',
      limit: `< ${LEADS_BUDGET_MS} ms`,
      actual: `${report.cpuP99Ms} ms (load average ${report.loadAverage})`,
      met: report.cpuP99Ms < LEADS_BUDGET_MS,
    },
  ]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await runConsoleLeadsBench()
  console.table(report.queries)
  console.table(consoleLeadsBudgets(report))
}
