/** Advanced model: the Public Market Inputs screen (Public_Market_Inputs.png). */
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
import { C, money } from '../svg.ts'
import { base, portfolioMetrics, range } from './frame.ts'

export function publicMarketScreen(p: Programme): Screen {
  const { asOf } = p
  const total = portfolioMetrics(p)
  const portfolioStart = portfolioAt(p, asOf.year)
  return base(
    ADVANCED_FILE,
    'Public',
    (sheet) => {
      titleBand(
        sheet,
        'Public Market Inputs',
        'The liquid portfolio that funds calls and receives distributions. Blue cells are inputs.',
        ['Rebalancing: annual'],
      )
      const columns: Column[] = [
        { label: 'Asset class', w: 200, align: 'left' },
        { label: 'Weight', w: 84 },
        { label: 'Exp. return', w: 100 },
        { label: 'Volatility', w: 96 },
        { label: 'Yield', w: 80 },
        { label: 'Benchmark', w: 230, align: 'left' },
      ]
      const rows = [
        ['US equity', '38.0%', '7.2%', '16.0%', '1.4%', 'MSCI USA IMI'],
        ['International equity', '22.0%', '7.8%', '17.5%', '2.9%', 'MSCI ACWI ex USA IMI'],
        ['Core bonds', '25.0%', '4.6%', '6.0%', '4.4%', 'Bloomberg US Aggregate'],
        ['Inflation-linked', '8.0%', '4.2%', '5.5%', '2.1%', 'Bloomberg US TIPS'],
        ['Cash', '7.0%', '3.4%', '0.5%', '3.4%', '3M T-Bills'],
        ['Public portfolio', '100.0%', '6.4%', '10.9%', '2.7%', ''],
      ]
      let y = table(sheet, CONTENT_X + 8, GRID_Y + 74, columns, rows, {
        header: 'Capital market assumptions',
        inputCols: [1, 2, 3, 4],
        totalRows: [5],
      })
      const flows = [
        [
          `Starting value (${asOf.projectionStart})`,
          money(portfolioStart - total.nav),
          'USD millions',
        ],
        ['Annual contributions from sponsor', '12.0', 'USD millions, growing with inflation'],
        ['Spending rate', '4.5%', 'Of trailing 3-year average value'],
        ['Inflation', '2.5%', 'Long-run assumption'],
        ['Fund private calls from', 'Cash, then bonds', 'Order of liquidation'],
        ['Reinvest distributions into', 'Policy weights', ''],
      ]
      y = table(
        sheet,
        CONTENT_X + 8,
        y + 18,
        [
          { label: 'Setting', w: 280, align: 'left' },
          { label: 'Value', w: 140 },
          { label: 'Note', w: 370, align: 'left' },
        ],
        flows,
        { header: 'Portfolio flows', inputCols: [1] },
      )
      const py = range(asOf.year + 1, asOf.year + 6)
      let value = portfolioStart - total.nav
      const projRows: string[][] = [
        ['Opening value'],
        ['Sponsor contributions'],
        ['Spending'],
        ['Net private cash flow'],
        ['Investment return'],
        ['Closing value'],
      ]
      for (const yy of py) {
        const open = value
        const contrib = 12 * Math.pow(1.025, yy - py[0]!)
        const spend = -0.045 * open
        const net = rowOf(p.flight, yy).dists - rowOf(p.flight, yy).calls
        const ret = open * 0.064
        value = open + contrib + spend + net + ret
        ;[open, contrib, spend, net, ret, value].forEach((v, i) => projRows[i]!.push(money(v)))
      }
      table(
        sheet,
        CONTENT_X + 8,
        y + 18,
        [
          { label: 'Public portfolio', w: 220, align: 'left' },
          ...py.map((yy) => ({ label: `${yy}F`, w: 94 })),
        ],
        projRows,
        { header: 'Projected public portfolio', totalRows: [5] },
      )
      const cx = CONTENT_X + 8 + 820
      const years = range(asOf.year - 5, asOf.year + 15)
      sheet.push(
        ...chart({
          x: cx,
          y: GRID_Y + 74,
          w: CONTENT_RIGHT - cx,
          h: 380,
          title: 'Total portfolio: public and private',
          subtitle: 'Flight view, USD millions',
          categories: years,
          areas: [
            {
              name: 'Private NAV',
              color: C.tealLight,
              values: years.map((yy) => rowOf(p.flight, yy).nav),
            },
            {
              name: 'Public portfolio',
              color: '#b3c8e6',
              values: years.map((yy) => portfolioAt(p, yy) - rowOf(p.flight, yy).nav),
            },
          ],
          format: (v) => `$${v.toFixed(0)}`,
          labelEvery: 2,
        }),
      )
      sheet.push(
        ...chart({
          x: cx,
          y: GRID_Y + 470,
          w: CONTENT_RIGHT - cx,
          h: 280,
          title: 'Liquidity: net private calls vs public yield',
          categories: years,
          bars: [
            {
              name: 'Net private cash flow',
              color: C.navy,
              values: years.map((yy) => rowOf(p.flight, yy).dists - rowOf(p.flight, yy).calls),
            },
          ],
          lines: [
            {
              name: 'Public income',
              color: C.amber,
              values: years.map((yy) => (portfolioAt(p, yy) - rowOf(p.flight, yy).nav) * 0.027),
            },
          ],
          format: (v) => `$${v.toFixed(0)}`,
          labelEvery: 2,
        }),
      )
    },
    { nameBox: 'C6', formula: '=0.38' },
  )
}
