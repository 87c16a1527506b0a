import { describe, expect, it } from 'vitest'
import {
  defaultRampYears,
  findPortfolioPlanErrors,
  planPortfolio,
  type ExistingFund,
  type PortfolioPlan,
} from './portfolio.ts'
import { ASSET_CLASSES } from './presets.ts'

const base: PortfolioPlan = {
  totalValue: 1_000_000_000,
  totalGrowth: 0,
  targetShare: 0.1,
  existingFunds: [],
  horizon: 40,
  startYear: 2026,
  newCommitmentClass: 'buyout',
}

describe('planPortfolio', () => {
  it('holds a 25% target on a growing $400M portfolio within 1 point once it is reached', () => {
    for (const newCommitmentClass of ['buyout', 'venture', 'real-estate'] as const) {
      const result = planPortfolio({
        ...base,
        totalValue: 400e6,
        totalGrowth: 0.06,
        targetShare: 0.25,
        horizon: 30,
        newCommitmentClass,
      })
      expect(result.status).toBe('ok')
      const first = result.firstYearAtTarget
      expect(first).not.toBeNull()
      expect(first).toBeLessThanOrEqual(2036)
      for (const row of result.rows.filter((r) => r.year >= (first ?? 0)))
        expect(Math.abs(row.navShare - 0.25), `${newCommitmentClass} ${row.year}`).toBeLessThan(
          0.01,
        )
      expect(result.maxShareGap).toBeLessThan(0.01)
      // Commitments grow with the portfolio rather than staying flat.
      const commitments = result.rows.map((r) => r.newCommitment)
      expect(commitments.at(-1) ?? 0).toBeGreaterThan(2 * (commitments[5] ?? 0))
    }
  })

  it('adds up: the total is the liquid part plus private NAV, the liquid part pays the calls', () => {
    const existing: ExistingFund[] = [
      { assetClass: 'buyout', commitment: 30e6, vintage: 2020, paidIn: 25e6, nav: 30e6 },
      { assetClass: 'venture', commitment: 20e6, vintage: 2023, paidIn: 8e6, nav: 9e6 },
    ]
    const plan = { ...base, totalGrowth: 0.05, existingFunds: existing, horizon: 35 }
    const result = planPortfolio(plan)
    let liquid = plan.totalValue - 39e6
    for (const row of result.rows) {
      liquid = liquid * 1.05 - row.contributions + row.distributions
      expect(row.liquidPart).toBeCloseTo(liquid, 3)
      expect(row.totalPortfolio).toBeCloseTo(row.liquidPart + row.privateNav, 3)
      expect(row.netCashFlow).toBeCloseTo(row.distributions - row.contributions, 6)
      expect(row.navShare).toBeCloseTo(row.privateNav / row.totalPortfolio, 12)
      expect(row.unfunded).toBeGreaterThanOrEqual(0)
      expect(row.unfundedToNav).toBeCloseTo(row.unfunded / row.privateNav, 12)
    }
    // Private NAV grows at its own rate, so the total does not grow at a flat 5%.
    const growth = result.rows
      .slice(1)
      .map((r, i) => r.totalPortfolio / (result.rows[i]?.totalPortfolio ?? 1))
    expect(Math.max(...growth) - Math.min(...growth)).toBeGreaterThan(0.001)
  })

  it('caps how fast commitments grow until the target is reached', () => {
    const existing: ExistingFund[] = [
      { assetClass: 'buyout', commitment: 2e6, vintage: 2025, paidIn: 0.5e6, nav: 0.5e6 },
    ]
    const plan = { ...base, targetShare: 0.3, existingFunds: existing, horizon: 20, rampCap: 0.1 }
    const result = planPortfolio(plan)
    const first = (result.firstYearAtTarget ?? 9999) - 2026
    for (let j = 1; j < Math.min(first + 1, result.rows.length); j++) {
      const prev = result.rows[j - 1]?.newCommitment ?? 0
      if (prev > 0) expect(result.rows[j]?.newCommitment).toBeLessThanOrEqual(prev * 1.1 + 1e-6)
    }
  })

  it('lets an existing fund override its preset (a 2010 fund that has paid out stops calling)', () => {
    const old: ExistingFund = {
      assetClass: 'buyout',
      commitment: 10e6,
      vintage: 2010,
      paidIn: 9e6,
      nav: 1e6,
      rc: 0,
      life: 12,
    }
    const result = planPortfolio({ ...base, targetShare: 0, existingFunds: [old], horizon: 3 })
    expect(result.rows.map((r) => r.contributions)).toEqual([0, 0, 0])
    const preset = planPortfolio({
      ...base,
      targetShare: 0,
      horizon: 3,
      existingFunds: [{ ...old, rc: undefined }],
    })
    expect(preset.rows[0]?.contributions).toBeGreaterThan(0)
    const grown = planPortfolio({
      ...base,
      targetShare: 0,
      horizon: 1,
      existingFunds: [{ ...old, vintage: 2024, life: 30, bow: 20, growth: 0.5 }],
    })
    // RD = (3/30)^20 is nil: the NAV just grows by half.
    expect(grown.rows[0]?.privateNav).toBeCloseTo(1.5e6, 0)
  })

  it('gives liquid coverage per year and warns for each year below 1x', () => {
    const existing: ExistingFund[] = [
      { assetClass: 'buyout', commitment: 100e6, vintage: 2025, paidIn: 25e6, nav: 25e6 },
    ]
    const plan = { ...base, targetShare: 0.1, existingFunds: existing, horizon: 10, liquid: 20e6 }
    const result = planPortfolio(plan)
    const first = result.rows[0]
    // Today's liquid assets over the first year's calls.
    expect(first?.liquidAssets).toBeCloseTo(20e6, 6)
    expect(first?.coverage).toBeCloseTo(20e6 / (first?.contributions ?? 1), 12)
    const below = result.rows.filter((r) => r.coverage !== null && r.coverage < 1)
    expect(below.length).toBeGreaterThan(0)
    expect(result.coverageWarnings.map((w) => w.year)).toEqual(below.map((r) => r.year))
    // Without `liquid` the whole liquid part meets calls, which covers them easily.
    expect(planPortfolio({ ...plan, liquid: undefined }).coverageWarnings).toEqual([])
    expect(findPortfolioPlanErrors({ ...plan, liquid: 2e9 }).liquid).toMatch(/cannot exceed/)
  })

  it('commits nothing when existing funds already exceed the target', () => {
    const result = planPortfolio({
      ...base,
      targetShare: 0.01,
      existingFunds: [
        { assetClass: 'real-estate', commitment: 500e6, vintage: 2024, paidIn: 300e6, nav: 320e6 },
      ],
    })
    expect(result.yearlyCommitment).toBe(0)
    expect(result.rows[0]?.newNav).toBe(0)
  })

  it('places funds by vintage: today is the end of the year before the start year', () => {
    const fund: ExistingFund = {
      assetClass: 'buyout',
      commitment: 100,
      vintage: 2025,
      paidIn: 25,
      nav: 25,
    }
    const result = planPortfolio({ ...base, targetShare: 0, existingFunds: [fund], horizon: 3 })
    // Age today is 1, so 2026 is its second year: RC 0.5 on the 75 unfunded.
    expect(result.rows[0]?.contributions).toBeCloseTo(37.5, 12)
    const later = planPortfolio({
      ...base,
      targetShare: 0,
      horizon: 3,
      existingFunds: [{ ...fund, vintage: 2027, paidIn: 0, nav: 0 }],
    })
    expect(later.rows.map((r) => r.contributions)).toEqual([0, 25, 37.5])
  })

  it('runs a 20-fund, 35-year plan (timing: bench/pacing.bench.ts)', () => {
    const funds: ExistingFund[] = Array.from({ length: 20 }, (_, i) => ({
      assetClass: ASSET_CLASSES[i % ASSET_CLASSES.length] ?? 'buyout',
      commitment: 10e6 + i * 1e6,
      vintage: 2010 + i,
      paidIn: Math.min(10e6, i * 5e5),
      nav: 8e6,
    }))
    const result = planPortfolio({ ...base, existingFunds: funds, horizon: 35, totalGrowth: 0.04 })
    expect(result.rows).toHaveLength(35)
  })

  it('lists every problem of a bad plan', () => {
    const errors = findPortfolioPlanErrors({
      ...base,
      totalValue: 0,
      horizon: 0,
      existingFunds: [{ assetClass: 'buyout', commitment: 10, vintage: 2020, paidIn: 20, nav: 0 }],
    })
    expect(errors).toEqual({
      total: 'Total portfolio must be a positive amount',
      horizon: 'Horizon must be a whole number of years from 1 to 100',
      'fund.0': 'Fund 1: paid-in cannot exceed the commitment',
    })
    expect(() => planPortfolio({ ...base, horizon: 0 })).toThrow(RangeError)
  })
})

describe('defaultRampYears', () => {
  it('is the years a class takes to call 90% of a commitment', () => {
    expect(defaultRampYears('buyout')).toBe(4)
    expect(defaultRampYears('venture')).toBe(6)
    expect(defaultRampYears('real-estate')).toBe(5)
  })
})

describe('what a plan cannot do', () => {
  it('does not commit most of the portfolio on a one-year horizon', () => {
    const result = planPortfolio({ ...base, targetShare: 0.15, horizon: 1 })
    expect(result.rows[0]?.newCommitment).toBeLessThan(0.1 * base.totalValue)
  })

  it('refuses a target the portfolio cannot hold, naming the year and the reason', () => {
    const result = planPortfolio({ ...base, targetShare: 1, totalGrowth: 0.05, horizon: 20 })
    expect(result.status).toBe('refused')
    expect(['share-above-total', 'commitment-above-liquid']).toContain(result.refusal?.reason)
    expect(result.refusal?.year).toBeGreaterThanOrEqual(2026)
  })

  it('says so when the existing funds already exceed the target', () => {
    const big: ExistingFund = {
      assetClass: 'real-estate',
      commitment: 200e6,
      vintage: 2025,
      paidIn: 150e6,
      nav: 150e6,
    }
    const result = planPortfolio({ ...base, targetShare: 0.05, horizon: 6, existingFunds: [big] })
    expect(result.status).toBe('exceeded')
    expect(result.shareToday).toBeCloseTo(0.15, 12)
    expect(result.yearlyCommitment).toBe(0)
  })

  it('is ok for the usual case', () => {
    expect(planPortfolio(base).status).toBe('ok')
  })
})

describe('bounds of a plan', () => {
  it('refuses amounts that could overflow, by field', () => {
    const huge: ExistingFund = {
      assetClass: 'buyout',
      commitment: 1e300,
      vintage: 2020,
      paidIn: 0,
      nav: 0,
    }
    expect(findPortfolioPlanErrors({ ...base, existingFunds: [huge] })['fund.0']).toMatch(/1e12/)
    expect(findPortfolioPlanErrors({ ...base, totalValue: 1e300 }).total).toMatch(/1e15/)
  })
})
