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

  it('stress a new fund in year 2, the first year that opens with NAV, then return to base', () => {
    const stress = applyScenario(YALE, DEFAULT_SHIFTS.stress)
    const g = stress.growth as number[]
    expect(g[0]).toBeCloseTo(0.13, 12)
    expect(g[1]).toBeCloseTo(0.13 - 0.3, 12)
    expect(g.at(-1)).toBeCloseTo(0.13, 12)
    const base = projectFund({ ...YALE, years: 3 }).rows
    const hit = projectFund({ ...stress, years: 3 }).rows
    expect(hit[0]?.nav).toBe(base[0]?.nav)
    expect(hit[1]?.nav).toBeLessThan(base[1]?.nav ?? 0)
  })

  it('stress a fund under way in its first projected year, and keep a growth list going', () => {
    const underWay = { ...YALE, growth: [0.1, 0.2, 0.05], age: 3, nav: 50, paid: 60 }
    const g = applyScenario(underWay, DEFAULT_SHIFTS.stress).growth as number[]
    expect(g.map((x) => Number(x.toFixed(10)))).toEqual([-0.2, 0.2, 0.05])
  })

  it('shock the year a plan names, or none', () => {
    const g = applyScenario(YALE, DEFAULT_SHIFTS.stress, 3).growth as number[]
    expect(g.map((x) => Number(x.toFixed(10)))).toEqual([0.13, 0.13, 0.13, -0.17, 0.13])
    expect(applyScenario(YALE, DEFAULT_SHIFTS.stress, null)).toBe(YALE)
    // A fund that starts after the plan's shock year is not shocked.
    expect(applyScenario(YALE, DEFAULT_SHIFTS.stress, -2)).toBe(YALE)
  })

  it('keep every scenario of valid inputs valid (growth and life clamped)', () => {
    const inputs = fc.record({
      growth: fc.double({ min: -0.9899, max: 1, noNaN: true }),
      life: fc.integer({ min: 1, max: 50 }),
      nav: fc.double({ min: 0, max: 1e6, noNaN: true }),
    })
    fc.assert(
      fc.property(inputs, (f) => {
        for (const id of SCENARIOS) {
          const s = applyScenario({ ...YALE, ...f }, DEFAULT_SHIFTS[id])
          expect(findFundInputError(s)).toBeNull()
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
