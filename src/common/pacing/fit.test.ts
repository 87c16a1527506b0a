import { describe, expect, it } from 'vitest'
import { projectFund } from './engine.ts'
import { computeMetrics } from './metrics.ts'
import { durationBow, fitToHistory, nelderMead } from './fit.ts'
import { actualsToCsv, actualsToParam, parseActualsCsv, parseActualsParam } from './history.ts'

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

describe('the reference case of fabianhe/privates (test/test_analytics.py)', () => {
  // https://github.com/fabianhe/privates: commitment 1,000,000, a call-rate schedule over 12
  // years, bow 2.3, growth 0.15, no yield. Its "Approximate Bow" of 2.585 is not a fit of the
  // yearly flows: it is exp(pi * duration / life) / sqrt(2) with duration ln(TVPI) / ln(1 + IRR).
  // Our engine and key figures reproduce its figures, and durationBow its 2.585. The
  // least-squares fit cannot give 2.585, and should not: fitting the flows with ONE call rate
  // (the reference calls by a schedule) finds bow 2.2, near the model's 2.3 that made them.
  const rows = projectFund({
    commitment: 1e6,
    rc: [0.25, 1 / 3, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 1, 0],
    life: 12,
    bow: 2.3,
    growth: 0.15,
    years: 12,
  }).rows

  it('reproduces its distributions, TVPI, IRR, duration and approximate bow 2.585', () => {
    const m = computeMetrics(rows, 0)
    expect(rows.reduce((s, r) => s + r.distributions, 0)).toBeCloseTo(1_997_595.2, 1)
    expect(m.tvpi).toBeCloseTo(2.0, 2)
    expect(m.irr).toBeCloseTo(0.15, 4)
    const duration = Math.log(m.tvpi ?? 0) / Math.log(1 + (m.irr ?? 0))
    expect(duration).toBeCloseTo(4.95, 2)
    expect(durationBow(m.tvpi ?? 0, m.irr ?? 0, 12)).toBeCloseTo(2.585, 2)
  })

  it('fits its flows, with the actual calls, back to the model bow 2.3, not 2.585', () => {
    const fit = fitToHistory(rows, 1e6, 12)
    expect(Math.abs(fit.bow - 2.3)).toBeLessThan(0.01)
    expect(Math.abs(fit.growth - 0.15)).toBeLessThan(0.001)
    expect(Math.abs(fit.bow - 2.585)).toBeGreaterThan(0.25)
  })
})

describe('reading a history', () => {
  it('round-trips a history through the CSV and actuals=', () => {
    const actuals = projectFund({ commitment: 1e7, rc: 0.3, life: 10, bow: 2, growth: 0.1 })
      .rows.slice(0, 5)
      .map(({ contributions, distributions, nav }) => ({ contributions, distributions, nav }))
    expect(parseActualsCsv(actualsToCsv(actuals))).toEqual({ ok: true, actuals })
    expect(parseActualsParam(actualsToParam(actuals))).toEqual({ ok: true, actuals })
  })

  it('takes Windows line ends, blank lines, spaces and a header in capitals', () => {
    const csv = ' Year, Contributions ,Distributions,NAV\r\n\r\n1, 25 ,0,25\r\n2,20,1.5,46\r\n'
    expect(parseActualsCsv(csv)).toMatchObject({ ok: true, actuals: [{ nav: 25 }, { nav: 46 }] })
  })

  it('names the wrong line: negative, missing or non-numeric amounts, a header alone', () => {
    const head = 'year,contributions,distributions,nav\n'
    expect(parseActualsCsv(`${head}1,-5,0,25`)).toEqual({
      ok: false,
      message: 'Line 2: expected year 1 and three amounts, each zero or more',
    })
    expect(parseActualsCsv(`${head}1,5,0,25\n2,5,0`)).toMatchObject({
      ok: false,
      message: expect.stringContaining('Line 3'),
    })
    expect(parseActualsCsv(`${head}1,5,abc,25`)).toMatchObject({ ok: false })
    expect(parseActualsCsv(head)).toEqual({
      ok: false,
      message: 'The history needs at least one year',
    })
    expect(parseActualsCsv('1,5,0,25')).toEqual({
      ok: false,
      message: 'The first line must be year,contributions,distributions,nav',
    })
    expect(parseActualsParam('1,2,3;4,x,6')).toEqual({
      ok: false,
      message:
        'Year 2 of the history needs contributions, distributions and NAV, each zero or more',
    })
    expect(parseActualsParam('')).toMatchObject({ ok: false })
    expect(parseActualsParam(Array(101).fill('1,0,1').join(';'))).toEqual({
      ok: false,
      message: 'The history may have at most 100 years',
    })
  })

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
