/**
 * What rendering one e-mail costs: the trial e-mail, rendered through the same
 * renderOutboxMail the outbox worker calls, N times (default 2,000) after a warm-up, each with
 * its own name and key. Reports per message the wall time and the CPU time (mean, p50, p99,
 * max; CPU time is what a busy, shared machine does not inflate), the cold start (loading the
 * renderer and the first message, what a fresh mail thread pays once) and memory: the process's
 * resident size before and at its peak, the heap each message allocates and what stays.
 *
 * Part `mail` of npm run bench, in child processes of its own so its memory is not the bench's:
 * one times the messages under the default garbage collector, one with a young generation
 * large enough that nothing is collected while it counts the bytes each message allocates.
 * Alone: `node --import tsx bench/mail-render.ts` (BENCH_MAIL_COUNT=2000).
 */
import { execFileSync } from 'node:child_process'
import { loadavg } from 'node:os'
import type { Budget } from './budget.ts'

interface Spread {
  mean: number
  p50: number
  p99: number
  max: number
}

export interface MailRenderReport {
  renderer: string
  /** React's build follows NODE_ENV: production (what the Dockerfile runs) unless set. */
  nodeEnv: string
  messages: number
  /** Loading the templates module (and what it imports) and rendering the first message. */
  coldStartMs: { importMs: number; firstMessageMs: number }
  ms: Spread
  cpuMs: Spread
  messagesPerSecond: number
  bytes: { html: number; text: number }
  memoryMb: {
    /** Resident set size once the renderer is loaded and warm, before the measured run. */
    rssBefore: number
    rssPeak: number
    /** Heap in use after the run and a full collection, less before: what stays. */
    heapRetained: number
    /** Heap allocated per message (no collection in between), KiB. */
    heapKbPerMessage: number
  }
  loadAverage: number
}

type Row = Pick<MailRenderReport, 'renderer' | 'ms'> & {
  cpuMs: Pick<Spread, 'mean' | 'p99'>
  memoryMb: Pick<MailRenderReport['memoryMb'], 'rssPeak' | 'heapKbPerMessage'>
}

/**
 * The string templates (533 lines, each mail written twice) that the React components replaced,
 * measured with this part on this machine (2 cores, Node 20.20, load average about 7.5 from
 * other work) before they were removed: 2,000 trial e-mails, the median of five runs (wall
 * times, CPU mean, peak RSS, heap per message). Their cold start: import 520 ms (the templates
 * pulled in the database layer, PGlite included, for one constant), first message 13.7 ms;
 * their trial e-mail was 1,924 B of HTML and 841 B of text. The CPU p99 and the heap per
 * message are from the same code run later beside the new renderer, alternating, in this
 * part's present layout (average load 23): there the old took 0.025 ms CPU a message on
 * average and allocated 8.6 KiB, the new 0.29 ms and 49 KiB (docs/decisions/0010).
 */
const STRING_TEMPLATES_BASELINE: Row = {
  renderer: 'string templates (before decision 10)',
  ms: { mean: 0.018, p50: 0.014, p99: 0.054, max: 4.0 },
  cpuMs: { mean: 0.034, p99: 0.117 },
  memoryMb: { rssPeak: 163.1, heapKbPerMessage: 8.6 },
}

/** A generous ceiling: the outbox sends a few messages at a time, and SMTP takes far longer. */
const MAIL_RENDER_CPU_P99_BUDGET_MS = 5

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10
const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b)
  return {
    mean: round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1)!),
  }
}

/** Runs in the child process: load, warm up, then time or count bytes. */
async function measure(count: number, mode: 'time' | 'alloc') {
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

  if (mode === 'alloc') {
    for (let i = 0; i < count; i++) render(1000 + i)
    const grown = process.memoryUsage().heapUsed - before.heapUsed
    return { heapKbPerMessage: round(grown / 1024 / count, 1) }
  }

  let rssPeak = before.rss
  const wall: number[] = []
  const cpu: number[] = []
  const started = performance.now()
  for (let i = 0; i < count; i++) {
    const cpuStart = process.cpuUsage()
    const wallStart = performance.now()
    render(1000 + i)
    wall.push(performance.now() - wallStart)
    const used = process.cpuUsage(cpuStart)
    cpu.push((used.user + used.system) / 1000)
    if (i % 100 === 99) rssPeak = Math.max(rssPeak, process.memoryUsage().rss)
  }
  const elapsed = performance.now() - started
  gc()
  const after = process.memoryUsage()
  return {
    renderer: process.env.BENCH_MAIL_RENDERER ?? 'React components',
    nodeEnv: process.env.NODE_ENV ?? '(unset)',
    messages: count,
    coldStartMs: { importMs: round(importMs, 1), firstMessageMs: round(firstMessageMs, 2) },
    ms: spread(wall),
    cpuMs: spread(cpu),
    messagesPerSecond: Math.round((count / elapsed) * 1000),
    bytes: { html: Buffer.byteLength(first.html), text: Buffer.byteLength(first.text) },
    memoryMb: {
      rssBefore: mb(before.rss),
      rssPeak: mb(rssPeak),
      heapRetained: mb(after.heapUsed - before.heapUsed),
      heapKbPerMessage: 0,
    },
    loadAverage: round(loadavg()[0]!, 1),
  }
}

function child(count: number, mode: 'time' | 'alloc', flags: string[]): unknown {
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', ...flags, '--import', 'tsx', 'bench/mail-render.ts', '--json'],
    {
      env: {
        ...process.env,
        NODE_ENV: process.env.NODE_ENV ?? 'production',
        BENCH_MAIL_COUNT: String(count),
        BENCH_MAIL_MODE: mode,
      },
      encoding: 'utf8',
    },
  )
  return JSON.parse(out.trim().split('\n').at(-1)!)
}

/** Times the messages in one child process and counts their bytes in another. */
export function runMailRenderBench(
  count = Number(process.env.BENCH_MAIL_COUNT ?? 2000),
): MailRenderReport {
  const report = child(count, 'time', []) as MailRenderReport
  // 64 MiB semi-spaces: no scavenge while 500 messages render, so the heap's growth is theirs.
  const alloc = child(500, 'alloc', ['--min-semi-space-size=64', '--max-semi-space-size=64']) as {
    heapKbPerMessage: number
  }
  report.memoryMb.heapKbPerMessage = alloc.heapKbPerMessage
  return report
}

export function mailRenderBudgets(report: MailRenderReport): Budget[] {
  const before = STRING_TEMPLATES_BASELINE
  return [
    {
      name: `Trial e-mail render, CPU time p99 over ${report.messages.toLocaleString('en-US')} messages`,
      limit: `<= ${MAIL_RENDER_CPU_P99_BUDGET_MS} ms`,
      actual: `${report.cpuMs.p99} ms (mean ${report.cpuMs.mean} ms; string templates: p99 ${before.cpuMs.p99} ms, mean ${before.cpuMs.mean} ms)`,
      met: report.cpuMs.p99 <= MAIL_RENDER_CPU_P99_BUDGET_MS,
    },
  ]
}

export function printMailRender(report: MailRenderReport): void {
  const row = (r: Row) => ({
    renderer: r.renderer,
    'mean ms': r.ms.mean,
    'p50 ms': r.ms.p50,
    'p99 ms': r.ms.p99,
    'max ms': r.ms.max,
    'CPU mean ms': r.cpuMs.mean,
    'CPU p99 ms': r.cpuMs.p99,
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
      `${report.messagesPerSecond} messages/s on one core; RSS ${report.memoryMb.rssBefore} MiB before; ` +
      `heap retained ${report.memoryMb.heapRetained} MiB`,
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const count = Number(process.env.BENCH_MAIL_COUNT ?? 2000)
  if (process.argv.includes('--json')) {
    const mode = process.env.BENCH_MAIL_MODE === 'alloc' ? 'alloc' : 'time'
    console.log(JSON.stringify(await measure(count, mode)))
  } else {
    const report = runMailRenderBench(count)
    printMailRender(report)
    console.table(mailRenderBudgets(report))
  }
}
