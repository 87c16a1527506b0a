/** Advanced model: the KPIs Dashboard screen (KPIs_Dashboard.png). */
import { chart, tile } from '../charts.ts'
import {
  ADVANCED_FILE,
  CONTENT_RIGHT,
  CONTENT_X,
  slicer,
  table,
  titleBand,
  type Column,
} from '../common.ts'
import { GRID_Y, type Screen } from '../excel.ts'
import {
  GEOGRAPHIES,
  STRATEGIES,
  STRATEGY_COLORS,
  metricsAsOf,
  type Programme,
} from '../projection.ts'
import { C, money, multiple, pct } from '../svg.ts'
import { base, m, subtitle, portfolioMetrics, range } from './frame.ts'

export function kpisScreen(p: Programme): Screen {
  const total = portfolioMetrics(p)
  return base(ADVANCED_FILE, 'KPIs', (sheet) => {
    titleBand(sheet, 'KPIs Dashboard', subtitle(p), ['View: Actuals', 'Geography: All'])
    const sy = GRID_Y + 76
    let y = slicer(sheet, CONTENT_X + 8, sy, 190, 'Strategy', [...STRATEGIES], [...STRATEGIES])
    y = slicer(sheet, CONTENT_X + 8, y + 14, 190, 'Geography', [...GEOGRAPHIES], [...GEOGRAPHIES])
    slicer(sheet, CONTENT_X + 8, y + 14, 190, 'View', ['Actuals', 'Glide', 'Flight'], ['Actuals'])
    const x0 = CONTENT_X + 214
    const tw = (CONTENT_RIGHT - x0 - 4 * 14) / 5
    const tiles: [string, string, string][] = [
      ['TVPI', multiple(total.tvpi), '▲ 0.04x vs prior quarter'],
      ['DPI', multiple(total.dpi), `${m(total.distributed)} distributed`],
      ['Net IRR', pct(total.irr), 'Since inception, pooled'],
      [
        'Paid-in capital',
        m(total.paidIn),
        `${pct(total.paidIn / total.commitment)} of commitments`,
      ],
      ['Commitments', `${p.existing.length}`, `${m(total.commitment)} across 6 strategies`],
    ]
    tiles.forEach(([label, value, note], i) =>
      sheet.push(...tile(x0 + i * (tw + 14), sy, tw, 86, label, value, note)),
    )
    const cy = sy + 102
    const byStrategy = STRATEGIES.map((s) => ({ s, mt: portfolioMetrics(p, (x) => x === s) }))
    const cw = (CONTENT_RIGHT - x0 - 14) / 2
    sheet.push(
      ...chart({
        x: x0,
        y: cy,
        w: cw,
        h: 330,
        title: 'TVPI and DPI by strategy',
        categories: STRATEGIES.map((s) =>
          s
            .replace(' Equity', '')
            .replace('Venture Capital', 'Venture')
            .replace('Infrastructure', 'Infra'),
        ),
        bars: [
          { name: 'DPI', color: C.tealLight, values: byStrategy.map((b) => b.mt.dpi) },
          { name: 'TVPI', color: C.navy, values: byStrategy.map((b) => b.mt.tvpi) },
        ],
        format: (v) => `${v.toFixed(1)}x`,
      }),
    )
    // Vintages with a few years behind them: the as-of year's funds have barely called.
    const vintages = range(p.asOf.firstYear, p.asOf.year - 1)
    const vintageIrr = vintages.map((v) => {
      const funds = p.existing.filter((f) => f.fund.vintage === v)
      const irrs = funds.map((f) => metricsAsOf(f).irr ?? 0)
      return irrs.reduce((s, x) => s + x, 0) / Math.max(1, irrs.length)
    })
    sheet.push(
      ...chart({
        x: x0 + cw + 14,
        y: cy,
        w: cw,
        h: 330,
        title: 'Net IRR by vintage',
        categories: vintages,
        bars: [{ name: 'Net IRR', color: C.blue, values: vintageIrr.map((v) => v * 100) }],
        lines: [
          {
            name: 'Programme IRR',
            color: C.amber,
            values: vintages.map(() => total.irr * 100),
            dash: '5 4',
          },
        ],
        format: (v) => `${v.toFixed(0)}%`,
      }),
    )
    const columns: Column[] = [
      { label: 'Strategy', w: 230, align: 'left' },
      { label: 'Funds', w: 80 },
      { label: 'Committed', w: 120 },
      { label: 'Paid-in', w: 120 },
      { label: 'Distributed', w: 120 },
      { label: 'NAV', w: 120 },
      { label: 'Unfunded', w: 120 },
      { label: 'DPI', w: 95 },
      { label: 'TVPI', w: 95 },
      { label: 'Net IRR', w: 95 },
      { label: 'Share of NAV', w: 127 },
    ]
    const rows = byStrategy.map(({ s, mt }) => [
      s,
      String(p.existing.filter((f) => f.fund.strategy === s).length),
      money(mt.commitment),
      money(mt.paidIn),
      money(mt.distributed),
      money(mt.nav),
      money(mt.unfunded),
      multiple(mt.dpi),
      multiple(mt.tvpi),
      pct(mt.irr),
      pct(mt.nav / total.nav),
    ])
    rows.push([
      'Total programme',
      String(p.existing.length),
      money(total.commitment),
      money(total.paidIn),
      money(total.distributed),
      money(total.nav),
      money(total.unfunded),
      multiple(total.dpi),
      multiple(total.tvpi),
      pct(total.irr),
      '100.0%',
    ])
    table(sheet, x0, cy + 346, columns, rows, {
      totalRows: [rows.length - 1],
      swatches: (r) => (r < STRATEGIES.length ? STRATEGY_COLORS[STRATEGIES[r]!] : undefined),
    })
  })
}
