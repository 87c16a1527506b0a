/**
 * The plan's uncertainty bands (docs/architecture.md, "Budgets"): 10,000 Monte Carlo paths of the
 * 20-fund plan over 35 years, its yearly new commitments included (one cohort a year, so about 55
 * funds on the calendar), exactly as the page's worker runs them (simulatePlanBands). Timed in
 * Node, the same V8 as Chromium's worker, after two warm-up runs. It needs neither the build nor a
 * server: `BENCH_ONLY=pacing-bands`; the `pacing` part runs it too.
 */
import { performance } from 'node:perf_hooks'
import { simulatePlanBands } from '#src/common/pacing/plan-scenarios.ts'
import { planFunds, planPortfolio } from '#src/common/pacing/portfolio.ts'
import { DEFAULT_SHIFTS } from '#src/common/pacing/scenarios.ts'
import type { Budget } from './budget.ts'
import { benchPlan } from './pacing-page.ts'

const BUDGET_MS = 300
const PATHS = 10_000

export interface PlanBandsReport {
  funds: number
  /** Funds on the calendar: the existing ones and a cohort per year's new commitment. */
  simulatedFunds: number
  years: number
  paths: number
  runs: number
  wallMs: { median: number; p95: number; max: number }
  /** The process's CPU time per run: on a busy machine, the part of the wall time that is ours. */
  cpuMs: { median: number; p95: number; max: number }
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => Number((sorted[Math.floor(q * (sorted.length - 1))] ?? 0).toFixed(1))
  return { median: at(0.5), p95: at(0.95), max: at(1) }
}

export function measurePlanBands(runs = 9): PlanBandsReport {
  const plan = benchPlan()
  const commitments = planPortfolio(plan).rows.map((r) => r.newCommitment)
  const settings = { vol: 0.15, paths: PATHS, seed: 1 }
  const run = () => simulatePlanBands(plan, commitments, DEFAULT_SHIFTS.base, settings)
  run()
  run()
  const wall: number[] = []
  const cpu: number[] = []
  for (let i = 0; i < runs; i++) {
    const cpu0 = process.cpuUsage()
    const start = performance.now()
    run()
    wall.push(performance.now() - start)
    const used = process.cpuUsage(cpu0)
    cpu.push((used.user + used.system) / 1000)
  }
  return {
    funds: plan.existingFunds.length,
    simulatedFunds: planFunds(plan, commitments).length,
    years: plan.horizon,
    paths: PATHS,
    runs,
    wallMs: stats(wall),
    cpuMs: stats(cpu),
  }
}

export function planBandsBudgets(report: PlanBandsReport): Budget[] {
  return [
    {
      name: `Uncertainty bands: ${report.paths.toLocaleString('en-US')} paths of a ${report.funds}-fund plan over ${report.years} years (median)`,
      limit: `<= ${BUDGET_MS} ms`,
      actual: `${report.wallMs.median} ms (max ${report.wallMs.max}; CPU ${report.cpuMs.median}; ${report.simulatedFunds} funds with the new commitments)`,
      met: report.wallMs.median <= BUDGET_MS,
    },
  ]
}
