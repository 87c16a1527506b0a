/** Excel-style charts drawn as SVG: bar/column (stacked, with negatives), lines, areas, donuts. */
import { C, circle, line, polygon, polyline, rect, text } from './svg.ts'

interface Series {
  name: string
  color: string
  values: number[]
  dash?: string
}

interface ChartOptions {
  x: number
  y: number
  w: number
  h: number
  title: string
  subtitle?: string
  categories: (string | number)[]
  bars?: Series[]
  lines?: Series[]
  areas?: Series[]
  stacked?: boolean
  format?: (value: number) => string
  /** Draw every nth category label. */
  labelEvery?: number
  /** Shade the categories from this index on (the forecast). */
  forecastFrom?: number
  legend?: boolean
  /** Legend entries when they differ from the drawn series (e.g. one entry per colour). */
  legendSeries?: Series[]
}

function niceStep(range: number, ticks: number): number {
  const raw = range / ticks
  const mag = Math.pow(10, Math.floor(Math.log10(raw)))
  const norm = raw / mag
  const nice = norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 2.5 ? 2.5 : norm <= 5 ? 5 : 10
  return nice * mag
}

export function panel(
  x: number,
  y: number,
  w: number,
  h: number,
  title?: string,
  subtitle?: string,
): string[] {
  // An Excel chart object: square corners, a thin grey border, no web-style drop shadow.
  const parts = [rect(x, y, w, h, C.white, { stroke: '#bfbfbf' })]
  if (title) parts.push(text(x + 16, y + 24, title, { size: 14, weight: 'bold', fill: C.navy }))
  if (subtitle) parts.push(text(x + 16, y + 42, subtitle, { size: 11.5, fill: C.ink3 }))
  return parts
}

export function chart(o: ChartOptions): string[] {
  const fmt = o.format ?? ((v: number) => v.toFixed(0))
  const parts = panel(o.x, o.y, o.w, o.h, o.title, o.subtitle)
  const left0 = o.x + 56
  const legendItems =
    o.legend === false
      ? []
      : (o.legendSeries ?? [...(o.areas ?? []), ...(o.bars ?? []), ...(o.lines ?? [])])
  const lineNames = new Set((o.lines ?? []).map((s) => s.name))
  // Lay the legend out first, wrapping to as many rows as it needs.
  const legendPos: { s: Series; x: number; row: number }[] = []
  {
    let lx = left0
    let row = 0
    for (const s of legendItems) {
      const isLine = lineNames.has(s.name)
      const w = (isLine ? 30 : 24) + s.name.length * 6.2
      if (lx + w > o.x + o.w - 12 && lx > left0) {
        lx = left0
        row++
      }
      legendPos.push({ s, x: lx, row })
      lx += w
    }
  }
  const legendRows = legendPos.length ? legendPos[legendPos.length - 1]!.row + 1 : 0
  const legendH = legendRows * 18 + (legendRows ? 4 : 0)
  const top = o.y + (o.subtitle ? 58 : 44)
  const bottom = o.y + o.h - 26 - legendH
  const left = left0
  const right = o.x + o.w - 18
  const n = o.categories.length
  // Value range
  let min = 0
  let max = 0
  const bars = o.bars ?? []
  const areas = o.areas ?? []
  for (let i = 0; i < n; i++) {
    if (o.stacked) {
      let pos = 0
      let neg = 0
      for (const s of bars) {
        const v = s.values[i] ?? 0
        if (v >= 0) pos += v
        else neg += v
      }
      max = Math.max(max, pos)
      min = Math.min(min, neg)
    } else {
      for (const s of bars) {
        max = Math.max(max, s.values[i] ?? 0)
        min = Math.min(min, s.values[i] ?? 0)
      }
    }
    let areaSum = 0
    for (const s of areas) areaSum += s.values[i] ?? 0
    max = Math.max(max, areaSum)
    for (const s of o.lines ?? []) {
      max = Math.max(max, s.values[i] ?? 0)
      min = Math.min(min, s.values[i] ?? 0)
    }
  }
  const step = niceStep(max - min || 1, 5)
  const lo = Math.floor(min / step) * step
  const hi = Math.ceil(max / step) * step
  const yOf = (v: number) => bottom - ((v - lo) / (hi - lo)) * (bottom - top)
  const slot = (right - left) / n
  const xOf = (i: number) => left + slot * (i + 0.5)
  if (o.forecastFrom !== undefined && o.forecastFrom < n) {
    const fx = left + slot * o.forecastFrom
    parts.push(rect(fx, top, right - fx, bottom - top, C.pale))
    parts.push(text(fx + 6, top + 12, 'Forecast', { size: 10.5, fill: C.ink3, italic: true }))
    parts.push(line(fx, top, fx, bottom, C.ink3, 1, '3 3'))
  }
  for (let v = lo; v <= hi + step / 2; v += step) {
    const y = yOf(v)
    parts.push(line(left, y, right, y, v === 0 ? '#8a96a8' : '#e6eaef', 1))
    parts.push(text(left - 8, y + 4, fmt(v), { size: 10.5, fill: C.ink2, anchor: 'end' }))
  }
  // Areas (stacked)
  if (areas.length) {
    const base = new Array<number>(n).fill(0)
    for (const s of areas) {
      const lower = base.map((b, i) => [xOf(i), yOf(b)] as [number, number])
      const upper = base.map((b, i) => [xOf(i), yOf(b + (s.values[i] ?? 0))] as [number, number])
      parts.push(polygon([...upper, ...lower.reverse()], s.color, 0.92))
      s.values.forEach((v, i) => (base[i] = (base[i] ?? 0) + v))
    }
  }
  // Bars
  if (bars.length) {
    const groupW = slot * 0.72
    for (let i = 0; i < n; i++) {
      let pos = 0
      let neg = 0
      bars.forEach((s, k) => {
        const v = s.values[i] ?? 0
        if (o.stacked) {
          const from = v >= 0 ? pos : neg
          const to = from + v
          if (v >= 0) pos = to
          else neg = to
          parts.push(
            rect(
              xOf(i) - groupW / 2,
              Math.min(yOf(from), yOf(to)),
              groupW,
              Math.abs(yOf(to) - yOf(from)),
              s.color,
            ),
          )
        } else {
          const bw = groupW / bars.length
          const bx = xOf(i) - groupW / 2 + k * bw
          parts.push(rect(bx, Math.min(yOf(0), yOf(v)), bw - 1, Math.abs(yOf(v) - yOf(0)), s.color))
        }
      })
    }
  }
  for (const s of o.lines ?? []) {
    const points = s.values.map((v, i) => [xOf(i), yOf(v)] as [number, number])
    parts.push(polyline(points, s.color, 2.5, s.dash))
    if (!s.dash && n <= 20)
      for (const [px, py] of points) parts.push(circle(px, py, 2.8, C.white, s.color))
  }
  const every = o.labelEvery ?? Math.ceil(n / 16)
  o.categories.forEach((c, i) => {
    if (i % every === 0)
      parts.push(text(xOf(i), bottom + 16, c, { size: 10.5, fill: C.ink2, anchor: 'middle' }))
  })
  for (const { s, x: lx, row } of legendPos) {
    const isLine = lineNames.has(s.name)
    const ly = o.y + o.h - 10 - (legendRows - 1 - row) * 18
    if (isLine) parts.push(line(lx, ly - 4, lx + 16, ly - 4, s.color, 2.5, s.dash))
    else parts.push(rect(lx, ly - 9, 10, 10, s.color, { rx: 1.5 }))
    parts.push(text(lx + (isLine ? 21 : 15), ly, s.name, { size: 11, fill: C.ink2 }))
  }
  return parts
}

interface Slice {
  name: string
  value: number
  color: string
}

export function donut(
  x: number,
  y: number,
  w: number,
  h: number,
  title: string,
  slices: Slice[],
  center: [string, string],
): string[] {
  const parts = panel(x, y, w, h, title)
  const r = Math.min(w * 0.26, (h - 70) / 2)
  const cx = x + 24 + r
  const cy = y + 44 + (h - 44) / 2
  const total = slices.reduce((s, sl) => s + sl.value, 0)
  let angle = -Math.PI / 2
  for (const sl of slices) {
    const a2 = angle + (sl.value / total) * Math.PI * 2
    const large = a2 - angle > Math.PI ? 1 : 0
    const p = (a: number, rr: number) =>
      `${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`
    const inner = r * 0.6
    parts.push(
      `<path d="M${p(angle, r)} A${r},${r} 0 ${large} 1 ${p(a2, r)} L${p(a2, inner)} A${inner},${inner} 0 ${large} 0 ${p(angle, inner)} Z" fill="${sl.color}" stroke="#fff" stroke-width="1.5"/>`,
    )
    angle = a2
  }
  parts.push(
    text(cx, cy + 2, center[0], { size: 20, weight: 'bold', fill: C.navy, anchor: 'middle' }),
  )
  parts.push(text(cx, cy + 20, center[1], { size: 11, fill: C.ink3, anchor: 'middle' }))
  let ly = cy - (slices.length * 22) / 2 + 8
  const lx = cx + r + 26
  for (const sl of slices) {
    parts.push(rect(lx, ly - 9, 10, 10, sl.color, { rx: 1.5 }))
    parts.push(text(lx + 16, ly, sl.name, { size: 11.5, fill: C.ink }))
    parts.push(
      text(x + w - 16, ly, `${((sl.value / total) * 100).toFixed(1)}%`, {
        size: 11.5,
        fill: C.ink2,
        anchor: 'end',
      }),
    )
    ly += 22
  }
  return parts
}

/** A KPI tile: label, big value, small change line. */
export function tile(
  x: number,
  y: number,
  w: number,
  h: number,
  label: string,
  value: string,
  note: string,
  noteColor: string = C.teal,
): string[] {
  // A block of formatted cells, as a workbook's KPI area is: a header fill and a thin border.
  return [
    rect(x, y, w, h, C.white, { stroke: '#bfc7d1' }),
    rect(x, y, w, 34, '#eef3fa'),
    line(x, y + 34, x + w, y + 34, '#bfc7d1'),
    text(x + 18, y + 24, label.toUpperCase(), {
      size: 10.5,
      fill: C.ink3,
      weight: 'bold',
      spacing: 0.6,
    }),
    text(x + 18, y + 56, value, { size: 26, fill: C.navy, weight: 'bold' }),
    text(x + 18, y + h - 14, note, { size: 11, fill: noteColor }),
  ]
}
