/**
 * What rendering one e-mail costs (issue 15): the trial e-mail, rendered through the same
 * renderOutboxMail the outbox worker calls, N times (default 2,000) after a warm-up, each with
 * its own name and key. Reports milliseconds per message (mean, p50, p99, max), CPU time per
 * message, the cold start (loading the renderer and the first message, what a fresh worker
 * thread pays once) and memory. Part `mail` of npm run bench, run in a child process of its own
 * (with --expose-gc) so its memory is not the bench's; alone:
 * `node --expose-gc --max-semi-space-size=64 --import tsx bench/mail-render.ts` (BENCH_MAIL_COUNT).
 */
import { execFileSync } from 'node:child_process'
import { loadavg } from 'node:os'
import type { Budget } from './budget.ts'

export interface MailRenderReport {
  renderer: string
  /** React's build follows NODE_ENV: production (what the Dockerfile runs) unless set. */
  nodeEnv: string
  messages: number
  /** Loading the templates module (and what it imports) and rendering the first message. */
  coldStartMs: { importMs: number; firstMessageMs: number }
  ms: { mean: number; p50: number; p99: number; max: number }
  cpuMsPerMessage: number
  messagesPerSecond: number
  bytes: { html: number; text: number }
  memoryMb: {
    /** Resident set size once the renderer is loaded and warm, before the measured run. */
    rssBefore: number
    rssPeak: number
    /** Heap in use after the run and a full collection, less before: what stays. */
    heapRetained: number
    /** Heap allocated per message while rendering (before any collection), KiB. */
    heapKbPerMessage: number
  }
  loadAverage: number
}

/**
 * The string templates (533 lines, each mail written twice) that the React components replaced,
 * measured on this machine (2 cores, Node 20.20, load average about 7.5 from other work) with
 * this part before they were removed: 2,000 trial e-mails, the same payloads and flags, the
 * median of five runs. Cold start then: import 520 ms (the templates pulled in the database
 * layer for one constant), first message 13.7 ms.
 */
export const STRING_TEMPLATES_BASELINE = {
  renderer: 'string templates (before issue 15)',
  messages: 2000,
  ms: { mean: 0.018, p50: 0.014, p99: 0.054, max: 4.0 },
  cpuMsPerMessage: 0.034,
  memoryMb: { rssPeak: 163.1, heapKbPerMessage: 7.8 },
} as const

/** A generous ceiling: the outbox sends a few messages at a time, and SMTP takes far longer. */
export const MAIL_RENDER_P99_BUDGET_MS = 5

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10
const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/** Runs in the child process: load, warm up, measure. */
async function measure(count: number): Promise<MailRenderReport> {
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => {})
  const importStart = performance.now()
  const { renderOutboxMail } = await import('#src/server/mail/templates.ts')
  const { DEFAULT_SETTINGS } = await import('#src/common/site/settings.ts')
  const importMs = performance.now() - importStart
  const publicUrl = 'https://trial.example.com'
  const payload = (i: number) => ({
    firstName: `Ada ${i} <O'Brien & "Co">`,
    lastName: `Lovelace ${i}`,
    model: i % 2 ? 'advanced' : 'basic',
    activationKey: `PP-${String(i).padStart(6, '0')}-ABCD-EFGH-${i % 10}`,
  })
  const render = (i: number) => renderOutboxMail('trial', payload(i), DEFAULT_SETTINGS, publicUrl)

  const firstStart = performance.now()
  const first = render(0)
  const firstMessageMs = performance.now() - firstStart
  for (let i = 1; i <= 300; i++) render(i)

  gc()
  const before = process.memoryUsage()
  let rssPeak = before.rss
  const times: number[] = []
  const cpuStart = process.cpuUsage()
  const wallStart = performance.now()
  let heapHigh = before.heapUsed
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    render(1000 + i)
    times.push(performance.now() - started)
    if (i % 100 === 99) {
      const now = process.memoryUsage()
      rssPeak = Math.max(rssPeak, now.rss)
      heapHigh = Math.max(heapHigh, now.heapUsed)
    }
  }
  const wallMs = performance.now() - wallStart
  const cpu = process.cpuUsage(cpuStart)
  const allocated = process.memoryUsage().heapUsed
  gc()
  const after = process.memoryUsage()
  times.sort((a, b) => a - b)
  const mean = times.reduce((a, b) => a + b, 0) / times.length
  return {
    renderer: process.env.BENCH_MAIL_RENDERER ?? 'React components (issue 15)',
    nodeEnv: process.env.NODE_ENV ?? '(unset)',
    messages: count,
    coldStartMs: { importMs: round(importMs, 1), firstMessageMs: round(firstMessageMs, 2) },
    ms: {
      mean: round(mean),
      p50: round(percentile(times, 50)),
      p99: round(percentile(times, 99)),
      max: round(times.at(-1)!),
    },
    cpuMsPerMessage: round((cpu.user + cpu.system) / 1000 / count),
    messagesPerSecond: Math.round((count / wallMs) * 1000),
    bytes: { html: Buffer.byteLength(first.html), text: Buffer.byteLength(first.text) },
    memoryMb: {
      rssBefore: mb(before.rss),
      rssPeak: mb(rssPeak),
      heapRetained: mb(after.heapUsed - before.heapUsed),
      // A young-generation collection may have run in between; the high-water mark bounds it.
      heapKbPerMessage: round((Math.max(allocated, heapHigh) - before.heapUsed) / 1024 / count, 1),
    },
    loadAverage: round(loadavg()[0]!, 1),
  }
}

/**
 * A young generation large enough that no collection runs during the measured messages, so the
 * heap's growth is what they allocated (and no scavenge lands on one message's time).
 */
const SEMI_SPACE = ['--max-semi-space-size=64']

/** Runs the measurement in a child process of its own and returns its report. */
export function runMailRenderBench(
  count = Number(process.env.BENCH_MAIL_COUNT ?? 2000),
): MailRenderReport {
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', ...SEMI_SPACE, '--import', 'tsx', 'bench/mail-render.ts', '--json'],
    {
      env: {
        ...process.env,
        NODE_ENV: process.env.NODE_ENV ?? 'production',
        BENCH_MAIL_COUNT: String(count),
      },
      encoding: 'utf8',
    },
  )
  return JSON.parse(out.trim().split('\n').at(-1)!) as MailRenderReport
}

export function mailRenderBudgets(report: MailRenderReport): Budget[] {
  return [
    {
      name: `Trial e-mail render, p99 over ${report.messages.toLocaleString('en-US')} messages`,
      limit: `<= ${MAIL_RENDER_P99_BUDGET_MS} ms`,
      actual: `${report.ms.p99} ms (mean ${report.ms.mean} ms; before: p99 ${STRING_TEMPLATES_BASELINE.ms.p99} ms, mean ${STRING_TEMPLATES_BASELINE.ms.mean} ms)`,
      met: report.ms.p99 <= MAIL_RENDER_P99_BUDGET_MS,
    },
  ]
}

export function printMailRender(report: MailRenderReport): void {
  const row = (r: {
    renderer: string
    ms: { mean: number; p50: number; p99: number; max: number }
    cpuMsPerMessage: number
    memoryMb: { rssPeak: number; heapKbPerMessage: number }
  }) => ({
    renderer: r.renderer,
    'mean ms': r.ms.mean,
    'p50 ms': r.ms.p50,
    'p99 ms': r.ms.p99,
    'max ms': r.ms.max,
    'CPU ms/msg': r.cpuMsPerMessage,
    'peak RSS MiB': r.memoryMb.rssPeak,
    'heap KiB/msg': r.memoryMb.heapKbPerMessage,
  })
  console.log(
    `\nE-mail rendering: ${report.messages} trial e-mails, NODE_ENV=${report.nodeEnv} (load average ${report.loadAverage})`,
  )
  console.table([row(STRING_TEMPLATES_BASELINE), row(report)])
  console.log(
    `cold start: import ${report.coldStartMs.importMs} ms, first message ${report.coldStartMs.firstMessageMs} ms; ` +
      `one message: ${report.bytes.html} B HTML, ${report.bytes.text} B text; ` +
      `${report.messagesPerSecond} messages/s on one core; heap retained ${report.memoryMb.heapRetained} MiB`,
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = await measure(Number(process.env.BENCH_MAIL_COUNT ?? 2000))
  if (process.argv.includes('--json')) console.log(JSON.stringify(report))
  else {
    printMailRender(report)
    console.table(mailRenderBudgets(report))
  }
}
