/**
 * The portfolio plan's own CSV (docs/product.md, "Pacing Lab"): one row a calendar year, plain
 * decimals at full precision like the one-fund CSV; a cell with no value (coverage in a year
 * without calls, unfunded / NAV without NAV) is left empty.
 */
import { formatPlainDecimal } from './csv.ts'
import type { PortfolioYear } from './portfolio.ts'

/** What a plan's year and a plan's quarter both carry (plan-quarterly.ts). */
export type PlanFlows = Pick<
  PortfolioYear,
  | 'newCommitment'
  | 'contributions'
  | 'distributions'
  | 'netCashFlow'
  | 'unfunded'
  | 'privateNav'
  | 'totalPortfolio'
  | 'navShare'
  | 'targetShare'
  | 'liquidPart'
>

/** The columns a year's row and a quarter's row share, in the order both files give them. */
export const PLAN_FLOW_COLUMNS = [
  ['new_commitment', (r) => r.newCommitment],
  ['contributions', (r) => r.contributions],
  ['distributions', (r) => r.distributions],
  ['net_cash_flow', (r) => r.netCashFlow],
  ['unfunded', (r) => r.unfunded],
  ['private_nav', (r) => r.privateNav],
  ['total_portfolio', (r) => r.totalPortfolio],
  ['nav_share', (r) => r.navShare],
  ['target_share', (r) => r.targetShare],
  ['liquid_part', (r) => r.liquidPart],
] as const satisfies readonly (readonly [string, (r: PlanFlows) => number])[]

export const PLAN_CSV_COLUMNS = [
  ['year', (r) => r.year],
  ...PLAN_FLOW_COLUMNS,
  ['liquid_assets', (r) => r.liquidAssets],
  ['coverage', (r) => r.coverage],
  ['unfunded_to_nav', (r) => r.unfundedToNav],
  ['unfunded_coverage', (r) => r.unfundedCoverage],
  ['overcommitment', (r) => r.overcommitment],
  ['next_calls_to_liquid', (r) => r.nextCallsToLiquid],
] as const satisfies readonly (readonly [string, (r: PortfolioYear) => number | null])[]

export const PLAN_CSV_HEADER = PLAN_CSV_COLUMNS.map(([name]) => name).join(',')

/** One row of plain numbers (null where a cell has no value), in the CSV's column order. */
export function planRowValues(r: PortfolioYear): (number | null)[] {
  return PLAN_CSV_COLUMNS.map(([, value]) => {
    const v = value(r)
    return v === null || !Number.isFinite(v) ? null : v
  })
}

export function planToCsv(rows: readonly PortfolioYear[]): string {
  let out = `${PLAN_CSV_HEADER}\n`
  for (const r of rows)
    out +=
      planRowValues(r)
        .map((v) => (v === null ? '' : formatPlainDecimal(v)))
        .join(',') + '\n'
  return out
}
