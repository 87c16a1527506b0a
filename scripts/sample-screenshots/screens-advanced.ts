/**
 * The twelve Advanced model screens (the default Advanced set, docs/product.md,
 * "Routes and screens").
 */
import { chart, donut, panel, tile } from './charts.ts'
import { GRID_Y, type Screen, type Sheet } from './excel.ts'
import {
  ADVANCED_FILE,
  ADVANCED_TABS,
  CONTENT_RIGHT,
  CONTENT_X,
  rowOf,
  slicer,
  strategyExposure,
  table,
  titleBand,
  yearIndex,
  type Column,
} from './common.ts'
import {
  AS_OF,
  GEOGRAPHIES,
  PACING,
  PLAN_YEARS,
  STRATEGIES,
  STRATEGY_COLORS,
  lifetimeMetrics,
  metricsAsOf,
  type Programme,
  type Strategy,
} from './projection.ts'
import { C, money, multiple, pct, rect, text } from './svg.ts'

const SUB = `PacePoint Advanced Pacing Model  ·  USD millions  ·  Actuals as of ${AS_OF.label}`
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i)
const m = (v: number) => `$${money(v)}M`

function base(
  file: string,
  active: string,
  draw: (sheet: Sheet) => void,
  extra: Partial<Screen> = {},
): Screen {
  return {
    file,
    tabs: ADVANCED_TABS,
    active,
    nameBox: 'A1',
    formula: '',
    gridlines: true,
    widths: [],
    draw,
    ...extra,
  }
}

function portfolioMetrics(p: Programme, filter: (s: Strategy) => boolean = () => true) {
  let paidIn = 0
  let distributed = 0
  let nav = 0
  let unfunded = 0
  let commitment = 0
  const flows = new Map<string, number>()
  for (const projection of p.existing) {
    if (!filter(projection.fund.strategy)) continue
    const mt = metricsAsOf(projection)
    paidIn += mt.paidIn
    distributed += mt.distributed
    nav += mt.nav
    unfunded += mt.unfunded
    commitment += projection.fund.commitment
    for (const q of projection.quarters) {
      if (!q.actual) continue
      const key = `${q.year}-${q.q}`
      flows.set(key, (flows.get(key) ?? 0) + q.dist - q.call)
    }
  }
  const keys = [...flows.keys()].sort((a, b) => {
    const [ya, qa] = a.split('-').map(Number)
    const [yb, qb] = b.split('-').map(Number)
    return ya! - yb! || qa! - qb!
  })
  const series = keys.map((k) => flows.get(k)!)
  if (series.length) series[series.length - 1]! += nav
  const npv = (r: number) => series.reduce((s, f, t) => s + f / Math.pow(1 + r, t), 0)
  let lo = -0.3
  let hi = 0.5
  for (let i = 0; i < 80; i++) {
    const mid = (lo + hi) / 2
    if (npv(lo) * npv(mid) <= 0) hi = mid
    else lo = mid
  }
  const irr = Math.pow(1 + lo, 4) - 1
  return {
    paidIn,
    distributed,
    nav,
    unfunded,
    commitment,
    dpi: distributed / paidIn,
    tvpi: (distributed + nav) / paidIn,
    irr,
  }
}

export function advancedScreens(p: Programme): Record<string, Screen> {
  const total = portfolioMetrics(p)
  const portfolio2025 = p.totalPortfolio[yearIndex(2025)]!
  const chartYears = range(2018, 2035)

  const exposure = base(ADVANCED_FILE, 'Exposure', (sheet) => {
    titleBand(sheet, 'Exposure Dashboard', SUB, ['Scenario: Base', 'View: Flight', 'Strategy: All'])
    const ty = GRID_Y + 76
    const tw = (CONTENT_RIGHT - CONTENT_X - 16 - 4 * 14) / 5
    const exposureNow = total.nav + total.unfunded
    const tiles: [string, string, string, string?][] = [
      ['Total exposure', m(exposureNow), `${pct(exposureNow / portfolio2025)} of total portfolio`],
      [
        'Net asset value',
        m(total.nav),
        `▲ ${m(rowOf(p.glide, 2025).nav - rowOf(p.glide, 2024).nav)} year to date`,
      ],
      [
        'Unfunded commitments',
        m(total.unfunded),
        `${pct(total.unfunded / total.commitment)} of ${m(total.commitment)} committed`,
        C.ink3,
      ],
      [
        'Private allocation',
        pct(total.nav / portfolio2025),
        `Target ${pct(p.privateTarget, 0)}  ·  above range`,
        C.red,
      ],
      ['Back to target', '2032', 'Flight path with planned commitments', C.ink3],
    ]
    tiles.forEach(([label, value, note, color], i) =>
      sheet.push(...tile(CONTENT_X + 8 + i * (tw + 14), ty, tw, 86, label, value, note, color)),
    )
    const cy = ty + 102
    sheet.push(
      ...chart({
        x: CONTENT_X + 8,
        y: cy,
        w: 1010,
        h: 370,
        title: 'Exposure: NAV by strategy plus unfunded commitments (Flight view)',
        subtitle:
          'Existing and planned commitments; dashed line: target NAV at 32% of the total portfolio',
        categories: chartYears,
        bars: [
          ...STRATEGIES.map((s) => ({
            name: s,
            color: STRATEGY_COLORS[s],
            values: chartYears.map((y) => rowOf(p.byStrategy[s].flight, y).nav),
          })),
          {
            name: 'Unfunded',
            color: '#d3dce7',
            values: chartYears.map((y) => rowOf(p.flight, y).unfunded),
          },
        ],
        lines: [
          {
            name: 'Target NAV',
            color: C.red,
            values: chartYears.map((y) => p.totalPortfolio[yearIndex(y)]! * p.privateTarget),
            dash: '6 4',
          },
        ],
        stacked: true,
        forecastFrom: chartYears.indexOf(2026),
        format: (v) => `$${v.toFixed(0)}`,
      }),
    )
    const slices = STRATEGIES.map((s) => ({
      name: s,
      color: STRATEGY_COLORS[s],
      value: rowOf(p.byStrategy[s].glide, 2025).nav,
    }))
    sheet.push(
      ...donut(
        CONTENT_X + 1034,
        cy,
        CONTENT_RIGHT - CONTENT_X - 1034,
        370,
        'NAV by strategy, 30-Sep-2025',
        slices,
        [m(total.nav), 'total NAV'],
      ),
    )
    const years = range(2024, 2031)
    const columns: Column[] = [
      { label: 'Exposure by strategy', w: 220, align: 'left' },
      ...years.map((y) => ({ label: y <= 2025 ? `${y}A` : `${y}F`, w: 126 })),
      { label: "Target NAV '31", w: 130 },
      { label: 'NAV vs target', w: 130 },
    ]
    const p31 = p.totalPortfolio[yearIndex(2031)]!
    const rows = STRATEGIES.map((s) => {
      const target = p.targets[s] * p31
      return [
        s,
        ...years.map((y) => money(strategyExposure(p, s, y))),
        money(target),
        money(rowOf(p.byStrategy[s].flight, 2031).nav - target),
      ]
    })
    const totals = [
      'Total exposure',
      ...years.map((y) => money(rowOf(p.flight, y).nav + rowOf(p.flight, y).unfunded)),
      money(p.privateTarget * p31),
      money(rowOf(p.flight, 2031).nav - p.privateTarget * p31),
    ]
    table(sheet, CONTENT_X + 8, cy + 386, columns, [...rows, totals], {
      totalRows: [rows.length],
      swatches: (r) => (r < STRATEGIES.length ? STRATEGY_COLORS[STRATEGIES[r]!] : undefined),
    })
  })

  // One commitment's tab: quarterly ledger, actuals then forecast.
  const fundProjection = p.existing[12]!
  const fund = fundProjection.fund
  const fundTab = base(
    ADVANCED_FILE,
    'F013',
    (sheet) => {
      titleBand(
        sheet,
        `${fund.id}  ·  ${fund.name}`,
        `${fund.strategy}  ·  ${fund.geography}  ·  Vintage ${fund.vintage}  ·  Quarterly ledger with rolling forecast`,
        ['Input: Quarterly', 'Currency: USD'],
      )
      const mt = metricsAsOf(fundProjection)
      const life = lifetimeMetrics(fundProjection)
      const info: [string, string][] = [
        ['Commitment', m(fund.commitment)],
        ['General partner', fund.gp],
        ['First close', `15-Jun-${fund.vintage}`],
        ['Fund term', `${PACING[fund.strategy].life} + 2 years`],
        ['Pacing curve', `${fund.strategy} (Base)`],
      ]
      const iy = GRID_Y + 74
      sheet.push(...panel(CONTENT_X + 8, iy, 360, 126, 'Commitment'))
      info.forEach(([k, v], i) => {
        sheet.push(text(CONTENT_X + 24, iy + 46 + i * 17, k, { size: 12, fill: C.ink2 }))
        sheet.push(rect(CONTENT_X + 170, iy + 34 + i * 17, 180, 16, C.input, { stroke: '#e8d9a0' }))
        sheet.push(text(CONTENT_X + 176, iy + 46 + i * 17, v, { size: 12, fill: C.inputText }))
      })
      const kpis: [string, string, string][] = [
        ['Paid-in', m(mt.paidIn), `${pct(mt.paidIn / fund.commitment)} called`],
        ['Distributed', m(mt.distributed), `DPI ${multiple(mt.dpi)}`],
        ['NAV', m(mt.nav), `Unfunded ${m(mt.unfunded)}`],
        [
          'TVPI / IRR',
          `${multiple(mt.tvpi)}`,
          `IRR ${pct(mt.irr ?? 0)} · projected ${multiple(life.tvpi)}`,
        ],
      ]
      kpis.forEach(([label, value, note], i) =>
        sheet.push(...tile(CONTENT_X + 384 + i * 200, iy, 186, 126, label, value, note)),
      )
      const rows: string[][] = []
      const quarters = fundProjection.quarters.filter(
        (q) => q.year >= fund.vintage && q.year <= 2028,
      )
      let cumCall = 0
      let cumDist = 0
      for (const q of fundProjection.quarters) {
        cumCall += q.call
        cumDist += q.dist
        if (!quarters.includes(q)) continue
        rows.push([
          `Q${q.q} ${q.year}`,
          q.actual ? 'Actual' : 'Forecast',
          money(-q.call),
          money(q.dist),
          money(q.dist - q.call),
          money(q.nav),
          money(q.unfunded),
          multiple(cumCall > 0 ? cumDist / cumCall : 0),
          multiple(cumCall > 0 ? (cumDist + q.nav) / cumCall : 0),
        ])
      }
      const columns: Column[] = [
        { label: 'Quarter', w: 90, align: 'left' },
        { label: 'Type', w: 80, align: 'left' },
        { label: 'Calls', w: 90 },
        { label: 'Distributions', w: 104 },
        { label: 'Net CF', w: 90 },
        { label: 'NAV', w: 90 },
        { label: 'Unfunded', w: 90 },
        { label: 'DPI', w: 70 },
        { label: 'TVPI', w: 70 },
      ]
      const firstForecast = rows.findIndex((r) => r[1] === 'Forecast')
      table(sheet, CONTENT_X + 8, iy + 142, columns, rows.slice(0, 25), {
        inputCols: [],
        colors: (r, c, v) =>
          c === 1
            ? v === 'Actual'
              ? C.teal
              : C.ink3
            : r >= firstForecast && c >= 2
              ? v.startsWith('(')
                ? '#c2410c'
                : C.ink2
              : c >= 2 && c <= 4 && r < firstForecast
                ? v.startsWith('(')
                  ? C.red
                  : C.inputText
                : undefined,
      })
      const years = range(fund.vintage, fund.vintage + 13)
      const cx = CONTENT_X + 8 + 810
      const yearly = years.map((y) => {
        const inYear = fundProjection.quarters.filter((q) => q.year === y)
        return {
          call: inYear.reduce((s, q) => s + q.call, 0),
          dist: inYear.reduce((s, q) => s + q.dist, 0),
          nav: inYear[inYear.length - 1]?.nav ?? 0,
        }
      })
      let running = 0
      sheet.push(
        ...chart({
          x: cx,
          y: iy + 142,
          w: CONTENT_RIGHT - cx,
          h: 300,
          title: 'Annual cash flows and NAV',
          subtitle: 'Calls negative, distributions positive; NAV line',
          categories: years,
          bars: [
            { name: 'Calls', color: C.navy, values: yearly.map((y) => -y.call) },
            { name: 'Distributions', color: C.tealLight, values: yearly.map((y) => y.dist) },
          ],
          lines: [{ name: 'NAV', color: C.amber, values: yearly.map((y) => y.nav) }],
          stacked: true,
          forecastFrom: years.indexOf(2026),
          labelEvery: 2,
        }),
      )
      sheet.push(
        ...chart({
          x: cx,
          y: iy + 456,
          w: CONTENT_RIGHT - cx,
          h: 230,
          title: 'J-curve: cumulative net cash flow',
          categories: years,
          lines: [
            {
              name: 'Cumulative net cash flow',
              color: C.blue,
              values: yearly.map((y) => {
                running += y.dist - y.call
                return running
              }),
            },
          ],
          forecastFrom: years.indexOf(2026),
          labelEvery: 2,
        }),
      )
    },
    { nameBox: 'D12', formula: '=IF(E$6<=AsOfDate, Ledger!F214, -RC_t * Unfunded_prev)' },
  )

  const kpis = base(ADVANCED_FILE, 'KPIs', (sheet) => {
    titleBand(sheet, 'KPIs Dashboard', SUB, ['View: Actuals', 'Geography: All'])
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
    const vintages = range(2016, 2024)
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

  const cashFlow = base(ADVANCED_FILE, 'Cash Flow', (sheet) => {
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

  const commitments = base(
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

  const pacing = base(
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

  const planTotals = PLAN_YEARS.map((_, i) => STRATEGIES.reduce((s, st) => s + p.plan[st][i]!, 0))
  const plannedDashboard = base(ADVANCED_FILE, 'Planned', (sheet) => {
    titleBand(sheet, 'Planned Commitments Dashboard', `Commitment line-up 2026-2035  ·  ${SUB}`, [
      'Horizon: 10 years',
      'Scenario: Base',
    ])
    const ty = GRID_Y + 76
    const tw = (CONTENT_RIGHT - CONTENT_X - 16 - 3 * 14) / 4
    const sum = planTotals.reduce((s, v) => s + v, 0)
    const tiles: [string, string, string, string?][] = [
      ['Planned commitments', m(sum), '60 commitments over 10 years'],
      [
        'Average per year',
        m(sum / PLAN_YEARS.length),
        `${m(planTotals[0]!)} in 2026, rising 5% a year`,
        C.ink3,
      ],
      ['Opportunistic reserve', m(6), 'Buyout secondary, 2029', C.ink3],
      [
        'Private allocation 2035',
        pct(rowOf(p.flight, 2035).nav / p.totalPortfolio[yearIndex(2035)]!),
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
        categories: PLAN_YEARS,
        bars: STRATEGIES.map((s) => ({ name: s, color: STRATEGY_COLORS[s], values: p.plan[s] })),
        stacked: true,
        format: (v) => `$${v.toFixed(0)}`,
      }),
    )
    const years = range(2024, 2035)
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
            values: years.map(
              (y) => (rowOf(p.flight, y).nav / p.totalPortfolio[yearIndex(y)]!) * 100,
            ),
          },
          {
            name: 'Glide',
            color: C.ink3,
            values: years.map(
              (y) => (rowOf(p.glide, y).nav / p.totalPortfolio[yearIndex(y)]!) * 100,
            ),
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
      ...PLAN_YEARS.map((y) => ({ label: String(y), w: 112 })),
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

  const plannedInputs = base(
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
        ...PLAN_YEARS.map((y) => ({ label: String(y), w: 104 })),
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
        ['Check', ...PLAN_YEARS.map(() => '100%'), '', ''],
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
          categories: PLAN_YEARS,
          bars: STRATEGIES.map((s) => ({ name: s, color: STRATEGY_COLORS[s], values: p.plan[s] })),
          lines: [
            { name: 'Cap per year', color: C.red, values: PLAN_YEARS.map(() => 75), dash: '6 4' },
          ],
          stacked: true,
          format: (v) => `$${v.toFixed(0)}`,
        }),
      )
    },
    {
      nameBox: 'E8',
      formula: '=ROUND(Inp_Base_Buyout*(1+Growth_Plan)^(E$6-2026),1)',
      selection: undefined,
    },
  )

  const targets = base(
    ADVANCED_FILE,
    'Targets',
    (sheet) => {
      titleBand(
        sheet,
        'Targets Inputs',
        'Target allocation and tolerance ranges, as a share of the total portfolio. Blue cells are inputs.',
        ['Total portfolio: ' + m(portfolio2025)],
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
        const nav = rowOf(p.byStrategy[s].glide, 2025).nav
        const actual = nav / portfolio2025
        const status =
          actual > t * 1.4 ? 'Above range' : actual < t * 0.6 ? 'Below range' : 'Within range'
        return [
          s,
          pct(t),
          pct(t * 0.6),
          pct(t * 1.4),
          money(t * portfolio2025),
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
        money(p.privateTarget * portfolio2025),
        money(total.nav),
        pct(total.nav / portfolio2025),
        `+${pct(total.nav / portfolio2025 - p.privateTarget)}`,
        'Above range',
      ])
      rows.push([
        'Public markets',
        pct(1 - p.privateTarget, 0),
        '60.0%',
        '75.0%',
        money((1 - p.privateTarget) * portfolio2025),
        money(portfolio2025 - total.nav),
        pct(1 - total.nav / portfolio2025),
        pct(total.nav / portfolio2025 - p.privateTarget),
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
      const years = range(2024, 2036)
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
              values: years.map(
                (yy) => (rowOf(p.flight, yy).nav / p.totalPortfolio[yearIndex(yy)]!) * 100,
              ),
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
                (s) => (rowOf(p.byStrategy[s].glide, 2025).nav / portfolio2025) * 100,
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

  const publicMarket = base(
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
        ['Starting value (31-Dec-2025)', money(portfolio2025 - total.nav), 'USD millions'],
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
      const py = range(2026, 2031)
      let value = portfolio2025 - total.nav
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
        const contrib = 12 * Math.pow(1.025, yy - 2026)
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
      const years = range(2020, 2040)
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
              values: years.map((yy) => p.totalPortfolio[yearIndex(yy)]! - rowOf(p.flight, yy).nav),
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
              values: years.map(
                (yy) => (p.totalPortfolio[yearIndex(yy)]! - rowOf(p.flight, yy).nav) * 0.027,
              ),
            },
          ],
          format: (v) => `$${v.toFixed(0)}`,
          labelEvery: 2,
        }),
      )
    },
    { nameBox: 'C6', formula: '=0.38' },
  )

  const glideYears = range(2020, 2045)
  const planned1 = base(ADVANCED_FILE, 'Model 1', (sheet) => {
    titleBand(
      sheet,
      'Planned Model 1: Glide and Flight',
      'Glide: existing commitments only. Flight: existing plus planned commitments.',
      ['Scenario: Base', 'Horizon: 20 years'],
    )
    const cy = GRID_Y + 76
    const w = (CONTENT_RIGHT - CONTENT_X - 8 - 14) / 2
    sheet.push(
      ...chart({
        x: CONTENT_X + 8,
        y: cy,
        w,
        h: 400,
        title: 'Private-market NAV, Glide vs Flight',
        subtitle: 'USD millions',
        categories: glideYears,
        areas: [
          {
            name: 'Glide NAV',
            color: '#b3c8e6',
            values: glideYears.map((y) => rowOf(p.glide, y).nav),
          },
        ],
        lines: [
          {
            name: 'Flight NAV',
            color: C.navy,
            values: glideYears.map((y) => rowOf(p.flight, y).nav),
          },
          {
            name: 'Flight exposure',
            color: C.tealLight,
            values: glideYears.map((y) => rowOf(p.flight, y).nav + rowOf(p.flight, y).unfunded),
          },
          {
            name: 'Target NAV',
            color: C.red,
            values: glideYears.map((y) => p.totalPortfolio[yearIndex(y)]! * p.privateTarget),
            dash: '5 4',
          },
        ],
        forecastFrom: glideYears.indexOf(2026),
        format: (v) => `$${v.toFixed(0)}`,
        labelEvery: 3,
      }),
    )
    sheet.push(
      ...chart({
        x: CONTENT_X + 8 + w + 14,
        y: cy,
        w,
        h: 400,
        title: 'Flight NAV by strategy',
        subtitle: 'USD millions',
        categories: glideYears,
        areas: STRATEGIES.map((s) => ({
          name: s,
          color: STRATEGY_COLORS[s],
          values: glideYears.map((y) => rowOf(p.byStrategy[s].flight, y).nav),
        })),
        forecastFrom: glideYears.indexOf(2026),
        format: (v) => `$${v.toFixed(0)}`,
        labelEvery: 3,
      }),
    )
    const years = range(2025, 2037)
    const columns: Column[] = [
      { label: 'USD millions', w: 210, align: 'left' },
      ...years.map((y) => ({ label: y === 2025 ? '2025A' : `${y}F`, w: 102 })),
    ]
    const rows = [
      ['Glide NAV', ...years.map((y) => money(rowOf(p.glide, y).nav))],
      ['Flight NAV', ...years.map((y) => money(rowOf(p.flight, y).nav))],
      ['Flight unfunded', ...years.map((y) => money(rowOf(p.flight, y).unfunded))],
      ['Total portfolio', ...years.map((y) => money(p.totalPortfolio[yearIndex(y)]!))],
      [
        'Private allocation (Flight)',
        ...years.map((y) => pct(rowOf(p.flight, y).nav / p.totalPortfolio[yearIndex(y)]!)),
      ],
      ['Target', ...years.map(() => pct(p.privateTarget))],
    ]
    table(sheet, CONTENT_X + 8, cy + 416, columns, rows, {
      totalRows: [4],
      colors: (r, c, v) => (r === 4 && c > 0 ? (parseFloat(v) > 40 ? C.red : C.teal) : undefined),
    })
  })

  const planned2 = base(ADVANCED_FILE, 'Model 2', (sheet) => {
    titleBand(
      sheet,
      'Planned Model 2: Cash-flow needs',
      'Net cash flow of the Flight path and how the liquid portfolio covers it.',
      ['Scenario: Base', 'Horizon: 20 years'],
    )
    const cy = GRID_Y + 76
    const years = range(2024, 2045)
    let cum = 0
    sheet.push(
      ...chart({
        x: CONTENT_X + 8,
        y: cy,
        w: CONTENT_RIGHT - CONTENT_X - 8,
        h: 470,
        title: 'Calls, distributions and cumulative net cash flow (Flight)',
        subtitle: 'USD millions; planned commitments shaded lighter',
        categories: years,
        bars: [
          {
            name: 'Calls, existing',
            color: C.navy,
            values: years.map((y) => -rowOf(p.glide, y).calls),
          },
          {
            name: 'Calls, planned',
            color: '#7b9fd0',
            values: years.map((y) => -(rowOf(p.flight, y).calls - rowOf(p.glide, y).calls)),
          },
          {
            name: 'Distributions, existing',
            color: C.teal,
            values: years.map((y) => rowOf(p.glide, y).dists),
          },
          {
            name: 'Distributions, planned',
            color: '#a7dccd',
            values: years.map((y) => rowOf(p.flight, y).dists - rowOf(p.glide, y).dists),
          },
        ],
        lines: [
          {
            name: 'Cumulative net / 4',
            color: C.amber,
            values: years.map(
              (y) => (cum += rowOf(p.flight, y).dists - rowOf(p.flight, y).calls) / 4,
            ),
          },
        ],
        stacked: true,
        forecastFrom: years.indexOf(2026),
        format: (v) => `$${v.toFixed(0)}`,
      }),
    )
    const tYears = range(2026, 2037)
    const columns: Column[] = [
      { label: 'USD millions', w: 230, align: 'left' },
      ...tYears.map((y) => ({ label: `${y}F`, w: 108 })),
    ]
    const rows = [
      ['Capital calls', ...tYears.map((y) => money(-rowOf(p.flight, y).calls))],
      ['Distributions', ...tYears.map((y) => money(rowOf(p.flight, y).dists))],
      [
        'Net cash flow',
        ...tYears.map((y) => money(rowOf(p.flight, y).dists - rowOf(p.flight, y).calls)),
      ],
      [
        'Cash and bonds available',
        ...tYears.map((y) =>
          money((p.totalPortfolio[yearIndex(y)]! - rowOf(p.flight, y).nav) * 0.4),
        ),
      ],
      [
        'Unfunded / liquid assets',
        ...tYears.map((y) =>
          pct(
            rowOf(p.flight, y).unfunded /
              ((p.totalPortfolio[yearIndex(y)]! - rowOf(p.flight, y).nav) * 0.4),
          ),
        ),
      ],
      [
        'Coverage of next-year calls',
        ...tYears.map(
          (y) =>
            `${(((p.totalPortfolio[yearIndex(y)]! - rowOf(p.flight, y).nav) * 0.4) / Math.max(1, rowOf(p.flight, y + 1).calls)).toFixed(1)}x`,
        ),
      ],
    ]
    table(sheet, CONTENT_X + 8, cy + 490, columns, rows, {
      totalRows: [2],
      colors: (r, c) => (r === 5 && c > 0 ? C.teal : undefined),
    })
  })

  return {
    'Fund_Tab.png': fundTab,
    'Exposure_Dashboard.png': exposure,
    'KPIs_Dashboard.png': kpis,
    'Cash_Flow_Dashboard.png': cashFlow,
    'Actual_Commitments_Inputs.png': commitments,
    'Pacing_Inputs.png': pacing,
    'Planned_Commitments_Dashboard.png': plannedDashboard,
    'Planned_Commitments_Inputs.png': plannedInputs,
    'Targets_Inputs.png': targets,
    'Public_Market_Inputs.png': publicMarket,
    'Planned_Model_1.png': planned1,
    'Planned_Model_2.png': planned2,
  }
}
