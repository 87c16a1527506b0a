/** Pieces the sample screens share: the model's title band, pixel tables, slicers, input cells. */
import { GRID_Y, ROW_H, WIDTH, type Sheet } from './excel.ts'
import type { Programme, Strategy, YearRow } from './projection.ts'
import { C, line, rect, text } from './svg.ts'

export const CONTENT_X = 40
export const CONTENT_RIGHT = WIDTH - 14

/** The navy band at the top of every model sheet: title, subtitle and setting chips. */
export function titleBand(
  sheet: Sheet,
  title: string,
  subtitle: string,
  chips: string[] = [],
): void {
  const y = GRID_Y
  sheet.push(rect(CONTENT_X, y, WIDTH - CONTENT_X, ROW_H * 3, C.navy))
  sheet.push(rect(CONTENT_X, y + ROW_H * 3 - 3, WIDTH - CONTENT_X, 3, C.tealLight))
  sheet.push(text(CONTENT_X + 18, y + 28, title, { size: 21, weight: 'bold', fill: C.white }))
  sheet.push(text(CONTENT_X + 18, y + 48, subtitle, { size: 11.5, fill: '#b3c8e6' }))
  // Settings as Excel shows them: a label and a white input cell with a data-validation
  // drop-down button, square-cornered (pill buttons read as a web page).
  let x = WIDTH - 20
  for (const chip of [...chips].reverse()) {
    if (!chip.includes(': ')) {
      // A note, not a setting: plain text in the band.
      sheet.push(text(x, y + 35.5, chip, { size: 11.5, fill: '#b3c8e6', anchor: 'end' }))
      x -= chip.length * 6.4 + 22
      continue
    }
    const [label = chip, value = ''] = chip.split(': ')
    const w = Math.max(value.length * 7 + 34, 74)
    x -= w
    sheet.push(rect(x, y + 20, w, 22, C.white, { stroke: '#8ea9c8' }))
    sheet.push(text(x + 6, y + 35.5, value, { size: 11.5, fill: C.inputText }))
    sheet.push(rect(x + w - 17, y + 21, 16, 20, '#f0f0f0', { stroke: '#c6c6c6' }))
    sheet.push(
      `<polygon points="${x + w - 13},${y + 29} ${x + w - 5},${y + 29} ${x + w - 9},${y + 34}" fill="#444"/>`,
    )
    x -= 6
    sheet.push(text(x, y + 35.5, label, { size: 11.5, fill: '#b3c8e6', anchor: 'end' }))
    x -= label.length * 6.4 + 16
  }
}

export interface Column {
  label: string
  w: number
  align?: 'left' | 'right' | 'center'
}

interface TableOptions {
  header?: string
  /** Index of rows to draw as a bold total with a rule above. */
  totalRows?: number[]
  /** Cells (row, col) shown as input cells: blue text on a pale yellow fill. */
  inputCols?: number[]
  zebra?: boolean
  colors?: (row: number, col: number, value: string) => string | undefined
  swatches?: (row: number) => string | undefined
  filters?: boolean
}

/** A table in pixels with 20 px rows: a navy header row, then rows of strings. */
export function table(
  sheet: Sheet,
  x: number,
  y: number,
  columns: Column[],
  rows: string[][],
  o: TableOptions = {},
): number {
  const width = columns.reduce((s, c) => s + c.w, 0)
  let cy = y
  if (o.header) {
    sheet.push(text(x + 2, cy + 14, o.header, { size: 13, weight: 'bold', fill: C.navy }))
    cy += ROW_H
  }
  sheet.push(rect(x, cy, width, ROW_H, C.header))
  sheet.push(line(x, cy + ROW_H - 0.75, x + width, cy + ROW_H - 0.75, C.navy, 1.5))
  let cx = x
  for (const col of columns) {
    const align = col.align ?? 'right'
    const tx =
      align === 'right'
        ? cx + col.w - (o.filters ? 22 : 6)
        : align === 'center'
          ? cx + col.w / 2
          : cx + 6
    sheet.push(
      text(tx, cy + 14, col.label, {
        size: 11.5,
        weight: 'bold',
        fill: C.navy,
        anchor: align === 'right' ? 'end' : align === 'center' ? 'middle' : 'start',
      }),
    )
    if (o.filters) {
      sheet.push(rect(cx + col.w - 17, cy + 3, 14, 15, C.white, { stroke: '#aab4c2' }))
      sheet.push(
        `<polygon points="${cx + col.w - 14},${cy + 9} ${cx + col.w - 6},${cy + 9} ${cx + col.w - 10},${cy + 13}" fill="#445"/>`,
      )
    }
    cx += col.w
  }
  cy += ROW_H
  rows.forEach((row, r) => {
    const total = o.totalRows?.includes(r)
    if (total) {
      sheet.push(rect(x, cy, width, ROW_H, '#eef3fa'))
      sheet.push(line(x, cy + 0.5, x + width, cy + 0.5, C.navy, 1))
    } else {
      // Filled cells hide the gridlines, as in Excel; the table's columns are its own.
      sheet.push(rect(x, cy, width, ROW_H, o.zebra !== false && r % 2 === 1 ? '#f8fafc' : C.white))
    }
    let cx2 = x
    row.forEach((value, c) => {
      const col = columns[c]
      if (!col) return
      const input = !total && o.inputCols?.includes(c)
      if (input)
        sheet.push(rect(cx2 + 1, cy + 1, col.w - 2, ROW_H - 2, C.input, { stroke: '#e8d9a0' }))
      const align = col.align ?? 'right'
      let tx = align === 'right' ? cx2 + col.w - 6 : align === 'center' ? cx2 + col.w / 2 : cx2 + 6
      const swatch = c === 0 ? o.swatches?.(r) : undefined
      if (swatch) {
        sheet.push(rect(cx2 + 6, cy + 5, 10, 10, swatch, { rx: 2 }))
        tx += 16
      }
      const color =
        o.colors?.(r, c, value) ?? (input ? C.inputText : value.startsWith('(') ? C.red : C.ink)
      sheet.push(
        text(tx, cy + 14.5, value, {
          size: 11.5,
          weight: total ? 'bold' : 'normal',
          fill: color,
          anchor: align === 'right' ? 'end' : align === 'center' ? 'middle' : 'start',
        }),
      )
      cx2 += col.w
    })
    sheet.push(line(x, cy + ROW_H - 0.5, x + width, cy + ROW_H - 0.5, '#e6eaef'))
    cy += ROW_H
  })
  return cy
}

/** An Excel slicer: a titled box of buttons, some selected. */
export function slicer(
  sheet: Sheet,
  x: number,
  y: number,
  w: number,
  title: string,
  items: string[],
  selected: string[],
): number {
  const h = 34 + items.length * 26
  sheet.push(rect(x, y, w, h, C.white, { stroke: '#c9d1db' }))
  sheet.push(text(x + 10, y + 20, title, { size: 12, weight: 'bold', fill: C.navy }))
  sheet.push(text(x + w - 34, y + 20, '☰  ⊘', { size: 11, fill: C.ink3 }))
  items.forEach((item, i) => {
    const on = selected.includes(item)
    sheet.push(
      rect(x + 8, y + 30 + i * 26, w - 16, 22, on ? '#d9e4f3' : '#f5f7fa', {
        rx: 2,
        stroke: on ? '#7b9fd0' : '#e1e5ea',
      }),
    )
    sheet.push(text(x + 16, y + 45 + i * 26, item, { size: 11.5, fill: on ? C.navy : C.ink3 }))
  })
  return y + h
}

export function rowOf(rows: YearRow[], year: number): YearRow {
  const row = rows[year - rows[0]!.year]
  if (row?.year !== year) throw new Error(`No projected year ${year}`)
  return row
}

/** The total portfolio (public and private) at the end of `year`, $M. */
export function portfolioAt(p: Programme, year: number): number {
  const value = p.totalPortfolio[year - p.years[0]!]
  if (value === undefined) throw new Error(`No projected year ${year}`)
  return value
}

export function strategyExposure(
  p: Programme,
  strategy: Strategy,
  year: number,
  view: 'glide' | 'flight' = 'flight',
): number {
  const row = rowOf(p.byStrategy[strategy][view], year)
  return row.nav + row.unfunded
}

export const ADVANCED_FILE = 'PacePoint_Advanced_Pacing_Model_v3.2.xlsm'
export const BASIC_FILE = 'PacePoint_Basic_Pacing_Model_v2.4.xlsm'

export const ADVANCED_TABS = [
  'Cover',
  'KPIs',
  'Exposure',
  'Cash Flow',
  'Planned',
  'Commitments',
  'Pacing',
  'Plan Inputs',
  'Targets',
  'Public',
  'Model 1',
  'Model 2',
  'F001',
  'F002',
  'F003',
  'F004',
  'F005',
  'F006',
]

export const BASIC_TABS = [
  'Cover',
  'Assumptions',
  'Actuals',
  'Projected',
  'Fund 01',
  'Fund 02',
  'Fund 03',
  'Fund 04',
  'Fund 05',
  'Fund 06',
  'Fund 07',
  'Fund 08',
  'Fund 09',
  'Fund 10',
]

/** Left-margin sheet of a plain model tab: a title in row 1 and a note in row 2. */
export function sheetTitle(sheet: Sheet, col: number, title: string, note: string): void {
  sheet.cell(col, 0, title, { bold: true, size: 17, color: C.navy, span: 6 })
  sheet.cell(col, 1, note, { size: 11.5, color: C.ink3, span: 8, italic: true })
}
