import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { planPortfolio, type ExistingFund, type PortfolioPlan } from './portfolio.ts'
import { planScenarioQuarters } from './plan-scenarios.ts'
import { PLAN_QUARTER_HEADER, planQuartersToCsv } from './plan-quarterly.ts'
import { projectFundQuarterly } from './quarterly.ts'
import { ASSET_CLASSES, presetParametersAtAge } from './presets.ts'
import { DEFAULT_SHIFTS } from './scenarios.ts'

const PLAN: PortfolioPlan = {
  totalValue: 500_000_000,
  totalGrowth: 0.06,
  targetShare: 0.15,
  horizon: 15,
  startYear: 2026,
  newCommitmentClass: 'buyout',
  existingFunds: [
    { assetClass: 'buyout', commitment: 20e6, vintage: 2021, paidIn: 14e6, nav: 16e6 },
    { assetClass: 'venture', commitment: 10e6, vintage: 2022, paidIn: 5e6, nav: 5.5e6 },
    { assetClass: 'real-estate', commitment: 15e6, vintage: 2023, paidIn: 6e6, nav: 6.2e6 },
  ],
}

const fund = fc.record({
  assetClass: fc.constantFrom(...ASSET_CLASSES),
  commitment: fc.double({ min: 1e6, max: 5e7, noNaN: true }),
  vintage: fc.integer({ min: 2010, max: 2030 }),
  paidShare: fc.double({ min: 0, max: 1, noNaN: true }),
  nav: fc.double({ min: 0, max: 5e7, noNaN: true }),
})
const plans = fc
  .record({
    funds: fc.array(fund, { maxLength: 5 }),
    horizon: fc.integer({ min: 1, max: 30 }),
    target: fc.double({ min: 0, max: 0.4, noNaN: true }),
    growth: fc.double({ min: -0.05, max: 0.1, noNaN: true }),
  })
  .map((p): PortfolioPlan => ({
    totalValue: 1e9,
    totalGrowth: p.growth,
    targetShare: p.target,
    horizon: p.horizon,
    startYear: 2026,
    newCommitmentClass: 'buyout',
    existingFunds: p.funds.map((f): ExistingFund => ({
      assetClass: f.assetClass,
      commitment: f.commitment,
      vintage: f.vintage,
      paidIn: f.commitment * f.paidShare,
      nav: f.nav,
    })),
  }))

const commitmentsOf = (plan: PortfolioPlan) =>
  planPortfolio(plan).rows.map((row) => row.newCommitment)

describe('the plan quarter by quarter', () => {
  it('calls in each year’s four quarters what the annual plan calls, and commits in Q1', () => {
    fc.assert(
      fc.property(plans, (plan) => {
        const annual = planPortfolio(plan).rows
        const quarters = planScenarioQuarters(plan, commitmentsOf(plan), DEFAULT_SHIFTS.base)
        expect(quarters).toHaveLength(plan.horizon * 4)
        annual.forEach((year, i) => {
          const four = quarters.slice(4 * i, 4 * i + 4)
          expect(four.map((q) => q.quarter)).toEqual([1, 2, 3, 4].map((n) => `${year.year}Q${n}`))
          const calls = four.reduce((s, q) => s + q.contributions, 0)
          expect(calls).toBeCloseTo(year.contributions, 2)
          expect(four[3]?.unfunded).toBeCloseTo(year.unfunded, 2)
          expect(four.map((q) => q.newCommitment)).toEqual([year.newCommitment, 0, 0, 0])
        })
      }),
      { numRuns: 40 },
    )
  })

  it('is one fund’s quarterly projection when the plan holds one fund and commits nothing', () => {
    const only: ExistingFund = PLAN.existingFunds[0]!
    const plan: PortfolioPlan = {
      ...PLAN,
      targetShare: 0,
      minCommit: 0,
      horizon: 6,
      existingFunds: [only],
    }
    const quarters = planScenarioQuarters(plan, commitmentsOf(plan), DEFAULT_SHIFTS.base)
    const age = plan.startYear - only.vintage
    const alone = projectFundQuarterly(
      {
        ...presetParametersAtAge('buyout', age),
        commitment: only.commitment,
        age,
        nav: only.nav,
        paid: only.paidIn,
        years: plan.horizon,
      },
      plan.startYear,
    )
    expect(quarters.map((q) => q.quarter)).toEqual(alone.map((q) => q.quarter))
    quarters.forEach((q, k) => {
      expect(q.privateNav).toBeCloseTo(alone[k]!.nav, 6)
      expect(q.distributions).toBeCloseTo(alone[k]!.distributions, 6)
    })
    // The liquid part grows (1 + g)^(1/4) a quarter, paying calls and taking distributions.
    const liquid0 = plan.totalValue - only.nav
    const first = quarters[0]!
    expect(first.liquidPart).toBeCloseTo(
      liquid0 * 1.06 ** 0.25 - first.contributions + first.distributions,
      6,
    )
    expect(first.navShare).toBeCloseTo(first.privateNav / (first.privateNav + first.liquidPart), 12)
  })

  it('grows a portfolio without private funds to the annual totals at each year end', () => {
    const plan: PortfolioPlan = { ...PLAN, targetShare: 0, minCommit: 0, existingFunds: [] }
    const annual = planPortfolio(plan).rows
    const quarters = planScenarioQuarters(plan, commitmentsOf(plan), DEFAULT_SHIFTS.base)
    annual.forEach((year, i) =>
      expect(quarters[4 * i + 3]?.totalPortfolio).toBeCloseTo(year.totalPortfolio, 4),
    )
  })

  it('marks the liquid part down in the stress year’s first quarter: the share rises', () => {
    const commitments = commitmentsOf(PLAN)
    const base = planScenarioQuarters(PLAN, commitments, DEFAULT_SHIFTS.base)
    const stress = planScenarioQuarters(PLAN, commitments, DEFAULT_SHIFTS.stress)
    // The plan has NAV today, so the stress falls in its first year.
    expect(stress[0]!.liquidPart).toBeLessThan(base[0]!.liquidPart * (1 - 0.4) + 1)
    expect(stress[0]!.navShare).toBeGreaterThan(base[0]!.navShare)
    expect(stress[0]!.contributions).toBeLessThan(base[0]!.contributions)
  })

  it('writes a CSV with a quarter column and plain decimals', () => {
    const quarters = planScenarioQuarters(PLAN, commitmentsOf(PLAN), DEFAULT_SHIFTS.base)
    const [header, first, ...rest] = planQuartersToCsv(quarters).trimEnd().split('\n')
    expect(header).toBe(PLAN_QUARTER_HEADER.join(','))
    expect(header?.startsWith('quarter,new_commitment,contributions,distributions,')).toBe(true)
    expect(rest).toHaveLength(PLAN.horizon * 4 - 1)
    const cells = first?.split(',') ?? []
    expect(cells[0]).toBe('2026Q1')
    expect(cells).toHaveLength(PLAN_QUARTER_HEADER.length)
    for (const c of cells.slice(1)) expect(c).toMatch(/^-?\d+(\.\d+)?(e[+-]?\d+)?$/)
    expect(Number(cells[2])).toBe(quarters[0]?.contributions)
  })
})
