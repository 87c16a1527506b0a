/** Advanced model: the Exposure Dashboard screen (Exposure_Dashboard.png). */
import { chart, donut, tile } from '../charts.ts'
import {
  ADVANCED_FILE,
  CONTENT_RIGHT,
  CONTENT_X,
  portfolioAt,
  rowOf,
  strategyExposure,
  table,
  titleBand,
  type Column,
} from '../common.ts'
import { GRID_Y, type Screen } from '../excel.ts'
import { STRATEGIES, STRATEGY_COLORS, type Programme } from '../projection.ts'
import { yearColumn } from '../sample-dates.ts'
import { C, money, pct } from '../svg.ts'
import { base, m, subtitle, portfolioMetrics, range } from './frame.ts'

export function exposureScreen(p: Programme): Screen {
  const { asOf } = p
  const total = portfolioMetrics(p)
  const portfolioNow = portfolioAt(p, asOf.year)
  const chartYears = range(asOf.year - 7, asOf.year + 10)
  // The year the table compares each strategy's NAV with its target.
  const targetYear = asOf.year + 6
  return base(ADVANCED_FILE, 'Exposure', (sheet) => {
    titleBand(sheet, 'Exposure Dashboard', subtitle(p), [
      'Scenario: Base',
      'View: Flight',
      'Strategy: All',
    ])
    const ty = GRID_Y + 76
    const tw = (CONTENT_RIGHT - CONTENT_X - 16 - 4 * 14) / 5
    const exposureNow = total.nav + total.unfunded
    const tiles: [string, string, string, string?][] = [
      ['Total exposure', m(exposureNow), `${pct(exposureNow / portfolioNow)} of total portfolio`],
      [
        'Net asset value',
        m(total.nav),
        `▲ ${m(rowOf(p.glide, asOf.year).nav - rowOf(p.glide, asOf.year - 1).nav)} year to date`,
      ],
      [
        'Unfunded commitments',
        m(total.unfunded),
        `${pct(total.unfunded / total.commitment)} of ${m(total.commitment)} committed`,
        C.ink3,
      ],
      [
        'Private allocation',
        pct(total.nav / portfolioNow),
        `Target ${pct(p.privateTarget, 0)}  ·  above range`,
        C.red,
      ],
      ['Back to target', String(asOf.year + 7), 'Flight path with planned commitments', C.ink3],
    ]
    tiles.forEach(([label, value, note, color], i) =>
      sheet.push(...tile(CONTENT_X + 8 + i * (tw + 14), ty, tw, 86, label, value, note, color)),
    )
    const cy = ty + 102
    sheet.push(
      ...chart({
        x: CONTENT_X + 8,
        y: cy,
        w: 1010,
        h: 370,
        title: 'Exposure: NAV by strategy plus unfunded commitments (Flight view)',
        subtitle:
          'Existing and planned commitments; dashed line: target NAV at 32% of the total portfolio',
        categories: chartYears,
        bars: [
          ...STRATEGIES.map((s) => ({
            name: s,
            color: STRATEGY_COLORS[s],
            values: chartYears.map((y) => rowOf(p.byStrategy[s].flight, y).nav),
          })),
          {
            name: 'Unfunded',
            color: '#d3dce7',
            values: chartYears.map((y) => rowOf(p.flight, y).unfunded),
          },
        ],
        lines: [
          {
            name: 'Target NAV',
            color: C.red,
            values: chartYears.map((y) => portfolioAt(p, y) * p.privateTarget),
            dash: '6 4',
          },
        ],
        stacked: true,
        forecastFrom: chartYears.indexOf(asOf.year + 1),
        format: (v) => `$${v.toFixed(0)}`,
      }),
    )
    const slices = STRATEGIES.map((s) => ({
      name: s,
      color: STRATEGY_COLORS[s],
      value: rowOf(p.byStrategy[s].glide, asOf.year).nav,
    }))
    sheet.push(
      ...donut(
        CONTENT_X + 1034,
        cy,
        CONTENT_RIGHT - CONTENT_X - 1034,
        370,
        `NAV by strategy, ${asOf.label}`,
        slices,
        [m(total.nav), 'total NAV'],
      ),
    )
    const years = range(asOf.year - 1, targetYear)
    const columns: Column[] = [
      { label: 'Exposure by strategy', w: 220, align: 'left' },
      ...years.map((y) => ({ label: yearColumn(asOf, y), w: 126 })),
      { label: `Target NAV '${String(targetYear).slice(2)}`, w: 130 },
      { label: 'NAV vs target', w: 130 },
    ]
    const portfolioThen = portfolioAt(p, targetYear)
    const rows = STRATEGIES.map((s) => {
      const target = p.targets[s] * portfolioThen
      return [
        s,
        ...years.map((y) => money(strategyExposure(p, s, y))),
        money(target),
        money(rowOf(p.byStrategy[s].flight, targetYear).nav - target),
      ]
    })
    const totals = [
      'Total exposure',
      ...years.map((y) => money(rowOf(p.flight, y).nav + rowOf(p.flight, y).unfunded)),
      money(p.privateTarget * portfolioThen),
      money(rowOf(p.flight, targetYear).nav - p.privateTarget * portfolioThen),
    ]
    table(sheet, CONTENT_X + 8, cy + 386, columns, [...rows, totals], {
      totalRows: [rows.length],
      swatches: (r) => (r < STRATEGIES.length ? STRATEGY_COLORS[STRATEGIES[r]!] : undefined),
    })
  })
}
