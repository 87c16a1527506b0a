/**
 * Basic model: a fund's tab (Fund_Tab_Collapsed.png, Fund_Tab_Expanded.png), its header block
 * and its yearly ledger, collapsed to the years or expanded to show the quarters.
 */
import { chart } from '../charts.ts'
import { CONTENT_RIGHT, sheetTitle } from '../common.ts'
import { type Screen, type Sheet } from '../excel.ts'
import { metricsAsOf, type FundProjection, type Programme } from '../projection.ts'
import { yearRow, type AsOf } from '../sample-dates.ts'
import { C, line, money, multiple, pct, rect, text } from '../svg.ts'
import { base, range } from './frame.ts'

function inputCell(sheet: Sheet, col: number, row: number, value: string, span = 1): void {
  sheet.cell(col, row, value, { fill: C.input, color: C.inputText, span, border: 'box' })
}

/** The fund header block of a fund tab (rows 3-8) and its performance block. */
function fundHeader(sheet: Sheet, asOf: AsOf, projection: FundProjection): void {
  const f = projection.fund
  const mt = metricsAsOf(projection)
  sheetTitle(
    sheet,
    1,
    `Fund 05  ·  ${f.name}`,
    `Annual view of calls, distributions and NAV. Actuals to ${asOf.label}, then the pacing projection.`,
  )
  const info: [string, string][] = [
    ['Strategy', f.strategy],
    ['Vintage', String(f.vintage)],
    ['Commitment (USD m)', money(f.commitment)],
    ['Geography', f.geography],
    ['Pacing curve', `${f.strategy} base`],
  ]
  sheet.band(1, 3, 3, 'Commitment')
  info.forEach(([k, v], i) => {
    sheet.cell(1, 4 + i, k, { color: C.ink2 })
    inputCell(sheet, 2, 4 + i, v, 2)
  })
  sheet.band(5, 3, 5, `Performance to ${asOf.label}`)
  const perf: [string, string, string, string][] = [
    ['Paid-in', money(mt.paidIn), 'DPI', multiple(mt.dpi)],
    ['Distributed', money(mt.distributed), 'TVPI', multiple(mt.tvpi)],
    ['NAV', money(mt.nav), 'Net IRR', pct(mt.irr ?? 0)],
    ['Unfunded', money(mt.unfunded), '% called', pct(mt.paidIn / f.commitment)],
  ]
  perf.forEach(([a, b, c, d], i) => {
    sheet.cell(5, 4 + i, a, { color: C.ink2 })
    sheet.cell(6, 4 + i, b, { align: 'right' })
    sheet.cell(7, 4 + i, c, { color: C.ink2 })
    sheet.cell(8, 4 + i, d, { align: 'right', bold: true, color: C.navy, span: 2 })
  })
}

const LEDGER_HEADER = [
  'Period',
  'Calls',
  'Distributions',
  'Net cash flow',
  'NAV',
  'Unfunded',
  'Cum. paid-in',
  'DPI',
  'TVPI',
]

function ledgerHeader(sheet: Sheet, row: number): void {
  LEDGER_HEADER.forEach((label, i) =>
    sheet.cell(1 + i, row, label, {
      fill: C.navy,
      color: C.white,
      bold: true,
      align: i === 0 ? 'left' : 'right',
    }),
  )
}

interface Totals {
  calls: number
  dists: number
  nav: number
  unfunded: number
}

function ledgerRow(
  sheet: Sheet,
  row: number,
  label: string,
  t: Totals,
  cum: { paid: number; dist: number },
  o: { bold?: boolean; indent?: boolean; forecast?: boolean },
): void {
  const color = o.forecast ? C.ink2 : C.ink
  sheet.cell(1, row, label, {
    bold: o.bold,
    indent: o.indent ? 1 : 0,
    color: o.indent ? C.ink2 : C.ink,
  })
  const values = [
    money(-t.calls),
    money(t.dists),
    money(t.dists - t.calls),
    money(t.nav),
    money(t.unfunded),
    money(cum.paid),
    multiple(cum.paid ? cum.dist / cum.paid : 0),
    multiple(cum.paid ? (cum.dist + t.nav) / cum.paid : 0),
  ]
  values.forEach((v, i) =>
    sheet.cell(2 + i, row, v, {
      align: 'right',
      bold: o.bold,
      color: v.startsWith('(') ? C.red : color,
      fill: o.bold && o.indent === undefined ? undefined : undefined,
    }),
  )
  if (o.bold)
    sheet.push(line(sheet.x(1), sheet.y(row) + 0.5, sheet.x(10), sheet.y(row) + 0.5, C.line))
}

export function fundTab(p: Programme, expanded: boolean): Screen {
  const { asOf } = p
  const projection = p.existing[7]!
  const years = range(projection.fund.vintage, projection.fund.vintage + 13)
  return base(
    'Fund 05',
    (sheet) => {
      fundHeader(sheet, asOf, projection)
      ledgerHeader(sheet, 10)
      let row = 11
      const cum = { paid: 0, dist: 0 }
      const collapsedRows: number[] = []
      const openRows: number[] = []
      const expandYears = expanded ? [asOf.year - 1, asOf.year] : []
      for (const year of years) {
        const quarters = projection.quarters.filter((q) => q.year === year)
        const last = quarters[quarters.length - 1]
        const t: Totals = { calls: 0, dists: 0, nav: last?.nav ?? 0, unfunded: last?.unfunded ?? 0 }
        const forecast = year > asOf.year
        if (expandYears.includes(year)) {
          openRows.push(row)
          const yearRow = row++
          for (const q of quarters) {
            t.calls += q.call
            t.dists += q.dist
            cum.paid += q.call
            cum.dist += q.dist
            ledgerRow(
              sheet,
              row++,
              `Q${q.q} ${year}${q.actual ? '' : ' (F)'}`,
              { calls: q.call, dists: q.dist, nav: q.nav, unfunded: q.unfunded },
              cum,
              { indent: true, forecast: !q.actual },
            )
          }
          ledgerRow(sheet, yearRow, `${year} total`, t, cum, { bold: true })
          sheet.fill(1, yearRow, 9, 1, '#eef3fa')
          ledgerRow(sheet, yearRow, `${year} total`, t, cum, { bold: true })
        } else {
          for (const q of quarters) {
            t.calls += q.call
            t.dists += q.dist
            cum.paid += q.call
            cum.dist += q.dist
          }
          collapsedRows.push(row)
          ledgerRow(sheet, row++, yearRow(asOf, year), t, cum, { forecast })
        }
        if (row > 36) break
      }
      sheet.outline(collapsedRows, true)
      sheet.outline(openRows, false)
      // The outline level buttons
      sheet.push(
        rect(sheet.x(0) + 4, sheet.y(9) + 3, 8, 14, '#f0f0f0', { stroke: '#aab' }),
        text(sheet.x(0) + 8, sheet.y(9) + 14, '1', { size: 9, anchor: 'middle', fill: '#333' }),
      )
      const cx = sheet.x(11)
      const yearly = years.map((y) => {
        const qs = projection.quarters.filter((q) => q.year === y)
        return {
          calls: qs.reduce((s, q) => s + q.call, 0),
          dists: qs.reduce((s, q) => s + q.dist, 0),
          nav: qs[qs.length - 1]?.nav ?? 0,
        }
      })
      sheet.push(
        ...chart({
          x: cx,
          y: sheet.y(3),
          w: CONTENT_RIGHT - cx,
          h: 330,
          title: 'Cash flows and NAV',
          subtitle: 'USD millions; forecast shaded',
          categories: years,
          bars: [
            { name: 'Calls', color: C.navy, values: yearly.map((y) => -y.calls) },
            { name: 'Distributions', color: C.tealLight, values: yearly.map((y) => y.dists) },
          ],
          lines: [{ name: 'NAV', color: C.amber, values: yearly.map((y) => y.nav) }],
          stacked: true,
          forecastFrom: years.indexOf(asOf.year + 1),
          labelEvery: 2,
        }),
      )
      let running = 0
      sheet.push(
        ...chart({
          x: cx,
          y: sheet.y(20),
          w: CONTENT_RIGHT - cx,
          h: 300,
          title: 'Cumulative net cash flow',
          categories: years,
          lines: [
            {
              name: 'Cumulative net cash flow',
              color: C.blue,
              values: yearly.map((y) => (running += y.dists - y.calls)),
            },
          ],
          forecastFrom: years.indexOf(asOf.year + 1),
          labelEvery: 2,
        }),
      )
    },
    {
      nameBox: expanded ? 'C20' : 'B12',
      formula: expanded
        ? '=SUMIFS(Quarterly!$D:$D, Quarterly!$A:$A, $B20)'
        : '=YEAR(Start)+ROW()-ROW($B$11)',
      selection: expanded ? [2, 20] : [1, 11],
    },
  )
}
