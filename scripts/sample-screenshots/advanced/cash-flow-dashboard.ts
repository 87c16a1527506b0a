/** Advanced model: the Cash Flow Dashboard screen (Cash_Flow_Dashboard.png). */
import { chart, tile } from '../charts.ts'
import {
  ADVANCED_FILE,
  CONTENT_RIGHT,
  CONTENT_X,
  rowOf,
  table,
  titleBand,
  type Column,
} from '../common.ts'
import { GRID_Y, type Screen } from '../excel.ts'
import { STRATEGIES, STRATEGY_COLORS, type Programme } from '../projection.ts'
import { C, money, pct } from '../svg.ts'
import { SUB, base, m, range } from './frame.ts'

export function cashFlowScreen(p: Programme): Screen {
  return base(ADVANCED_FILE, 'Cash Flow', (sheet) => {
    titleBand(sheet, 'Cash Flow Dashboard', SUB, ['Scenario: Base', 'View: Flight'])
    const ty = GRID_Y + 76
    const next = rowOf(p.flight, 2026)
    const tw = (CONTENT_RIGHT - CONTENT_X - 16 - 3 * 14) / 4
    const tiles: [string, string, string, string?][] = [
      [
        'Calls 2026F',
        m(next.calls),
        `${m(rowOf(p.glide, 2026).calls)} from existing commitments`,
        C.ink3,
      ],
      [
        'Distributions 2026F',
        m(next.dists),
        `▲ ${pct(next.dists / rowOf(p.flight, 2025).dists - 1)} vs 2025`,
      ],
      ['Net cash flow 2026F', m(next.dists - next.calls), 'Self-funding from 2026', C.teal],
      [
        'Peak annual calls',
        m(Math.max(...range(2026, 2035).map((y) => rowOf(p.flight, y).calls))),
        'Flight path, 2026-2035',
        C.ink3,
      ],
    ]
    tiles.forEach(([label, value, note, color], i) =>
      sheet.push(...tile(CONTENT_X + 8 + i * (tw + 14), ty, tw, 86, label, value, note, color)),
    )
    const cy = ty + 102
    const years = range(2018, 2035)
    let cumulative = 0
    sheet.push(
      ...chart({
        x: CONTENT_X + 8,
        y: cy,
        w: CONTENT_RIGHT - CONTENT_X - 8,
        h: 380,
        title: 'Annual calls and distributions by strategy',
        subtitle: 'Calls below the axis, distributions above; line: net cash flow',
        categories: years,
        bars: [
          ...STRATEGIES.map((s) => ({
            name: s,
            color: STRATEGY_COLORS[s],
            values: years.map((y) => rowOf(p.byStrategy[s].flight, y).dists),
          })),
          ...STRATEGIES.map((s) => ({
            name: `${s} calls`,
            color: STRATEGY_COLORS[s],
            values: years.map((y) => -rowOf(p.byStrategy[s].flight, y).calls),
          })),
        ],
        lines: [
          {
            name: 'Net cash flow',
            color: C.amber,
            values: years.map((y) => rowOf(p.flight, y).dists - rowOf(p.flight, y).calls),
          },
        ],
        stacked: true,
        forecastFrom: years.indexOf(2026),
        format: (v) => `$${v.toFixed(0)}`,
        legendSeries: [
          ...STRATEGIES.map((s) => ({ name: s, color: STRATEGY_COLORS[s], values: [] })),
          { name: 'Net cash flow', color: C.amber, values: [] },
        ],
      }),
    )
    const tYears = range(2024, 2035)
    const columns: Column[] = [
      { label: 'USD millions', w: 190, align: 'left' },
      ...tYears.map((y) => ({ label: y <= 2025 ? `${y}A` : `${y}F`, w: 110 })),
    ]
    const rows = [
      ['Capital calls', ...tYears.map((y) => money(-rowOf(p.flight, y).calls))],
      [
        '  of which planned',
        ...tYears.map((y) => money(-(rowOf(p.flight, y).calls - rowOf(p.glide, y).calls))),
      ],
      ['Distributions', ...tYears.map((y) => money(rowOf(p.flight, y).dists))],
      [
        'Net cash flow',
        ...tYears.map((y) => money(rowOf(p.flight, y).dists - rowOf(p.flight, y).calls)),
      ],
      [
        'Cumulative net',
        ...tYears.map((y) =>
          money((cumulative += rowOf(p.flight, y).dists - rowOf(p.flight, y).calls)),
        ),
      ],
    ]
    table(sheet, CONTENT_X + 8, cy + 396, columns, rows, { totalRows: [3] })
  })
}
