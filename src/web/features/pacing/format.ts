/**
 * Number formats of the Pacing Lab. Fixed to en-US so the pre-rendered HTML and the hydrated
 * page print the same text (a different locale would be a hydration mismatch).
 */
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 })
const percent = new Intl.NumberFormat('en-US', {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
})

/** What a figure that is not a finite number prints as (the engine's bounds should prevent it). */
const NOT_A_NUMBER = '–'

const withDigits = new Map<number, Intl.NumberFormat>([[0, whole]])
function formatterFor(digits: number): Intl.NumberFormat {
  let f = withDigits.get(digits)
  if (!f) {
    f = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    })
    withDigits.set(digits, f)
  }
  return f
}

/**
 * Decimals a table needs so that its largest amount shows about six significant digits: none from
 * 100,000 up, three for a commitment of 100 (a call of 0.39 reads "0.390", not "0"), at most six.
 */
export function moneyDigits(scale: number): number {
  if (!Number.isFinite(scale) || scale <= 0) return 0
  return Math.min(6, Math.max(0, 5 - Math.floor(Math.log10(scale))))
}

/** 1234567.8 -> "1,234,568" (or with `digits` decimals); -0 and tiny negatives print as "0". */
export function formatMoney(n: number, digits = 0): string {
  if (!Number.isFinite(n)) return NOT_A_NUMBER
  const text = formatterFor(digits).format(n)
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text
}

/** 1234567 -> "1.2M" for axes and key figures. */
export function formatCompact(n: number): string {
  if (!Number.isFinite(n)) return NOT_A_NUMBER
  const text = compact.format(n)
  return text === '-0' ? '0' : text
}

/** 0.1234 -> "12.3%". */
export function formatPercent(n: number): string {
  if (!Number.isFinite(n)) return NOT_A_NUMBER
  return percent.format(n)
}

/** 1.853 -> "1.85x". */
export function formatMultiple(n: number): string {
  if (!Number.isFinite(n)) return NOT_A_NUMBER
  return `${n.toFixed(2)}x`
}

/**
 * A value as a field shows it: plain decimals, lists joined by ", ", long fractions such as 1/3
 * cut to 6 significant digits so the field stays readable (the exact value stays in the state
 * and the link until the field is edited).
 */
export function formatFieldValue(value: number | readonly number[] | undefined): string {
  if (value === undefined) return ''
  const one = (n: number) => String(Number(n.toPrecision(6)))
  return typeof value === 'number' ? plain(one(value)) : value.map((n) => plain(one(n))).join(', ')
}

// String(Number) may give "1e+21"; fields and links want plain digits.
function plain(text: string): string {
  if (!/e/i.test(text)) return text
  const n = Number(text)
  return n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
}
