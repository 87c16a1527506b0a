/**
 * The one date the sample screenshots are drawn relative to: the as-of date of the sample
 * programme's actuals. Every year, label and date on the screens derives from it, so samples
 * redrawn later show later dates and the same pictures (docs/images.md, "Redrawing the sample
 * screenshots").
 *
 * By default it is the last calendar quarter end at least REPORTING_LAG_DAYS before the clock,
 * since fund statements for a quarter arrive weeks after it ends; `--as-of YYYY-MM-DD` (a
 * quarter end) fixes it, so a drawing can be repeated.
 */

type Quarter = 1 | 2 | 3 | 4

/**
 * Days between a quarter's end and the date its actuals are in: the reporting lag. Fund
 * statements take four to eight weeks; 40 days puts 10 August on the June quarter.
 */
const REPORTING_LAG_DAYS = 40

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const DAY_MS = 24 * 60 * 60 * 1000

export interface AsOf {
  /** The as-of year: the last year with actuals, whose 31 December starts the projection. */
  year: number
  quarter: Quarter
  /** As the sheets print dates: '30-Sep-2025'. */
  label: string
  /** '2025-09-30' */
  iso: string
  /** The quarter end before, where a fund that reports a quarter late stands: '30-Jun-2025'. */
  previousLabel: string
  /** '31-Dec-2025': the model projects whole years from the end of the as-of year. */
  projectionStart: string
  /** The workbook build, stamped in the as-of month: '2025.09'. */
  build: string
  /** The first vintage of the existing commitments and the first year of the projection. */
  firstYear: number
  /** The last projected year. */
  lastYear: number
  /** The ten years of the commitment plan, from the year after the as-of year. */
  planYears: number[]
}

/** The last day of a quarter, as a UTC date. */
function quarterEndDate(year: number, quarter: Quarter): Date {
  // Day 0 of the month after the quarter is the quarter's last day.
  return new Date(Date.UTC(year, quarter * 3, 0))
}

function dateLabel(date: Date): string {
  const day = String(date.getUTCDate()).padStart(2, '0')
  return `${day}-${MONTHS[date.getUTCMonth()]}-${date.getUTCFullYear()}`
}

/** The sample dates of the quarter end of `quarter` in `year`. */
function quarterEnd(year: number, quarter: Quarter): AsOf {
  const date = quarterEndDate(year, quarter)
  const previous =
    quarter === 1 ? quarterEndDate(year - 1, 4) : quarterEndDate(year, (quarter - 1) as Quarter)
  return {
    year,
    quarter,
    label: dateLabel(date),
    iso: date.toISOString().slice(0, 10),
    previousLabel: dateLabel(previous),
    projectionStart: dateLabel(quarterEndDate(year, 4)),
    build: `${year}.${String(quarter * 3).padStart(2, '0')}`,
    // Ten vintages of existing commitments up to the as-of year, a 20-year projection after it.
    firstYear: year - 9,
    lastYear: year + 20,
    planYears: Array.from({ length: 10 }, (_, i) => year + 1 + i),
  }
}

/** The last quarter end at least REPORTING_LAG_DAYS before `today`. */
export function asOfFromClock(today: Date): AsOf {
  const latest = today.getTime() - REPORTING_LAG_DAYS * DAY_MS
  let year = today.getUTCFullYear()
  let quarter: Quarter = 4
  while (quarterEndDate(year, quarter).getTime() > latest) {
    if (quarter === 1) {
      year -= 1
      quarter = 4
    } else quarter = (quarter - 1) as Quarter
  }
  return quarterEnd(year, quarter)
}

/** The as-of date `--as-of 2025-09-30` names; throws unless it is a quarter end. */
export function parseAsOf(text: string): AsOf {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  const [year, month] = [Number(match?.[1]), Number(match?.[2])]
  const quarter = (month / 3) as Quarter
  if (!match || !Number.isInteger(quarter) || quarter < 1 || quarter > 4)
    throw new Error(
      `--as-of wants a quarter end (YYYY-03-31, -06-30, -09-30, -12-31), got "${text}"`,
    )
  const asOf = quarterEnd(year, quarter)
  if (asOf.iso !== text)
    throw new Error(`--as-of wants a quarter end, got "${text}" (that quarter ends ${asOf.iso})`)
  return asOf
}

/** The as-of date of a run: `--as-of` when given, else the clock's. */
export function asOfFromArgs(args: readonly string[], today = new Date()): AsOf {
  const at = args.indexOf('--as-of')
  if (at === -1) return asOfFromClock(today)
  const value = args[at + 1]
  if (!value) throw new Error('--as-of needs a date, e.g. --as-of 2025-09-30')
  return parseAsOf(value)
}

/** A year's column heading on the Advanced sheets: '2025A' up to the as-of year, then '2026F'. */
export function yearColumn(asOf: AsOf, year: number): string {
  return year <= asOf.year ? `${year}A` : `${year}F`
}

/**
 * A year's row label on the Basic sheets: '2024', then '2025 (A+F)' for the as-of year while
 * quarters of it are still forecast, then '2026 (F)'.
 */
export function yearRow(asOf: AsOf, year: number): string {
  if (year > asOf.year) return `${year} (F)`
  if (year === asOf.year && asOf.quarter < 4) return `${year} (A+F)`
  return String(year)
}
