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

/** 1234567.8 -> "1,234,568"; -0 and tiny negatives print as "0". */
export function formatMoney(n: number): string {
  const text = whole.format(n)
  return text === '-0' ? '0' : text
}

/** 1234567 -> "1.2M" for axes and key figures. */
export function formatCompact(n: number): string {
  const text = compact.format(n)
  return text === '-0' ? '0' : text
}

/** 0.1234 -> "12.3%". */
export function formatPercent(n: number): string {
  return percent.format(n)
}

/** 1.853 -> "1.85x". */
export function formatMultiple(n: number): string {
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
