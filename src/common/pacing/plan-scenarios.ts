/**
 * The portfolio plan under scenarios and under uncertainty (docs/product.md, "Pacing Lab"), built
 * from the one-fund pieces: each fund of the plan gets the scenario's shift (scenarios.ts) and the
 * plan's paths are the one-fund simulation run over all its funds on one calendar (montecarlo.ts).
 *
 * Two choices, both the reading an allocator needs (how does the plan I would sign today fare?):
 *
 * - The commitments are held. Each scenario and every path keeps the base plan's solved yearly
 *   commitments; nothing is re-solved, so the table shows what the base schedule does when
 *   growth and lives turn out otherwise (the share drifting from the target, coverage falling).
 * - One calendar for shocks. The stress scenario's 2008-09 year falls in one calendar year for
 *   every fund and the liquid part: the first projected year in which the plan holds private NAV
 *   (the start year when an existing fund has NAV). Funds that start after it are not shocked;
 *   the liquid part is marked down by the stress's `public` share that year, which is what
 *   raises the private share (the denominator effect). On a path, each year's draw z_t is common
 *   to all funds and the liquid part, a market shock moving the whole book together.
 */
import { projectPlanQuarterly, type PlanQuarter } from './plan-quarterly.ts'
import { simulateBands, type BandSettings, type Bands } from './montecarlo.ts'
import {
  liquidPartToday,
  planFunds,
  projectHeldPlan,
  type LiquidShock,
  type PlanFund,
  type PortfolioPlan,
  type PortfolioResult,
} from './portfolio.ts'
import {
  SCENARIOS,
  applyScenario,
  firstYearWithNav,
  hasStress,
  type ScenarioId,
  type ScenarioShift,
} from './scenarios.ts'

const isNoShift = (s: ScenarioShift) => s.growth === 0 && s.life === 0 && !hasStress(s)

/** The plan year (0-based) the first fund opens with NAV; null when no fund ever holds NAV. */
function firstPlanYearWithNav(funds: readonly PlanFund[]): number | null {
  let first: number | null = null
  for (const f of funds) {
    const year = firstYearWithNav(f.inputs)
    if (year === null || year >= (f.inputs.years ?? Infinity)) continue
    if (first === null || f.offset + year < first) first = f.offset + year
  }
  return first
}

/**
 * The plan year (0-based) a scenario's stress falls in: the plan's first year with private NAV;
 * null for a scenario without stress, or a plan that never holds NAV.
 */
export function planStressYear(
  plan: PortfolioPlan,
  commitments: readonly number[],
  shift: ScenarioShift,
): number | null {
  return hasStress(shift) ? firstPlanYearWithNav(planFunds(plan, commitments)) : null
}

/** Every fund of the plan under one scenario, the stress in one calendar year for all. */
function shiftFunds(funds: readonly PlanFund[], shift: ScenarioShift): PlanFund[] {
  if (isNoShift(shift)) return [...funds]
  const shockYear = hasStress(shift) ? firstPlanYearWithNav(funds) : null
  return funds.map((f) => ({
    ...f,
    inputs: applyScenario(f.inputs, shift, shockYear === null ? null : shockYear - f.offset),
  }))
}

/** The stress's markdown of the liquid part, in the plan's stress year; none without one. */
function liquidShockOf(funds: readonly PlanFund[], shift: ScenarioShift): LiquidShock | undefined {
  if (shift.public === 0 || !hasStress(shift)) return undefined
  const year = firstPlanYearWithNav(funds)
  return year === null ? undefined : { year, markdown: shift.public }
}

const commitmentsOf = (base: PortfolioResult) => base.rows.map((r) => r.newCommitment)

/** One scenario of a solved plan, as {@link planScenarios} gives it. */
export function planScenario(
  plan: PortfolioPlan,
  base: PortfolioResult,
  shift: ScenarioShift,
): PortfolioResult {
  if (isNoShift(shift)) return base
  const commitments = commitmentsOf(base)
  const funds = planFunds(plan, commitments)
  return projectHeldPlan(plan, shiftFunds(funds, shift), commitments, liquidShockOf(funds, shift))
}

/**
 * Each scenario of a solved plan, its commitments held at the base's: the base result itself for
 * a scenario that shifts nothing, else the funds shifted and the plan projected again.
 */
export function planScenarios(
  plan: PortfolioPlan,
  base: PortfolioResult,
  shifts: Readonly<Record<ScenarioId, ScenarioShift>>,
): Record<ScenarioId, PortfolioResult> {
  const commitments = commitmentsOf(base)
  const funds = planFunds(plan, commitments)
  const out = {} as Record<ScenarioId, PortfolioResult>
  for (const id of SCENARIOS) {
    const shift = shifts[id]
    out[id] = isNoShift(shift)
      ? base
      : projectHeldPlan(plan, shiftFunds(funds, shift), commitments, liquidShockOf(funds, shift))
  }
  return out
}

/**
 * P10, P50 and P90 of the plan's private NAV, cumulative net cash flow and private share, over
 * `settings.paths` paths of the scenario `shift`, the commitments held (`commitments`, one a
 * year, as the base plan solved them). Rows are calendar years; with vol = 0 every band equals
 * the scenario's row exactly.
 */
export function simulatePlanBands(
  plan: PortfolioPlan,
  commitments: readonly number[],
  shift: ScenarioShift,
  settings: BandSettings,
): Bands {
  const held = planFunds(plan, commitments)
  const funds = shiftFunds(held, shift)
  const labels = Array.from({ length: plan.horizon }, (_, i) => plan.startYear + i)
  const shock = liquidShockOf(held, shift)
  return simulateBands(funds, plan.horizon, settings, labels, {
    start: liquidPartToday(plan),
    growth: plan.totalGrowth,
    ...(shock ? { shock } : {}),
  })
}

/**
 * The plan quarter by quarter under one scenario (plan-quarterly.ts), its commitments held at the
 * base plan's, the stress in the same calendar year as the annual rows have it.
 */
export function planScenarioQuarters(
  plan: PortfolioPlan,
  commitments: readonly number[],
  shift: ScenarioShift,
): PlanQuarter[] {
  const held = planFunds(plan, commitments)
  return projectPlanQuarterly(
    plan,
    shiftFunds(held, shift),
    commitments,
    liquidShockOf(held, shift),
  )
}
