/**
 * Reference cases of the Takahashi-Alexander model, each with where its numbers come from, and
 * the honest-figures rules for a fund under way (docs/product.md, "Pacing Lab").
 *
 * - The Yale base case: the paper's venture set (Takahashi & Alexander 2001, Exhibit 1: RC 25%,
 *   33.3%, then 50%; L 12; B 2.5; G 13%; Y 0) for a commitment of 100. Its NAV peaks at 106.8 in
 *   year 5 and its TVPI is 1.88; with constant growth and the final NAV counted, the IRR is G
 *   exactly, whatever RC, B and Y are (every dollar in the fund grows at G until paid out).
 * - Steady state: a programme committing X every year settles at a NAV of X times the sum of the
 *   NAV of a unit commitment over its life (6.7767 here), so a NAV of 150M needs 22.13M a year.
 * - The denominator effect: a 20% private share, public assets down 40% and private down 10%,
 *   becomes 18 / (18 + 48) = 27.3%.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { MAX_AMOUNT, projectFund, type FundInputs } from './engine.ts'
import { computeMetrics } from './metrics.ts'
import { shareAfterShock } from './portfolio.ts'
import { YALE_VENTURE } from './presets.ts'
import { projectionToCsv } from './csv.ts'
import { fundInputsFromQuery } from './query.ts'

const YALE: FundInputs = { commitment: 100, ...YALE_VENTURE }

describe('the Yale base case (Takahashi & Alexander 2001, venture set)', () => {
  it('peaks at NAV 106.8 in year 5 with a TVPI of 1.88 and an IRR of 13%', () => {
    const { rows } = projectFund(YALE)
    const m = computeMetrics(rows)
    expect(m.peakNav.year).toBe(5)
    expect(m.peakNav.value).toBeCloseTo(106.8, 1)
    expect(m.tvpi).toBeCloseTo(1.88, 2)
    expect(m.irr).toBeCloseTo(0.13, 12)
  })

  it('has IRR = G exactly for any RC, B and Y once the final NAV is included', () => {
    const inputs = fc.record({
      rc: fc.double({ min: 0.05, max: 1, noNaN: true }),
      bow: fc.double({ min: 0.2, max: 20, noNaN: true }),
      yield: fc.double({ min: 0, max: 0.5, noNaN: true }),
      years: fc.integer({ min: 1, max: 40 }),
    })
    fc.assert(
      fc.property(inputs, (f) => {
        const m = computeMetrics(projectFund({ ...YALE, ...f }).rows)
        if (m.irr !== null) expect(m.irr).toBeCloseTo(0.13, 9)
      }),
    )
  })

  it('counts the NAV of a fund under way as a contribution at time 0 (age 1, NAV 25, paid 25)', () => {
    const { inputs } = fundInputsFromQuery(
      'commitment=100&rc=0.3333333333333333,0.5&life=12&bow=2.5&growth=0.13&age=1&nav=25&paid=25',
      YALE,
    )
    const { rows } = projectFund(inputs)
    const m = computeMetrics(rows, inputs.nav)
    expect(m.irr).toBeCloseTo(0.13, 12)
    // The same fund seen from the start: TVPI from day one is the whole fund's.
    expect(m.tvpi).toBeCloseTo(computeMetrics(projectFund(YALE).rows).tvpi ?? 0, 9)
    // Left out, the NAV would make the fund look far better than it is.
    expect(computeMetrics(rows).irr).toBeGreaterThan(0.2)
  })

  it('keeps a fund four years in near its own multiple, not 14x', () => {
    const start = projectFund({ ...YALE, years: 4 }).rows.at(-1)
    if (!start) throw new Error('no rows')
    const paid = 100 - start.unfunded
    const { rows } = projectFund({ ...YALE, rc: 0.5, age: 4, nav: start.nav, paid })
    const m = computeMetrics(rows, start.nav)
    expect(m.tvpi).toBeGreaterThan(1)
    expect(m.tvpi).toBeLessThan(2)
    expect(m.irr).toBeCloseTo(0.13, 12)
  })
})

describe('steady state (a programme committing the same amount every year)', () => {
  it('needs 22.13M a year for a NAV of 150M: NAV per unit commitment sums to 6.7767', () => {
    const rows = projectFund({ ...YALE, commitment: 1 }).rows
    const sum = rows.reduce((s, r) => s + r.nav, 0)
    expect(sum).toBeCloseTo(6.7767, 4)
    expect(150 / sum).toBeCloseTo(22.13, 2)
  })
})

describe('the denominator effect', () => {
  it('turns a 20% share into 27.3% when public assets fall 40% and private 10%', () => {
    expect(shareAfterShock(0.2, -0.4, -0.1)).toBeCloseTo(0.2727, 4)
    expect(shareAfterShock(0.2, 0, 0)).toBeCloseTo(0.2, 12)
  })
})

describe('bounds: no NaN or Infinity for any input in range', () => {
  it('refuses the 1e300 case by field instead of producing NaN', () => {
    const { inputs, errors } = fundInputsFromQuery(
      'commitment=1e300&rc=1&life=50&bow=100&growth=10&years=100',
      YALE,
    )
    expect(errors.commitment).toMatch(/at most 1e12/)
    expect(errors.bow).toMatch(/from 0 to 20/)
    expect(errors.growth).toMatch(/above -0.99 and at most 1/)
    const { rows } = projectFund(inputs)
    expect(() => projectionToCsv(rows)).not.toThrow()
  })

  it('keeps every row and key figure finite at the edges of the ranges', () => {
    const inputs = fc.record({
      commitment: fc.double({ min: 1e-6, max: MAX_AMOUNT, noNaN: true }),
      rc: fc.double({ min: 0, max: 1, noNaN: true }),
      life: fc.integer({ min: 1, max: 50 }),
      bow: fc.double({ min: 0, max: 20, noNaN: true }),
      growth: fc.double({ min: -0.9899, max: 1, noNaN: true }),
      yield: fc.double({ min: 0, max: 1, noNaN: true }),
      years: fc.integer({ min: 1, max: 100 }),
      age: fc.integer({ min: 0, max: 100 }),
      nav: fc.double({ min: 0, max: MAX_AMOUNT, noNaN: true }),
    })
    fc.assert(
      fc.property(inputs, (f) => {
        const { rows } = projectFund(f)
        for (const r of rows)
          for (const v of Object.values(r)) expect(Number.isFinite(v)).toBe(true)
        const m = computeMetrics(rows, f.nav)
        for (const v of [m.peakNav.value, m.tvpi ?? 0, m.irr ?? 0])
          expect(Number.isFinite(v)).toBe(true)
        expect(() => projectionToCsv(rows)).not.toThrow()
      }),
    )
  })
})
