/**
 * A fund's history (docs/product.md and §22): its actual yearly contributions, distributions and NAV
 * from its first year, as a link's `actuals=c,d,nav;c,d,nav;...` or a pasted CSV holds them, and
 * what the history says on its own and joined to the projection:
 *
 * - to date: IRR, TVPI and DPI of the actual flows, the last actual NAV as a final inflow;
 * - since inception: the same over the history and the projection after it (the projection's
 *   last NAV as the final inflow), and cumulative net cash flow counted from the first call.
 *
 * Small and free of the fit (fit.ts), so the page's first script can read a link's history.
 */
import type { ProjectionRow } from './engine.ts'
import { MAX_AGE } from './engine.ts'
import { computeMetrics } from './metrics.ts'

/** One actual year: contributions, distributions, NAV at its end. */
export interface ActualYear {
  contributions: number
  distributions: number
  nav: number
}

const ACTUALS_CSV_HEADER = 'year,contributions,distributions,nav'

function actualYear(parts: readonly string[]): ActualYear | null {
  const [c, d, nav] = parts.map((p) =>
    /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(p.trim()) ? Number(p) : NaN,
  )
  if (![c, d, nav].every((v) => v !== undefined && Number.isFinite(v) && v >= 0)) return null
  return { contributions: c ?? 0, distributions: d ?? 0, nav: nav ?? 0 }
}

/** At most this many years of history. */
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

/** The history as rows of the engine's shape (year = fund age, cumulative from inception). */
export function historyRows(actuals: readonly ActualYear[]): ProjectionRow[] {
  let cumulative = 0
  return actuals.map((a, i) => {
    const net = a.distributions - a.contributions
    cumulative += net
    return {
      year: i + 1,
      contributions: a.contributions,
      distributions: a.distributions,
      nav: a.nav,
      netCashFlow: net,
      cumulativeNetCashFlow: cumulative,
      // Neither is known from the history alone, and neither figure reads them.
      distributionRate: 0,
      unfunded: 0,
    }
  })
}

/** IRR, TVPI and DPI of a stretch of a fund's life from its inception. */
export interface InceptionFigures {
  irr: number | null
  tvpi: number | null
  dpi: number | null
}

function figuresOf(rows: readonly ProjectionRow[]): InceptionFigures {
  const m = computeMetrics(rows, 0)
  let calls = 0
  let paidOut = 0
  for (const r of rows) {
    calls += r.contributions
    paidOut += r.distributions
  }
  return { irr: m.irr, tvpi: m.tvpi, dpi: calls > 0 ? paidOut / calls : null }
}

/** Realised to date: the actual flows, the last actual NAV as a final inflow. */
export function toDateFigures(actuals: readonly ActualYear[]): InceptionFigures {
  return figuresOf(historyRows(actuals))
}

/**
 * The projection's rows with their cumulative net cash flow counted from inception (the history's
 * sum added), and the history and projection joined for the since-inception figures.
 */
export function fromInception(
  actuals: readonly ActualYear[],
  projection: readonly ProjectionRow[],
): { rows: ProjectionRow[]; all: ProjectionRow[]; sinceInception: InceptionFigures } {
  const history = historyRows(actuals)
  const offset = history[history.length - 1]?.cumulativeNetCashFlow ?? 0
  const rows = projection.map((r) => ({
    ...r,
    cumulativeNetCashFlow: r.cumulativeNetCashFlow + offset,
  }))
  const all = [...history, ...rows]
  return { rows, all, sinceInception: figuresOf(all) }
}
