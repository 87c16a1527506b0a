/**
 * What every Advanced model screen shares: the workbook's frame (file, tabs, formula bar), the
 * subtitle, money in millions and the whole portfolio's metrics as of the last actuals.
 */
import { ADVANCED_TABS } from '../common.ts'
import { type Screen, type Sheet } from '../excel.ts'
import { metricsAsOf, type Programme, type Strategy } from '../projection.ts'
import { money } from '../svg.ts'

/** The dashboards' subtitle. */
export const subtitle = (p: Programme) =>
  `PacePoint Advanced Pacing Model  ·  USD millions  ·  Actuals as of ${p.asOf.label}`
export const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i)
export const m = (v: number) => `$${money(v)}M`

export function base(
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

export function portfolioMetrics(p: Programme, filter: (s: Strategy) => boolean = () => true) {
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
