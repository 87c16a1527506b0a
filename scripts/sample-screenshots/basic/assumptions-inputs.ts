/** Basic model: the Assumptions Inputs screen (Assumptions_Inputs.png). */
import { chart } from '../charts.ts'
import { type Screen } from '../excel.ts'
import { portfolioAt, CONTENT_RIGHT, sheetTitle } from '../common.ts'
import {
  PACING,
  STRATEGIES,
  STRATEGY_COLORS,
  type Programme,
  type Strategy,
} from '../projection.ts'
import { C, money, pct } from '../svg.ts'
import { base, range } from './frame.ts'

export function assumptionsScreen(p: Programme): Screen {
  return base(
    'Assumptions',
    (sheet) => {
      sheetTitle(
        sheet,
        1,
        'Assumptions',
        'Takahashi-Alexander pacing parameters by strategy. Change the blue cells; everything else recalculates.',
      )
      const headers = [
        'Strategy',
        'RC yr 1',
        'RC yr 2',
        'RC yr 3',
        'RC yr 4+',
        'Life (yrs)',
        'Bow',
        'Growth',
        'Yield',
      ]
      headers.forEach((h, i) =>
        sheet.cell(1 + i, 3, h, {
          fill: C.navy,
          color: C.white,
          bold: true,
          align: i === 0 ? 'left' : 'right',
        }),
      )
      STRATEGIES.forEach((s, r) => {
        const pr = PACING[s]
        sheet.cell(1, 4 + r, s)
        const values = [
          ...pr.callRates.map((v) => pct(v, 0)),
          String(pr.life),
          pr.bow.toFixed(1),
          pct(pr.growth),
          pct(pr.yield),
        ]
        values.forEach((v, i) =>
          sheet.cell(2 + i, 4 + r, v, {
            fill: C.input,
            color: C.inputText,
            align: 'right',
            border: 'box',
          }),
        )
      })
      sheet.cell(1, 11, 'General settings', { fill: C.navy, color: C.white, bold: true, span: 3 })
      const general: [string, string][] = [
        ['As-of date', p.asOf.label],
        ['Projection start', p.asOf.projectionStart],
        ['Time span', '20 years'],
        ['Periodicity', 'Annual'],
        ['Currency', 'USD millions'],
        ['Total portfolio', money(portfolioAt(p, p.asOf.year))],
        ['Private target', pct(p.privateTarget, 0)],
      ]
      general.forEach(([k, v], i) => {
        sheet.cell(1, 12 + i, k, { color: C.ink2 })
        sheet.cell(2, 12 + i, v, {
          fill: C.input,
          color: C.inputText,
          align: 'right',
          border: 'box',
          span: 2,
        })
      })
      sheet.cell(5, 11, 'How the model uses them', {
        fill: C.navy,
        color: C.white,
        bold: true,
        span: 5,
      })
      const notes = [
        'Calls each year = RC × unfunded commitment',
        'Distributions = (age / life) ^ bow × NAV after growth',
        'NAV = NAV × (1 + growth) + calls − distributions',
        'Yield adds a fixed payout for income strategies',
        'Actual quarters override the projection',
        'Max. 5 years of actuals per fund',
      ]
      notes.forEach((n, i) => sheet.cell(5, 12 + i, `${i + 1}.  ${n}`, { color: C.ink, span: 5 }))
      const ages = range(0, 14)
      const curve = (s: Strategy) => {
        const pr = PACING[s]
        let nav = 0
        let unfunded = 10
        return ages.map((age) => {
          if (age > 0) {
            const call = pr.callRates[Math.min(3, age - 1)]! * unfunded
            const grown = nav * (1 + pr.growth)
            nav = grown + call - grown * Math.min(1, Math.pow(age / pr.life, pr.bow) + pr.yield)
            unfunded -= call
          }
          return nav
        })
      }
      const called = (s: Strategy) => {
        const pr = PACING[s]
        let unfunded = 1
        return ages.map((age) => {
          if (age > 0) unfunded -= pr.callRates[Math.min(3, age - 1)]! * unfunded
          return (1 - unfunded) * 100
        })
      }
      sheet.push(
        ...chart({
          x: sheet.x(1),
          y: sheet.y(20),
          w: sheet.width(1, 9),
          h: 330,
          title: 'Cumulative % of commitment called, by fund age',
          categories: ages.map((a) => `Yr ${a}`),
          lines: STRATEGIES.map((s) => ({ name: s, color: STRATEGY_COLORS[s], values: called(s) })),
          format: (v) => `${v.toFixed(0)}%`,
          labelEvery: 2,
        }),
      )
      const cx = sheet.x(11)
      sheet.push(
        ...chart({
          x: cx,
          y: sheet.y(3),
          w: CONTENT_RIGHT - cx,
          h: 380,
          title: 'NAV of a $10M commitment by fund age',
          subtitle: 'One curve per strategy, from the parameters on the left',
          categories: ages.map((a) => `Yr ${a}`),
          lines: STRATEGIES.map((s) => ({ name: s, color: STRATEGY_COLORS[s], values: curve(s) })),
          format: (v) => `$${v.toFixed(0)}M`,
          labelEvery: 2,
        }),
      )
    },
    { nameBox: 'D6', formula: '=0.33', selection: [3, 5] },
  )
}
