/**
 * Uncertainty bands (docs/product.md, "Pacing Lab"): the projection repeated over many paths in
 * which growth in year t is G_t + vol * z_t, z_t independent standard normal draws, floored at
 * -0.99; P10, P50 and P90 of NAV and of cumulative net cash flow, year by year.
 *
 * Reproducible from the link: the draws come from a seeded PRNG (mulberry32, a 32-bit generator
 * that passes gjrand and PractRand up to 2^32 outputs, and is a few lines long) turned into normal
 * draws by the Box-Muller transform, path after path, year after year, so a given `seed`, `paths`
 * and inputs always give the same bands, in the page, its worker and the tests.
 *
 * The yearly step is the engine's own (engine.ts), written out again here over typed arrays for
 * speed (10,000 paths of a 20-fund plan over 35 years is 7 million fund-years); with vol = 0 it
 * performs the same floating-point operations in the same order, so every band equals the
 * deterministic projection exactly (a test holds it to that).
 */
import { formatPlainDecimal } from './csv.ts'
import { projectFund, rateForYear, type FundInputs } from './engine.ts'

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

/** One fund on the simulation's calendar: its inputs, starting `offset` years in. */
interface SimulatedFund {
  inputs: FundInputs
  offset?: number
}

export interface Bands {
  /** Row labels: the fund's age (one fund) or the calendar year (a plan). */
  years: number[]
  nav: { p10: number[]; p50: number[]; p90: number[] }
  cumulative: { p10: number[]; p50: number[]; p90: number[] }
}

/**
 * Move the k-th smallest value of `a` to index k, smaller ones before it and larger ones after
 * (Hoare's selection with a median-of-three pivot): O(n) on average, where a full sort of every
 * year's 10,000 values would cost several times the simulation itself.
 */
function selectInPlace(a: Float64Array, k: number): void {
  let lo = 0
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
 * PERCENTILE.INC), reordering them in place.
 */
export function quantile(values: Float64Array, p: number): number {
  const h = (values.length - 1) * p
  const lo = Math.floor(h)
  selectInPlace(values, lo)
  const a = values[lo] as number
  if (h === lo) return a
  // Everything after index lo is >= a; the next rank is the least of those.
  let b = Number.POSITIVE_INFINITY
  for (let i = lo + 1; i < values.length; i++)
    if ((values[i] as number) < b) b = values[i] as number
  return a + (h - lo) * (b - a)
}

interface Prepared {
  offset: number
  years: number
  commitment: number
  age: number
  nav: number
  paid: number
  lastcall: number
  rc: Float64Array
  growth: Float64Array
  rd: Float64Array
}

function prepare(fund: SimulatedFund, horizon: number): Prepared {
  // projectFund validates and resolves the defaults; its rows give RD_t, which no path changes.
  const { inputs, rows } = projectFund(fund.inputs)
  const offset = fund.offset ?? 0
  const years = Math.min(inputs.years, horizon - offset)
  const rc = new Float64Array(years)
  const growth = new Float64Array(years)
  const rd = new Float64Array(years)
  for (let i = 0; i < years; i++) {
    rc[i] = rateForYear(inputs.rc, i)
    growth[i] = rateForYear(inputs.growth, i)
    rd[i] = rows[i]?.distributionRate ?? 1
  }
  return {
    offset,
    years,
    commitment: inputs.commitment,
    age: inputs.age,
    nav: inputs.nav,
    paid: inputs.paid,
    lastcall: inputs.lastcall ?? Number.POSITIVE_INFINITY,
    rc,
    growth,
    rd,
  }
}

/**
 * Simulate `funds` (one fund, or every fund of a plan on one calendar) over `horizon` years. Each
 * path draws one z per calendar year, shared by every fund (a market shock moves them together).
 * `labels` names the rows (fund age or calendar year).
 */
export function simulateBands(
  funds: readonly SimulatedFund[],
  horizon: number,
  settings: BandSettings,
  labels: readonly number[],
): Bands {
  const { vol, paths } = settings
  const prepared = funds.map((f) => prepare(f, horizon)).filter((f) => f.years > 0)
  const normal = normalSource(mulberry32(settings.seed))
  // By path, then year: z[p * horizon + t], drawn path after path, year after year.
  const z = new Float64Array(paths * horizon)
  if (vol !== 0) for (let k = 0; k < z.length; k++) z[k] = vol * normal()
  const navSum = new Float64Array(paths * horizon)
  const netSum = new Float64Array(paths * horizon)
  // Fund by fund, path by path: the fund's arrays stay in cache and its fields in registers.
  for (const f of prepared) {
    const { offset, years, commitment, rc, growth, rd } = f
    // Calls happen while the fund's age at year end, age + i + 1, is at most lastcall.
    const lastCallIndex = f.lastcall - f.age - 1
    for (let p = 0; p < paths; p++) {
      let nav = f.nav
      let paid = f.paid
      const row = p * horizon + offset
      for (let i = 0; i < years; i++) {
        const contributions = i <= lastCallIndex ? (rc[i] as number) * (commitment - paid) : 0
        let g = (growth[i] as number) + (z[row + i] as number)
        if (g < GROWTH_FLOOR) g = GROWTH_FLOOR
        const grown = nav * (1 + g)
        const distributions = (rd[i] as number) * grown
        nav = grown - distributions + contributions
        paid += contributions
        navSum[row + i] = (navSum[row + i] as number) + nav
        netSum[row + i] = (netSum[row + i] as number) + (distributions - contributions)
      }
    }
  }
  // Running sums of the net flows, path by path.
  for (let p = 0; p < paths; p++) {
    let cumulative = 0
    for (let t = 0; t < horizon; t++) {
      cumulative += netSum[p * horizon + t] as number
      netSum[p * horizon + t] = cumulative
    }
  }
  const column = new Float64Array(paths)
  const percentiles = (values: Float64Array, t: number): [number, number, number] => {
    for (let p = 0; p < paths; p++) column[p] = values[p * horizon + t] as number
    return [quantile(column, 0.1), quantile(column, 0.5), quantile(column, 0.9)]
  }
  const bands: Bands = {
    years: labels.slice(0, horizon),
    nav: { p10: [], p50: [], p90: [] },
    cumulative: { p10: [], p50: [], p90: [] },
  }
  for (let t = 0; t < horizon; t++) {
    const [n10, n50, n90] = percentiles(navSum, t)
    const [c10, c50, c90] = percentiles(netSum, t)
    bands.nav.p10.push(n10)
    bands.nav.p50.push(n50)
    bands.nav.p90.push(n90)
    bands.cumulative.p10.push(c10)
    bands.cumulative.p50.push(c50)
    bands.cumulative.p90.push(c90)
  }
  return bands
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
