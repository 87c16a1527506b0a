/**
 * Fit to history (docs/product.md, "Pacing Lab"; docs/product.md): a fund's actual yearly
 * contributions, distributions and NAV, and the parameters that continue it.
 *
 * - Calls are taken as they were: the model runs the history with the actual calls (year t's call
 *   rate is C_t / (CC - PIC_{t-1})), so growth is never bent to explain them.
 * - The call rate going forward is fitted to the actual calls: the one rate RC that makes
 *   RC x (CC - PIC_{t-1}) closest to C_t in least squares (Σ C_t U_t / Σ U_t², U the unfunded).
 * - The bow and the growth (life as given) are fitted to the actual distributions and NAV by least
 *   squares, found by a hand-written Nelder-Mead simplex search on unbounded coordinates mapped
 *   into the model's domain (bow in (0, 20), growth in (-0.99, 1)), so every point tried is valid.
 *
 * The error is the root mean square of the differences of D and NAV between model and actuals,
 * shown in currency and as a share of the commitment.
 */
import { projectFund, MAX_BOW, MIN_GROWTH, MAX_GROWTH, type ProjectionRow } from './engine.ts'
import type { ActualYear } from './history.ts'

export interface FitResult {
  /** The call rate going forward, fitted to the actual calls. */
  rc: number
  bow: number
  growth: number
  /** Root mean square of the per-year differences of D and NAV, in currency units. */
  rmsError: number
  /** rmsError / commitment. */
  errorShare: number
  /** The model's years 1..n at the fitted bow and growth, run with the actual calls. */
  fitted: ProjectionRow[]
  /** Each year's call at the fitted rate on the actual unfunded commitment. */
  callsAtRate: number[]
  /** The fund's state after the last actual year, to continue the projection from. */
  age: number
  nav: number
  paid: number
}

/**
 * Nelder-Mead minimisation of f from x0 (reflection 1, expansion 2, contraction 0.5, shrink 0.5),
 * stopping when the simplex's values differ by less than `tolerance` or after `maxIterations`.
 */
export function nelderMead(
  f: (x: readonly number[]) => number,
  x0: readonly number[],
  { step = 0.5, tolerance = 1e-14, maxIterations = 2000 } = {},
): { x: number[]; value: number } {
  const n = x0.length
  let simplex = [x0.slice()]
  for (let i = 0; i < n; i++) {
    const x = x0.slice()
    x[i] = (x[i] ?? 0) + step
    simplex.push(x)
  }
  let values = simplex.map(f)
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    // Order best to worst.
    const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0])
    simplex = order.map(([, i]) => simplex[i] ?? [])
    values = order.map(([v]) => v)
    const best = values[0] ?? 0
    const worst = values[n] ?? 0
    if (Math.abs(worst - best) <= tolerance * (Math.abs(best) + 1e-30)) break
    const centroid = new Array<number>(n).fill(0)
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) centroid[j]! += (simplex[i]?.[j] ?? 0) / n
    const towards = (t: number) => centroid.map((c, j) => c + t * ((simplex[n]?.[j] ?? 0) - c))
    const reflected = towards(-1)
    const fr = f(reflected)
    if (fr < best) {
      const expanded = towards(-2)
      const fe = f(expanded)
      if (fe < fr) {
        simplex[n] = expanded
        values[n] = fe
      } else {
        simplex[n] = reflected
        values[n] = fr
      }
    } else if (fr < (values[n - 1] ?? 0)) {
      simplex[n] = reflected
      values[n] = fr
    } else {
      const contracted = fr < worst ? towards(-0.5) : towards(0.5)
      const fc = f(contracted)
      if (fc < Math.min(fr, worst)) {
        simplex[n] = contracted
        values[n] = fc
      } else {
        // Shrink every point towards the best.
        const x0best = simplex[0] ?? []
        for (let i = 1; i <= n; i++) {
          simplex[i] = (simplex[i] ?? []).map(
            (v, j) => (x0best[j] ?? 0) + 0.5 * (v - (x0best[j] ?? 0)),
          )
          values[i] = f(simplex[i] ?? [])
        }
      }
    }
  }
  let bestIndex = 0
  values.forEach((v, i) => {
    if (v < (values[bestIndex] ?? Infinity)) bestIndex = i
  })
  return { x: simplex[bestIndex] ?? x0.slice(), value: values[bestIndex] ?? Infinity }
}

const logistic = (u: number) => 1 / (1 + Math.exp(-u))
const logit = (p: number) => Math.log(p / (1 - p))
const GROWTH_SPAN = MAX_GROWTH - MIN_GROWTH

/** Unbounded search coordinates -> (bow, growth) inside the model's domain. */
function toParameters(u: readonly number[]): [number, number] {
  return [MAX_BOW * logistic(u[0] ?? 0), MIN_GROWTH + GROWTH_SPAN * logistic(u[1] ?? 0)]
}

/**
 * Each actual year's call rate, C_t / (CC - PIC_{t-1}), and the one rate going forward fitted to
 * them. Throws a RangeError when the calls add up to more than the commitment.
 */
export function fitCallRate(
  actuals: readonly ActualYear[],
  commitment: number,
): { rates: number[]; rc: number; callsAtRate: number[] } {
  let paid = 0
  let num = 0
  let den = 0
  const rates: number[] = []
  const unfunded: number[] = []
  for (const a of actuals) {
    const u = commitment - paid
    if (a.contributions > u * (1 + 1e-12))
      throw new RangeError('actuals: the calls add up to more than the commitment')
    rates.push(u > 0 ? Math.min(1, a.contributions / u) : 0)
    unfunded.push(u)
    num += a.contributions * u
    den += u * u
    paid += a.contributions
  }
  const rc = den > 0 ? Math.min(1, Math.max(0, num / den)) : 0
  return { rates, rc, callsAtRate: unfunded.map((u) => rc * u) }
}

/**
 * Fit the forward call rate, the bow and the growth to `actuals` (years 1..n of a fund of the
 * given commitment and life). The bow and growth search starts from several points and keeps the
 * best, since the error surface of a few years of data can have more than one valley.
 */
export function fitToHistory(
  actuals: readonly ActualYear[],
  commitment: number,
  life: number,
): FitResult {
  if (actuals.length === 0) throw new RangeError('actuals: at least one year is needed')
  const years = actuals.length
  const { rates, rc, callsAtRate } = fitCallRate(actuals, commitment)
  const run = (bow: number, growth: number) =>
    projectFund({ commitment, rc: rates, life, bow, growth, years }).rows
  const error = (u: readonly number[]) => {
    const [bow, growth] = toParameters(u)
    const rows = run(bow, growth)
    let sum = 0
    for (let i = 0; i < years; i++) {
      const r = rows[i]
      const a = actuals[i]
      if (!r || !a) continue
      sum +=
        ((r.distributions - a.distributions) / commitment) ** 2 +
        ((r.nav - a.nav) / commitment) ** 2
    }
    return sum
  }
  let best = { x: [0, 0], value: Infinity }
  for (const [bow = 2.5, growth = 0.1] of [
    [2.5, 0.1],
    [1.5, 0.05],
    [5, 0.2],
  ]) {
    const u0 = [logit(bow / MAX_BOW), logit((growth - MIN_GROWTH) / GROWTH_SPAN)]
    const result = nelderMead(error, u0)
    if (result.value < best.value) best = result
  }
  const [bow, growth] = toParameters(best.x)
  let paid = 0
  for (const a of actuals) paid += a.contributions
  const errorShare = Math.sqrt(best.value / (2 * years))
  return {
    rc,
    bow,
    growth,
    rmsError: errorShare * commitment,
    errorShare,
    fitted: run(bow, growth),
    callsAtRate,
    age: years,
    nav: actuals[years - 1]?.nav ?? 0,
    paid: Math.min(paid, commitment),
  }
}

/**
 * The bow read off a finished fund's key figures rather than fitted: its duration
 * ln(TVPI) / ln(1 + IRR) as a fraction of its life, through exp(pi * fraction) / sqrt(2). This is
 * the "approximate bow" of the open-source `privates` package (its test suite's reference case,
 * 2.585 for a fund whose model bow is 2.3); a rough calibration, not the model's bow, which
 * fitToHistory estimates from the yearly flows themselves.
 */
export function durationBow(tvpi: number, irr: number, life: number): number {
  const duration = Math.log(tvpi) / Math.log(1 + irr)
  return Math.exp((Math.PI * duration) / life) / Math.SQRT2
}
