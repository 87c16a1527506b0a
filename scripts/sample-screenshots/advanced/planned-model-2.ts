/** Advanced model: the Planned Model 2 screen (Planned_Model_2.png). */
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
import { type Programme } from '../projection.ts'
import { C, money, pct } from '../svg.ts'
import { base, range } from './frame.ts'

export function planned2Screen(p: Programme): Screen {
  const { asOf } = p
  return base(ADVANCED_FILE, 'Model 2', (sheet) => {
    titleBand(
      sheet,
      'Planned Model 2: Cash-flow needs',
      'Net cash flow of the Flight path and how the liquid portfolio covers it.',
      ['Scenario: Base', 'Horizon: 20 years'],
    )
    const cy = GRID_Y + 76
    const years = range(asOf.year - 1, asOf.lastYear)
    let cum = 0
    sheet.push(
      ...chart({
        x: CONTENT_X + 8,
        y: cy,
        w: CONTENT_RIGHT - CONTENT_X - 8,
        h: 470,
        title: 'Calls, distributions and cumulative net cash flow (Flight)',
        subtitle: 'USD millions; planned commitments shaded lighter',
        categories: years,
        bars: [
          {
            name: 'Calls, existing',
            color: C.navy,
            values: years.map((y) => -rowOf(p.glide, y).calls),
          },
          {
            name: 'Calls, planned',
            color: '#7b9fd0',
            values: years.map((y) => -(rowOf(p.flight, y).calls - rowOf(p.glide, y).calls)),
          },
          {
            name: 'Distributions, existing',
            color: C.teal,
            values: years.map((y) => rowOf(p.glide, y).dists),
          },
          {
            name: 'Distributions, planned',
            color: '#a7dccd',
            values: years.map((y) => rowOf(p.flight, y).dists - rowOf(p.glide, y).dists),
          },
        ],
        lines: [
          {
            name: 'Cumulative net / 4',
            color: C.amber,
            values: years.map(
              (y) => (cum += rowOf(p.flight, y).dists - rowOf(p.flight, y).calls) / 4,
            ),
          },
        ],
        stacked: true,
        forecastFrom: years.indexOf(asOf.year + 1),
        format: (v) => `$${v.toFixed(0)}`,
      }),
    )
    const tYears = range(asOf.year + 1, asOf.year + 12)
    const columns: Column[] = [
      { label: 'USD millions', w: 230, align: 'left' },
      ...tYears.map((y) => ({ label: `${y}F`, w: 108 })),
    ]
    const rows = [
      ['Capital calls', ...tYears.map((y) => money(-rowOf(p.flight, y).calls))],
      ['Distributions', ...tYears.map((y) => money(rowOf(p.flight, y).dists))],
      [
        'Net cash flow',
        ...tYears.map((y) => money(rowOf(p.flight, y).dists - rowOf(p.flight, y).calls)),
      ],
      [
        'Cash and bonds available',
        ...tYears.map((y) => money((portfolioAt(p, y) - rowOf(p.flight, y).nav) * 0.4)),
      ],
      [
        'Unfunded / liquid assets',
        ...tYears.map((y) =>
          pct(rowOf(p.flight, y).unfunded / ((portfolioAt(p, y) - rowOf(p.flight, y).nav) * 0.4)),
        ),
      ],
      [
        'Coverage of next-year calls',
        ...tYears.map(
          (y) =>
            `${(((portfolioAt(p, y) - rowOf(p.flight, y).nav) * 0.4) / Math.max(1, rowOf(p.flight, y + 1).calls)).toFixed(1)}x`,
        ),
      ],
    ]
    table(sheet, CONTENT_X + 8, cy + 490, columns, rows, {
      totalRows: [2],
      colors: (r, c) => (r === 5 && c > 0 ? C.teal : undefined),
    })
  })
}
