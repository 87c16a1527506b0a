/** Advanced model: the Planned Commitments Dashboard screen (Planned_Commitments_Dashboard.png). */
import { chart, tile } from '../charts.ts'
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
import { SECONDARY_PLAN_YEAR, STRATEGIES, STRATEGY_COLORS, type Programme } from '../projection.ts'
import { C, money, pct } from '../svg.ts'
import { base, m, subtitle, range } from './frame.ts'

export function plannedDashboardScreen(p: Programme): Screen {
  const { asOf } = p
  const planYears = asOf.planYears
  const planFrom = planYears[0]!
  const planTo = planYears[planYears.length - 1]!
  const planTotals = planYears.map((_, i) => STRATEGIES.reduce((s, st) => s + p.plan[st][i]!, 0))
  return base(ADVANCED_FILE, 'Planned', (sheet) => {
    titleBand(
      sheet,
      'Planned Commitments Dashboard',
      `Commitment line-up ${planFrom}-${planTo}  ·  ${subtitle(p)}`,
      ['Horizon: 10 years', 'Scenario: Base'],
    )
    const ty = GRID_Y + 76
    const tw = (CONTENT_RIGHT - CONTENT_X - 16 - 3 * 14) / 4
    const sum = planTotals.reduce((s, v) => s + v, 0)
    const tiles: [string, string, string, string?][] = [
      ['Planned commitments', m(sum), '60 commitments over 10 years'],
      [
        'Average per year',
        m(sum / planYears.length),
        `${m(planTotals[0]!)} in ${planFrom}, rising 5% a year`,
        C.ink3,
      ],
      [
        'Opportunistic reserve',
        m(6),
        `Buyout secondary, ${planYears[SECONDARY_PLAN_YEAR]}`,
        C.ink3,
      ],
      [
        `Private allocation ${planTo}`,
        pct(rowOf(p.flight, planTo).nav / portfolioAt(p, planTo)),
        `Target ${pct(p.privateTarget, 0)}  ·  within range`,
      ],
    ]
    tiles.forEach(([label, value, note, color], i) =>
      sheet.push(...tile(CONTENT_X + 8 + i * (tw + 14), ty, tw, 86, label, value, note, color)),
    )
    const cy = ty + 102
    sheet.push(
      ...chart({
        x: CONTENT_X + 8,
        y: cy,
        w: 940,
        h: 380,
        title: 'Planned commitments by strategy and year',
        categories: planYears,
        bars: STRATEGIES.map((s) => ({ name: s, color: STRATEGY_COLORS[s], values: p.plan[s] })),
        stacked: true,
        format: (v) => `$${v.toFixed(0)}`,
      }),
    )
    const years = range(asOf.year - 1, planTo)
    sheet.push(
      ...chart({
        x: CONTENT_X + 962,
        y: cy,
        w: CONTENT_RIGHT - CONTENT_X - 962,
        h: 380,
        title: 'Private allocation vs target',
        subtitle: 'NAV as % of total portfolio',
        categories: years,
        lines: [
          {
            name: 'Flight',
            color: C.navy,
            values: years.map((y) => (rowOf(p.flight, y).nav / portfolioAt(p, y)) * 100),
          },
          {
            name: 'Glide',
            color: C.ink3,
            values: years.map((y) => (rowOf(p.glide, y).nav / portfolioAt(p, y)) * 100),
            dash: '5 4',
          },
          {
            name: 'Target',
            color: C.red,
            values: years.map(() => p.privateTarget * 100),
            dash: '2 3',
          },
        ],
        format: (v) => `${v.toFixed(0)}%`,
        labelEvery: 2,
      }),
    )
    const columns: Column[] = [
      { label: 'Strategy', w: 200, align: 'left' },
      ...planYears.map((y) => ({ label: String(y), w: 112 })),
      { label: 'Total', w: 120 },
    ]
    const rows = STRATEGIES.map((s) => [
      s,
      ...p.plan[s].map((v) => money(v)),
      money(p.plan[s].reduce((a, b) => a + b, 0)),
    ])
    rows.push([
      'Total',
      ...planTotals.map((v) => money(v)),
      money(planTotals.reduce((a, b) => a + b, 0)),
    ])
    table(sheet, CONTENT_X + 8, cy + 396, columns, rows, {
      totalRows: [rows.length - 1],
      swatches: (r) => (r < STRATEGIES.length ? STRATEGY_COLORS[STRATEGIES[r]!] : undefined),
    })
  })
}
