/**
 * Advanced model: the Fund Tab screen (Fund_Tab.png), one commitment's tab: quarterly ledger,
 * actuals then forecast.
 */
import { chart, panel, tile } from '../charts.ts'
import {
  ADVANCED_FILE,
  CONTENT_RIGHT,
  CONTENT_X,
  table,
  titleBand,
  type Column,
} from '../common.ts'
import { GRID_Y, type Screen } from '../excel.ts'
import { PACING, lifetimeMetrics, metricsAsOf, type Programme } from '../projection.ts'
import { C, money, multiple, pct, rect, text } from '../svg.ts'
import { base, m, range } from './frame.ts'

export function fundTabScreen(p: Programme): Screen {
  const { asOf } = p
  const fundProjection = p.existing[12]!
  const fund = fundProjection.fund
  return base(
    ADVANCED_FILE,
    'F013',
    (sheet) => {
      titleBand(
        sheet,
        `${fund.id}  ·  ${fund.name}`,
        `${fund.strategy}  ·  ${fund.geography}  ·  Vintage ${fund.vintage}  ·  Quarterly ledger with rolling forecast`,
        ['Input: Quarterly', 'Currency: USD'],
      )
      const mt = metricsAsOf(fundProjection)
      const life = lifetimeMetrics(fundProjection)
      const info: [string, string][] = [
        ['Commitment', m(fund.commitment)],
        ['General partner', fund.gp],
        ['First close', `15-Jun-${fund.vintage}`],
        ['Fund term', `${PACING[fund.strategy].life} + 2 years`],
        ['Pacing curve', `${fund.strategy} (Base)`],
      ]
      const iy = GRID_Y + 74
      sheet.push(...panel(CONTENT_X + 8, iy, 360, 126, 'Commitment'))
      info.forEach(([k, v], i) => {
        sheet.push(text(CONTENT_X + 24, iy + 46 + i * 17, k, { size: 12, fill: C.ink2 }))
        sheet.push(rect(CONTENT_X + 170, iy + 34 + i * 17, 180, 16, C.input, { stroke: '#e8d9a0' }))
        sheet.push(text(CONTENT_X + 176, iy + 46 + i * 17, v, { size: 12, fill: C.inputText }))
      })
      const kpis: [string, string, string][] = [
        ['Paid-in', m(mt.paidIn), `${pct(mt.paidIn / fund.commitment)} called`],
        ['Distributed', m(mt.distributed), `DPI ${multiple(mt.dpi)}`],
        ['NAV', m(mt.nav), `Unfunded ${m(mt.unfunded)}`],
        [
          'TVPI / IRR',
          `${multiple(mt.tvpi)}`,
          `IRR ${pct(mt.irr ?? 0)} · projected ${multiple(life.tvpi)}`,
        ],
      ]
      kpis.forEach(([label, value, note], i) =>
        sheet.push(...tile(CONTENT_X + 384 + i * 200, iy, 186, 126, label, value, note)),
      )
      const rows: string[][] = []
      const quarters = fundProjection.quarters.filter(
        (q) => q.year >= fund.vintage && q.year <= asOf.year + 3,
      )
      let cumCall = 0
      let cumDist = 0
      for (const q of fundProjection.quarters) {
        cumCall += q.call
        cumDist += q.dist
        if (!quarters.includes(q)) continue
        rows.push([
          `Q${q.q} ${q.year}`,
          q.actual ? 'Actual' : 'Forecast',
          money(-q.call),
          money(q.dist),
          money(q.dist - q.call),
          money(q.nav),
          money(q.unfunded),
          multiple(cumCall > 0 ? cumDist / cumCall : 0),
          multiple(cumCall > 0 ? (cumDist + q.nav) / cumCall : 0),
        ])
      }
      const columns: Column[] = [
        { label: 'Quarter', w: 90, align: 'left' },
        { label: 'Type', w: 80, align: 'left' },
        { label: 'Calls', w: 90 },
        { label: 'Distributions', w: 104 },
        { label: 'Net CF', w: 90 },
        { label: 'NAV', w: 90 },
        { label: 'Unfunded', w: 90 },
        { label: 'DPI', w: 70 },
        { label: 'TVPI', w: 70 },
      ]
      const firstForecast = rows.findIndex((r) => r[1] === 'Forecast')
      table(sheet, CONTENT_X + 8, iy + 142, columns, rows.slice(0, 25), {
        inputCols: [],
        colors: (r, c, v) =>
          c === 1
            ? v === 'Actual'
              ? C.teal
              : C.ink3
            : r >= firstForecast && c >= 2
              ? v.startsWith('(')
                ? '#c2410c'
                : C.ink2
              : c >= 2 && c <= 4 && r < firstForecast
                ? v.startsWith('(')
                  ? C.red
                  : C.inputText
                : undefined,
      })
      const years = range(fund.vintage, fund.vintage + 13)
      const cx = CONTENT_X + 8 + 810
      const yearly = years.map((y) => {
        const inYear = fundProjection.quarters.filter((q) => q.year === y)
        return {
          call: inYear.reduce((s, q) => s + q.call, 0),
          dist: inYear.reduce((s, q) => s + q.dist, 0),
          nav: inYear[inYear.length - 1]?.nav ?? 0,
        }
      })
      let running = 0
      sheet.push(
        ...chart({
          x: cx,
          y: iy + 142,
          w: CONTENT_RIGHT - cx,
          h: 300,
          title: 'Annual cash flows and NAV',
          subtitle: 'Calls negative, distributions positive; NAV line',
          categories: years,
          bars: [
            { name: 'Calls', color: C.navy, values: yearly.map((y) => -y.call) },
            { name: 'Distributions', color: C.tealLight, values: yearly.map((y) => y.dist) },
          ],
          lines: [{ name: 'NAV', color: C.amber, values: yearly.map((y) => y.nav) }],
          stacked: true,
          forecastFrom: years.indexOf(asOf.year + 1),
          labelEvery: 2,
        }),
      )
      sheet.push(
        ...chart({
          x: cx,
          y: iy + 456,
          w: CONTENT_RIGHT - cx,
          h: 230,
          title: 'J-curve: cumulative net cash flow',
          categories: years,
          lines: [
            {
              name: 'Cumulative net cash flow',
              color: C.blue,
              values: yearly.map((y) => {
                running += y.dist - y.call
                return running
              }),
            },
          ],
          forecastFrom: years.indexOf(asOf.year + 1),
          labelEvery: 2,
        }),
      )
    },
    { nameBox: 'D12', formula: '=IF(E$6<=AsOfDate, Ledger!F214, -RC_t * Unfunded_prev)' },
  )
}
