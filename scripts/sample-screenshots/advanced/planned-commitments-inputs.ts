/** Advanced model: the Planned Commitments Inputs screen (Planned_Commitments_Inputs.png). */
import { chart } from '../charts.ts'
import {
  ADVANCED_FILE,
  CONTENT_RIGHT,
  CONTENT_X,
  table,
  titleBand,
  type Column,
} from '../common.ts'
import { GRID_Y, type Screen } from '../excel.ts'
import { STRATEGIES, STRATEGY_COLORS, type Programme } from '../projection.ts'
import { C, money } from '../svg.ts'
import { base, range } from './frame.ts'

export function plannedInputsScreen(p: Programme): Screen {
  const planYears = p.asOf.planYears
  const planTotals = planYears.map((_, i) => STRATEGIES.reduce((s, st) => s + p.plan[st][i]!, 0))
  return base(
    ADVANCED_FILE,
    'Plan Inputs',
    (sheet) => {
      titleBand(
        sheet,
        'Planned Commitments Inputs',
        'Yearly commitment amounts by strategy (USD millions). Blue cells are inputs; totals and checks are calculated.',
        ['Horizon: 10 years'],
      )
      const columns: Column[] = [
        { label: 'Strategy', w: 200, align: 'left' },
        ...planYears.map((y) => ({ label: String(y), w: 104 })),
        { label: 'Total', w: 110 },
        { label: 'Funds', w: 70 },
      ]
      const rows = STRATEGIES.map((s) => [
        s,
        ...p.plan[s].map((v) => money(v)),
        money(p.plan[s].reduce((a, b) => a + b, 0)),
        '10',
      ])
      rows.push([
        'Total planned',
        ...planTotals.map((v) => money(v)),
        money(planTotals.reduce((a, b) => a + b, 0)),
        '60',
      ])
      let y = table(sheet, CONTENT_X + 8, GRID_Y + 74, columns, rows, {
        header: 'Planned commitments',
        inputCols: range(1, 10),
        totalRows: [rows.length - 1],
        swatches: (r) => (r < STRATEGIES.length ? STRATEGY_COLORS[STRATEGIES[r]!] : undefined),
      })
      const geo = [
        [
          'North America',
          '55%',
          '55%',
          '55%',
          '50%',
          '50%',
          '50%',
          '50%',
          '50%',
          '50%',
          '50%',
          '',
          '',
        ],
        ['Europe', '30%', '30%', '30%', '30%', '30%', '30%', '30%', '30%', '30%', '30%', '', ''],
        [
          'Asia-Pacific',
          '15%',
          '15%',
          '15%',
          '20%',
          '20%',
          '20%',
          '20%',
          '20%',
          '20%',
          '20%',
          '',
          '',
        ],
        ['Check', ...planYears.map(() => '100%'), '', ''],
      ]
      y = table(sheet, CONTENT_X + 8, y + 18, columns, geo, {
        header: 'Geography split of planned commitments',
        inputCols: range(1, 10),
        totalRows: [3],
        colors: (r, c) => (r === 3 && c > 0 ? C.teal : undefined),
      })
      const opp = [
        [
          'Opportunistic (secondaries)',
          '-',
          '-',
          '-',
          '6.0',
          '-',
          '-',
          '-',
          '-',
          '-',
          '-',
          '6.0',
          '1',
        ],
        ['Co-investments', '-', '2.0', '-', '2.0', '-', '2.0', '-', '2.0', '-', '2.0', '10.0', '5'],
        ['Public-to-private switch', '-', '-', '-', '-', '-', '-', '-', '-', '-', '-', '-', '-'],
      ]
      y = table(sheet, CONTENT_X + 8, y + 18, columns, opp, {
        header: 'Opportunistic commitments',
        inputCols: range(1, 10),
      })
      sheet.push(
        ...chart({
          x: CONTENT_X + 8,
          y: y + 20,
          w: CONTENT_RIGHT - CONTENT_X - 8,
          h: GRID_Y + 760 - y - 20,
          title: 'Check: planned commitments vs the commitment cap',
          categories: planYears,
          bars: STRATEGIES.map((s) => ({ name: s, color: STRATEGY_COLORS[s], values: p.plan[s] })),
          lines: [
            { name: 'Cap per year', color: C.red, values: planYears.map(() => 75), dash: '6 4' },
          ],
          stacked: true,
          format: (v) => `$${v.toFixed(0)}`,
        }),
      )
    },
    {
      nameBox: 'E8',
      formula: `=ROUND(Inp_Base_Buyout*(1+Growth_Plan)^(E$6-${planYears[0]}),1)`,
      selection: undefined,
    },
  )
}
