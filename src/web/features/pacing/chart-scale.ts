/**
 * The arithmetic of the lab's charts: round axis ticks and SVG paths in a 100 x 100 box. The
 * chart stretches that box to its container (preserveAspectRatio="none") and writes its labels in
 * HTML, so text stays sharp and readable on a 320 px phone and the layout never shifts.
 */

export interface Domain {
  min: number
  max: number
  ticks: number[]
}

/** A step of 1, 2, 2.5 or 5 times a power of ten giving at most about `count` intervals. */
function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count)
  const power = Math.pow(10, Math.floor(Math.log10(raw)))
  for (const m of [1, 2, 2.5, 5, 10]) if (m * power >= raw) return m * power
  return 10 * power
}

/** A domain covering every value and zero, widened to round ticks. */
export function niceDomain(values: readonly number[], count = 4): Domain {
  let min = 0
  let max = 0
  for (const v of values) {
    if (!Number.isFinite(v)) continue
    if (v < min) min = v
    if (v > max) max = v
  }
  if (min === max) max = min + 1
  const step = niceStep(max - min, count)
  const lo = Math.floor(min / step + 1e-9) * step
  const hi = Math.ceil(max / step - 1e-9) * step
  const ticks: number[] = []
  for (let t = lo; t <= hi + step / 2; t += step) ticks.push(Math.abs(t) < step / 1e6 ? 0 : t)
  return { min: lo, max: hi, ticks }
}

/** Vertical position (0 top, 100 bottom) of a value in the domain. */
export function yOf(value: number, d: Domain): number {
  return 100 - ((value - d.min) / (d.max - d.min)) * 100
}

/** Horizontal centre of the i-th of n slots (bars and points share the slots). */
export function xOf(i: number, n: number): number {
  return ((i + 0.5) / n) * 100
}

const r = (n: number) => Math.round(n * 100) / 100

/** A polyline through the slot centres. */
export function linePath(values: readonly number[], d: Domain): string {
  return values
    .map((v, i) => `${i === 0 ? 'M' : 'L'}${r(xOf(i, values.length))} ${r(yOf(v, d))}`)
    .join('')
}

/**
 * One path of bars from zero to each value; `lane` 0 or 1 of `lanes` puts two series side by side
 * within a slot.
 */
export function barsPath(values: readonly number[], d: Domain, lane = 0, lanes = 1): string {
  const n = values.length
  const slot = 100 / n
  const width = (slot * 0.7) / lanes
  const zero = yOf(0, d)
  let path = ''
  values.forEach((v, i) => {
    if (v === 0) return
    const x = i * slot + slot * 0.15 + lane * width
    const y = yOf(v, d)
    const top = Math.min(y, zero)
    path += `M${r(x)} ${r(top)}h${r(width)}v${r(Math.abs(zero - y))}h${r(-width)}z`
  })
  return path
}

/** Which x labels to print: every k-th year so that at most `max` show. */
export function labelEvery(n: number, max: number): number {
  return Math.max(1, Math.ceil(n / max))
}

/** 0 up to a round share above both the target and the highest share. */
export function shareDomain(max: number): Domain {
  // Past 100% (a total below the funds' NAV), a step of the shares' own size: a step of 0.2 up
  // to 170,000 drew 850,000 ticks and held a render (the server's too) for a minute.
  const step =
    max > 1 ? 10 ** Math.ceil(Math.log10(max / 5)) : max > 0.5 ? 0.2 : max > 0.2 ? 0.1 : 0.05
  const hi = Math.max(step, Math.ceil((max + 1e-9) / step) * step)
  const ticks: number[] = []
  for (let t = 0; t <= hi + step / 2; t += step) ticks.push(Number(t.toFixed(4)))
  return { min: 0, max: hi, ticks }
}
