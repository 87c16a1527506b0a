/**
 * Uncertainty bands (docs/product.md, "Pacing Lab"; docs/product.md and §22): the projection repeated
 * over many paths. In each path year t has one market shock z_t (independent standard normal
 * draws), and
 *
 * - growth in year t is G_t + vol * z_t, floored at -0.99;
 * - that year's calls and distributions are scaled by max(0, 1 + beta * vol * z_t), beta =
 *   {@link CASH_FLOW_BETA} (a call never exceeds the unfunded commitment, a distribution never the
 *   grown NAV): in a bad market year funds call less and pay out much less;
 * - in a plan, the liquid part returns its own growth + vol * z_t (floored at -0.99).
 *
 * `vol` is the market's volatility as private NAVs feel it (de-smoothed private equity: about
 * {@link SUGGESTED_VOL}). P10, P50 and P90 of NAV and of cumulative net cash flow, year by year;
 * capital calls at risk (P95 of the next 1, 2 and 3 years' calls) and the P10 of each path's
 * deepest cumulative net cash flow.
 *
 * Reproducible from the link: the draws come from a seeded PRNG (mulberry32, a 32-bit generator
 * that passes gjrand and PractRand up to 2^32 outputs, and is a few lines long) turned into normal
 * draws by the Box-Muller transform, path after path, year after year, so a given `seed`, `paths`
 * and inputs always give the same bands, in the page, its worker and the tests.
 *
 * The yearly step is the engine's own (engine.ts), written out again here over typed arrays for
 * speed (10,000 paths of a 20-fund plan over 35 years is 7 million fund-years); with vol = 0 it
 * performs the same floating-point operations in the same order (a factor of exactly 1 changes
 * nothing), so every band equals the deterministic projection exactly (a test holds it to that).
 */
import { formatPlainDecimal } from './csv.ts'
import { projectFund, rateForYear, type FundInputs } from './engine.ts'

/**
 * How strongly a year's market shock moves its calls and distributions: a year whose growth is
 * one volatility below its mean calls and distributes one volatility (times beta) less. With
 * beta = 1.5 and vol = 0.20, a two-sigma bad year (2008-09) has 60% fewer calls and
 * distributions: between the falls of 2009 in calls (30-40%) and in distributions (60-80%).
 */
export const CASH_FLOW_BETA = 1.5

/** The volatility the page suggests: de-smoothed private equity returns, about 20% a year. */
export const SUGGESTED_VOL = 0.2

/** mulberry32: a seeded 32-bit PRNG giving floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Standard normal draws from a uniform source (Box-Muller, both values of each pair used). */
export function normalSource(uniform: () => number): () => number {
  let spare: number | null = null
  return () => {
    if (spare !== null) {
      const z = spare
      spare = null
      return z
    }
    // 1 - u lies in (0, 1], so the logarithm is finite.
    const r = Math.sqrt(-2 * Math.log(1 - uniform()))
    const theta = 2 * Math.PI * uniform()
    spare = r * Math.sin(theta)
    return r * Math.cos(theta)
  }
}

export const DEFAULT_PATHS = 1000
export const MAX_PATHS = 10_000
export const DEFAULT_SEED = 1
/** Growth never falls below this on a path (a year cannot lose everything). */
const GROWTH_FLOOR = -0.99

export const BANDS_CSV_HEADER =
  'year,nav_p10,nav_p50,nav_p90,cumulative_net_cash_flow_p10,cumulative_net_cash_flow_p50,cumulative_net_cash_flow_p90'

export interface BandSettings {
  /** Yearly standard deviation of growth (>= 0). */
  vol: number
  /** Number of paths (1..MAX_PATHS). */
  paths: number
  /** Seed of the PRNG (an integer). */
  seed: number
}

/** One fund on the simulation's calendar. */
interface SimulatedFund {
  inputs: FundInputs
  /** The simulation year of the fund's first projected year (0: the first). */
  offset?: number
  /**
   * How many times the fund's flows and NAV count (default 1): a plan's yearly new commitment is
   * projected per unit of commitment and scaled, as the plan itself does (portfolio.ts).
   */
  scale?: number
}

/** A plan's liquid part: today's value, its yearly growth and its stress (portfolio.ts). */
interface LiquidPart {
  start: number
  growth: number
  /** The stress year (0-based) and the share by which the liquid part is marked down in it. */
  shock?: { year: number; markdown: number }
}

interface Quantiles {
  p10: number[]
  p50: number[]
  p90: number[]
}

export interface Bands {
  /** Row labels: the fund's age (one fund) or the calendar year (a plan). */
  years: number[]
  nav: Quantiles
  cumulative: Quantiles
  /** A plan's private share of its total portfolio (private NAV over liquid part plus NAV). */
  share?: Quantiles
  /**
   * Capital calls at risk: the P95 over paths of the calls of the next 1, 2 and 3 projected years
   * (added up); shorter when the horizon is.
   */
  callsAtRisk: number[]
  /** The P10 over paths of each path's deepest cumulative net cash flow (its lowest year). */
  troughP10: number
}

/**
 * Move the k-th smallest value of `a` to index k, smaller ones before it and larger ones after
 * (Hoare's selection with a median-of-three pivot): O(n) on average, where a full sort of every
 * year's 10,000 values would cost several times the simulation itself.
 */
function selectInPlace(a: Float64Array, k: number, from: number): void {
  let lo = from
  let hi = a.length - 1
  while (hi > lo) {
    const mid = (lo + hi) >>> 1
    // Median of three as the pivot, so sorted or constant input stays linear.
    const x = a[lo] as number
    const y = a[mid] as number
    const w = a[hi] as number
    const pivot = x < y ? (y < w ? y : x < w ? w : x) : x < w ? x : y < w ? w : y
    let i = lo
    let j = hi
    while (i <= j) {
      while ((a[i] as number) < pivot) i++
      while ((a[j] as number) > pivot) j--
      if (i <= j) {
        const t = a[i] as number
        a[i] = a[j] as number
        a[j] = t
        i++
        j--
      }
    }
    if (k <= j) hi = j
    else if (k >= i) lo = i
    else return
  }
}

/**
 * The p-quantile of the values (type 7, linear between the two nearest ranks, as Excel's
 * PERCENTILE.INC), reordering them in place. `from`: the values before that index are already
 * the smallest ones (a lower quantile was taken first), so the search starts there.
 */
export function quantile(values: Float64Array, p: number, from = 0): number {
  const h = (values.length - 1) * p
  const lo = Math.floor(h)
  selectInPlace(values, lo, Math.min(from, lo))
  const a = values[lo] as number
  if (h === lo) return a
  // Everything after index lo is >= a; the next rank is the least of those.
  let b = Number.POSITIVE_INFINITY
  for (let i = lo + 1; i < values.length; i++)
    if ((values[i] as number) < b) b = values[i] as number
  return a + (h - lo) * (b - a)
}

/**
 * Every fund's parameters packed into flat typed arrays (fund f's year i at f * horizon + i), so
 * the simulation's inner loop reads numbers, not objects, and allocates nothing. A year's call
 * rate is 0 after the last call; a fund's stress is its calendar year (-1: none) and three factors.
 */
interface Packed {
  count: number
  offset: Int32Array
  years: Int32Array
  nav: Float64Array
  paid: Float64Array
  commitment: Float64Array
  scale: Float64Array
  rc: Float64Array
  growth: Float64Array
  rd: Float64Array
  /** The stress's calendar year (-1: none) and its factors: 1 - the fall of calls, NAV, payouts. */
  stressYear: Int32Array
  callFactor: Float64Array
  navFactor: Float64Array
  distFactor: Float64Array
}

function pack(funds: readonly SimulatedFund[], horizon: number): Packed {
  // projectFund validates and resolves the defaults; its rows give RD_t, which no path changes.
  const resolved = funds
    .map((f) => ({ ...projectFund(f.inputs), offset: f.offset ?? 0, scale: f.scale ?? 1 }))
    .filter((f) => Math.min(f.inputs.years, horizon - f.offset) > 0)
  const n = resolved.length
  const cells = n * horizon
  const packed: Packed = {
    count: n,
    offset: new Int32Array(n),
    years: new Int32Array(n),
    nav: new Float64Array(n),
    paid: new Float64Array(n),
    commitment: new Float64Array(n),
    scale: new Float64Array(n),
    rc: new Float64Array(cells),
    growth: new Float64Array(cells),
    rd: new Float64Array(cells),
    stressYear: new Int32Array(n).fill(-1),
    callFactor: new Float64Array(n),
    navFactor: new Float64Array(n),
    distFactor: new Float64Array(n),
  }
  resolved.forEach(({ inputs, rows, offset, scale }, f) => {
    const years = Math.min(inputs.years, horizon - offset)
    packed.offset[f] = offset
    packed.years[f] = years
    packed.nav[f] = inputs.nav
    packed.paid[f] = inputs.paid
    packed.commitment[f] = inputs.commitment
    packed.scale[f] = scale
    for (let i = 0; i < years; i++) {
      const t = inputs.age + i + 1
      const calling = inputs.lastcall === undefined || t <= inputs.lastcall
      packed.rc[f * horizon + i] = calling ? rateForYear(inputs.rc, i) : 0
      packed.growth[f * horizon + i] = rateForYear(inputs.growth, i)
      packed.rd[f * horizon + i] = rows[i]?.distributionRate ?? 1
    }
    const shock = inputs.stress
    if (shock && shock.year < years) {
      packed.stressYear[f] = offset + shock.year
      packed.callFactor[f] = 1 - shock.calls
      packed.navFactor[f] = 1 - shock.nav
      packed.distFactor[f] = 1 - shock.distributions
    }
  })
  return packed
}

/** P10, P50 and P90 of each year's values (year t's paths at t * paths ... ), reordering them. */
function quantilesByYear(values: Float64Array, paths: number, horizon: number): Quantiles {
  const out: Quantiles = { p10: [], p50: [], p90: [] }
  for (let t = 0; t < horizon; t++) {
    const column = values.subarray(t * paths, (t + 1) * paths)
    // Each selection leaves the smaller values before its rank, so the next starts past it.
    out.p10.push(quantile(column, 0.1))
    out.p50.push(quantile(column, 0.5, Math.floor((paths - 1) * 0.1)))
    out.p90.push(quantile(column, 0.9, Math.floor((paths - 1) * 0.5)))
  }
  return out
}

/**
 * Simulate `funds` (one fund, or every fund of a plan on one calendar) over `horizon` years. Each
 * path draws one z per calendar year, shared by every fund (a market shock moves them together).
 * `labels` names the rows (fund age or calendar year). With `liquid` (a plan), the private share
 * of the total portfolio is banded too: the liquid part grows at its own rate plus the path's
 * shock, pays the path's calls and receives its distributions, as in portfolio.ts.
 *
 * Path by path: a path's draws and its yearly sums (a few hundred bytes) stay in the processor's
 * cache while every fund runs over them; only the results, year by year, go to the big arrays.
 * The sums add the funds in their order, and the plan's rows add them in the same order, so with
 * vol = 0 every band equals the plan's row exactly, as it does the one fund's.
 */
export function simulateBands(
  funds: readonly SimulatedFund[],
  horizon: number,
  settings: BandSettings,
  labels: readonly number[],
  liquid?: LiquidPart,
): Bands {
  const { vol, paths } = settings
  const {
    count,
    offset,
    years,
    nav: openingNav,
    paid: openingPaid,
    commitment,
    scale,
    rc,
    growth,
    rd,
    stressYear,
    callFactor,
    navFactor,
    distFactor,
  } = pack(funds, horizon)
  const normal = normalSource(mulberry32(settings.seed))
  // This path's shocks vol * z_t, and the cash-flow factor max(0, 1 + beta vol z_t) of each year.
  const z = new Float64Array(horizon)
  const flowFactor = new Float64Array(horizon).fill(1)
  // This path's sums over the funds: NAV, distributions and calls per year.
  const navSum = new Float64Array(horizon)
  const paidOut = new Float64Array(horizon)
  const called = new Float64Array(horizon)
  // Results by year, then path: year t's paths are contiguous for the percentiles.
  const navOut = new Float64Array(paths * horizon)
  const cumulativeOut = new Float64Array(paths * horizon)
  const shareOut = liquid ? new Float64Array(paths * horizon) : null
  // Per path: the calls of the next 1, 2, 3 years, and the deepest cumulative net cash flow.
  const windows = Math.min(3, horizon)
  const callsOut = Array.from({ length: windows }, () => new Float64Array(paths))
  const troughOut = new Float64Array(paths)
  const liquidGrowth = liquid?.growth ?? 0
  const liquidShockYear = liquid?.shock?.year ?? -1
  const liquidShock = 1 - (liquid?.shock?.markdown ?? 0)
  for (let p = 0; p < paths; p++) {
    if (vol !== 0)
      for (let t = 0; t < horizon; t++) {
        const shock = vol * normal()
        z[t] = shock
        const m = 1 + CASH_FLOW_BETA * shock
        flowFactor[t] = m > 0 ? m : 0
      }
    navSum.fill(0)
    paidOut.fill(0)
    called.fill(0)
    for (let k = 0; k < count; k++) {
      const first = offset[k] as number
      const end = first + (years[k] as number)
      const s = scale[k] as number
      const cc = commitment[k] as number
      // Fund k's year i is calendar year first + i, stored at k * horizon + i.
      const base = k * horizon - first
      let nav = openingNav[k] as number
      let paidIn = openingPaid[k] as number
      const stressed = stressYear[k] as number
      for (let t = first; t < end; t++) {
        const cell = base + t
        const m = flowFactor[t] as number
        const unfunded = cc - paidIn
        let c = (rc[cell] as number) * unfunded * m
        let g = (growth[cell] as number) + (z[t] as number)
        if (g < GROWTH_FLOOR) g = GROWTH_FLOOR
        let grown = nav * (1 + g)
        let d: number
        // The engine's order of operations, so that vol = 0 repeats it exactly (engine.ts).
        if (t === stressed) {
          c *= callFactor[k] as number
          grown *= navFactor[k] as number
          d = (rd[cell] as number) * grown * m * (distFactor[k] as number)
        } else d = (rd[cell] as number) * grown * m
        if (c > unfunded) c = unfunded
        if (d > grown) d = grown
        nav = grown - d + c
        paidIn += c
        navSum[t] = (navSum[t] as number) + nav * s
        paidOut[t] = (paidOut[t] as number) + d * s
        called[t] = (called[t] as number) + c * s
      }
    }
    let cumulative = 0
    let deepest = Number.POSITIVE_INFINITY
    let liquidPart = liquid?.start ?? 0
    let calls = 0
    for (let t = 0; t < horizon; t++) {
      const c = called[t] as number
      const d = paidOut[t] as number
      const nav = navSum[t] as number
      cumulative += d - c
      if (cumulative < deepest) deepest = cumulative
      if (t < windows) {
        calls += c
        ;(callsOut[t] as Float64Array)[p] = calls
      }
      navOut[t * paths + p] = nav
      cumulativeOut[t * paths + p] = cumulative
      if (shareOut) {
        let g = liquidGrowth + (z[t] as number)
        if (g < GROWTH_FLOOR) g = GROWTH_FLOOR
        liquidPart = liquidPart * (1 + g) * (t === liquidShockYear ? liquidShock : 1) - c + d
        const total = liquidPart + nav
        shareOut[t * paths + p] = total > 0 ? nav / total : Number.POSITIVE_INFINITY
      }
    }
    troughOut[p] = deepest
  }
  return {
    years: labels.slice(0, horizon),
    nav: quantilesByYear(navOut, paths, horizon),
    cumulative: quantilesByYear(cumulativeOut, paths, horizon),
    ...(shareOut ? { share: quantilesByYear(shareOut, paths, horizon) } : {}),
    callsAtRisk: callsOut.map((values) => quantile(values, 0.95)),
    troughP10: quantile(troughOut, 0.1),
  }
}

/** Bands of one fund, rows labelled by fund age like its table. */
export function simulateFundBands(inputs: FundInputs, settings: BandSettings): Bands {
  const { rows } = projectFund(inputs)
  return simulateBands(
    [{ inputs }],
    rows.length,
    settings,
    rows.map((r) => r.year),
  )
}

/** The "Download bands CSV": plain decimals at full precision, headed {@link BANDS_CSV_HEADER}. */
export function bandsToCsv(bands: Bands): string {
  let out = `${BANDS_CSV_HEADER}\n`
  bands.years.forEach((year, t) => {
    const values = [
      year,
      bands.nav.p10[t] ?? 0,
      bands.nav.p50[t] ?? 0,
      bands.nav.p90[t] ?? 0,
      bands.cumulative.p10[t] ?? 0,
      bands.cumulative.p50[t] ?? 0,
      bands.cumulative.p90[t] ?? 0,
    ]
    out += values.map(formatPlainDecimal).join(',') + '\n'
  })
  return out
}
