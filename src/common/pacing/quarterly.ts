/**
 * Quarterly cash flows from the annual model (docs/product.md, `freq=quarterly`): the same fund, each
 * year split into four quarters whose rates compound to the year's.
 *
 *     rc_q = 1 - (1 - RC_t)^(1/4)      a quarter calls this share of the unfunded commitment
 *     rd_q = 1 - (1 - RD_t)^(1/4)      and distributes this share of its grown NAV
 *     g_q  = (1 + G_t)^(1/4) - 1       and grows at this rate
 *
 * RC_t, RD_t and G_t are those of the year the quarter falls in (RD_t read at the year-end age, as
 * the annual model reads it). Over a year the unfunded commitment falls exactly as in the annual
 * model, (1 - rc_q)^4 = 1 - RC_t; distributions come earlier within the year, so NAV and
 * distributions differ a little from the annual rows. In a stress year each quarter's calls and
 * distributions fall by the stress's shares and the NAV is marked down once, in the first quarter.
 * Quarters are labelled by calendar year: the first projected year is `firstYear`.
 */
import { formatPlainDecimal } from './csv.ts'
import { projectFund, rateForYear, type FundInputs } from './engine.ts'

export interface QuarterRow {
  /** The calendar quarter, as `2027Q1`. */
  quarter: string
  contributions: number
  distributions: number
  nav: number
  netCashFlow: number
  cumulativeNetCashFlow: number
  unfunded: number
}

export const QUARTERLY_CSV_HEADER =
  'quarter,contributions,distributions,nav,net_cash_flow,cumulative_net_cash_flow'

const quarterly = (annual: number) => 1 - Math.pow(1 - annual, 0.25)

/** One quarter's flows and its closing state, as {@link forEachQuarter} gives them. */
interface QuarterFlow {
  /** The projected year (0 for the first) and the quarter in it (0..3). */
  year: number
  q: number
  contributions: number
  distributions: number
  nav: number
  unfunded: number
}

/**
 * Each quarter of the projection of `inputs`, in order, to `visit` (one object reused, so a plan
 * of many funds allocates nothing per quarter). Throws on invalid inputs, as projectFund does.
 */
export function forEachQuarter(inputs: FundInputs, visit: (quarter: QuarterFlow) => void): void {
  const { inputs: p, rows: years } = projectFund(inputs)
  const flow: QuarterFlow = {
    year: 0,
    q: 0,
    contributions: 0,
    distributions: 0,
    nav: 0,
    unfunded: 0,
  }
  let nav = p.nav
  let paidIn = p.paid
  years.forEach((year, i) => {
    const calling = p.lastcall === undefined || year.year <= p.lastcall
    const rc = quarterly(calling ? rateForYear(p.rc, i) : 0)
    const rd = quarterly(year.distributionRate)
    const g = Math.pow(1 + rateForYear(p.growth, i), 0.25) - 1
    const shock = p.stress?.year === i ? p.stress : undefined
    for (let q = 0; q < 4; q++) {
      let contributions = rc * (p.commitment - paidIn)
      let grown = nav * (1 + g)
      if (shock) {
        contributions *= 1 - shock.calls
        if (q === 0) grown *= 1 - shock.nav
      }
      let distributions = rd * grown
      if (shock) distributions *= 1 - shock.distributions
      nav = grown - distributions + contributions
      paidIn += contributions
      flow.year = i
      flow.q = q
      flow.contributions = contributions
      flow.distributions = distributions
      flow.nav = nav
      flow.unfunded = Math.max(0, p.commitment - paidIn)
      visit(flow)
    }
  })
}

/** A calendar quarter's label, as `2027Q1` (`q` from 0). */
export const quarterLabel = (year: number, q: number) => `${year}Q${q + 1}`

/**
 * The projection of `inputs` quarter by quarter. `cumulativeStart`: the cumulative net cash flow
 * before the first quarter (a fund's history, history.ts). Throws on invalid inputs, as
 * projectFund does.
 */
export function projectFundQuarterly(
  inputs: FundInputs,
  firstYear: number,
  cumulativeStart = 0,
): QuarterRow[] {
  const out: QuarterRow[] = []
  let cumulative = cumulativeStart
  forEachQuarter(inputs, (f) => {
    const netCashFlow = f.distributions - f.contributions
    cumulative += netCashFlow
    out.push({
      quarter: quarterLabel(firstYear + f.year, f.q),
      contributions: f.contributions,
      distributions: f.distributions,
      nav: f.nav,
      netCashFlow,
      cumulativeNetCashFlow: cumulative,
      unfunded: f.unfunded,
    })
  })
  return out
}

/** The quarterly CSV: plain decimals at full precision, headed {@link QUARTERLY_CSV_HEADER}. */
export function quarterlyToCsv(rows: readonly QuarterRow[]): string {
  let out = `${QUARTERLY_CSV_HEADER}\n`
  for (const r of rows)
    out +=
      [
        r.quarter,
        ...[r.contributions, r.distributions, r.nav, r.netCashFlow, r.cumulativeNetCashFlow].map(
          formatPlainDecimal,
        ),
      ].join(',') + '\n'
  return out
}
