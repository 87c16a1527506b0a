import { describe, expect, it } from 'vitest'
import { projectFund } from './engine.ts'
import { fitCallRate, fitToHistory } from './fit.ts'
import { fromInception, historyRows, toDateFigures, type ActualYear } from './history.ts'

/** The review's fund four years in (docs/product.md): calls 20/25/20/12, distributions 0/2/6/10. */
const FOUR_YEARS: ActualYear[] = [
  [20, 0, 20],
  [25, 2, 46],
  [20, 6, 64],
  [12, 10, 72],
].map(([contributions = 0, distributions = 0, nav = 0]) => ({ contributions, distributions, nav }))

describe('a fund under way, from its history', () => {
  it('earned 10.1% and 1.17x to date, with a DPI of 0.23x', () => {
    const toDate = toDateFigures(FOUR_YEARS)
    // By hand: flows -20, -23, -14, -2 + 72 = 70; NPV at 10.109% is 0.
    const r = toDate.irr ?? 0
    const npv = -20 / (1 + r) - 23 / (1 + r) ** 2 - 14 / (1 + r) ** 3 + 70 / (1 + r) ** 4
    expect(Math.abs(npv)).toBeLessThan(1e-9)
    expect(r).toBeCloseTo(0.1011, 4)
    expect(toDate.tvpi).toBeCloseTo(90 / 77, 12)
    expect(toDate.dpi).toBeCloseTo(18 / 77, 12)
  })

  it('counts cumulative net cash flow from inception: 59 under water after four years', () => {
    expect(historyRows(FOUR_YEARS).map((r) => r.cumulativeNetCashFlow)).toEqual([
      -20, -43, -57, -59,
    ])
    const projection = projectFund({
      commitment: 100,
      rc: 0.5,
      life: 12,
      bow: 2.5,
      growth: 0.1,
      age: 4,
      nav: 72,
      paid: 77,
    }).rows
    const { rows, all, sinceInception } = fromInception(FOUR_YEARS, projection)
    expect(rows[0]?.cumulativeNetCashFlow).toBeCloseTo(-59 + (projection[0]?.netCashFlow ?? 0), 12)
    expect(all.map((r) => r.year)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1))
    // Since inception: every call and distribution from year 1, the last NAV as the final inflow.
    const calls = all.reduce((s, r) => s + r.contributions, 0)
    const paidOut = all.reduce((s, r) => s + r.distributions, 0)
    expect(sinceInception.tvpi).toBeCloseTo((paidOut + (rows.at(-1)?.nav ?? 0)) / calls, 12)
    expect(sinceInception.dpi).toBeCloseTo(paidOut / calls, 12)
    expect(sinceInception.irr).toBeGreaterThan(0.08)
    expect(sinceInception.irr).toBeLessThan(0.11)
  })

  it('fits the call rate to the actual calls and leaves growth to the distributions and NAV', () => {
    // Unfunded before each call: 100, 80, 55, 35. RC = Σ C U / Σ U².
    const rc = (20 * 100 + 25 * 80 + 20 * 55 + 12 * 35) / (100 ** 2 + 80 ** 2 + 55 ** 2 + 35 ** 2)
    expect(fitCallRate(FOUR_YEARS, 100).rc).toBeCloseTo(rc, 12)
    expect(fitCallRate(FOUR_YEARS, 100).rates).toEqual([0.2, 25 / 80, 20 / 55, 12 / 35])
    const fit = fitToHistory(FOUR_YEARS, 100, 12)
    expect(fit.rc).toBeCloseTo(rc, 12)
    // The model runs the actual calls, so the fitted calls are the actual ones.
    expect(fit.fitted.map((r) => r.contributions)).toEqual(
      [20, 25, 20, 12].map((c) => expect.closeTo(c, 9)),
    )
    // Growth is not bent to explain the calls: the NAV grew about 8% a year, not 19.7%.
    expect(fit.growth).toBeGreaterThan(0.04)
    expect(fit.growth).toBeLessThan(0.12)
    expect(fit.errorShare).toBeCloseTo(fit.rmsError / 100, 12)
    expect(fit.errorShare).toBeLessThan(0.05)
    expect(() => fitCallRate([{ contributions: 120, distributions: 0, nav: 0 }], 100)).toThrow(
      /more than the commitment/,
    )
  })
})
