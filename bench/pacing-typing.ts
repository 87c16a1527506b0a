/**
 * Speed on a phone (docs/architecture.md, "Budgets"): /pacing in Chromium at 390 px with the CPU
 * slowed 4x (CDP Emulation.setCPUThrottlingRate), an input typed into 20 times (a digit, then
 * Backspace, and so on, at a typist's pace of one key per 120 ms), each measured from the input
 * event to the next requestAnimationFrame after both the yearly table and the chart have changed
 * (MutationObservers on both; a deferred table is waited for). Budgets on the p90: 100 ms for one
 * fund, 200 ms for a plan of 20 funds over 35 years.
 */
import { chromium, type Page } from '@playwright/test'
import { serializePortfolioQuery } from '#src/common/pacing/query.ts'
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/browser.ts'
import type { Budget } from './budget.ts'
import { benchPlan } from './pacing-page.ts'

const KEYSTROKES = 20
const WARM_UP = 4
const THROTTLE = 4
const KEY_GAP_MS = 120

interface TypingCase {
  name: string
  query: string
  input: string
  table: string
  chart: string
  /** Rows the table shows once the page is ready. */
  rows: number
  budgetMs: number
}

export interface TypingReport {
  name: string
  keystrokes: number
  throttle: number
  p50: number
  p90: number
  max: number
  budgetMs: number
}

function cases(): TypingCase[] {
  const plan = benchPlan()
  return [
    {
      name: 'one fund',
      query: '',
      input: '#fund-bow',
      table: '#fund-table tbody',
      chart: 'figure[aria-labelledby="fund-chart-title"]',
      rows: 12,
      budgetMs: 100,
    },
    {
      name: `${plan.existingFunds.length}-fund plan over ${plan.horizon} years`,
      query: `?${serializePortfolioQuery(plan)}`,
      input: '#plan-target',
      table: '#plan-table tbody',
      chart: 'figure[aria-labelledby="plan-share-chart-title"]',
      rows: plan.horizon,
      budgetMs: 200,
    },
  ]
}

const quantile = (sorted: number[], q: number) =>
  Number((sorted[Math.ceil(q * sorted.length) - 1] ?? 0).toFixed(1))

/** In the page: record input-to-frame for every input event on `input`. A string, as tsx's
 * helpers do not exist in the page. */
const install = (c: TypingCase) => `(() => {
  const input = document.querySelector(${JSON.stringify(c.input)})
  const table = document.querySelector(${JSON.stringify(c.table)})
  const chart = document.querySelector(${JSON.stringify(c.chart)})
  if (!input || !table || !chart) throw new Error('typing bench: element missing')
  const state = { samples: [], pending: null }
  window.__typing = state
  const settle = () => {
    const p = state.pending
    if (!p || !p.table || !p.chart || p.waiting) return
    p.waiting = true
    requestAnimationFrame(() => {
      state.samples.push(performance.now() - p.t0)
      state.pending = null
    })
  }
  const watch = (el, key) => new MutationObserver(() => {
    if (state.pending) { state.pending[key] = true; settle() }
  }).observe(el, { subtree: true, childList: true, characterData: true, attributes: true })
  watch(table, 'table')
  watch(chart, 'chart')
  input.addEventListener('input', (event) => {
    state.pending = { t0: event.timeStamp, table: false, chart: false, waiting: false }
  }, { capture: true })
})()`

async function typeInto(page: Page, c: TypingCase): Promise<number[]> {
  await page.evaluate(install(c))
  const input = page.locator(c.input)
  await input.click()
  await input.press('End')
  for (let i = 0; i < WARM_UP + KEYSTROKES; i++) {
    await page.keyboard.press(i % 2 === 0 ? '1' : 'Backspace')
    await page.waitForFunction(
      (n) =>
        (window as unknown as { __typing: { samples: number[] } }).__typing.samples.length >= n,
      i + 1,
      { timeout: 10_000 },
    )
    await page.waitForTimeout(KEY_GAP_MS)
  }
  const samples = (await page.evaluate('window.__typing.samples')) as number[]
  return samples.slice(WARM_UP)
}

export async function measurePacingTyping(baseUrl: string): Promise<TypingReport[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  try {
    const reports: TypingReport[] = []
    for (const c of cases()) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
      await page.goto(`${baseUrl}/pacing${c.query}`)
      await page.waitForFunction(
        ([table, rows]) => document.querySelectorAll(`${table} tr`).length === rows,
        [c.table, c.rows] as const,
      )
      // Hydrated: React's handlers are on the input.
      await page.waitForFunction((sel) => {
        const el = document.querySelector(sel)
        return !!el && Object.keys(el).some((k) => k.startsWith('__reactProps'))
      }, c.input)
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE })
      const samples = (await typeInto(page, c)).sort((a, b) => a - b)
      reports.push({
        name: c.name,
        keystrokes: samples.length,
        throttle: THROTTLE,
        p50: quantile(samples, 0.5),
        p90: quantile(samples, 0.9),
        max: quantile(samples, 1),
        budgetMs: c.budgetMs,
      })
      await page.close()
    }
    return reports
  } finally {
    await browser.close()
  }
}

export function typingBudgets(reports: readonly TypingReport[]): Budget[] {
  return reports.map((r) => ({
    name: `/pacing keystroke to frame at 390 px, CPU ${r.throttle}x slower, ${r.name} (p90)`,
    limit: `<= ${r.budgetMs} ms`,
    actual: `${r.p90} ms (median ${r.p50}, max ${r.max}, ${r.keystrokes} keystrokes)`,
    met: r.p90 <= r.budgetMs,
  }))
}
