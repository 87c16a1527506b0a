/** Advanced model: the Actual Commitments Inputs screen (Actual_Commitments_Inputs.png). */
import { ADVANCED_FILE, CONTENT_X, table, titleBand, type Column } from '../common.ts'
import { GRID_Y, type Screen } from '../excel.ts'
import { metricsAsOf, type Programme } from '../projection.ts'
import { money } from '../svg.ts'
import { base, m, portfolioMetrics } from './frame.ts'

export function commitmentsScreen(p: Programme): Screen {
  const total = portfolioMetrics(p)
  return base(
    ADVANCED_FILE,
    'Commitments',
    (sheet) => {
      titleBand(
        sheet,
        'Actual Commitments',
        'One row per commitment; each row feeds its own fund tab. Blue cells are inputs.',
        ['24 commitments', `${m(total.commitment)} committed`],
      )
      const columns: Column[] = [
        { label: 'ID', w: 64, align: 'left' },
        { label: 'Fund name', w: 330, align: 'left' },
        { label: 'Strategy', w: 140, align: 'left' },
        { label: 'Geography', w: 130, align: 'left' },
        { label: 'Vintage', w: 80, align: 'center' },
        { label: 'Currency', w: 84, align: 'center' },
        { label: 'Commitment', w: 116 },
        { label: 'Paid-in', w: 100 },
        { label: 'NAV', w: 100 },
        { label: 'Input mode', w: 118, align: 'left' },
        { label: 'Curve', w: 110, align: 'left' },
        { label: 'Include', w: 80, align: 'center' },
      ]
      const rows = p.existing.map(({ fund: f }, i) => {
        const mt = metricsAsOf(p.existing[i]!)
        return [
          f.id,
          f.name,
          f.strategy,
          f.geography,
          String(f.vintage),
          // One currency: multi-currency commitments are 'Coming soon' (content/pricing.ts).
          'USD',
          money(f.commitment),
          money(mt.paidIn),
          money(mt.nav),
          i % 3 === 0 ? 'Daily ledger' : 'Quarterly',
          'Base',
          'Yes',
        ]
      })
      rows.push([
        '',
        'Total',
        '',
        '',
        '',
        '',
        money(total.commitment),
        money(total.paidIn),
        money(total.nav),
        '',
        '',
        '',
      ])
      table(sheet, CONTENT_X + 8, GRID_Y + 74, columns, rows, {
        inputCols: [1, 2, 3, 4, 5, 6, 9, 10, 11],
        totalRows: [rows.length - 1],
        filters: true,
      })
    },
    { nameBox: 'G9', formula: '14.5' },
  )
}
