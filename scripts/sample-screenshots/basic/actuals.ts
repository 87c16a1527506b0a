/** Basic model: the Actuals screen (Actuals.png). */
import { chart } from '../charts.ts'
import { CONTENT_RIGHT, rowOf, sheetTitle, table, type Column } from '../common.ts'
import { type Screen } from '../excel.ts'
import { firstCloseQuarter, metricsAsOf, type Programme } from '../projection.ts'
import { C, money, multiple, pct } from '../svg.ts'
import { base, range } from './frame.ts'

export function actualsScreen(p: Programme): Screen {
  const { asOf } = p
  const funds = p.existing.filter((f) => f.fund.vintage >= asOf.year - 5)
  // A fund in its first year reports a quarter late, unless it closed in the as-of quarter.
  const lastReport = (vintage: number) =>
    vintage === asOf.year && firstCloseQuarter(asOf, vintage) < asOf.quarter
      ? asOf.previousLabel
      : asOf.label
  return base(
    'Actuals',
    (sheet) => {
      sheetTitle(
        sheet,
        1,
        'Actuals',
        `Reported cash flows and NAV of every commitment, to ${asOf.label} (USD millions).`,
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
          lastReport(f.fund.vintage),
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
      const years = range(asOf.year - 4, asOf.year)
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
}
