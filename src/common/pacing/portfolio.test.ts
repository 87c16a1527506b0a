import { describe, expect, it } from 'vitest'
import {
  defaultRampYears,
  findPortfolioPlanErrors,
  planPortfolio,
  type ExistingFund,
  type PortfolioPlan,
} from './portfolio.ts'
import { projectFund } from './engine.ts'
import { ASSET_CLASSES, PRESETS } from './presets.ts'

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

  it('keeps committing min_commit of the steady-state commitment above the target', () => {
    const plan: PortfolioPlan = {
      ...base,
      targetShare: 0.01,
      existingFunds: [
        { assetClass: 'real-estate', commitment: 500e6, vintage: 2024, paidIn: 300e6, nav: 320e6 },
      ],
    }
    const result = planPortfolio(plan)
    // Steady state (growth 0): a yearly X holds NAV = X x the sum of a unit fund's NAVs, so the
    // target's X is 1% of 1bn over that sum; the floor is a quarter of it.
    const unitNav = projectFund({
      ...PRESETS.buyout.parameters,
      commitment: 1,
      years: 100,
    }).rows.reduce((sum, r) => sum + r.nav, 0)
    expect(result.yearlyCommitment).toBeCloseTo((0.25 * 0.01 * 1e9) / unitNav, 0)
    expect(result.rows.every((r) => r.newCommitment > 0)).toBe(true)
    // min_commit = 0 is the old rule: nothing until the share falls back.
    const none = planPortfolio({ ...plan, minCommit: 0 })
    expect(none.yearlyCommitment).toBe(0)
    expect(none.rows[0]?.newNav).toBe(0)
  })

  it('splits new commitments across a mix of strategies by weight', () => {
    const mixed = planPortfolio({
      ...base,
      horizon: 5,
      mix: [
        { assetClass: 'buyout', weight: 3 },
        { assetClass: 'venture', weight: 1 },
      ],
    })
    // Weights 3:1 are 75% and 25%: a first-year call of 25% (buyout) and 20% (venture).
    const x = mixed.rows[0]!.newCommitment
    expect(mixed.rows[0]!.contributions).toBeCloseTo(x * (0.75 * 0.25 + 0.25 * 0.2), 6)
    expect(findPortfolioPlanErrors({ ...base, mix: [] }).mix).toMatch(/one to 4/)
    expect(
      findPortfolioPlanErrors({
        ...base,
        mix: [
          { assetClass: 'buyout', weight: 1 },
          { assetClass: 'buyout', weight: 1 },
        ],
      }).mix,
    ).toMatch(/once/)
  })

  it('gives unfunded coverage, overcommitment and next year’s calls over liquid assets', () => {
    const plan: PortfolioPlan = { ...base, totalGrowth: 0.05, targetShare: 0.2, liquid: 100e6 }
    const result = planPortfolio(plan)
    const [first, second] = result.rows
    if (!first || !second) throw new Error('two rows expected')
    // Liquid assets are held at 10% of the liquid part; the ratios are read at the year's end.
    const liquidEnd = first.liquidPart * 0.1
    expect(first.unfundedCoverage).toBeCloseTo(liquidEnd / first.unfunded, 12)
    expect(first.overcommitment).toBeCloseTo(
      (first.privateNav + first.unfunded) / (0.2 * first.totalPortfolio),
      12,
    )
    expect(first.nextCallsToLiquid).toBeCloseTo(second.contributions / liquidEnd, 12)
    expect(result.rows.at(-1)?.nextCallsToLiquid).toBeNull()
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

  it('refuses a target the portfolio cannot hold before any row: the year and the highest target', () => {
    const plan = { ...base, targetShare: 1, totalGrowth: 0.05, horizon: 20 }
    const result = planPortfolio(plan)
    expect(result.status).toBe('refused')
    expect(['share-above-total', 'commitment-above-liquid']).toContain(result.refusal?.reason)
    expect(result.refusal?.year).toBeGreaterThanOrEqual(2026)
    // No row to show: never a share above 100% or negative liquid assets.
    expect(result.rows).toEqual([])
    const highest = result.refusal?.highestTarget
    expect(highest).toBeGreaterThan(0.3)
    expect(highest).toBeLessThan(1)
    // The highest target holds; 0.2 point more does not.
    const held = planPortfolio({ ...plan, targetShare: highest ?? 0 })
    expect(held.status).not.toBe('refused')
    expect(held.rows.every((r) => r.navShare <= 1 && r.liquidPart >= 0)).toBe(true)
    expect(planPortfolio({ ...plan, targetShare: (highest ?? 0) + 0.002 }).status).toBe('refused')
  })

  it('refuses a 90% target and says none can be held when existing funds alone break', () => {
    const ninety = planPortfolio({ ...base, targetShare: 0.9, totalGrowth: 0.05, horizon: 25 })
    expect(ninety.status).toBe('refused')
    expect(ninety.rows).toEqual([])
    const tooBig: ExistingFund = {
      assetClass: 'buyout',
      commitment: 2e9,
      vintage: 2025,
      paidIn: 0,
      nav: 0,
    }
    const broke = planPortfolio({ ...base, targetShare: 0.1, existingFunds: [tooBig] })
    expect(broke.status).toBe('refused')
    expect(broke.refusal?.highestTarget).toBeNull()
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
    // Only the floor is committed: a quarter of the steady-state commitment.
    expect(result.yearlyCommitment).toBeGreaterThan(0)
    expect(
      planPortfolio({ ...base, targetShare: 0.05, existingFunds: [big] }).yearlyCommitment,
    ).toBeLessThan(0.05 * 1e9)
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
