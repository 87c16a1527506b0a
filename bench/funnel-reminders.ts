/**
 * Part `funnel` of npm run bench: what counting a page view adds to a document request (CPU per
 * count; budget < 0.05 ms), and a trial-reminder pass over 100,000 trials on the embedded
 * database (budget < 200 ms for the pass the scheduler runs every 30 s; the first scheduling
 * of all 100,000 keys, done once after the upgrade, is reported beside it). Alone:
 * `node --import tsx bench/funnel-reminders.ts`.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase, type Db } from '#src/server/db/client.ts'
import { migrate } from '#src/server/db/migrate.ts'
import { createPageViewCounter } from '#src/server/funnel/page-views.ts'
import { createLogger } from '#src/server/logger.ts'
import { runReminderPass } from '#src/server/trials/trial-reminders.ts'
import type { Budget } from './budget.ts'

export interface FunnelBenchReport {
  pageViewCpuMsPerCount: number
  trials: number
  firstScheduleMs: number
  passMsP50: number
  passMsMax: number
  queuedInPasses: number
}

const TRIALS = 100_000
const logger = createLogger({ logLevel: 'silent', logPretty: false })

function benchCounting(): number {
  // Writes never happen in the loop (flushMs is long); counting alone is measured.
  const counter = createPageViewCounter({ db: {} as Db, logger, flushMs: 3_600_000 })
  const urls = Array.from({ length: 64 }, (_, i) =>
    i % 2
      ? `https://pacepoint.example/pacing?utm_source=src${i % 7}&utm_medium=cpc&utm_campaign=c${i % 5}`
      : `https://pacepoint.example/${i % 3 ? 'about' : ''}`,
  )
  const n = 200_000
  for (let i = 0; i < 20_000; i++)
    counter.count({
      url: urls[i % 64]!,
      referer: undefined,
      userAgent: 'Mozilla/5.0',
      purpose: undefined,
    })
  const start = process.cpuUsage()
  for (let i = 0; i < n; i++)
    counter.count({
      url: urls[i % 64]!,
      referer: i % 3 ? 'https://www.google.com/' : undefined,
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0',
      purpose: undefined,
    })
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000 / n
}

async function benchReminders(): Promise<Omit<FunnelBenchReport, 'pageViewCpuMsPerCount'>> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-reminders-'))
  const database = await openDatabase({ databaseUrl: null, dataDir: dir, queryTimeoutMs: 600_000 })
  try {
    await migrate(database.db)
    const db = database.db
    // 100,000 trials with keys handed out over the last 10 days.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set constraints all deferred`)
      await tx.execute(sql`
      insert into licenses (id, model, activation_key, status, submission_id, assigned_at, batch)
      select gen_random_uuid(), case when i % 2 = 0 then 'basic' else 'advanced' end,
             'BENCH-' || i, 'assigned', md5('s' || i)::uuid,
             now() - make_interval(secs => (i * 864000.0 / ${TRIALS})), 'bench'
        from generate_series(1, ${TRIALS}) as i`)
      await tx.execute(sql`
      insert into trial_submissions (id, first_name, last_name, email, email_canonical, model,
        source, license_id, waitlist_token_hash, created_at)
      select l.submission_id, 'Ada', 'Bench', 'lead' || l.activation_key || '@example.com',
             'lead' || lower(l.activation_key) || '@example.com', l.model, 'bench', l.id,
             md5(l.activation_key), l.assigned_at
        from licenses l where l.batch = 'bench'`)
    })
    const deps = { db, offsets: [3, 0], messageIdDomain: 'bench.example', logger }
    let t = performance.now()
    await runReminderPass(deps)
    const firstScheduleMs = performance.now() - t
    const times: number[] = []
    let queued = 0
    for (let i = 0; i < 10; i++) {
      t = performance.now()
      // A new key handed out between passes, as in production.
      await db.execute(
        sql`update trial_reminder_scan set scanned_to = scanned_to - interval '30 seconds'`,
      )
      queued += (await runReminderPass(deps)).queued
      times.push(performance.now() - t)
    }
    times.sort((a, b) => a - b)
    return {
      trials: TRIALS,
      firstScheduleMs: Math.round(firstScheduleMs),
      passMsP50: Math.round(times[5]! * 10) / 10,
      passMsMax: Math.round(times.at(-1)! * 10) / 10,
      queuedInPasses: queued,
    }
  } finally {
    await database.close()
    await rm(dir, { recursive: true, force: true })
  }
}

export async function runFunnelBench(): Promise<FunnelBenchReport> {
  const pageViewCpuMsPerCount = benchCounting()
  return { pageViewCpuMsPerCount, ...(await benchReminders()) }
}

export function funnelBudgets(r: FunnelBenchReport): Budget[] {
  return [
    {
      name: 'Counting a page view (CPU per document request)',
      limit: '< 0.05 ms',
      actual: `${r.pageViewCpuMsPerCount.toFixed(4)} ms`,
      met: r.pageViewCpuMsPerCount < 0.05,
    },
    {
      name: `Trial-reminder pass over ${r.trials.toLocaleString('en-US')} trials (slowest of 10)`,
      limit: '< 200 ms',
      actual: `${r.passMsMax} ms (p50 ${r.passMsP50} ms; first scheduling ${r.firstScheduleMs} ms)`,
      met: r.passMsMax < 200,
    },
  ]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await runFunnelBench()
  console.log(JSON.stringify({ report, budgets: funnelBudgets(report) }, null, 2))
}
