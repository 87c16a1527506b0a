/** Advanced model: the Targets Inputs screen (Targets_Inputs.png). */
import { chart, donut } from '../charts.ts'
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
import { C, money, pct } from '../svg.ts'
import { base, m, portfolioMetrics, range } from './frame.ts'

export function targetsScreen(p: Programme): Screen {
  const { asOf } = p
  const total = portfolioMetrics(p)
  const portfolioNow = portfolioAt(p, asOf.year)
  return base(
    ADVANCED_FILE,
    'Targets',
    (sheet) => {
      titleBand(
        sheet,
        'Targets Inputs',
        'Target allocation and tolerance ranges, as a share of the total portfolio. Blue cells are inputs.',
        ['Total portfolio: ' + m(portfolioNow)],
      )
      const columns: Column[] = [
        { label: 'Strategy', w: 190, align: 'left' },
        { label: 'Target', w: 84 },
        { label: 'Min', w: 76 },
        { label: 'Max', w: 76 },
        { label: 'Target $', w: 100 },
        { label: 'NAV now', w: 100 },
        { label: 'Actual', w: 84 },
        { label: 'Deviation', w: 96 },
        { label: 'Status', w: 110, align: 'left' },
      ]
      const rows = STRATEGIES.map((s) => {
        const t = p.targets[s]
        const nav = rowOf(p.byStrategy[s].glide, asOf.year).nav
        const actual = nav / portfolioNow
        const status =
          actual > t * 1.4 ? 'Above range' : actual < t * 0.6 ? 'Below range' : 'Within range'
        return [
          s,
          pct(t),
          pct(t * 0.6),
          pct(t * 1.4),
          money(t * portfolioNow),
          money(nav),
          pct(actual),
          `${actual - t >= 0 ? '+' : ''}${pct(actual - t)}`,
          status,
        ]
      })
      rows.push([
        'Private markets',
        pct(p.privateTarget, 0),
        '25.0%',
        '40.0%',
        money(p.privateTarget * portfolioNow),
        money(total.nav),
        pct(total.nav / portfolioNow),
        `+${pct(total.nav / portfolioNow - p.privateTarget)}`,
        'Above range',
      ])
      rows.push([
        'Public markets',
        pct(1 - p.privateTarget, 0),
        '60.0%',
        '75.0%',
        money((1 - p.privateTarget) * portfolioNow),
        money(portfolioNow - total.nav),
        pct(1 - total.nav / portfolioNow),
        pct(total.nav / portfolioNow - p.privateTarget),
        'Below range',
      ])
      const endY = table(sheet, CONTENT_X + 8, GRID_Y + 74, columns, rows, {
        header: 'Strategic allocation',
        inputCols: [1, 2, 3],
        totalRows: [6, 7],
        swatches: (r) => (r < STRATEGIES.length ? STRATEGY_COLORS[STRATEGIES[r]!] : undefined),
        colors: (_r, c, v) =>
          c === 8
            ? v === 'Within range'
              ? C.teal
              : C.red
            : c === 7
              ? v.startsWith('+')
                ? C.red
                : C.teal
              : undefined,
      })
      const ranges = [
        ['Rebalancing band', '±5.0%', 'Tolerance before the plan is re-cut'],
        ['Max. commitments / year', '$55.0M', 'Hard cap across strategies'],
        ['Max. single commitment', '$20.0M', '5% of total portfolio'],
        ['Liquidity buffer', '12 months', 'Of projected net calls held in cash'],
      ]
      const cEnd = table(
        sheet,
        CONTENT_X + 8,
        endY + 18,
        [
          { label: 'Constraint', w: 230, align: 'left' },
          { label: 'Value', w: 110 },
          { label: 'Note', w: 576, align: 'left' },
        ],
        ranges,
        { header: 'Constraints', inputCols: [1] },
      )
      const years = range(asOf.year - 1, asOf.year + 11)
      sheet.push(
        ...chart({
          x: CONTENT_X + 8,
          y: cEnd + 20,
          w: 916,
          h: GRID_Y + 760 - cEnd - 20,
          title: 'Private allocation against the range (Flight)',
          categories: years,
          lines: [
            {
              name: 'Private allocation',
              color: C.navy,
              values: years.map((yy) => (rowOf(p.flight, yy).nav / portfolioAt(p, yy)) * 100),
            },
            { name: 'Target', color: C.teal, values: years.map(() => p.privateTarget * 100) },
            { name: 'Max', color: C.red, values: years.map(() => 40), dash: '4 4' },
            { name: 'Min', color: C.amber, values: years.map(() => 25), dash: '4 4' },
          ],
          format: (v) => `${v.toFixed(0)}%`,
        }),
      )
      const dx = CONTENT_X + 960
      sheet.push(
        ...donut(
          dx,
          GRID_Y + 74,
          CONTENT_RIGHT - dx,
          330,
          'Target mix of private markets',
          STRATEGIES.map((s) => ({ name: s, value: p.targets[s], color: STRATEGY_COLORS[s] })),
          [pct(p.privateTarget, 0), 'of portfolio'],
        ),
      )
      sheet.push(
        ...chart({
          x: dx,
          y: GRID_Y + 420,
          w: CONTENT_RIGHT - dx,
          h: 320,
          title: 'Actual vs target, % of total portfolio',
          categories: STRATEGIES.map((s) => s.split(' ')[0]!),
          bars: [
            {
              name: 'Actual',
              color: C.navy,
              values: STRATEGIES.map(
                (s) => (rowOf(p.byStrategy[s].glide, asOf.year).nav / portfolioNow) * 100,
              ),
            },
            {
              name: 'Target',
              color: C.tealLight,
              values: STRATEGIES.map((s) => p.targets[s] * 100),
            },
          ],
          format: (v) => `${v.toFixed(0)}%`,
        }),
      )
    },
    { nameBox: 'C9', formula: '=0.10' },
  )
}
