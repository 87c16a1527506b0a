/**
 * How long the Pacing Lab's engine takes for the budget case (docs/architecture.md, "Budgets"): a
 * 20-fund portfolio over 35 years, recomputed from scratch (plan + solve), and one fund with its
 * key figures. The budget (16 ms for recompute and redraw, docs/architecture.md, "Budgets") is
 * judged in the browser by the page's bench; this measures the engine alone, so the drawing keeps
 * nearly all of the frame. Also the plan's three other scenarios (projected with the commitments
 * held, on every change of the plan) and its Monte Carlo bands, 10,000 paths (the worker's job,
 * 300 ms; `BENCH_ONLY=pacing-bands` judges it in the bench's report).
 *
 *   node --import tsx bench/pacing.bench.ts
 */
import { performance } from 'node:perf_hooks'
import { projectFund } from '#src/common/pacing/engine.ts'
import { computeMetrics } from '#src/common/pacing/metrics.ts'
import {
  planPortfolio,
  type ExistingFund,
  type PortfolioPlan,
} from '#src/common/pacing/portfolio.ts'
import { ASSET_CLASSES, PRESETS } from '#src/common/pacing/presets.ts'
import { planScenarios, simulatePlanBands } from '#src/common/pacing/plan-scenarios.ts'
import { DEFAULT_SHIFTS } from '#src/common/pacing/scenarios.ts'

const funds: ExistingFund[] = Array.from({ length: 20 }, (_, i) => ({
  assetClass: ASSET_CLASSES[i % ASSET_CLASSES.length] ?? 'buyout',
  commitment: 10e6 + i * 1e6,
  vintage: 2006 + i,
  paidIn: Math.min(10e6, i * 5e5),
  nav: 8e6,
}))
const plan: PortfolioPlan = {
  totalValue: 500e6,
  totalGrowth: 0.05,
  targetShare: 0.15,
  existingFunds: funds,
  horizon: 35,
  startYear: 2026,
  newCommitmentClass: 'venture',
}

function time(label: string, runs: number, fn: () => unknown, warmups = 200): void {
  for (let i = 0; i < warmups; i++) fn() // warm up the JIT as a page does after the first input
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    fn()
    samples.push(performance.now() - start)
  }
  samples.sort((a, b) => a - b)
  const at = (q: number) => (samples[Math.floor(q * (samples.length - 1))] ?? 0).toFixed(4)
  console.log(`${label}: median ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms (${runs} runs)`)
}

time('portfolio 20 funds x 35 years (plan + solve)', 2000, () => planPortfolio(plan))
time('one fund, 35 years + key figures', 2000, () =>
  computeMetrics(projectFund({ ...PRESETS.venture.parameters, commitment: 1e7, years: 35 }).rows),
)
const solved = planPortfolio(plan)
time('portfolio 20 funds x 35 years: the 3 other scenarios, commitments held', 500, () =>
  planScenarios(plan, solved, DEFAULT_SHIFTS),
)
const commitments = solved.rows.map((r) => r.newCommitment)
time(
  'portfolio 20 funds x 35 years: bands, 10,000 paths',
  9,
  () =>
    simulatePlanBands(plan, commitments, DEFAULT_SHIFTS.base, {
      vol: 0.15,
      paths: 10_000,
      seed: 1,
    }),
  2,
)
