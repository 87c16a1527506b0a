/**
 * The Pacing Lab's projection engine: one private-markets fund under the Takahashi-Alexander model
 * (Takahashi & Alexander, "Illiquid Alternative Asset Fund Modeling", Yale University Investments
 * Office, 2001; Journal of Portfolio Management 28(2), 2002), exactly as docs/product.md,
 * "Pacing Lab" states it. Pure TypeScript: no DOM, no I/O, so the page, a worker or an API can
 * share it.
 *
 * ## The model (annual; every flow at the end of its year)
 *
 *     C_t   = RC_t * (CC - PIC_{t-1})          PIC = paid-in so far (the sum of earlier calls)
 *     RD_t  = max(Y, (t / L) ^ B)              RD_t = 1 once t >= L
 *     D_t   = RD_t * NAV_{t-1} * (1 + G_t)
 *     NAV_t = NAV_{t-1} * (1 + G_t) + C_t - D_t
 *
 * `t` is the fund's age at the END of year t (a new fund's first year ends at age 1). Growth
 * applies to the opening NAV only: a call made at the end of year t earns nothing in year t.
 *
 * ## Conventions this module fixes (and /methodology repeats, see methodology.ts)
 *
 * - A fund `age` years old today, with NAV `nav` and paid-in `paid`, is projected from fund age
 *   `age + 1` on. Per-year lists (`rc`, `growth`) start at that first projected year; their last
 *   value repeats. A single number is the same value for every year.
 * - `years` is the number of projected years (rows). Default: up to fund age L, i.e. `L - age`,
 *   and at least one year for a fund already past L (it then distributes everything at once).
 * - Projections may run past L: RD stays 1, so NAV is distributed the year it appears (calls after
 *   L, if any, come back as distributions the year after they are made).
 * - `lastcall`: no calls in a year ending after that fund age (C_t = 0 for t > lastcall); the
 *   unfunded remainder stays unfunded.
 * - Net cash flow is the LP's view, D - C; the NAV is not part of it.
 *
 * ## API
 *
 * - {@link projectFund}(inputs) -> {@link Projection}: yearly rows. Throws a RangeError naming the
 *   field on inputs outside the model's domain (see {@link findFundInputError}); user input should
 *   be parsed with query.ts first, which reports the same rules as messages and never throws.
 * - {@link findFundInputError}(inputs): the first rule an input breaks, or null.
 * - {@link rateForYear}: how a per-year list is read (last value repeats).
 *
 * Key figures (peak NAV, trough, break-even, TVPI, IRR) live in metrics.ts, the presets in
 * presets.ts, query-string parsing in query.ts, the CSV in csv.ts, the portfolio plan in
 * portfolio.ts. Public test cases: engine.test.ts.
 */

/** A number for every year, or a list read year by year whose last value repeats. */
export type PerYear = number | readonly number[]

/** One fund's inputs. Decimals, not percent (0.25 is 25%). Names follow the query string. */
export interface FundInputs {
  /** CC: the commitment, in currency units (> 0). */
  commitment: number
  /** RC: share of the unfunded commitment called each year, each within [0, 1]. */
  rc: PerYear
  /** L: the fund's life in years (integer >= 1); RD = 1 from that age on. */
  life: number
  /** B: the bow (>= 0); higher means distributions later. */
  bow: number
  /** G: yearly growth of the NAV, each > -1. */
  growth: PerYear
  /** Y: the distribution-rate floor within [0, 1]. Default 0. */
  yield?: number
  /** Number of projected years (integer 1..MAX_YEARS). Default: up to fund age L. */
  years?: number
  /** The fund's age today in whole years (integer >= 0). Default 0 (a new fund). */
  age?: number
  /** NAV at `age` (>= 0). Default 0. */
  nav?: number
  /** Paid-in at `age`, within [0, commitment]. Default 0. */
  paid?: number
  /** No calls in years ending after this fund age (integer >= 0). Default: no limit. */
  lastcall?: number
  /**
   * A one-year shock (the 2008-09 stress of scenarios.ts): in projected year `year` (0-based)
   * calls fall by `calls`, the grown NAV is marked down by `nav` and distributions fall by
   * `distributions` (each a fraction within [0, 1]). Not part of the link; a scenario sets it.
   */
  stress?: YearShock
}

/** One year's shock to a fund's cash flows and NAV (see {@link FundInputs.stress}). */
interface YearShock {
  year: number
  calls: number
  distributions: number
  nav: number
}

/** One projected year. Money in the commitment's currency. */
export interface ProjectionRow {
  /** The fund's age at the end of this year. */
  year: number
  /** C_t: capital called this year. */
  contributions: number
  /** D_t: distributions this year. */
  distributions: number
  /** NAV_t at the end of the year. */
  nav: number
  /** D_t - C_t (the LP's view). */
  netCashFlow: number
  /** Sum of net cash flows over the projected years so far. */
  cumulativeNetCashFlow: number
  /** RD_t, the share of the grown NAV distributed this year. */
  distributionRate: number
  /** CC - PIC_t: commitment not yet called at the end of the year. */
  unfunded: number
}

/** What {@link projectFund} returns: the inputs with every default filled in, and the rows. */
interface Projection {
  inputs: ResolvedFundInputs
  rows: ProjectionRow[]
}

/** {@link FundInputs} with defaults applied; `lastcall` stays undefined when there is none. */
export type ResolvedFundInputs = Required<Omit<FundInputs, 'lastcall' | 'stress'>> & {
  lastcall?: number
  stress?: YearShock
}

/** The longest projection the engine accepts; beyond it the model says nothing useful. */
export const MAX_YEARS = 100
/** The longest fund life accepted. */
export const MAX_LIFE = 50
/** Ages beyond this are surely typing mistakes. */
export const MAX_AGE = 100
/**
 * The largest commitment, NAV or paid-in accepted: a trillion. With growth at most 100% a year over
 * at most 100 years every figure stays far inside the range of a double, so no input reaches
 * Infinity or NaN.
 */
export const MAX_AMOUNT = 1e12
/** The highest bow accepted; (t / L)^B beyond it is 0 until age L for every practical purpose. */
export const MAX_BOW = 20
/** Growth must lie in (MIN_GROWTH, MAX_GROWTH]: a year cannot lose 99% or more, nor more than double. */
export const MIN_GROWTH = -0.99
export const MAX_GROWTH = 1

/** The value a per-year list gives for the `index`-th projected year (0-based); the last repeats. */
export function rateForYear(values: PerYear, index: number): number {
  if (typeof values === 'number') return values
  // Lists are validated non-empty; the fallback only keeps the type checker honest.
  return values[Math.min(index, values.length - 1)] ?? Number.NaN
}

/** The default horizon: up to fund age L, but at least one year. */
function defaultYears(life: number, age: number): number {
  return Math.max(1, life - age)
}

const isInt = (n: number) => Number.isInteger(n)

export const COMMITMENT_MAX_MESSAGE = 'Commitment must be at most 1e12 (a trillion)'
export const NAV_MAX_MESSAGE = 'NAV must be at most 1e12 (a trillion)'
export const BOW_MESSAGE = `Bow must be a number from 0 to ${MAX_BOW}`
export const GROWTH_MESSAGE = `Each growth rate must be above ${MIN_GROWTH} and at most ${MAX_GROWTH} (0.12 is 12%)`

/**
 * The first rule `inputs` breaks, as [field, message], or null when the engine can run. The
 * messages are the ones query.ts shows next to a field, so both sides say the same thing.
 */
export function findFundInputError(inputs: FundInputs): [keyof FundInputs, string] | null {
  const { commitment, rc, life, bow, growth } = inputs
  if (!Number.isFinite(commitment) || commitment <= 0)
    return ['commitment', 'Commitment must be a positive amount']
  if (commitment > MAX_AMOUNT) return ['commitment', COMMITMENT_MAX_MESSAGE]
  const rcs = typeof rc === 'number' ? [rc] : rc
  if (rcs.length === 0) return ['rc', 'Rate of contribution needs at least one value']
  if (rcs.some((r) => !Number.isFinite(r) || r < 0 || r > 1))
    return ['rc', 'Each rate of contribution must be between 0 and 1 (0.25 is 25%)']
  if (!isInt(life) || life < 1 || life > MAX_LIFE)
    return ['life', `Fund life must be a whole number of years from 1 to ${MAX_LIFE}`]
  if (!Number.isFinite(bow) || bow < 0 || bow > MAX_BOW) return ['bow', BOW_MESSAGE]
  const gs = typeof growth === 'number' ? [growth] : growth
  if (gs.length === 0) return ['growth', 'Growth needs at least one value']
  if (gs.some((g) => !Number.isFinite(g) || g <= MIN_GROWTH || g > MAX_GROWTH))
    return ['growth', GROWTH_MESSAGE]
  const y = inputs.yield ?? 0
  if (!Number.isFinite(y) || y < 0 || y > 1)
    return ['yield', 'Yield must be between 0 and 1 (0.05 is 5%)']
  const age = inputs.age ?? 0
  if (!isInt(age) || age < 0 || age > MAX_AGE)
    return ['age', `Fund age must be a whole number of years from 0 to ${MAX_AGE}`]
  if (
    inputs.years !== undefined &&
    (!isInt(inputs.years) || inputs.years < 1 || inputs.years > MAX_YEARS)
  )
    return ['years', `Horizon must be a whole number of years from 1 to ${MAX_YEARS}`]
  const nav = inputs.nav ?? 0
  if (!Number.isFinite(nav) || nav < 0) return ['nav', 'NAV must be zero or a positive amount']
  if (nav > MAX_AMOUNT) return ['nav', NAV_MAX_MESSAGE]
  const paid = inputs.paid ?? 0
  if (!Number.isFinite(paid) || paid < 0)
    return ['paid', 'Paid-in must be zero or a positive amount']
  // Paid-in above the commitment would make RC * (CC - PIC) a negative call.
  if (paid > commitment) return ['paid', 'Paid-in cannot exceed the commitment']
  if (inputs.lastcall !== undefined && (!isInt(inputs.lastcall) || inputs.lastcall < 0))
    return ['lastcall', 'Last call must be a whole fund age in years (0 or more)']
  const shock = inputs.stress
  if (
    shock !== undefined &&
    (!isInt(shock.year) ||
      shock.year < 0 ||
      ![shock.calls, shock.distributions, shock.nav].every((v) => v >= 0 && v <= 1))
  )
    return ['stress', 'Each stress must be a fraction from 0 to 1 (0.35 is a 35% fall)']
  return null
}

/**
 * Fill in the defaults (docs/product.md, "Pacing Lab"). Assumes {@link findFundInputError} found
 * nothing.
 */
function resolveFundInputs(inputs: FundInputs): ResolvedFundInputs {
  const age = inputs.age ?? 0
  const resolved: ResolvedFundInputs = {
    commitment: inputs.commitment,
    rc: inputs.rc,
    life: inputs.life,
    bow: inputs.bow,
    growth: inputs.growth,
    yield: inputs.yield ?? 0,
    years: inputs.years ?? defaultYears(inputs.life, age),
    age,
    nav: inputs.nav ?? 0,
    paid: inputs.paid ?? 0,
  }
  if (inputs.lastcall !== undefined) resolved.lastcall = inputs.lastcall
  if (inputs.stress !== undefined) resolved.stress = inputs.stress
  return resolved
}

/** RD_t for fund age t: the yield floor or the bow curve, and 1 from age L on. */
function distributionRate(t: number, life: number, bow: number, floor: number): number {
  if (t >= life) return 1
  return Math.max(floor, Math.pow(t / life, bow))
}

/**
 * Project one fund year by year (docs/product.md, "Pacing Lab"). Throws a RangeError, whose message
 * starts with the field name, when the inputs are outside the model's domain.
 */
export function projectFund(inputs: FundInputs): Projection {
  const problem = findFundInputError(inputs)
  if (problem) throw new RangeError(`${problem[0]}: ${problem[1]}`)
  const p = resolveFundInputs(inputs)
  const rows: ProjectionRow[] = new Array(p.years)
  let nav = p.nav
  let paidIn = p.paid
  let cumulative = 0
  for (let i = 0; i < p.years; i++) {
    const t = p.age + i + 1
    const calling = p.lastcall === undefined || t <= p.lastcall
    // The stress year: what is not called stays unfunded; the fund's rules go on from there.
    const shock = p.stress?.year === i ? p.stress : undefined
    let contributions = calling ? rateForYear(p.rc, i) * (p.commitment - paidIn) : 0
    let grown = nav * (1 + rateForYear(p.growth, i))
    const rd = distributionRate(t, p.life, p.bow, p.yield)
    if (shock) {
      contributions *= 1 - shock.calls
      grown *= 1 - shock.nav
    }
    let distributions = rd * grown
    if (shock) distributions *= 1 - shock.distributions
    // (grown - D) is exactly >= 0 in floating point because rd <= 1, so NAV never dips below 0.
    nav = grown - distributions + contributions
    paidIn += contributions
    const netCashFlow = distributions - contributions
    cumulative += netCashFlow
    rows[i] = {
      year: t,
      contributions,
      distributions,
      nav,
      netCashFlow,
      cumulativeNetCashFlow: cumulative,
      distributionRate: rd,
      // Rounding can leave paid-in an ulp above the commitment; unfunded is never negative.
      unfunded: Math.max(0, p.commitment - paidIn),
    }
  }
  return { inputs: p, rows }
}
