/**
 * Key figures of one projection: peak NAV, the deepest point of the J-curve, break-even, TVPI and
 * IRR (docs/product.md, "Pacing Lab"). All are computed over the projected years only. For a fund
 * already under way the model knows its NAV and paid-in today, not its past cash flows, so the NAV
 * at `age` counts as a contribution at time 0 (as if the fund were bought at its NAV today): the
 * yearly flows alone would leave today's NAV out of the cost and overstate both figures (a fund
 * with NAV 25 one year in would show a TVPI of 2.5x for a 13% return).
 */
import type { ProjectionRow } from './engine.ts'

/** A value and the fund age (year column) at which it occurs. */
interface YearValue {
  year: number
  value: number
}

interface FundMetrics {
  /** The highest NAV and its year (the first such year on a tie). */
  peakNav: YearValue
  /** The most negative cumulative net cash flow and its year; null when it never goes below 0. */
  deepestCumulativeNetCashFlow: YearValue | null
  /** First year the cumulative net cash flow is >= 0 after being negative; null if never. */
  breakEvenYear: number | null
  /**
   * (sum of distributions + NAV at the horizon) / (sum of contributions + opening NAV); null when
   * both are 0.
   */
  tvpi: number | null
  /**
   * IRR of the yearly net flows with the opening NAV as an outflow at time 0 and the horizon NAV as
   * a final inflow; see {@link irr}.
   */
  irr: number | null
}

/**
 * Compute every key figure of a projection. `rows` must not be empty; `openingNav` is the NAV at
 * the fund's age today (0 for a new fund).
 */
export function computeMetrics(rows: readonly ProjectionRow[], openingNav = 0): FundMetrics {
  const first = rows[0]
  if (!first) throw new RangeError('rows: a projection has at least one year')
  let peak: YearValue = { year: first.year, value: first.nav }
  let trough: YearValue | null = null
  let breakEvenYear: number | null = null
  let wasNegative = false
  let contributions = 0
  let distributions = 0
  for (const row of rows) {
    if (row.nav > peak.value) peak = { year: row.year, value: row.nav }
    const cum = row.cumulativeNetCashFlow
    if (cum < 0 && (trough === null || cum < trough.value)) trough = { year: row.year, value: cum }
    if (cum < 0) wasNegative = true
    else if (wasNegative && breakEvenYear === null) breakEvenYear = row.year
    contributions += row.contributions
    distributions += row.distributions
  }
  const last = rows[rows.length - 1] ?? first
  return {
    peakNav: peak,
    deepestCumulativeNetCashFlow: trough,
    breakEvenYear,
    tvpi:
      contributions + openingNav > 0
        ? (distributions + last.nav) / (contributions + openingNav)
        : null,
    irr: irr(irrCashFlows(rows, openingNav)),
  }
}

/**
 * The flows the IRR is taken of: D - C each year, plus the horizon NAV in the last year. With an
 * opening NAV the list starts with -openingNav at time 0; {@link irr} reads its first flow as
 * falling one period before the second, and the roots of NPV do not depend on where the first
 * flow sits, so the same solver serves both.
 */
export function irrCashFlows(rows: readonly ProjectionRow[], openingNav = 0): number[] {
  const flows = rows.map((r) => r.netCashFlow)
  const lastIndex = flows.length - 1
  const last = rows[lastIndex]
  if (last) flows[lastIndex] = last.netCashFlow + last.nav
  return openingNav > 0 ? [-openingNav, ...flows] : flows
}

/**
 * Net present value at rate r of flows at the ends of years 1, 2, ... (flows[0] is at year 1).
 * Horner's rule in v = 1 / (1 + r) keeps it to one division.
 */
export function npv(rate: number, flows: readonly number[]): number {
  const v = 1 / (1 + rate)
  let acc = 0
  for (let k = flows.length - 1; k >= 0; k--) acc = (acc + (flows[k] ?? 0)) * v
  return acc
}

// Rates at which NPV is sampled to find brackets: dense around usual fund returns, reaching
// -99.9999% and +1,000,000% so that extreme but real cases still get a root.
const GRID = [
  -0.999999, -0.9999, -0.999, -0.99, -0.95, -0.9, -0.8, -0.7, -0.6, -0.5, -0.4, -0.3, -0.2, -0.15,
  -0.1, -0.05, 0, 0.02, 0.05, 0.08, 0.1, 0.12, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 1.5, 2, 3,
  5, 10, 20, 50, 100, 1e3, 1e4,
] as const

/** Bisection on a bracket with a sign change: slow-ish but it cannot diverge (60-ish steps). */
function bisect(lo: number, hi: number, flows: readonly number[]): number {
  let fLo = npv(lo, flows)
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2
    if (mid === lo || mid === hi) break
    const fMid = npv(mid, flows)
    if (fMid === 0) return mid
    if (fMid < 0 === fLo < 0) {
      lo = mid
      fLo = fMid
    } else {
      hi = mid
    }
    if (hi - lo <= 1e-13 * Math.max(1, Math.abs(mid))) break
  }
  return (lo + hi) / 2
}

/**
 * The internal rate of return of yearly flows (flows[0] at the end of year 1), solved by
 * bracketing and bisection, never bare Newton (which can jump out of the domain r > -1 or cycle).
 *
 * - Returns null when the flows do not change sign (all inflows, all outflows, or all zero): NPV
 *   then keeps one sign for every rate, so no IRR exists. A fund already under way that makes no
 *   more calls is such a case.
 * - Returns null when NPV changes sign nowhere between -99.9999% and +1,000,000% (possible only
 *   for flows with several sign changes whose roots touch zero without crossing).
 * - With several sign changes there can be several IRRs; the one closest to 0 is returned, which
 *   for fund cash flows (calls first, distributions later) is the economically meaningful one.
 */
export function irr(flows: readonly number[]): number | null {
  let hasNegative = false
  let hasPositive = false
  for (const f of flows) {
    if (f < 0) hasNegative = true
    else if (f > 0) hasPositive = true
  }
  if (!hasNegative || !hasPositive) return null
  let best: number | null = null
  let prevRate: number = GRID[0]
  let prevValue = npv(prevRate, flows)
  for (let i = 1; i < GRID.length; i++) {
    const rate = GRID[i] ?? 0
    const value = npv(rate, flows)
    let root: number | null = null
    if (value === 0) root = rate
    // Near r = -1 NPV may overflow to +-Infinity; its sign is still right, and so is bisection.
    else if (prevValue !== 0 && prevValue < 0 !== value < 0) root = bisect(prevRate, rate, flows)
    if (root !== null && (best === null || Math.abs(root) < Math.abs(best))) best = root
    prevRate = rate
    prevValue = value
  }
  return best
}
