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
import { yearColumn } from '../sample-dates.ts'
import { C, money, pct } from '../svg.ts'
import { base, m, subtitle, range } from './frame.ts'

export function cashFlowScreen(p: Programme): Screen {
  const { asOf } = p
  const nextYear = asOf.year + 1
  const planFrom = asOf.planYears[0]!
  const planTo = asOf.planYears[asOf.planYears.length - 1]!
  return base(ADVANCED_FILE, 'Cash Flow', (sheet) => {
    titleBand(sheet, 'Cash Flow Dashboard', subtitle(p), ['Scenario: Base', 'View: Flight'])
    const ty = GRID_Y + 76
    const next = rowOf(p.flight, nextYear)
    const tw = (CONTENT_RIGHT - CONTENT_X - 16 - 3 * 14) / 4
    const tiles: [string, string, string, string?][] = [
      [
        `Calls ${nextYear}F`,
        m(next.calls),
        `${m(rowOf(p.glide, nextYear).calls)} from existing commitments`,
        C.ink3,
      ],
      [
        `Distributions ${nextYear}F`,
        m(next.dists),
        `▲ ${pct(next.dists / rowOf(p.flight, asOf.year).dists - 1)} vs ${asOf.year}`,
      ],
      [
        `Net cash flow ${nextYear}F`,
        m(next.dists - next.calls),
        `Self-funding from ${nextYear}`,
        C.teal,
      ],
      [
        'Peak annual calls',
        m(Math.max(...asOf.planYears.map((y) => rowOf(p.flight, y).calls))),
        `Flight path, ${planFrom}-${planTo}`,
        C.ink3,
      ],
    ]
    tiles.forEach(([label, value, note, color], i) =>
      sheet.push(...tile(CONTENT_X + 8 + i * (tw + 14), ty, tw, 86, label, value, note, color)),
    )
    const cy = ty + 102
    const years = range(asOf.year - 7, planTo)
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
        forecastFrom: years.indexOf(nextYear),
        format: (v) => `$${v.toFixed(0)}`,
        legendSeries: [
          ...STRATEGIES.map((s) => ({ name: s, color: STRATEGY_COLORS[s], values: [] })),
          { name: 'Net cash flow', color: C.amber, values: [] },
        ],
      }),
    )
    const tYears = range(asOf.year - 1, planTo)
    const columns: Column[] = [
      { label: 'USD millions', w: 190, align: 'left' },
      ...tYears.map((y) => ({ label: yearColumn(asOf, y), w: 110 })),
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
