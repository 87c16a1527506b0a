/**
 * The portfolio plan quarter by quarter (docs/product.md, `freq=quarterly`): the plan as solved
 * year by year, its commitments held, with every fund's flows split into quarters as one fund's
 * are (quarterly.ts: rates 1 - (1 - r)^(1/4) for calls and distributions, (1 + G)^(1/4) - 1 for
 * growth). The liquid part grows at (1 + g)^(1/4) - 1 a quarter, pays each quarter's calls and
 * receives its distributions; a stress marks it down once, in the first quarter of the stress
 * year, as it marks the funds' NAV. A year's new commitment is made at its start and shows in its
 * first quarter. The coverage ratios are about a year's calls and stay in the annual rows.
 */
import { formatPlainDecimal } from './csv.ts'
import { PLAN_FLOW_COLUMNS } from './plan-csv.ts'
import {
  liquidPartToday,
  type LiquidShock,
  type PlanFund,
  type PortfolioPlan,
} from './portfolio.ts'
import { forEachQuarter, quarterLabel } from './quarterly.ts'

export interface PlanQuarter {
  /** The calendar quarter, as `2027Q1`. */
  quarter: string
  /** The year's new commitment, in its first quarter; 0 in the others. */
  newCommitment: number
  contributions: number
  distributions: number
  /** distributions - contributions. */
  netCashFlow: number
  unfunded: number
  privateNav: number
  totalPortfolio: number
  /** privateNav / totalPortfolio. */
  navShare: number
  targetShare: number
  /** totalPortfolio - privateNav. */
  liquidPart: number
}

/**
 * The plan's quarters: `funds` on its calendar (planFunds, shifted by a scenario), `commitments`
 * one a year as solved, `liquidShock` a stress's markdown of the liquid part.
 */
export function projectPlanQuarterly(
  plan: PortfolioPlan,
  funds: readonly PlanFund[],
  commitments: ArrayLike<number>,
  liquidShock?: LiquidShock,
): PlanQuarter[] {
  const n = plan.horizon * 4
  const calls = new Float64Array(n)
  const dists = new Float64Array(n)
  const nav = new Float64Array(n)
  const unfunded = new Float64Array(n)
  for (const f of funds)
    forEachQuarter(f.inputs, (flow) => {
      const k = (f.offset + flow.year) * 4 + flow.q
      if (k >= n) return
      calls[k] = (calls[k] as number) + flow.contributions * f.scale
      dists[k] = (dists[k] as number) + flow.distributions * f.scale
      nav[k] = (nav[k] as number) + flow.nav * f.scale
      unfunded[k] = (unfunded[k] as number) + flow.unfunded * f.scale
    })
  const growth = Math.pow(1 + plan.totalGrowth, 0.25) - 1
  const rows: PlanQuarter[] = new Array(n)
  let liquid = liquidPartToday(plan)
  for (let k = 0; k < n; k++) {
    const year = Math.floor(k / 4)
    const q = k % 4
    const markdown = liquidShock?.year === year && q === 0 ? 1 - liquidShock.markdown : 1
    const c = calls[k] as number
    const d = dists[k] as number
    const privateNav = nav[k] as number
    liquid = liquid * (1 + growth) * markdown - c + d
    const totalPortfolio = liquid + privateNav
    rows[k] = {
      quarter: quarterLabel(plan.startYear + year, q),
      newCommitment: q === 0 ? (commitments[year] ?? 0) : 0,
      contributions: c,
      distributions: d,
      netCashFlow: d - c,
      unfunded: unfunded[k] as number,
      privateNav,
      totalPortfolio,
      navShare: totalPortfolio > 0 ? privateNav / totalPortfolio : Infinity,
      targetShare: plan.targetShare,
      liquidPart: liquid,
    }
  }
  return rows
}

/** The quarterly plan CSV's and workbook's header: the quarter, then the plan's own columns. */
export const PLAN_QUARTER_HEADER = ['quarter', ...PLAN_FLOW_COLUMNS.map(([name]) => name)]

/** One row of plain numbers after its quarter, in the header's order. */
export function planQuarterValues(r: PlanQuarter): number[] {
  return PLAN_FLOW_COLUMNS.map(([, value]) => value(r))
}

/** The quarterly plan CSV: plain decimals at full precision, as the annual one. */
export function planQuartersToCsv(rows: readonly PlanQuarter[]): string {
  let out = `${PLAN_QUARTER_HEADER.join(',')}\n`
  for (const r of rows)
    out +=
      [
        r.quarter,
        ...planQuarterValues(r).map((v) => (Number.isFinite(v) ? formatPlainDecimal(v) : '')),
      ].join(',') + '\n'
  return out
}
