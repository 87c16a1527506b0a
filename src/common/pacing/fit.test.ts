import { describe, expect, it } from 'vitest'
import { projectFund } from './engine.ts'
import { fitToHistory, nelderMead, parseActualsCsv, parseActualsParam } from './fit.ts'

describe('nelderMead', () => {
  it('finds the minimum of the Rosenbrock valley and of a shifted bowl', () => {
    const rosenbrock = (x: readonly number[]) =>
      100 * ((x[1] ?? 0) - (x[0] ?? 0) ** 2) ** 2 + (1 - (x[0] ?? 0)) ** 2
    const r = nelderMead(rosenbrock, [-1.2, 1], { maxIterations: 5000 })
    expect(r.x[0]).toBeCloseTo(1, 4)
    expect(r.x[1]).toBeCloseTo(1, 4)
    const bowl = (x: readonly number[]) => ((x[0] ?? 0) - 3) ** 2 + ((x[1] ?? 0) + 2) ** 2 + 5
    const b = nelderMead(bowl, [0, 0])
    expect(b.value).toBeCloseTo(5, 10)
    expect(b.x[0]).toBeCloseTo(3, 5)
  })
})

describe('fitToHistory', () => {
  it('fits data made by the model back (growth within 0.005, bow 0.1, call rate 0.01)', () => {
    for (const truth of [
      { rc: 0.3, bow: 2.5, growth: 0.12 },
      { rc: 0.2, bow: 4, growth: 0.08 },
      { rc: 0.45, bow: 1.5, growth: 0.18 },
    ]) {
      const rows = projectFund({ commitment: 1e7, life: 12, years: 8, ...truth }).rows
      const fit = fitToHistory(rows, 1e7, 12)
      expect(Math.abs(fit.growth - truth.growth)).toBeLessThan(0.005)
      expect(Math.abs(fit.bow - truth.bow)).toBeLessThan(0.1)
      expect(Math.abs(fit.rc - truth.rc)).toBeLessThan(0.01)
      expect(fit.rmsError).toBeLessThan(1)
      expect(fit.age).toBe(8)
      expect(fit.nav).toBe(rows[7]?.nav)
    }
  })

  it('reports the error of data the model cannot reproduce', () => {
    const noisy = projectFund({
      commitment: 100,
      rc: 0.3,
      life: 10,
      bow: 2,
      growth: 0.1,
      years: 6,
    }).rows.map((r, i) => ({ ...r, nav: r.nav * (i % 2 === 0 ? 1.1 : 0.9) }))
    expect(fitToHistory(noisy, 100, 10).rmsError).toBeGreaterThan(0.5)
  })
})

describe('reading a history', () => {
  it('reads actuals= and a pasted CSV, and names the line that is wrong', () => {
    expect(parseActualsParam('25,0,25;20,1.5,46')).toEqual({
      ok: true,
      actuals: [
        { contributions: 25, distributions: 0, nav: 25 },
        { contributions: 20, distributions: 1.5, nav: 46 },
      ],
    })
    expect(parseActualsParam('25,0;1,2,3')).toMatchObject({ ok: false })
    const csv = 'year,contributions,distributions,nav\n1,25,0,25\n2,20,1.5,46\n'
    expect(parseActualsCsv(csv)).toMatchObject({ ok: true, actuals: [{ nav: 25 }, { nav: 46 }] })
    expect(parseActualsCsv('year,contributions,distributions,nav\n1,25,0,25\n3,1,1,1')).toEqual({
      ok: false,
      message: 'Line 3: expected year 2 and three amounts, each zero or more',
    })
    expect(parseActualsCsv('a,b\n1,2')).toMatchObject({ ok: false })
  })
})
