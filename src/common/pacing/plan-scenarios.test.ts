import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { BANDS_CSV_HEADER, bandsToCsv } from './montecarlo.ts'
import {
  liquidPartToday,
  planFunds,
  planPortfolio,
  projectHeldPlan,
  type ExistingFund,
  type PortfolioPlan,
  type PortfolioResult,
} from './portfolio.ts'
import { planScenarios, planStressYear, simulatePlanBands } from './plan-scenarios.ts'
import { ASSET_CLASSES } from './presets.ts'
import { DEFAULT_SHIFTS, SCENARIOS } from './scenarios.ts'

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

const commitmentsOf = (r: PortfolioResult) => r.rows.map((row) => row.newCommitment)
const last = (r: PortfolioResult) => r.rows[r.rows.length - 1]!
const cumulative = (r: PortfolioResult) => {
  let sum = 0
  return r.rows.map((row) => (sum += row.netCashFlow))
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
    funds: fc.array(fund, { maxLength: 6 }),
    horizon: fc.integer({ min: 1, max: 40 }),
    target: fc.double({ min: 0, max: 0.4, noNaN: true }),
    growth: fc.double({ min: -0.05, max: 0.1, noNaN: true }),
    newCommitmentClass: fc.constantFrom(...ASSET_CLASSES),
  })
  .map((p): PortfolioPlan => ({
    totalValue: 1e9,
    totalGrowth: p.growth,
    targetShare: p.target,
    horizon: p.horizon,
    startYear: 2026,
    newCommitmentClass: p.newCommitmentClass,
    existingFunds: p.funds.map((f): ExistingFund => ({
      assetClass: f.assetClass,
      commitment: f.commitment,
      vintage: f.vintage,
      paidIn: f.commitment * f.paidShare,
      nav: f.nav,
    })),
  }))

describe('the plan with its commitments held', () => {
  it('projects its funds back to the solved plan exactly', () => {
    fc.assert(
      fc.property(plans, (plan) => {
        const base = planPortfolio(plan)
        const commitments = commitmentsOf(base)
        expect(projectHeldPlan(plan, planFunds(plan, commitments), commitments)).toEqual(base)
      }),
      { numRuns: 60 },
    )
  })
})

describe('plan scenarios', () => {
  const base = planPortfolio(PLAN)
  const all = planScenarios(PLAN, base, DEFAULT_SHIFTS)

  it('hold the base plan’s commitments in every scenario', () => {
    expect(all.base).toBe(base)
    for (const id of SCENARIOS) expect(commitmentsOf(all[id])).toEqual(commitmentsOf(base))
  })

  it('move the plan the expected way: the downside returns less cash, the upside more', () => {
    const cash = (id: (typeof SCENARIOS)[number]) => cumulative(all[id]).at(-1)!
    expect(cash('downside')).toBeLessThan(cash('base'))
    expect(cash('upside')).toBeGreaterThan(cash('base'))
    all.downside.rows.forEach((row, i) =>
      expect(row.distributions).toBeLessThan(base.rows[i]!.distributions),
    )
    // Lives 3 years longer hold the NAV back, so the base schedule overshoots the target: the
    // illiquidity an allocator wants to see before signing. The upside undershoots.
    expect(last(all.downside).navShare).toBeGreaterThan(PLAN.targetShare + 0.01)
    expect(last(all.upside).navShare).toBeLessThan(last(base).navShare)
  })

  it('stress every fund and the liquid part in one calendar year, the first with private NAV', () => {
    // Existing funds hold NAV today, so the stress falls in the start year for all of them.
    const stress = all.stress.rows
    expect(stress[0]!.privateNav).toBeLessThan(base.rows[0]!.privateNav * 0.9)
    // Calls fall 35% in that year; what was not called is called later at the usual rates.
    expect(stress[0]!.contributions).toBeCloseTo(base.rows[0]!.contributions * 0.65, 6)
    expect(stress[1]!.contributions).toBeGreaterThan(base.rows[1]!.contributions)
    expect(stress[0]!.distributions).toBeLessThan(base.rows[0]!.distributions * 0.3 + 1e-6)
    // The denominator effect: the liquid part loses 40%, so the private share rises.
    expect(stress[0]!.navShare).toBeGreaterThan(base.rows[0]!.navShare)
    const g = PLAN.totalGrowth
    const liquid0 = liquidPartToday(PLAN)
    expect(stress[0]!.liquidPart).toBeCloseTo(
      liquid0 * (1 + g) * 0.6 - stress[0]!.contributions + stress[0]!.distributions,
      4,
    )
    expect(planStressYear(PLAN, commitmentsOf(base), DEFAULT_SHIFTS.stress)).toBe(0)
    expect(planStressYear(PLAN, commitmentsOf(base), DEFAULT_SHIFTS.base)).toBeNull()
    // Without existing funds: the first commitment is called at the end of the start year, so the
    // plan first opens with NAV the year after; the start year is untouched.
    const empty = { ...PLAN, existingFunds: [] }
    const emptyBase = planPortfolio(empty)
    const emptyStress = planScenarios(empty, emptyBase, DEFAULT_SHIFTS).stress.rows
    // (Only the next year's calls, which the stress lowers, differ in the start year's row.)
    expect({ ...emptyStress[0], nextCallsToLiquid: 0 }).toEqual({
      ...emptyBase.rows[0],
      nextCallsToLiquid: 0,
    })
    expect(emptyStress[1]!.privateNav).toBeLessThan(emptyBase.rows[1]!.privateNav)
  })

  it('raise a mature programme’s private share in the shock year (20% to about 24%)', () => {
    // A mature programme at its 20% target: a stress lowers the private NAV less than the
    // liquid part, so the share rises, as it did in 2008-09.
    const mature: PortfolioPlan = {
      ...PLAN,
      targetShare: 0.2,
      existingFunds: [2019, 2020, 2021, 2022, 2023, 2024, 2025].map((vintage) => ({
        assetClass: 'buyout' as const,
        commitment: 20e6,
        vintage,
        paidIn: Math.min(20e6, (2026 - vintage) * 6e6),
        nav: Math.min(20e6, (2026 - vintage) * 6e6) * 1.1,
      })),
    }
    const b = planPortfolio(mature)
    const s = planScenarios(mature, b, DEFAULT_SHIFTS).stress.rows[0]!
    expect(s.navShare).toBeGreaterThan(b.rows[0]!.navShare + 0.02)
    expect(s.navShare).toBeLessThan(1)
  })
})

describe('plan bands', () => {
  const base = planPortfolio(PLAN)
  const commitments = commitmentsOf(base)
  const all = planScenarios(PLAN, base, DEFAULT_SHIFTS)

  it('equal each scenario’s rows exactly when vol = 0: NAV, cumulative net cash flow, share', () => {
    for (const id of SCENARIOS) {
      const bands = simulatePlanBands(PLAN, commitments, DEFAULT_SHIFTS[id], {
        vol: 0,
        paths: 5,
        seed: 9,
      })
      const rows = all[id].rows
      expect(bands.years).toEqual(rows.map((r) => r.year))
      for (const p of ['p10', 'p50', 'p90'] as const) {
        expect(bands.nav[p], id).toEqual(rows.map((r) => r.privateNav))
        expect(bands.cumulative[p], id).toEqual(cumulative(all[id]))
        expect(bands.share?.[p], id).toEqual(rows.map((r) => r.navShare))
      }
    }
  })

  it('equal the deterministic plan at vol = 0 for any plan', () => {
    fc.assert(
      fc.property(plans, (plan) => {
        const solved = planPortfolio(plan)
        const bands = simulatePlanBands(plan, commitmentsOf(solved), DEFAULT_SHIFTS.base, {
          vol: 0,
          paths: 3,
          seed: 1,
        })
        expect(bands.nav.p50).toEqual(solved.rows.map((r) => r.privateNav))
        expect(bands.cumulative.p90).toEqual(cumulative(solved))
      }),
      { numRuns: 40 },
    )
  })

  it('are reproducible from the seed, ordered P10 <= P50 <= P90, and written as the one-fund CSV', () => {
    const settings = { vol: 0.15, paths: 1500, seed: 4 }
    const a = simulatePlanBands(PLAN, commitments, DEFAULT_SHIFTS.base, settings)
    expect(simulatePlanBands(PLAN, commitments, DEFAULT_SHIFTS.base, settings)).toEqual(a)
    expect(
      simulatePlanBands(PLAN, commitments, DEFAULT_SHIFTS.base, { ...settings, seed: 5 }),
    ).not.toEqual(a)
    for (const q of [a.nav, a.cumulative, a.share!])
      a.years.forEach((_, t) => {
        expect(q.p10[t]!).toBeLessThanOrEqual(q.p50[t]!)
        expect(q.p50[t]!).toBeLessThanOrEqual(q.p90[t]!)
      })
    // Common shocks across 3 existing funds and the new commitments: the bands are wide.
    expect(a.nav.p90[10]! / a.nav.p10[10]!).toBeGreaterThan(1.3)
    const lines = bandsToCsv(a).trimEnd().split('\n')
    expect(lines[0]).toBe(BANDS_CSV_HEADER)
    expect(lines).toHaveLength(PLAN.horizon + 1)
    expect(lines[1]?.split(',')[0]).toBe('2026')
  })

  it('band the chosen scenario: the downside’s median cash back lies below the base’s', () => {
    const settings = { vol: 0.1, paths: 800, seed: 2 }
    const b = simulatePlanBands(PLAN, commitments, DEFAULT_SHIFTS.base, settings)
    const d = simulatePlanBands(PLAN, commitments, DEFAULT_SHIFTS.downside, settings)
    expect(d.cumulative.p50.at(-1)!).toBeLessThan(b.cumulative.p50.at(-1)!)
    expect(d.share!.p50.at(-1)!).toBeGreaterThan(b.share!.p50.at(-1)!)
  })
})
