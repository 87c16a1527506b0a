/** Basic model: the Projected screen (Projected.png). */
import { chart } from '../charts.ts'
import { CONTENT_RIGHT, portfolioAt, rowOf, sheetTitle } from '../common.ts'
import { type Screen } from '../excel.ts'
import { STRATEGIES, type Programme } from '../projection.ts'
import { yearRow } from '../sample-dates.ts'
import { C, money, pct } from '../svg.ts'
import { base, range } from './frame.ts'

export function projectedScreen(p: Programme): Screen {
  const { asOf } = p
  // Twenty years from the as-of year, as the Assumptions tab's time span says.
  const lastYear = asOf.year + 19
  return base(
    'Projected',
    (sheet) => {
      sheetTitle(
        sheet,
        1,
        'Projected',
        `The pacing projection of all commitments, ${asOf.year}-${lastYear} (USD millions).`,
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
      range(asOf.year, asOf.year + 13).forEach((year, i) => {
        const r = rowOf(p.glide, year)
        const total = portfolioAt(p, year)
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
        sheet.cell(1, 4 + i, year === asOf.year ? yearRow(asOf, year) : String(year), {
          bold: year === asOf.year,
        })
        values.forEach((v, k) =>
          sheet.cell(2 + k, 4 + i, v, { align: 'right', color: v.startsWith('(') ? C.red : C.ink }),
        )
      })
      const sy = range(asOf.year, asOf.year + 7)
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
      const years = range(asOf.year, lastYear)
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
}
