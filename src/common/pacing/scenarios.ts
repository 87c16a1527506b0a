/**
 * Scenarios side by side (docs/product.md, "Pacing Lab"): the same fund under four sets of
 * assumptions, each a change to the inputs that the engine then projects as usual.
 *
 * - base: the inputs as they are.
 * - downside: growth 6 points lower every year, life 3 years longer.
 * - upside: growth 4 points higher every year, life 1 year shorter (at least 1).
 * - stress: a 2008-09 year (docs/product.md) in the first projected year that opens with NAV (year 2
 *   of a new fund, whose first year opens empty; the first projected year of a fund under way):
 *   calls fall by 35%, distributions by 70%, the NAV is marked down by 25% and, in a plan, the
 *   liquid assets by 40%. Afterwards the fund follows its rules from the new state: what was not
 *   called stays unfunded and is called at the usual rates later.
 *
 * Each scenario is a {@link ScenarioShift} a visitor may edit. A shifted growth rate is kept
 * within the engine's range (above -0.99, at most 1) and a shifted life within 1..50, so every
 * scenario of valid inputs is valid too.
 */
import {
  MAX_GROWTH,
  MAX_LIFE,
  MIN_GROWTH,
  rateForYear,
  type FundInputs,
  type PerYear,
} from './engine.ts'

export const SCENARIOS = ['base', 'downside', 'upside', 'stress'] as const
export type ScenarioId = (typeof SCENARIOS)[number]

export function isScenario(value: string): value is ScenarioId {
  return (SCENARIOS as readonly string[]).includes(value)
}

/** How a scenario departs from the inputs. */
export interface ScenarioShift {
  /** Added to the growth rate of every projected year (0.04 is 4 points). */
  growth: number
  /** Added to the fund life, in whole years. */
  life: number
  /** Stress year: the share by which calls fall (0.35 is 35% fewer calls). */
  calls: number
  /** Stress year: the share by which distributions fall. */
  dists: number
  /** Stress year: the share by which the NAV is marked down. */
  nav: number
  /** Stress year, a plan only: the share by which the liquid (public) assets are marked down. */
  public: number
}

/** The stress fields of a shift, as the link names them (`stress_calls`, ...). */
export const STRESS_KEYS = ['calls', 'dists', 'nav', 'public'] as const
export type StressKey = (typeof STRESS_KEYS)[number]

const NO_STRESS = { calls: 0, dists: 0, nav: 0, public: 0 }

/** The 2008-09 year of docs/product.md: calls -35%, distributions -70%, NAV -25%, public -40%. */
export const DEFAULT_STRESS: Readonly<Record<StressKey, number>> = {
  calls: 0.35,
  dists: 0.7,
  nav: 0.25,
  public: 0.4,
}

export const DEFAULT_SHIFTS: Readonly<Record<ScenarioId, ScenarioShift>> = {
  base: { growth: 0, life: 0, ...NO_STRESS },
  downside: { growth: -0.06, life: 3, ...NO_STRESS },
  upside: { growth: 0.04, life: -1, ...NO_STRESS },
  stress: { growth: 0, life: 0, ...DEFAULT_STRESS },
}

/** The bounds an edited shift must keep (a visitor's typing is checked against them). */
export const SHIFT_LIMITS = {
  growth: { min: -1, max: 1 },
  life: { min: -49, max: 49 },
  calls: { min: 0, max: 1 },
  dists: { min: 0, max: 1 },
  nav: { min: 0, max: 1 },
  public: { min: 0, max: 1 },
} as const

/** Whether a shift has a stress year (any of its four falls above 0). */
export const hasStress = (s: ScenarioShift) =>
  s.calls !== 0 || s.dists !== 0 || s.nav !== 0 || s.public !== 0

// Growth is kept a hair inside the engine's open lower bound.
const GROWTH_FLOOR = MIN_GROWTH + 1e-4
const clampGrowth = (g: number) => Math.min(MAX_GROWTH, Math.max(GROWTH_FLOOR, g))

/**
 * The first projected year (0-based) that opens with NAV: 0 for a fund under way with NAV, else
 * the year after the first call (1 for a new fund calling in its first year); null when the fund
 * never holds NAV (nothing left to call, or no call before the last call).
 */
export function firstYearWithNav(inputs: FundInputs): number | null {
  if ((inputs.nav ?? 0) > 0) return 0
  const age = inputs.age ?? 0
  const paid = inputs.paid ?? 0
  if (paid >= inputs.commitment) return null
  for (let i = 0; i < 100; i++) {
    if (inputs.lastcall !== undefined && age + i + 1 > inputs.lastcall) return null
    if (rateForYear(inputs.rc, i) > 0) return i + 1
  }
  return null
}

/**
 * The inputs of one scenario: growth and life shifted, all in range, and the stress year set.
 * `shockYear` is the projected year (0-based) the stress falls in: by default the fund's own first
 * year with NAV; a plan passes its own calendar year (plan-scenarios.ts), and null (or a year
 * before the fund's first, or past its horizon) stresses nothing.
 */
export function applyScenario(
  inputs: FundInputs,
  shift: ScenarioShift,
  shockYear: number | null = firstYearWithNav(inputs) ?? 0,
): FundInputs {
  const horizon = inputs.years ?? Math.max(1, inputs.life - (inputs.age ?? 0))
  const shocked =
    (shift.calls !== 0 || shift.dists !== 0 || shift.nav !== 0) &&
    shockYear !== null &&
    shockYear >= 0 &&
    shockYear < horizon
      ? shockYear
      : null
  if (shift.growth === 0 && shift.life === 0 && shocked === null) return inputs
  const life = Math.min(MAX_LIFE, Math.max(1, inputs.life + Math.round(shift.life)))
  const growth: PerYear =
    typeof inputs.growth === 'number'
      ? clampGrowth(inputs.growth + shift.growth)
      : inputs.growth.map((g) => clampGrowth(g + shift.growth))
  const out: FundInputs = { ...inputs, life, growth }
  if (shocked !== null)
    out.stress = { year: shocked, calls: shift.calls, distributions: shift.dists, nav: shift.nav }
  return out
}

/**
 * The projection horizon several scenarios share, so their curves line up year by year: the
 * inputs' own `years`, or the longest default horizon among them (up to the longest life).
 */
export function sharedYears(all: readonly FundInputs[]): number {
  let years = 1
  for (const inputs of all)
    years = Math.max(years, inputs.years ?? Math.max(1, inputs.life - (inputs.age ?? 0)))
  return years
}
