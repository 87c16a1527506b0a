/**
 * Scenarios side by side (docs/product.md, "Pacing Lab"): the same fund under four sets of
 * assumptions, each a change to the inputs that the engine then projects as usual.
 *
 * - base: the inputs as they are.
 * - downside: growth 6 points lower every year, life 3 years longer.
 * - upside: growth 4 points higher every year, life 1 year shorter (at least 1).
 * - stress: growth 30 points lower in the first projected year that opens with NAV (year 2 of a
 *   new fund, whose first year opens empty; the first projected year of a fund under way), the
 *   base growth in every other year.
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
  /** Added to the growth of the first projected year that opens with NAV (a one-year shock). */
  shock: number
}

export const DEFAULT_SHIFTS: Readonly<Record<ScenarioId, ScenarioShift>> = {
  base: { growth: 0, life: 0, shock: 0 },
  downside: { growth: -0.06, life: 3, shock: 0 },
  upside: { growth: 0.04, life: -1, shock: 0 },
  stress: { growth: 0, life: 0, shock: -0.3 },
}

/** The bounds an edited shift must keep (a visitor's typing is checked against them). */
export const SHIFT_LIMITS = {
  growth: { min: -1, max: 1 },
  life: { min: -49, max: 49 },
  shock: { min: -1, max: 1 },
} as const

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
 * The inputs of one scenario: growth shifted (and shocked once), life shifted, all in range.
 * `shockYear` is the projected year (0-based) the one-year shock falls in: by default the fund's
 * own first year with NAV; a plan passes its own calendar year (plan-scenarios.ts), and null (or
 * a year before the fund's first) shocks nothing.
 */
export function applyScenario(
  inputs: FundInputs,
  shift: ScenarioShift,
  shockYear: number | null = firstYearWithNav(inputs) ?? 0,
): FundInputs {
  const shocked = shift.shock !== 0 && shockYear !== null && shockYear >= 0 ? shockYear : null
  if (shift.growth === 0 && shift.life === 0 && shocked === null) return inputs
  const life = Math.min(MAX_LIFE, Math.max(1, inputs.life + Math.round(shift.life)))
  let growth: PerYear
  if (shocked === null) {
    growth =
      typeof inputs.growth === 'number'
        ? clampGrowth(inputs.growth + shift.growth)
        : inputs.growth.map((g) => clampGrowth(g + shift.growth))
  } else {
    // Spell the list out up to the shocked year; the year after it returns to the base (+ shift).
    const list: number[] = []
    for (let i = 0; i <= shocked + 1; i++) {
      const g = rateForYear(inputs.growth, i) + shift.growth
      list.push(clampGrowth(i === shocked ? g + shift.shock : g))
    }
    // Beyond the spelled-out years the base list continues as it would have.
    const base = typeof inputs.growth === 'number' ? [inputs.growth] : inputs.growth
    for (let i = shocked + 2; i < base.length; i++)
      list.push(clampGrowth((base[i] ?? 0) + shift.growth))
    growth = list
  }
  return { ...inputs, life, growth }
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
