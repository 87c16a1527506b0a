/**
 * The Excel window around each sample screen: title bar, ribbon, formula bar, column letters
 * and row numbers, gridlines, sheet tabs and status bar; plus a Sheet helper that places text
 * and tables on the cell grid of the screen's own column widths.
 */
import { C, FONT, columnName, line, money, rect, svgDocument, text } from './svg.ts'

export const WIDTH = 1600
const HEIGHT = 1000

const TITLE_H = 32
const TABS_Y = TITLE_H
const TABS_H = 28
const RIBBON_Y = TABS_Y + TABS_H
const RIBBON_H = 64
const FORMULA_Y = RIBBON_Y + RIBBON_H + 4
const FORMULA_H = 26
const HEADER_Y = FORMULA_Y + FORMULA_H + 6
const HEADER_H = 20
const GRID_X = 40
export const GRID_Y = HEADER_Y + HEADER_H
const STATUS_H = 24
const TABS_BOTTOM_H = 30
const GRID_BOTTOM = HEIGHT - STATUS_H - TABS_BOTTOM_H
export const ROW_H = 20

const EXCEL_GREEN = '#1e6b41'

type Align = 'left' | 'right' | 'center'

interface CellStyle {
  align?: Align
  bold?: boolean
  italic?: boolean
  fill?: string
  color?: string
  size?: number
  /** Columns the cell spans (merged). */
  span?: number
  border?: 'bottom' | 'top' | 'box' | 'double'
  indent?: number
}

export class Sheet {
  readonly parts: string[] = []
  readonly xs: number[]

  constructor(readonly widths: number[]) {
    this.xs = [GRID_X]
    for (const w of widths) this.xs.push(this.xs[this.xs.length - 1]! + w)
  }

  x(col: number): number {
    return this.xs[Math.min(col, this.xs.length - 1)]!
  }

  y(row: number): number {
    return GRID_Y + row * ROW_H
  }

  width(col: number, span = 1): number {
    return this.x(col + span) - this.x(col)
  }

  fill(col: number, row: number, cols: number, rows: number, color: string): void {
    this.parts.push(rect(this.x(col), this.y(row), this.width(col, cols), rows * ROW_H, color))
  }

  cell(col: number, row: number, value: string | number, style: CellStyle = {}): void {
    const span = style.span ?? 1
    const x = this.x(col)
    const w = this.width(col, span)
    const y = this.y(row)
    if (style.fill) this.parts.push(rect(x, y, w, ROW_H, style.fill))
    if (style.border === 'bottom')
      this.parts.push(line(x, y + ROW_H - 0.5, x + w, y + ROW_H - 0.5, C.ink2, 1))
    if (style.border === 'top') this.parts.push(line(x, y + 0.5, x + w, y + 0.5, C.ink2, 1))
    if (style.border === 'double') {
      this.parts.push(line(x, y + 0.5, x + w, y + 0.5, C.ink2, 1))
      this.parts.push(line(x, y + ROW_H - 2.5, x + w, y + ROW_H - 2.5, C.ink2, 1))
      this.parts.push(line(x, y + ROW_H - 0.5, x + w, y + ROW_H - 0.5, C.ink2, 1))
    }
    if (style.border === 'box')
      this.parts.push(rect(x + 0.5, y + 0.5, w - 1, ROW_H - 1, 'none', { stroke: C.line }))
    if (value === '') return
    const align = style.align ?? (typeof value === 'number' ? 'right' : 'left')
    const tx =
      align === 'right'
        ? x + w - 5
        : align === 'center'
          ? x + w / 2
          : x + 5 + (style.indent ?? 0) * 12
    this.parts.push(
      text(tx, y + ROW_H - 6, typeof value === 'number' ? money(value) : value, {
        size: style.size ?? 12,
        weight: style.bold ? 'bold' : 'normal',
        italic: style.italic,
        fill: style.color ?? C.ink,
        anchor: align === 'right' ? 'end' : align === 'center' ? 'middle' : 'start',
      }),
    )
  }

  /** A header band across columns, navy with white bold text (the model's own style). */
  band(col: number, row: number, span: number, title: string, fill: string = C.navy): void {
    this.cell(col, row, title, { span, fill, color: C.white, bold: true })
  }

  /** Outline (grouping) markers in the left margin, as Excel shows grouped rows. */
  outline(rows: number[], collapsed: boolean): void {
    for (const row of rows) {
      const y = this.y(row) + 4
      const x = GRID_X + 6
      this.parts.push(rect(x, y, 12, 12, C.white, { stroke: '#8a96a8' }))
      this.parts.push(line(x + 3, y + 6, x + 9, y + 6, '#445', 1.2))
      if (collapsed) this.parts.push(line(x + 6, y + 3, x + 6, y + 9, '#445', 1.2))
    }
  }

  push(...svg: string[]): void {
    this.parts.push(...svg)
  }
}

export interface Screen {
  file: string
  tabs: string[]
  active: string
  nameBox: string
  formula: string
  gridlines: boolean
  widths: number[]
  /** The cell of the selection box: [col, row]. */
  selection?: [number, number]
  status?: string
  draw: (sheet: Sheet) => void
}

/** Different analysts open different workbooks (one set of initials looked staged). */
const USERS = [
  ['AK', '#3f8f63'],
  ['LS', '#6b4fa0'],
  ['RB', '#b0562f'],
  ['DP', '#2f6fb0'],
  ['TN', '#8a6d1f'],
  ['MC', '#a03f6b'],
] as const

function userOf(seed: string): readonly [string, string] {
  let h = 0
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) >>> 0
  return USERS[h % USERS.length]!
}

function titleBar(file: string, seed: string): string[] {
  const [initials, colour] = userOf(seed)
  const parts = [rect(0, 0, WIDTH, TITLE_H, EXCEL_GREEN)]
  // Quick access: save, undo, redo
  parts.push(
    rect(14, 9, 14, 14, 'none', { stroke: '#dbeee3', rx: 2 }),
    rect(17, 9, 8, 5, '#dbeee3'),
  )
  parts.push(text(44, 21, 'AutoSave', { size: 12, fill: '#e7f3ec' }))
  parts.push(
    rect(102, 10, 26, 13, '#0f4f2d', { rx: 6.5 }),
    `<circle cx="110" cy="16.5" r="4.5" fill="#e7f3ec"/>`,
    text(117, 20, 'Off', { size: 8, fill: '#e7f3ec' }),
  )
  parts.push(text(146, 21, '↶   ↷', { size: 14, fill: '#e7f3ec' }))
  parts.push(
    text(WIDTH / 2, 21, `${file}  -  Excel`, { size: 13, fill: C.white, anchor: 'middle' }),
  )
  parts.push(
    rect(WIDTH - 520, 7, 260, 19, '#2d7d52', { rx: 4 }),
    text(WIDTH - 500, 21, '⌕  Search', { size: 12, fill: '#d5ecdf' }),
  )
  parts.push(
    `<circle cx="${WIDTH - 190}" cy="16" r="10" fill="${colour}" stroke="#e7f3ec" stroke-width="1"/>`,
    text(WIDTH - 190, 20.5, initials, {
      size: 10,
      fill: C.white,
      anchor: 'middle',
      weight: 'bold',
    }),
  )
  parts.push(text(WIDTH - 130, 21, '—', { size: 13, fill: C.white, anchor: 'middle' }))
  parts.push(rect(WIDTH - 86, 11, 10, 10, 'none', { stroke: C.white }))
  parts.push(text(WIDTH - 30, 21.5, '✕', { size: 13, fill: C.white, anchor: 'middle' }))
  return parts
}

/** The model's add-in group: only Advanced has scenarios and Glide/Flight views (pricing.ts). */
function ribbon(advanced: boolean): string[] {
  const parts = [rect(0, TABS_Y, WIDTH, TABS_H + RIBBON_H + 2, '#f3f3f3')]
  const tabs = [
    'File',
    'Home',
    'Insert',
    'Page Layout',
    'Formulas',
    'Data',
    'Review',
    'View',
    'Developer',
    'PacePoint',
  ]
  let x = 16
  for (const tab of tabs) {
    const w = tab.length * 7 + 22
    const active = tab === 'Home'
    parts.push(
      text(x + w / 2, TABS_Y + 19, tab, {
        size: 12.5,
        anchor: 'middle',
        fill: active ? EXCEL_GREEN : '#333',
        weight: active || tab === 'PacePoint' ? 'bold' : 'normal',
      }),
    )
    if (active) parts.push(rect(x + 8, TABS_Y + 25, w - 16, 3, EXCEL_GREEN))
    x += w
  }
  parts.push(
    text(WIDTH - 130, TABS_Y + 19, 'Comments', { size: 12, fill: '#333' }),
    rect(WIDTH - 58, TABS_Y + 5, 46, 19, EXCEL_GREEN, { rx: 3 }),
    text(WIDTH - 35, TABS_Y + 18.5, 'Share', { size: 11, fill: C.white, anchor: 'middle' }),
  )
  const top = RIBBON_Y + 6
  const label = (cx: number, value: string) =>
    text(cx, RIBBON_Y + RIBBON_H - 5, value, { size: 10, fill: '#666', anchor: 'middle' })
  const sep = (sx: number) => line(sx, RIBBON_Y + 6, sx, RIBBON_Y + RIBBON_H - 6, '#d6d6d6')
  const small = (sx: number, sy: number, value: string, bold = false) =>
    text(sx, sy, value, { size: 11, fill: '#333', weight: bold ? 'bold' : 'normal' })
  // Clipboard
  parts.push(
    rect(22, top + 2, 22, 28, '#fff', { stroke: '#888', rx: 2 }),
    rect(28, top - 1, 10, 6, '#b8b8b8', { rx: 1 }),
    text(33, top + 43, 'Paste', { size: 10.5, anchor: 'middle', fill: '#333' }),
  )
  parts.push(
    small(56, top + 10, '✂  Cut'),
    small(56, top + 25, '⧉  Copy'),
    small(56, top + 40, '⚒  Format Painter'),
  )
  parts.push(label(90, 'Clipboard'), sep(170))
  // Font
  parts.push(
    rect(182, top, 120, 20, '#fff', { stroke: '#bbb' }),
    small(188, top + 14, 'Calibri'),
    rect(306, top, 34, 20, '#fff', { stroke: '#bbb' }),
    small(313, top + 14, '11'),
  )
  parts.push(small(350, top + 14, 'A⁺  A⁻'))
  parts.push(
    text(190, top + 40, 'B', { size: 13, weight: 'bold', fill: '#222' }),
    text(212, top + 40, 'I', { size: 13, italic: true, fill: '#222' }),
    text(230, top + 40, 'U', { size: 13, fill: '#222' }),
    line(229, top + 42, 240, top + 42, '#222'),
  )
  parts.push(
    rect(256, top + 28, 14, 14, 'none', { stroke: '#555' }),
    line(263, top + 28, 263, top + 42, '#555'),
    line(256, top + 35, 270, top + 35, '#555'),
  )
  parts.push(
    rect(290, top + 28, 12, 10, '#fff', { stroke: '#555' }),
    rect(288, top + 40, 18, 4, '#ffd54a'),
  )
  parts.push(
    text(324, top + 39, 'A', { size: 13, fill: '#222', anchor: 'middle' }),
    rect(316, top + 40, 18, 4, '#d13438'),
  )
  parts.push(label(275, 'Font'), sep(392))
  // Alignment
  for (let i = 0; i < 3; i++) {
    const ax = 404 + i * 22
    for (let j = 0; j < 3; j++)
      parts.push(line(ax, top + 4 + j * 5, ax + (j === 1 ? 10 : 14), top + 4 + j * 5, '#555', 1.3))
    for (let j = 0; j < 3; j++) {
      const w = j === 1 ? 10 : 14
      const lx = i === 0 ? ax : i === 1 ? ax + (14 - w) / 2 : ax + 14 - w
      parts.push(line(lx, top + 28 + j * 5, lx + w, top + 28 + j * 5, '#555', 1.3))
    }
  }
  parts.push(small(478, top + 14, '↵  Wrap Text'), small(478, top + 38, '⇔  Merge & Center ▾'))
  parts.push(label(510, 'Alignment'), sep(608))
  // Number
  parts.push(
    rect(620, top, 118, 20, '#fff', { stroke: '#bbb' }),
    small(626, top + 14, 'Number'),
    small(726, top + 14, '▾'),
  )
  parts.push(
    small(622, top + 39, '$ ▾'),
    small(652, top + 39, '%'),
    small(676, top + 39, ','),
    small(694, top + 39, '←.0  .00→'),
  )
  parts.push(label(680, 'Number'), sep(752))
  // Styles
  const styleIcon = (sx: number, colors: string[]) =>
    colors.map((c, i) => rect(sx + (i % 2) * 9, top - 3 + Math.floor(i / 2) * 9, 8, 8, c))
  parts.push(
    ...styleIcon(772, ['#d9e7f5', '#f8cbad', '#c6e0b4', '#ffe699']),
    text(782, top + 31, 'Conditional', { size: 10.5, anchor: 'middle', fill: '#333' }),
    text(782, top + 42, 'Formatting ▾', { size: 10.5, anchor: 'middle', fill: '#333' }),
  )
  parts.push(
    ...styleIcon(846, ['#10294b', '#2f5c96', '#b3c8e6', '#eef3fa']),
    text(856, top + 31, 'Format as', { size: 10.5, anchor: 'middle', fill: '#333' }),
    text(856, top + 42, 'Table ▾', { size: 10.5, anchor: 'middle', fill: '#333' }),
  )
  parts.push(
    ...styleIcon(914, ['#fff2cc', '#e2efda', '#fce4d6', '#ddebf7']),
    text(924, top + 31, 'Cell', { size: 10.5, anchor: 'middle', fill: '#333' }),
    text(924, top + 42, 'Styles ▾', { size: 10.5, anchor: 'middle', fill: '#333' }),
  )
  parts.push(label(850, 'Styles'), sep(962))
  // Cells
  parts.push(
    small(976, top + 12, '⊞  Insert ▾'),
    small(976, top + 27, '⊟  Delete ▾'),
    small(976, top + 42, '▦  Format ▾'),
  )
  parts.push(label(1010, 'Cells'), sep(1062))
  // Editing
  parts.push(
    small(1076, top + 12, 'Σ  AutoSum ▾'),
    small(1076, top + 27, '⬇  Fill ▾'),
    small(1076, top + 42, '◇  Clear ▾'),
  )
  parts.push(
    small(1190, top + 20, 'Sort &'),
    small(1190, top + 34, 'Filter ▾'),
    small(1250, top + 20, 'Find &'),
    small(1250, top + 34, 'Select ▾'),
  )
  parts.push(label(1190, 'Editing'), sep(1314))
  // The model's add-in group
  parts.push(
    rect(1332, top, 26, 26, C.navy, { rx: 5 }),
    rect(1337, top + 14, 4, 8, '#7fcdb8'),
    rect(1343, top + 9, 4, 13, '#4fb89c'),
    rect(1349, top + 4, 4, 18, '#fff'),
  )
  parts.push(
    ...(advanced
      ? [
          small(1368, top + 12, 'Recalculate'),
          small(1368, top + 27, 'Scenario: Base ▾'),
          small(1368, top + 42, 'View: Flight ▾'),
        ]
      : [
          small(1368, top + 12, 'Recalculate'),
          small(1368, top + 27, 'Add fund tab'),
          small(1368, top + 42, 'Roll forward ▾'),
        ]),
  )
  parts.push(label(1400, 'Pacing'), sep(1490))
  return parts
}

function formulaBar(nameBox: string, formula: string): string[] {
  return [
    rect(0, FORMULA_Y - 4, WIDTH, FORMULA_H + 10, C.white),
    line(0, FORMULA_Y - 4, WIDTH, FORMULA_Y - 4, '#d6d6d6'),
    rect(6, FORMULA_Y, 96, FORMULA_H - 2, C.white, { stroke: '#c6c6c6' }),
    text(12, FORMULA_Y + 17, nameBox, { size: 12 }),
    text(92, FORMULA_Y + 16, '▾', { size: 9, fill: '#777' }),
    text(118, FORMULA_Y + 17, '⋮', { size: 12, fill: '#999' }),
    text(134, FORMULA_Y + 17, '✕   ✓', { size: 12, fill: '#999' }),
    text(184, FORMULA_Y + 17, 'fx', {
      size: 13,
      italic: true,
      fill: '#555',
      family: `'Liberation Serif', serif`,
    }),
    rect(206, FORMULA_Y, WIDTH - 212, FORMULA_H - 2, C.white, { stroke: '#c6c6c6' }),
    text(214, FORMULA_Y + 17, formula, { size: 12, family: FONT }),
  ]
}

function headers(sheet: Sheet, selection: [number, number] | undefined): string[] {
  const parts = [
    rect(0, HEADER_Y, WIDTH, HEADER_H, '#f0f0f0'),
    rect(0, GRID_Y, GRID_X, GRID_BOTTOM - GRID_Y, '#f0f0f0'),
  ]
  parts.push(
    line(0, HEADER_Y + HEADER_H - 0.5, WIDTH, HEADER_Y + HEADER_H - 0.5, '#c6c6c6'),
    line(GRID_X - 0.5, HEADER_Y, GRID_X - 0.5, GRID_BOTTOM, '#c6c6c6'),
  )
  // The select-all triangle
  parts.push(
    `<polygon points="${GRID_X - 5},${HEADER_Y + 4} ${GRID_X - 5},${HEADER_Y + HEADER_H - 4} ${GRID_X - 17},${HEADER_Y + HEADER_H - 4}" fill="#b5b5b5"/>`,
  )
  let col = 0
  let x = GRID_X
  while (x < WIDTH) {
    const w = sheet.widths[col] ?? 72
    const selected = selection?.[0] === col
    if (selected)
      parts.push(
        rect(x, HEADER_Y, w, HEADER_H, '#d2e8d9'),
        rect(x, HEADER_Y + HEADER_H - 2, w, 2, EXCEL_GREEN),
      )
    parts.push(line(x + w - 0.5, HEADER_Y + 3, x + w - 0.5, HEADER_Y + HEADER_H, '#d0d0d0'))
    if (w > 8)
      parts.push(
        text(x + w / 2, HEADER_Y + 14.5, columnName(col), {
          size: 11,
          anchor: 'middle',
          fill: selected ? EXCEL_GREEN : '#444',
          weight: selected ? 'bold' : 'normal',
        }),
      )
    x += w
    col++
  }
  for (let row = 0; GRID_Y + row * ROW_H < GRID_BOTTOM; row++) {
    const y = GRID_Y + row * ROW_H
    const selected = selection?.[1] === row
    if (selected)
      parts.push(rect(0, y, GRID_X, ROW_H, '#d2e8d9'), rect(GRID_X - 2, y, 2, ROW_H, EXCEL_GREEN))
    parts.push(line(0, y + ROW_H - 0.5, GRID_X, y + ROW_H - 0.5, '#d8d8d8'))
    parts.push(
      text(GRID_X - 6, y + 14.5, row + 1, {
        size: 11,
        anchor: 'end',
        fill: selected ? EXCEL_GREEN : '#555',
        weight: selected ? 'bold' : 'normal',
      }),
    )
  }
  return parts
}

function gridlines(sheet: Sheet): string[] {
  const parts: string[] = []
  let x = GRID_X
  for (let col = 0; x < WIDTH; col++) {
    x += sheet.widths[col] ?? 72
    parts.push(line(x - 0.5, GRID_Y, x - 0.5, GRID_BOTTOM, C.grid))
  }
  for (let y = GRID_Y + ROW_H; y < GRID_BOTTOM; y += ROW_H)
    parts.push(line(GRID_X, y - 0.5, WIDTH, y - 0.5, C.grid))
  return parts
}

function sheetTabs(tabs: string[], active: string): string[] {
  const y = GRID_BOTTOM
  const parts = [
    rect(0, y, WIDTH, TABS_BOTTOM_H, '#f3f3f3'),
    line(0, y + 0.5, WIDTH, y + 0.5, '#c6c6c6'),
  ]
  parts.push(
    text(16, y + 20, '◀', { size: 10, fill: '#999' }),
    text(34, y + 20, '▶', { size: 10, fill: '#999' }),
  )
  let x = 60
  for (const tab of tabs) {
    const w = tab.length * 7 + 26
    if (x + w > WIDTH - 260) {
      parts.push(text(x + 6, y + 20, '...', { size: 12, fill: '#666' }))
      break
    }
    if (tab === active) {
      parts.push(
        rect(x, y, w, TABS_BOTTOM_H - 4, C.white),
        rect(x + 6, y + TABS_BOTTOM_H - 7, w - 12, 3, EXCEL_GREEN),
      )
    }
    parts.push(
      text(x + w / 2, y + 19, tab, {
        size: 12,
        anchor: 'middle',
        fill: tab === active ? EXCEL_GREEN : '#333',
        weight: tab === active ? 'bold' : 'normal',
      }),
    )
    parts.push(line(x + w, y + 6, x + w, y + TABS_BOTTOM_H - 8, '#ccc'))
    x += w
  }
  parts.push(text(x + 16, y + 21, '⊕', { size: 15, fill: '#666' }))
  // The horizontal scroll bar
  parts.push(
    rect(WIDTH - 240, y + 8, 220, 14, '#e6e6e6', { rx: 7 }),
    rect(WIDTH - 236, y + 11, 80, 8, '#bdbdbd', { rx: 4 }),
  )
  return parts
}

function statusBar(status: string): string[] {
  const y = HEIGHT - STATUS_H
  return [
    rect(0, y, WIDTH, STATUS_H, '#f3f3f3'),
    line(0, y + 0.5, WIDTH, y + 0.5, '#d6d6d6'),
    text(14, y + 16, 'Ready', { size: 11.5, fill: '#444' }),
    text(80, y + 16, '⊙ Accessibility: Good to go', { size: 11.5, fill: '#444' }),
    text(WIDTH - 420, y + 16, status, { size: 11.5, fill: '#444', anchor: 'end' }),
    text(WIDTH - 380, y + 16, '▦   ▣   ▤', { size: 12, fill: '#555' }),
    line(WIDTH - 270, y + 12, WIDTH - 120, y + 12, '#999'),
    rect(WIDTH - 198, y + 7, 4, 10, '#555'),
    text(WIDTH - 282, y + 16, '−', { size: 13, fill: '#555' }),
    text(WIDTH - 112, y + 16, '+', { size: 13, fill: '#555' }),
    text(WIDTH - 60, y + 16, '100%', { size: 11.5, fill: '#444' }),
  ]
}

export function renderScreen(screen: Screen): string {
  const sheet = new Sheet(screen.widths)
  screen.draw(sheet)
  const body: string[] = [rect(0, 0, WIDTH, HEIGHT, C.white)]
  if (screen.gridlines) body.push(...gridlines(sheet))
  body.push(...sheet.parts)
  if (screen.selection) {
    const [col, row] = screen.selection
    const x = sheet.x(col)
    const y = sheet.y(row)
    body.push(
      rect(x - 1, y - 1, sheet.width(col) + 1, ROW_H + 1, 'none', {
        stroke: EXCEL_GREEN,
        strokeWidth: 2,
      }),
      rect(x + sheet.width(col) - 3, y + ROW_H - 3, 5, 5, EXCEL_GREEN),
    )
  }
  body.push(...headers(sheet, screen.selection))
  body.push(
    ...titleBar(screen.file, `${screen.file}/${screen.active}/${screen.nameBox}`),
    ...ribbon(!/Basic/.test(screen.file)),
    ...formulaBar(screen.nameBox, screen.formula),
  )
  body.push(...sheetTabs(screen.tabs, screen.active), ...statusBar(screen.status ?? ''))
  return svgDocument(WIDTH, HEIGHT, body)
}
