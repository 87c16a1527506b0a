/**
 * The Pacing Lab's page budgets (docs/architecture.md, "Budgets"): the JavaScript /pacing transfers
 * on first load, and, in Chromium, how long a full recompute and redraw takes after an input change
 * for a 20-fund portfolio over 35 years. Measured in the page: the input event is dispatched on the
 * "Target private share" field; React renders and commits synchronously inside it (a discrete
 * event), then the browser lays out and paints in its next frame. Reported per change:
 *   - work: the event's synchronous part plus the frame's rendering (rAF to after paint), i.e.
 *     what the page itself spends, to be within one frame (16 ms);
 *   - toPaint: from the input to just after the next paint, which also includes waiting for the
 *     frame to start.
 * The scenarios side by side and the bands render deferred, after that frame (portfolio-lab.tsx),
 * so the event's part is the result shown: key figures, the two charts and the table.
 */
import { chromium } from '@playwright/test'
import { serializePortfolioQuery } from '#src/common/pacing/plan-query.ts'
import type { ExistingFund, PortfolioPlan } from '#src/common/pacing/portfolio.ts'
import { ASSET_CLASSES } from '#src/common/pacing/presets.ts'
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/browser.ts'
import type { Budget } from './budget.ts'
import { measurePageWeight, type PageWeight } from './page-weight.ts'

const KB = 1024

export interface PacingPageReport {
  weight: PageWeight
  funds: number
  years: number
  changes: number
  workMs: { median: number; p95: number; max: number }
  /** Of which the input event (recompute, React render and commit). */
  syncMs: { median: number; p95: number; max: number }
  /** Of which the next frame (style, layout, paint). */
  frameMs: { median: number; p95: number; max: number }
  toPaintMs: { median: number; p95: number; max: number }
}

/** The budget case: 20 existing funds over 35 years. */
export function benchPlan(): PortfolioPlan {
  const funds: ExistingFund[] = Array.from({ length: 20 }, (_, i) => ({
    assetClass: ASSET_CLASSES[i % ASSET_CLASSES.length] ?? 'buyout',
    commitment: 10e6 + i * 1e6,
    vintage: 2006 + i,
    paidIn: Math.min(10e6, i * 5e5),
    nav: 8e6,
  }))
  return {
    totalValue: 500e6,
    totalGrowth: 0.05,
    targetShare: 0.15,
    existingFunds: funds,
    horizon: 35,
    startYear: 2026,
    newCommitmentClass: 'venture',
  }
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => Number((sorted[Math.floor(q * (sorted.length - 1))] ?? 0).toFixed(2))
  return { median: at(0.5), p95: at(0.95), max: at(1) }
}

export async function measurePacingPage(baseUrl: string, changes = 40): Promise<PacingPageReport> {
  const weight = await measurePageWeight(baseUrl, '/pacing')
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    const plan = benchPlan()
    await page.goto(`${baseUrl}/pacing?${serializePortfolioQuery(plan)}`)
    await page.waitForFunction(
      () => document.querySelectorAll('#plan-table tbody tr').length === 35,
    )
    // A string, not a function: the bench runs under tsx, whose helpers do not exist in the page.
    const samples = (await page.evaluate(`(async () => {
      const input = document.querySelector('#plan-target')
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
      const afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => {
        const raf = performance.now()
        const channel = new MessageChannel()
        channel.port1.onmessage = () => resolve([raf, performance.now()])
        channel.port2.postMessage(0)
      }))
      const out = []
      for (let i = 0; i < ${changes + 5}; i++) {
        await frame()
        const t0 = performance.now()
        setValue.call(input, (0.15 + (i % 2) * 0.01).toFixed(2))
        input.dispatchEvent(new Event('input', { bubbles: true }))
        const t1 = performance.now()
        const [raf, painted] = await afterPaint()
        // The first few changes warm up the JIT, as a visitor's first keystrokes do.
        if (i >= 5) out.push({ work: (t1 - t0) + (painted - raf), toPaint: painted - t0, sync: t1 - t0, frame: painted - raf })
      }
      return out
    })()`)) as Array<{ work: number; toPaint: number; sync: number; frame: number }>
    const rows = await page.locator('#plan-table tbody tr').count()
    if (rows !== plan.horizon) throw new Error(`expected ${plan.horizon} rows, got ${rows}`)
    return {
      weight,
      funds: plan.existingFunds.length,
      years: plan.horizon,
      changes: samples.length,
      workMs: stats(samples.map((s) => s.work)),
      syncMs: stats(samples.map((s) => s.sync)),
      frameMs: stats(samples.map((s) => s.frame)),
      toPaintMs: stats(samples.map((s) => s.toPaint)),
    }
  } finally {
    await browser.close()
  }
}

export function pacingBudgets(report: PacingPageReport): Budget[] {
  return [
    {
      name: 'Initial JavaScript of /pacing (gzip)',
      limit: '<= 110 KB',
      actual: `${(report.weight.totals.js.gzip / KB).toFixed(1)} KB (${(report.weight.totals.js.transferredBr / KB).toFixed(1)} KB brotli sent)`,
      met: report.weight.totals.js.gzip <= 110 * KB,
    },
    {
      name: `/pacing recompute + redraw, ${report.funds} funds x ${report.years} years (median)`,
      limit: '<= 16 ms',
      actual: `${report.workMs.median} ms (p95 ${report.workMs.p95}; input to paint ${report.toPaintMs.median})`,
      met: report.workMs.median <= 16,
    },
  ]
}
