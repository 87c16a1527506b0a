/**
 * The "Download CSV" of docs/product.md, "Pacing Lab": exactly the yearly table's columns, plain
 * decimal numbers at full floating-point precision (no thousands separators, no currency, no
 * exponent), comma separated, every line ending in "\n".
 */
import type { ProjectionRow } from './engine.ts'

export const CSV_HEADER =
  'year,contributions,distributions,nav,net_cash_flow,cumulative_net_cash_flow'

/**
 * A number as plain decimal text with the same digits as String(n) (the shortest text that reads
 * back to the same double), but never in exponent form: String(1e-7) is "1e-7", which some
 * spreadsheets read as text, so it becomes "0.0000001". -0 is written "0".
 */
export function formatPlainDecimal(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`Cannot write ${n} as a decimal number`)
  const text = String(n)
  const e = text.indexOf('e')
  if (e === -1) return text
  const negative = text.startsWith('-')
  const mantissa = text.slice(negative ? 1 : 0, e)
  const exponent = Number(text.slice(e + 1))
  const dot = mantissa.indexOf('.')
  const digits = mantissa.replace('.', '')
  // Position of the decimal point within `digits` once the exponent is applied.
  const point = (dot === -1 ? mantissa.length : dot) + exponent
  let body: string
  if (point <= 0) body = `0.${'0'.repeat(-point)}${digits}`
  else if (point >= digits.length) body = digits + '0'.repeat(point - digits.length)
  else body = `${digits.slice(0, point)}.${digits.slice(point)}`
  return negative ? `-${body}` : body
}

/** The CSV text of a projection's rows, header first. */
export function projectionToCsv(rows: readonly ProjectionRow[]): string {
  let out = `${CSV_HEADER}\n`
  for (const r of rows) {
    out +=
      [r.year, r.contributions, r.distributions, r.nav, r.netCashFlow, r.cumulativeNetCashFlow]
        .map(formatPlainDecimal)
        .join(',') + '\n'
  }
  return out
}
