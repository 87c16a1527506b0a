/** Small SVG building blocks and number formats for the sample screenshots. */

/** Liberation Sans is metric-compatible with Arial and present wherever librsvg runs here. */
export const FONT = "'Liberation Sans', Arial, Helvetica, sans-serif"

export const C = {
  navy: '#10294b',
  navyDark: '#0b1f3a',
  blue: '#2f5c96',
  teal: '#0f7a63',
  tealLight: '#4fb89c',
  mint: '#d0eee6',
  amber: '#d9a23d',
  red: '#b42318',
  ink: '#222e3f',
  ink2: '#46566c',
  ink3: '#7b8ca3',
  grid: '#e1e5ea',
  line: '#c8d0da',
  pale: '#f5f7fa',
  input: '#fff8dc',
  inputText: '#1d4ed8',
  header: '#e8edf3',
  white: '#ffffff',
} as const

function esc(text: string | number): string {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

interface TextOpts {
  size?: number
  weight?: number | 'bold' | 'normal'
  fill?: string
  anchor?: 'start' | 'middle' | 'end'
  italic?: boolean
  family?: string
  spacing?: number
}

export function text(x: number, y: number, value: string | number, o: TextOpts = {}): string {
  const attrs = [
    `x="${x.toFixed(1)}"`,
    `y="${y.toFixed(1)}"`,
    `font-family="${o.family ?? FONT}"`,
    `font-size="${o.size ?? 12}"`,
    `fill="${o.fill ?? C.ink}"`,
  ]
  if (o.weight && o.weight !== 'normal') attrs.push(`font-weight="${o.weight}"`)
  if (o.anchor && o.anchor !== 'start') attrs.push(`text-anchor="${o.anchor}"`)
  if (o.italic) attrs.push('font-style="italic"')
  if (o.spacing) attrs.push(`letter-spacing="${o.spacing}"`)
  return `<text ${attrs.join(' ')}>${esc(value)}</text>`
}

export function rect(
  x: number,
  y: number,
  w: number,
  h: number,
  fill: string,
  extra: { stroke?: string; rx?: number; opacity?: number; strokeWidth?: number } = {},
): string {
  const attrs = [
    `x="${x.toFixed(1)}"`,
    `y="${y.toFixed(1)}"`,
    `width="${Math.max(0, w).toFixed(1)}"`,
    `height="${Math.max(0, h).toFixed(1)}"`,
    `fill="${fill}"`,
  ]
  if (extra.stroke)
    attrs.push(`stroke="${extra.stroke}"`, `stroke-width="${extra.strokeWidth ?? 1}"`)
  if (extra.rx) attrs.push(`rx="${extra.rx}"`)
  if (extra.opacity !== undefined) attrs.push(`opacity="${extra.opacity}"`)
  return `<rect ${attrs.join(' ')}/>`
}

export function line(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stroke: string,
  width = 1,
  dash?: string,
): string {
  return `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="${stroke}" stroke-width="${width}"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`
}

export function polyline(
  points: [number, number][],
  stroke: string,
  width = 2,
  dash?: string,
): string {
  const d = points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')
  return `<polyline points="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linejoin="round"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`
}

export function polygon(points: [number, number][], fill: string, opacity = 1): string {
  const d = points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')
  return `<polygon points="${d}" fill="${fill}" opacity="${opacity}"/>`
}

export function circle(cx: number, cy: number, r: number, fill: string, stroke?: string): string {
  return `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${r}" fill="${fill}"${stroke ? ` stroke="${stroke}" stroke-width="1.5"` : ''}/>`
}

/** $M with one decimal; negatives in parentheses, as a finance model shows them. */
export function money(value: number, decimals = 1): string {
  const abs = Math.abs(value).toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  })
  if (Math.abs(value) < 0.05 && decimals <= 1) return '-'
  return value < 0 ? `(${abs})` : abs
}

export function pct(value: number, decimals = 1): string {
  return `${(value * 100).toFixed(decimals)}%`
}

export function multiple(value: number): string {
  return `${value.toFixed(2)}x`
}

export function svgDocument(width: number, height: number, body: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body.join('')}</svg>`
}

/** Excel's column names: A..Z, AA.. */
export function columnName(index: number): string {
  let name = ''
  let n = index + 1
  while (n > 0) {
    const rem = (n - 1) % 26
    name = String.fromCharCode(65 + rem) + name
    n = Math.floor((n - 1) / 26)
  }
  return name
}
