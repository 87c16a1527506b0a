/** Advanced model: the Pacing Inputs screen (Pacing_Inputs.png). */
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
import {
  PACING,
  STRATEGIES,
  STRATEGY_COLORS,
  type Programme,
  type Strategy,
} from '../projection.ts'
import { pct } from '../svg.ts'
import { base, range } from './frame.ts'

export function pacingScreen(_p: Programme): Screen {
  return base(
    ADVANCED_FILE,
    'Pacing',
    (sheet) => {
      titleBand(
        sheet,
        'Pacing Inputs',
        'Takahashi-Alexander parameters by strategy and scenario. Calls: RC × unfunded; distributions: (age / life)^bow × NAV.',
        ['Scenario: Base'],
      )
      const columns: Column[] = [
        { label: 'Strategy', w: 170, align: 'left' },
        { label: 'RC yr 1', w: 76 },
        { label: 'RC yr 2', w: 76 },
        { label: 'RC yr 3', w: 76 },
        { label: 'RC yr 4+', w: 80 },
        { label: 'Life', w: 60 },
        { label: 'Bow', w: 60 },
        { label: 'Growth', w: 76 },
        { label: 'Yield', w: 70 },
      ]
      let y = GRID_Y + 74
      const scenarios: [string, number, number][] = [
        ['Base case', 0, 0],
        ['Upside: faster exits, stronger growth', 0.03, -0.2],
        ['Downside: slower exits, weaker growth', -0.05, 0.4],
      ]
      for (const [name, dg, db] of scenarios) {
        const rows = STRATEGIES.map((s) => {
          const pr = PACING[s]
          return [
            s,
            ...pr.callRates.map((r) => pct(r, 0)),
            String(pr.life),
            (pr.bow + db).toFixed(1),
            pct(pr.growth + dg),
            pct(pr.yield),
          ]
        })
        y =
          table(sheet, CONTENT_X + 8, y, columns, rows, {
            header: name,
            inputCols: [1, 2, 3, 4, 5, 6, 7, 8],
            swatches: (r) => STRATEGY_COLORS[STRATEGIES[r]!],
          }) + 16
      }
      const cx = CONTENT_X + 8 + 760
      const ages = range(0, 14)
      const curve = (s: Strategy) => {
        const pr = PACING[s]
        let nav = 0
        let unfunded = 10
        let paid = 0
        let dist = 0
        const out: { paid: number; dist: number; nav: number }[] = []
        for (const age of ages) {
          if (age > 0) {
            const rc = pr.callRates[Math.min(3, age - 1)]!
            const call = rc * unfunded
            const grown = nav * (1 + pr.growth)
            const d = grown * Math.min(1, Math.pow(age / pr.life, pr.bow) + pr.yield)
            nav = grown + call - d
            unfunded -= call
            paid += call
            dist += d
          }
          out.push({ paid, dist, nav })
        }
        return out
      }
      sheet.push(
        ...chart({
          x: cx,
          y: GRID_Y + 74,
          w: CONTENT_RIGHT - cx,
          h: 330,
          title: 'NAV of a $10M commitment by fund age',
          subtitle: 'Base case, each strategy',
          categories: ages.map((a) => `Yr ${a}`),
          lines: STRATEGIES.map((s) => ({
            name: s,
            color: STRATEGY_COLORS[s],
            values: curve(s).map((c) => c.nav),
          })),
          format: (v) => `$${v.toFixed(0)}M`,
          labelEvery: 2,
        }),
      )
      sheet.push(
        ...chart({
          x: cx,
          y: GRID_Y + 420,
          w: CONTENT_RIGHT - cx,
          h: 330,
          title: 'Cumulative distributions of a $10M commitment',
          subtitle: 'Base case; TVPI at year 14 shown in the legend order',
          categories: ages.map((a) => `Yr ${a}`),
          lines: STRATEGIES.map((s) => ({
            name: s,
            color: STRATEGY_COLORS[s],
            values: curve(s).map((c) => c.dist),
          })),
          format: (v) => `$${v.toFixed(0)}M`,
          labelEvery: 2,
        }),
      )
    },
    { nameBox: 'C7', formula: '=0.33' },
  )
}
