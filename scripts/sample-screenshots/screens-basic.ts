/**
 * The six Basic model screens (the default Basic set, docs/product.md, "Routes and screens"): plain
 * Excel tabs with gridlines.
 */
import { chart } from './charts.ts'
import { GRID_Y, type Screen, type Sheet } from './excel.ts'
import {
  BASIC_FILE,
  BASIC_TABS,
  CONTENT_RIGHT,
  CONTENT_X,
  rowOf,
  sheetTitle,
  table,
  type Column,
} from './common.ts'
import {
  AS_OF,
  PACING,
  STRATEGIES,
  STRATEGY_COLORS,
  metricsAsOf,
  type FundProjection,
  type Programme,
  type Strategy,
} from './projection.ts'
import { C, line, money, multiple, pct, rect, text } from './svg.ts'

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i)

/** Column A is the outline margin, then labels, then numbers. */
const FUND_WIDTHS = [
  26, 150, 104, 104, 104, 104, 104, 104, 76, 76, 18, 100, 100, 100, 100, 100, 100, 100,
]

function base(active: string, draw: (sheet: Sheet) => void, extra: Partial<Screen>): Screen {
  return {
    file: BASIC_FILE,
    tabs: BASIC_TABS,
    active,
    nameBox: 'A1',
    formula: '',
    gridlines: true,
    widths: FUND_WIDTHS,
    draw,
    ...extra,
  }
}

function inputCell(sheet: Sheet, col: number, row: number, value: string, span = 1): void {
  sheet.cell(col, row, value, { fill: C.input, color: C.inputText, span, border: 'box' })
}

/** The fund header block of a fund tab (rows 3-8) and its performance block. */
function fundHeader(sheet: Sheet, projection: FundProjection): void {
  const f = projection.fund
  const mt = metricsAsOf(projection)
  sheetTitle(
    sheet,
    1,
    `Fund 05  ·  ${f.name}`,
    `Annual view of calls, distributions and NAV. Actuals to ${AS_OF.label}, then the pacing projection.`,
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
  sheet.band(5, 3, 5, `Performance to ${AS_OF.label}`)
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

function fundTab(p: Programme, expanded: boolean): Screen {
  const projection = p.existing[7]!
  const years = range(projection.fund.vintage, projection.fund.vintage + 13)
  return base(
    'Fund 05',
    (sheet) => {
      fundHeader(sheet, projection)
      ledgerHeader(sheet, 10)
      let row = 11
      const cum = { paid: 0, dist: 0 }
      const collapsedRows: number[] = []
      const openRows: number[] = []
      const expandYears = expanded ? [2024, 2025] : []
      for (const year of years) {
        const quarters = projection.quarters.filter((q) => q.year === year)
        const last = quarters[quarters.length - 1]
        const t: Totals = { calls: 0, dists: 0, nav: last?.nav ?? 0, unfunded: last?.unfunded ?? 0 }
        const forecast = year > AS_OF.year
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
          ledgerRow(
            sheet,
            row++,
            forecast ? `${year} (F)` : year === AS_OF.year ? `${year} (A+F)` : String(year),
            t,
            cum,
            { forecast },
          )
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
          forecastFrom: years.indexOf(2026),
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
          forecastFrom: years.indexOf(2026),
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

export function basicScreens(p: Programme): Record<string, Screen> {
  const funds = p.existing.filter((f) => f.fund.vintage >= 2020)
  const assumptions = base(
    'Assumptions',
    (sheet) => {
      sheetTitle(
        sheet,
        1,
        'Assumptions',
        'Takahashi-Alexander pacing parameters by strategy. Change the blue cells; everything else recalculates.',
      )
      const headers = [
        'Strategy',
        'RC yr 1',
        'RC yr 2',
        'RC yr 3',
        'RC yr 4+',
        'Life (yrs)',
        'Bow',
        'Growth',
        'Yield',
      ]
      headers.forEach((h, i) =>
        sheet.cell(1 + i, 3, h, {
          fill: C.navy,
          color: C.white,
          bold: true,
          align: i === 0 ? 'left' : 'right',
        }),
      )
      STRATEGIES.forEach((s, r) => {
        const pr = PACING[s]
        sheet.cell(1, 4 + r, s)
        const values = [
          ...pr.callRates.map((v) => pct(v, 0)),
          String(pr.life),
          pr.bow.toFixed(1),
          pct(pr.growth),
          pct(pr.yield),
        ]
        values.forEach((v, i) =>
          sheet.cell(2 + i, 4 + r, v, {
            fill: C.input,
            color: C.inputText,
            align: 'right',
            border: 'box',
          }),
        )
      })
      sheet.cell(1, 11, 'General settings', { fill: C.navy, color: C.white, bold: true, span: 3 })
      const general: [string, string][] = [
        ['As-of date', AS_OF.label],
        ['Projection start', '31-Dec-2025'],
        ['Time span', '20 years'],
        ['Periodicity', 'Annual'],
        ['Currency', 'USD millions'],
        ['Total portfolio', money(p.totalPortfolio[9]!)],
        ['Private target', pct(p.privateTarget, 0)],
      ]
      general.forEach(([k, v], i) => {
        sheet.cell(1, 12 + i, k, { color: C.ink2 })
        sheet.cell(2, 12 + i, v, {
          fill: C.input,
          color: C.inputText,
          align: 'right',
          border: 'box',
          span: 2,
        })
      })
      sheet.cell(5, 11, 'How the model uses them', {
        fill: C.navy,
        color: C.white,
        bold: true,
        span: 5,
      })
      const notes = [
        'Calls each year = RC × unfunded commitment',
        'Distributions = (age / life) ^ bow × NAV after growth',
        'NAV = NAV × (1 + growth) + calls − distributions',
        'Yield adds a fixed payout for income strategies',
        'Actual quarters override the projection',
        'Max. 5 years of actuals per fund',
      ]
      notes.forEach((n, i) => sheet.cell(5, 12 + i, `${i + 1}.  ${n}`, { color: C.ink, span: 5 }))
      const ages = range(0, 14)
      const curve = (s: Strategy) => {
        const pr = PACING[s]
        let nav = 0
        let unfunded = 10
        return ages.map((age) => {
          if (age > 0) {
            const call = pr.callRates[Math.min(3, age - 1)]! * unfunded
            const grown = nav * (1 + pr.growth)
            nav = grown + call - grown * Math.min(1, Math.pow(age / pr.life, pr.bow) + pr.yield)
            unfunded -= call
          }
          return nav
        })
      }
      const called = (s: Strategy) => {
        const pr = PACING[s]
        let unfunded = 1
        return ages.map((age) => {
          if (age > 0) unfunded -= pr.callRates[Math.min(3, age - 1)]! * unfunded
          return (1 - unfunded) * 100
        })
      }
      sheet.push(
        ...chart({
          x: sheet.x(1),
          y: sheet.y(20),
          w: sheet.width(1, 9),
          h: 330,
          title: 'Cumulative % of commitment called, by fund age',
          categories: ages.map((a) => `Yr ${a}`),
          lines: STRATEGIES.map((s) => ({ name: s, color: STRATEGY_COLORS[s], values: called(s) })),
          format: (v) => `${v.toFixed(0)}%`,
          labelEvery: 2,
        }),
      )
      const cx = sheet.x(11)
      sheet.push(
        ...chart({
          x: cx,
          y: sheet.y(3),
          w: CONTENT_RIGHT - cx,
          h: 380,
          title: 'NAV of a $10M commitment by fund age',
          subtitle: 'One curve per strategy, from the parameters on the left',
          categories: ages.map((a) => `Yr ${a}`),
          lines: STRATEGIES.map((s) => ({ name: s, color: STRATEGY_COLORS[s], values: curve(s) })),
          format: (v) => `$${v.toFixed(0)}M`,
          labelEvery: 2,
        }),
      )
    },
    { nameBox: 'D6', formula: '=0.33', selection: [3, 5] },
  )

  const actuals = base(
    'Actuals',
    (sheet) => {
      sheetTitle(
        sheet,
        1,
        'Actuals',
        `Reported cash flows and NAV of every commitment, to ${AS_OF.label} (USD millions).`,
      )
      const columns: Column[] = [
        { label: 'Fund', w: sheet.width(1, 2) + 40, align: 'left' },
        { label: 'Strategy', w: 140, align: 'left' },
        { label: 'Vintage', w: 80, align: 'center' },
        { label: 'Commitment', w: 110 },
        { label: 'Paid-in', w: 104 },
        { label: 'Distributed', w: 110 },
        { label: 'NAV', w: 104 },
        { label: 'Unfunded', w: 104 },
        { label: 'DPI', w: 84 },
        { label: 'TVPI', w: 84 },
        { label: 'IRR', w: 84 },
        { label: 'Last report', w: 110, align: 'center' },
      ]
      const rows = funds.map((f) => {
        const mt = metricsAsOf(f)
        return [
          f.fund.name,
          f.fund.strategy,
          String(f.fund.vintage),
          money(f.fund.commitment),
          money(mt.paidIn),
          money(mt.distributed),
          money(mt.nav),
          money(mt.unfunded),
          multiple(mt.dpi),
          multiple(mt.tvpi),
          mt.irr === null ? 'n.m.' : pct(mt.irr),
          f.fund.vintage === 2025 ? '30-Jun-2025' : AS_OF.label,
        ]
      })
      const sum = (k: 'paidIn' | 'distributed' | 'nav' | 'unfunded') =>
        funds.reduce((s, f) => s + metricsAsOf(f)[k], 0)
      const paid = sum('paidIn')
      rows.push([
        'Total',
        '',
        '',
        money(funds.reduce((s, f) => s + f.fund.commitment, 0)),
        money(paid),
        money(sum('distributed')),
        money(sum('nav')),
        money(sum('unfunded')),
        multiple(sum('distributed') / paid),
        multiple((sum('distributed') + sum('nav')) / paid),
        '',
        '',
      ])
      table(sheet, sheet.x(1), sheet.y(3), columns, rows, {
        totalRows: [rows.length - 1],
        filters: true,
        zebra: false,
      })
      const years = range(2021, 2025)
      const by = years.map((y) => rowOf(p.glide, y))
      sheet.push(
        ...chart({
          x: sheet.x(1),
          y: sheet.y(24),
          w: 740,
          h: 282,
          title: 'Calls and distributions, last 5 years',
          categories: years,
          bars: [
            { name: 'Calls', color: C.navy, values: by.map((r) => r.calls) },
            { name: 'Distributions', color: C.tealLight, values: by.map((r) => r.dists) },
          ],
          format: (v) => `$${v.toFixed(0)}`,
        }),
      )
      sheet.push(
        ...chart({
          x: sheet.x(1) + 760,
          y: sheet.y(24),
          w: CONTENT_RIGHT - sheet.x(1) - 760,
          h: 282,
          title: 'NAV and unfunded at year end',
          categories: years,
          bars: [
            { name: 'NAV', color: C.blue, values: by.map((r) => r.nav) },
            { name: 'Unfunded', color: '#b3c8e6', values: by.map((r) => r.unfunded) },
          ],
          stacked: true,
          format: (v) => `$${v.toFixed(0)}`,
        }),
      )
    },
    {
      nameBox: 'H5',
      formula: '=SUMIFS(Quarters[Calls], Quarters[Fund], $B5, Quarters[Quarter], "<="&AsOfQuarter)',
      selection: undefined,
    },
  )

  const projected = base(
    'Projected',
    (sheet) => {
      sheetTitle(
        sheet,
        1,
        'Projected',
        'The pacing projection of all commitments, 2025-2044 (USD millions).',
      )
      const headers = [
        'Year',
        'Calls',
        'Distributions',
        'Net cash flow',
        'NAV',
        'Unfunded',
        'Exposure',
        'Private %',
        'Cum. net',
      ]
      headers.forEach((h, i) =>
        sheet.cell(1 + i, 3, h, {
          fill: C.navy,
          color: C.white,
          bold: true,
          align: i === 0 ? 'left' : 'right',
        }),
      )
      let cum = 0
      range(2025, 2038).forEach((year, i) => {
        const r = rowOf(p.glide, year)
        const total = p.totalPortfolio[year - 2016]!
        cum += r.dists - r.calls
        const values = [
          money(-r.calls),
          money(r.dists),
          money(r.dists - r.calls),
          money(r.nav),
          money(r.unfunded),
          money(r.nav + r.unfunded),
          pct(r.nav / total),
          money(cum),
        ]
        sheet.cell(1, 4 + i, year === 2025 ? '2025 (A+F)' : String(year), { bold: year === 2025 })
        values.forEach((v, k) =>
          sheet.cell(2 + k, 4 + i, v, { align: 'right', color: v.startsWith('(') ? C.red : C.ink }),
        )
      })
      const sy = range(2025, 2032)
      sheet.cell(1, 20, 'NAV by strategy', { fill: C.navy, color: C.white, bold: true })
      sy.forEach((y, i) =>
        sheet.cell(2 + i, 20, String(y), {
          fill: C.navy,
          color: C.white,
          bold: true,
          align: 'right',
        }),
      )
      STRATEGIES.forEach((st, r) => {
        sheet.cell(1, 21 + r, st)
        sy.forEach((y, i) =>
          sheet.cell(2 + i, 21 + r, money(rowOf(p.byStrategy[st].glide, y).nav), {
            align: 'right',
          }),
        )
      })
      sheet.cell(1, 27, 'Total', { bold: true, border: 'top' })
      sy.forEach((y, i) =>
        sheet.cell(2 + i, 27, money(rowOf(p.glide, y).nav), {
          align: 'right',
          bold: true,
          border: 'top',
        }),
      )
      sheet.cell(1, 29, 'Check: NAV roll-forward', { italic: true, color: C.ink3, span: 3 })
      sy.forEach((_, i) =>
        sheet.cell(2 + i, 29, 'OK', { align: 'right', color: C.teal, bold: true }),
      )
      const years = range(2025, 2044)
      const cx = sheet.x(11)
      sheet.push(
        ...chart({
          x: cx,
          y: sheet.y(3),
          w: CONTENT_RIGHT - cx,
          h: 360,
          title: 'NAV and unfunded commitments',
          subtitle: 'Existing commitments, base case',
          categories: years,
          areas: [
            { name: 'NAV', color: C.blue, values: years.map((y) => rowOf(p.glide, y).nav) },
            {
              name: 'Unfunded',
              color: '#b3c8e6',
              values: years.map((y) => rowOf(p.glide, y).unfunded),
            },
          ],
          format: (v) => `$${v.toFixed(0)}`,
          labelEvery: 2,
        }),
      )
      sheet.push(
        ...chart({
          x: cx,
          y: sheet.y(22),
          w: CONTENT_RIGHT - cx,
          h: 320,
          title: 'Calls and distributions',
          categories: years,
          bars: [
            { name: 'Calls', color: C.navy, values: years.map((y) => -rowOf(p.glide, y).calls) },
            {
              name: 'Distributions',
              color: C.tealLight,
              values: years.map((y) => rowOf(p.glide, y).dists),
            },
          ],
          stacked: true,
          format: (v) => `$${v.toFixed(0)}`,
          labelEvery: 2,
        }),
      )
    },
    { nameBox: 'F6', formula: '=F5*(1+Growth)+C6-D6', selection: [5, 5] },
  )

  const cover = base(
    'Cover',
    (sheet) => {
      const x = CONTENT_X
      sheet.push(rect(x, GRID_Y, CONTENT_RIGHT - x + 14, 766, C.white))
      sheet.push(rect(x, GRID_Y, 520, 766, C.navy))
      sheet.push(
        rect(x + 48, GRID_Y + 70, 56, 56, '#173a66', { rx: 12 }),
        rect(x + 60, GRID_Y + 100, 8, 16, '#7fcdb8', { rx: 2 }),
        rect(x + 72, GRID_Y + 90, 8, 26, '#4fb89c', { rx: 2 }),
        rect(x + 84, GRID_Y + 80, 8, 36, '#ffffff', { rx: 2 }),
      )
      sheet.push(
        text(x + 48, GRID_Y + 180, 'PacePoint', { size: 20, fill: '#7fcdb8', weight: 'bold' }),
      )
      sheet.push(
        text(x + 48, GRID_Y + 228, 'Basic Pacing Model', {
          size: 34,
          fill: C.white,
          weight: 'bold',
        }),
      )
      sheet.push(
        text(x + 48, GRID_Y + 262, 'Commitment monitoring for private-markets', {
          size: 15,
          fill: '#b3c8e6',
        }),
      )
      sheet.push(
        text(x + 48, GRID_Y + 284, 'programmes, built on the Takahashi-Alexander method.', {
          size: 15,
          fill: '#b3c8e6',
        }),
      )
      const facts: [string, string][] = [
        ['Version', '2.4 (build 2025.09)'],
        ['As-of date', AS_OF.label],
        ['Time span', '20 years'],
        ['Actuals', 'up to 5 years per fund'],
        ['Licensed to', 'Example Family Office'],
        ['Requires', 'Windows, Excel 365'],
      ]
      facts.forEach(([k, v], i) => {
        sheet.push(
          text(x + 48, GRID_Y + 360 + i * 34, k.toUpperCase(), {
            size: 10.5,
            fill: '#7b9fd0',
            weight: 'bold',
            spacing: 0.8,
          }),
        )
        sheet.push(text(x + 200, GRID_Y + 360 + i * 34, v, { size: 14, fill: C.white }))
        sheet.push(line(x + 48, GRID_Y + 370 + i * 34, x + 470, GRID_Y + 370 + i * 34, '#173a66'))
      })
      const rx = x + 580
      sheet.push(text(rx, GRID_Y + 80, 'Contents', { size: 22, weight: 'bold', fill: C.navy }))
      const contents: [string, string][] = [
        ['Assumptions', 'Pacing parameters by strategy and general settings'],
        ['Actuals', 'Reported calls, distributions and NAV per fund'],
        ['Projected', 'Portfolio projection: cash flows, NAV, exposure'],
        ['Fund 01 - Fund 10', 'One tab per commitment, annual or quarterly'],
      ]
      contents.forEach(([k, v], i) => {
        const y = GRID_Y + 122 + i * 46
        sheet.push(
          text(rx, y, k, { size: 15, fill: C.blue, weight: 'bold' }),
          line(rx, y + 3, rx + k.length * 8.4, y + 3, C.blue),
        )
        sheet.push(text(rx + 190, y, v, { size: 14, fill: C.ink2 }))
        sheet.push(line(rx, y + 18, CONTENT_RIGHT - 40, y + 18, C.grid))
      })
      sheet.push(
        text(rx, GRID_Y + 344, 'How to use this model', { size: 22, weight: 'bold', fill: C.navy }),
      )
      const steps = [
        'Enter the general settings and your strategy assumptions on the Assumptions tab.',
        'Add each commitment on its own Fund tab: strategy, vintage, commitment size.',
        'Each quarter, paste the capital account statements into the fund tabs.',
        'Review the Projected tab: calls, distributions and NAV for the next 20 years.',
        'Blue cells are inputs; black cells are formulas and should not be overwritten.',
      ]
      steps.forEach((s, i) => {
        const y = GRID_Y + 388 + i * 40
        sheet.push(
          rect(rx, y - 17, 24, 24, C.mint, { rx: 12 }),
          text(rx + 12, y, i + 1, { size: 13, weight: 'bold', fill: C.teal, anchor: 'middle' }),
        )
        sheet.push(text(rx + 38, y, s, { size: 14, fill: C.ink }))
      })
      sheet.push(
        rect(rx, GRID_Y + 610, CONTENT_RIGHT - 40 - rx, 92, '#f5f7fa', { rx: 6, stroke: C.grid }),
      )
      sheet.push(text(rx + 20, GRID_Y + 640, 'Support', { size: 14, weight: 'bold', fill: C.navy }))
      sheet.push(
        text(
          rx + 20,
          GRID_Y + 664,
          'Setup guide and documentation: see the links in your download e-mail. Questions: e-mail support,',
          { size: 13, fill: C.ink2 },
        ),
      )
      sheet.push(
        text(
          rx + 20,
          GRID_Y + 684,
          'answered within one business day. License for one machine, non-transferable.',
          { size: 13, fill: C.ink2 },
        ),
      )
    },
    {
      nameBox: 'B2',
      formula: '',
      gridlines: false,
      widths: [
        64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64,
        64,
      ],
    },
  )

  return {
    'Fund_Tab_Collapsed.png': fundTab(p, false),
    'Fund_Tab_Expanded.png': fundTab(p, true),
    'Assumptions_Inputs.png': assumptions,
    'Actuals.png': actuals,
    'Projected.png': projected,
    'Cover.png': cover,
  }
}
