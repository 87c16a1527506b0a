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
export interface SimulatedFund {
  inputs: FundInputs
  offset?: number
}

export interface Bands {
  /** Row labels: the fund's age (one fund) or the calendar year (a plan). */
  years: number[]
  nav: { p10: number[]; p50: number[]; p90: number[] }
  cumulative: { p10: number[]; p50: number[]; p90: number[] }
}

/** The p-quantile of sorted values, linear between the two nearest (type 7, as Excel's PERCENTILE). */
function quantile(sorted: Float64Array, p: number): number {
  const h = (sorted.length - 1) * p
  const lo = Math.floor(h)
  const a = sorted[lo] ?? 0
  const b = sorted[Math.min(lo + 1, sorted.length - 1)] ?? a
  return h === lo ? a : a + (h - lo) * (b - a)
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
  // navs[t * paths + p]: column by year so that each year's values sort in place.
  const navs = new Float64Array(horizon * paths)
  const cums = new Float64Array(horizon * paths)
  const z = new Float64Array(horizon)
  const yearNav = new Float64Array(horizon)
  const yearNet = new Float64Array(horizon)
  for (let p = 0; p < paths; p++) {
    for (let t = 0; t < horizon; t++) z[t] = vol === 0 ? 0 : vol * normal()
    yearNav.fill(0)
    yearNet.fill(0)
    for (const f of prepared) {
      let nav = f.nav
      let paid = f.paid
      for (let i = 0; i < f.years; i++) {
        const t = f.offset + i
        const calling = f.age + i + 1 <= f.lastcall
        const contributions = calling ? (f.rc[i] ?? 0) * (f.commitment - paid) : 0
        const g = (f.growth[i] ?? 0) + (z[t] ?? 0)
        const grown = nav * (1 + (g < GROWTH_FLOOR ? GROWTH_FLOOR : g))
        const distributions = (f.rd[i] ?? 1) * grown
        nav = grown - distributions + contributions
        paid += contributions
        yearNav[t] = (yearNav[t] ?? 0) + nav
        yearNet[t] = (yearNet[t] ?? 0) + (distributions - contributions)
      }
    }
    let cumulative = 0
    for (let t = 0; t < horizon; t++) {
      cumulative += yearNet[t] ?? 0
      navs[t * paths + p] = yearNav[t] ?? 0
      cums[t * paths + p] = cumulative
    }
  }
  const bands: Bands = {
    years: labels.slice(0, horizon),
    nav: { p10: [], p50: [], p90: [] },
    cumulative: { p10: [], p50: [], p90: [] },
  }
  for (let t = 0; t < horizon; t++) {
    const n = navs.subarray(t * paths, (t + 1) * paths).sort()
    const c = cums.subarray(t * paths, (t + 1) * paths).sort()
    bands.nav.p10.push(quantile(n, 0.1))
    bands.nav.p50.push(quantile(n, 0.5))
    bands.nav.p90.push(quantile(n, 0.9))
    bands.cumulative.p10.push(quantile(c, 0.1))
    bands.cumulative.p50.push(quantile(c, 0.5))
    bands.cumulative.p90.push(quantile(c, 0.9))
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
