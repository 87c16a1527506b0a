/**
 * Fit to history (docs/product.md, "Pacing Lab"): a fund's actual yearly contributions,
 * distributions and NAV, and the one call rate, bow and growth (life as given) that reproduce
 * them best in the least-squares sense, found by a hand-written Nelder-Mead simplex search.
 *
 * The error is the sum over the actual years of the squared differences of C, D and NAV between
 * model and actuals, each divided by the commitment so that funds of any size weigh alike. The
 * search runs on unbounded coordinates mapped into the model's domain (call rate in (0, 1), bow in
 * (0, 20), growth in (-0.99, 1)), so every point it tries is a valid fund.
 */
import {
  projectFund,
  MAX_AGE,
  MAX_BOW,
  MIN_GROWTH,
  MAX_GROWTH,
  type ProjectionRow,
} from './engine.ts'

/** One actual year: contributions, distributions, NAV at its end. */
export interface ActualYear {
  contributions: number
  distributions: number
  nav: number
}

export interface FitResult {
  rc: number
  bow: number
  growth: number
  /** Root mean square of the per-year differences of C, D and NAV, in currency units. */
  rmsError: number
  /** The model's years 1..n at the fitted parameters, beside the actuals. */
  fitted: ProjectionRow[]
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

/** Unbounded search coordinates -> (rc, bow, growth) inside the model's domain. */
function toParameters(u: readonly number[]): [number, number, number] {
  return [
    logistic(u[0] ?? 0),
    MAX_BOW * logistic(u[1] ?? 0),
    MIN_GROWTH + GROWTH_SPAN * logistic(u[2] ?? 0),
  ]
}

/**
 * Fit one call rate, the bow and the growth to `actuals` (years 1..n of a new fund of the given
 * commitment and life). Starts from several points and keeps the best, since the error surface
 * of a few years of data can have more than one valley.
 */
export function fitToHistory(
  actuals: readonly ActualYear[],
  commitment: number,
  life: number,
): FitResult {
  if (actuals.length === 0) throw new RangeError('actuals: at least one year is needed')
  const years = actuals.length
  const error = (u: readonly number[]) => {
    const [rc, bow, growth] = toParameters(u)
    const rows = projectFund({ commitment, rc, life, bow, growth, years }).rows
    let sum = 0
    for (let i = 0; i < years; i++) {
      const r = rows[i]
      const a = actuals[i]
      if (!r || !a) continue
      sum +=
        ((r.contributions - a.contributions) / commitment) ** 2 +
        ((r.distributions - a.distributions) / commitment) ** 2 +
        ((r.nav - a.nav) / commitment) ** 2
    }
    return sum
  }
  let best = { x: [0, 0, 0], value: Infinity }
  for (const start of [
    [0.25, 2.5, 0.1],
    [0.4, 1.5, 0.05],
    [0.15, 5, 0.2],
  ]) {
    const [rc = 0.25, bow = 2.5, growth = 0.1] = start
    const u0 = [logit(rc), logit(bow / MAX_BOW), logit((growth - MIN_GROWTH) / GROWTH_SPAN)]
    const result = nelderMead(error, u0)
    if (result.value < best.value) best = result
  }
  const [rc, bow, growth] = toParameters(best.x)
  const fitted = projectFund({ commitment, rc, life, bow, growth, years }).rows
  let paid = 0
  for (const a of actuals) paid += a.contributions
  return {
    rc,
    bow,
    growth,
    rmsError: Math.sqrt(best.value / (3 * years)) * commitment,
    fitted,
    age: years,
    nav: actuals[years - 1]?.nav ?? 0,
    paid: Math.min(paid, commitment),
  }
}

const ACTUALS_CSV_HEADER = 'year,contributions,distributions,nav'

function actualYear(parts: readonly string[]): ActualYear | null {
  const [c, d, nav] = parts.map((p) =>
    /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(p.trim()) ? Number(p) : NaN,
  )
  if (![c, d, nav].every((v) => v !== undefined && Number.isFinite(v) && v >= 0)) return null
  return { contributions: c ?? 0, distributions: d ?? 0, nav: nav ?? 0 }
}

const TOO_LONG = `The history may have at most ${MAX_AGE} years`

function checkLength(
  actuals: ActualYear[],
): { ok: true; actuals: ActualYear[] } | { ok: false; message: string } {
  if (actuals.length === 0) return { ok: false, message: 'The history needs at least one year' }
  if (actuals.length > MAX_AGE) return { ok: false, message: TOO_LONG }
  return { ok: true, actuals }
}

/** `actuals=c,d,nav;c,d,nav;...` from a link: the years in order, or a message. */
export function parseActualsParam(
  text: string,
): { ok: true; actuals: ActualYear[] } | { ok: false; message: string } {
  const actuals: ActualYear[] = []
  const years = text.split(';').filter((y) => y.trim() !== '')
  for (const [i, year] of years.entries()) {
    const parts = year.split(',')
    const parsed = parts.length === 3 ? actualYear(parts) : null
    if (!parsed)
      return {
        ok: false,
        message: `Year ${i + 1} of the history needs contributions, distributions and NAV, each zero or more`,
      }
    actuals.push(parsed)
  }
  return checkLength(actuals)
}

/** A pasted CSV headed `year,contributions,distributions,nav`, years consecutive from 1. */
export function parseActualsCsv(
  text: string,
): { ok: true; actuals: ActualYear[] } | { ok: false; message: string } {
  const lines = text
    .trim()
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '')
  if (lines[0]?.toLowerCase().replaceAll(' ', '') !== ACTUALS_CSV_HEADER)
    return { ok: false, message: `The first line must be ${ACTUALS_CSV_HEADER}` }
  const actuals: ActualYear[] = []
  for (const [i, line] of lines.slice(1).entries()) {
    const [year, ...rest] = line.split(',')
    const parsed = rest.length === 3 ? actualYear(rest) : null
    if (Number(year) !== i + 1 || !parsed)
      return {
        ok: false,
        message: `Line ${i + 2}: expected year ${i + 1} and three amounts, each zero or more`,
      }
    actuals.push(parsed)
  }
  return checkLength(actuals)
}

/** The history as the CSV a visitor pastes (and the page shows for a link's `actuals=`). */
export function actualsToCsv(actuals: readonly ActualYear[]): string {
  const lines = actuals.map((a, i) => `${i + 1},${a.contributions},${a.distributions},${a.nav}`)
  return [ACTUALS_CSV_HEADER, ...lines].join('\n')
}

/** The history as `actuals=` holds it: `c,d,nav;c,d,nav;...`. */
export function actualsToParam(actuals: readonly ActualYear[]): string {
  return actuals.map((a) => `${a.contributions},${a.distributions},${a.nav}`).join(';')
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
