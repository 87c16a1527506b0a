import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { findFundInputError, projectFund, type FundInputs } from './engine.ts'
import { computeMetrics } from './metrics.ts'
import { YALE_VENTURE } from './presets.ts'
import { DEFAULT_SHIFTS, SCENARIOS, applyScenario, sharedYears } from './scenarios.ts'

const YALE: FundInputs = { commitment: 100, ...YALE_VENTURE }

describe('scenarios', () => {
  it('leave the base case as it is', () => {
    expect(applyScenario(YALE, DEFAULT_SHIFTS.base)).toBe(YALE)
  })

  it('shift growth and life as defined: downside -6 points and +3 years, upside +4 and -1', () => {
    const down = applyScenario(YALE, DEFAULT_SHIFTS.downside)
    expect(down.growth).toBeCloseTo(0.07, 12)
    expect(down.life).toBe(15)
    const up = applyScenario(YALE, DEFAULT_SHIFTS.upside)
    expect(up.growth).toBeCloseTo(0.17, 12)
    expect(up.life).toBe(11)
    expect(applyScenario({ ...YALE, life: 1 }, DEFAULT_SHIFTS.upside).life).toBe(1)
    // With constant growth the IRR is the growth rate, so each scenario's IRR is its own G.
    expect(computeMetrics(projectFund(down).rows).irr).toBeCloseTo(0.07, 9)
    expect(computeMetrics(projectFund(up).rows).irr).toBeCloseTo(0.17, 9)
  })

  it('stress a new fund in year 2 as a 2008-09 year: calls -35%, NAV -25%, distributions -70%', () => {
    const stress = applyScenario(YALE, DEFAULT_SHIFTS.stress)
    expect(stress.stress).toEqual({ year: 1, calls: 0.35, distributions: 0.7, nav: 0.25 })
    expect(stress.growth).toBe(YALE.growth)
    // By hand, commitment 100: year 1 calls 25 (NAV 25). Year 2 the base calls 1/3 of 75 = 25
    // and pays (2/12)^2.5 of 25 x 1.13; the stress calls 25 x 0.65 = 16.25, marks the grown NAV
    // 28.25 down to 21.1875 and pays 30% of the base rate on it.
    const base = projectFund({ ...YALE, years: 3 }).rows
    const hit = projectFund({ ...stress, years: 3 }).rows
    expect(hit[0]).toEqual(base[0])
    const rd2 = (2 / 12) ** 2.5
    expect(hit[1]!.contributions).toBeCloseTo(16.25, 12)
    expect(hit[1]!.distributions).toBeCloseTo(rd2 * 21.1875 * 0.3, 12)
    expect(hit[1]!.nav).toBeCloseTo(21.1875 * (1 - rd2 * 0.3) + 16.25, 12)
    expect(hit[1]!.unfunded).toBeCloseTo(58.75, 12)
    // Afterwards the fund follows its rules: year 3 calls half of what stayed unfunded.
    expect(hit[2]!.contributions).toBeCloseTo(0.5 * 58.75, 12)
    expect(hit[2]!.contributions).toBeGreaterThan(base[2]!.contributions)
  })

  it('stress a fund under way in its first projected year, and keep a growth list as it is', () => {
    const underWay = { ...YALE, growth: [0.1, 0.2, 0.05], age: 3, nav: 50, paid: 60 }
    const s = applyScenario(underWay, DEFAULT_SHIFTS.stress)
    expect(s.stress?.year).toBe(0)
    expect(s.growth).toEqual([0.1, 0.2, 0.05])
    const row = projectFund(s).rows[0]!
    // NAV 50 grows 10% to 55, marked down 25% to 41.25.
    const rd = (4 / 12) ** 2.5
    expect(row.distributions).toBeCloseTo(rd * 41.25 * 0.3, 12)
    // The call-rate list starts at the first projected year: 25% of the 40 unfunded, less 35%.
    expect(row.contributions).toBeCloseTo(0.25 * 40 * 0.65, 12)
  })

  it('stress the year a plan names, or none', () => {
    expect(applyScenario(YALE, DEFAULT_SHIFTS.stress, 3).stress?.year).toBe(3)
    expect(applyScenario(YALE, DEFAULT_SHIFTS.stress, null)).toBe(YALE)
    // A fund that starts after the plan's shock year is not shocked.
    expect(applyScenario(YALE, DEFAULT_SHIFTS.stress, -2)).toBe(YALE)
    // Nor one whose horizon ends before it.
    expect(applyScenario({ ...YALE, years: 2 }, DEFAULT_SHIFTS.stress, 5)).toEqual({
      ...YALE,
      years: 2,
      life: 12,
      growth: 0.13,
    })
  })

  it('keep every scenario of valid inputs valid (growth and life clamped)', () => {
    const inputs = fc.record({
      growth: fc.double({ min: -0.9899, max: 1, noNaN: true }),
      life: fc.integer({ min: 1, max: 50 }),
      nav: fc.double({ min: 0, max: 1e6, noNaN: true }),
    })
    const falls = fc.record({
      calls: fc.double({ min: 0, max: 1, noNaN: true }),
      dists: fc.double({ min: 0, max: 1, noNaN: true }),
      nav: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    fc.assert(
      fc.property(inputs, falls, (f, fall) => {
        for (const id of SCENARIOS) {
          const s = applyScenario({ ...YALE, ...f }, { ...DEFAULT_SHIFTS[id], ...fall })
          expect(findFundInputError(s)).toBeNull()
          // The stress never makes a NaN or a negative NAV.
          for (const row of projectFund(s).rows) expect(row.nav).toBeGreaterThanOrEqual(0)
        }
      }),
    )
  })

  it('share the longest default horizon so curves line up', () => {
    const all = SCENARIOS.map((id) => applyScenario(YALE, DEFAULT_SHIFTS[id]))
    expect(sharedYears(all)).toBe(15)
    expect(sharedYears([{ ...YALE, years: 30 }])).toBe(30)
  })
})
