/** Advanced model: the Planned Model 1 screen (Planned_Model_1.png). */
import { chart } from '../charts.ts'
import {
  ADVANCED_FILE,
  CONTENT_RIGHT,
  CONTENT_X,
  portfolioAt,
  rowOf,
  table,
  titleBand,
  type Column,
} from '../common.ts'
import { GRID_Y, type Screen } from '../excel.ts'
import { STRATEGIES, STRATEGY_COLORS, type Programme } from '../projection.ts'
import { yearColumn } from '../sample-dates.ts'
import { C, money, pct } from '../svg.ts'
import { base, range } from './frame.ts'

export function planned1Screen(p: Programme): Screen {
  const { asOf } = p
  const glideYears = range(asOf.year - 5, asOf.lastYear)
  return base(ADVANCED_FILE, 'Model 1', (sheet) => {
    titleBand(
      sheet,
      'Planned Model 1: Glide and Flight',
      'Glide: existing commitments only. Flight: existing plus planned commitments.',
      ['Scenario: Base', 'Horizon: 20 years'],
    )
    const cy = GRID_Y + 76
    const w = (CONTENT_RIGHT - CONTENT_X - 8 - 14) / 2
    sheet.push(
      ...chart({
        x: CONTENT_X + 8,
        y: cy,
        w,
        h: 400,
        title: 'Private-market NAV, Glide vs Flight',
        subtitle: 'USD millions',
        categories: glideYears,
        areas: [
          {
            name: 'Glide NAV',
            color: '#b3c8e6',
            values: glideYears.map((y) => rowOf(p.glide, y).nav),
          },
        ],
        lines: [
          {
            name: 'Flight NAV',
            color: C.navy,
            values: glideYears.map((y) => rowOf(p.flight, y).nav),
          },
          {
            name: 'Flight exposure',
            color: C.tealLight,
            values: glideYears.map((y) => rowOf(p.flight, y).nav + rowOf(p.flight, y).unfunded),
          },
          {
            name: 'Target NAV',
            color: C.red,
            values: glideYears.map((y) => portfolioAt(p, y) * p.privateTarget),
            dash: '5 4',
          },
        ],
        forecastFrom: glideYears.indexOf(asOf.year + 1),
        format: (v) => `$${v.toFixed(0)}`,
        labelEvery: 3,
      }),
    )
    sheet.push(
      ...chart({
        x: CONTENT_X + 8 + w + 14,
        y: cy,
        w,
        h: 400,
        title: 'Flight NAV by strategy',
        subtitle: 'USD millions',
        categories: glideYears,
        areas: STRATEGIES.map((s) => ({
          name: s,
          color: STRATEGY_COLORS[s],
          values: glideYears.map((y) => rowOf(p.byStrategy[s].flight, y).nav),
        })),
        forecastFrom: glideYears.indexOf(asOf.year + 1),
        format: (v) => `$${v.toFixed(0)}`,
        labelEvery: 3,
      }),
    )
    const years = range(asOf.year, asOf.year + 12)
    const columns: Column[] = [
      { label: 'USD millions', w: 210, align: 'left' },
      ...years.map((y) => ({ label: yearColumn(asOf, y), w: 102 })),
    ]
    const rows = [
      ['Glide NAV', ...years.map((y) => money(rowOf(p.glide, y).nav))],
      ['Flight NAV', ...years.map((y) => money(rowOf(p.flight, y).nav))],
      ['Flight unfunded', ...years.map((y) => money(rowOf(p.flight, y).unfunded))],
      ['Total portfolio', ...years.map((y) => money(portfolioAt(p, y)))],
      [
        'Private allocation (Flight)',
        ...years.map((y) => pct(rowOf(p.flight, y).nav / portfolioAt(p, y))),
      ],
      ['Target', ...years.map(() => pct(p.privateTarget))],
    ]
    table(sheet, CONTENT_X + 8, cy + 416, columns, rows, {
      totalRows: [4],
      colors: (r, c, v) => (r === 4 && c > 0 ? (parseFloat(v) > 40 ? C.red : C.teal) : undefined),
    })
  })
}
