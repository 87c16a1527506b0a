import { describe, expect, it } from 'vitest'
import { projectFund, type ProjectionRow } from './engine.ts'
import { computeMetrics, irr, irrCashFlows, npv } from './metrics.ts'

const row = (year: number, contributions: number, distributions: number, nav: number) => ({
  year,
  contributions,
  distributions,
  nav,
})

/** Rows from (C, D, NAV) triples, with the running net cash flow filled in. */
function rows(...triples: [number, number, number][]): ProjectionRow[] {
  let cumulative = 0
  return triples.map(([c, d, nav], i) => {
    cumulative += d - c
    return {
      ...row(i + 1, c, d, nav),
      netCashFlow: d - c,
      cumulativeNetCashFlow: cumulative,
      distributionRate: 0,
      unfunded: 0,
    }
  })
}

describe('irr', () => {
  it('solves known cases (flows at the ends of years 1, 2, ...)', () => {
    expect(irr([-100, 110])).toBeCloseTo(0.1, 12)
    expect(irr([-100, 0, 121])).toBeCloseTo(0.1, 12)
    // Excel's IRR({-1000, 300, 400, 500}) is 8.8963%; shifting every flow a year changes nothing.
    expect(irr([-1000, 300, 400, 500])).toBeCloseTo(0.08896339469, 9)
    expect(irr([-100, 50])).toBeCloseTo(-0.5, 12)
    expect(irr([-1, 0, 0, 0, 10_000])).toBeCloseTo(9, 9)
    expect(irr([-100, 100])).toBe(0)
  })

  it('returns null when the flows never change sign', () => {
    expect(irr([100, 50])).toBeNull()
    expect(irr([-1, -2])).toBeNull()
    expect(irr([0, 0, 0])).toBeNull()
    expect(irr([])).toBeNull()
    expect(irr([0, 25, 0])).toBeNull()
  })

  it('picks the root closest to zero when there are several', () => {
    // -v + 3v^2 - 2v^3 = -v(1 - v)(1 - 2v): IRRs 0% and 100%.
    const flows = [-1, 3, -2]
    expect(npv(0, flows)).toBeCloseTo(0, 12)
    expect(npv(1, flows)).toBeCloseTo(0, 12)
    expect(irr(flows)).toBeCloseTo(0, 9)
  })

  it('finds rates close to -100% without overflowing', () => {
    // 1000 -> 0.01 a year later is -99.999%.
    expect(irr([-1000, 0.01])).toBeCloseTo(-0.99999, 9)
  })
})

describe('computeMetrics', () => {
  it('reads peak NAV, trough, break-even, TVPI and IRR off the rows', () => {
    const r = rows([100, 0, 100], [50, 20, 140], [0, 80, 90], [0, 100, 10])
    const m = computeMetrics(r)
    expect(m.peakNav).toEqual({ year: 2, value: 140 })
    expect(m.deepestCumulativeNetCashFlow).toEqual({ year: 2, value: -130 })
    expect(m.breakEvenYear).toBe(4)
    expect(m.tvpi).toBeCloseTo((20 + 80 + 100 + 10) / 150, 12)
    expect(m.irr).toBeCloseTo(irr([-100, -30, 80, 110]) ?? Number.NaN, 12)
    expect(irrCashFlows(r)).toEqual([-100, -30, 80, 110])
  })

  it('has no trough, break-even or TVPI for a fund that only distributes', () => {
    const m = computeMetrics(rows([0, 50, 60], [0, 60, 0]))
    expect(m.deepestCumulativeNetCashFlow).toBeNull()
    expect(m.breakEvenYear).toBeNull()
    expect(m.tvpi).toBeNull()
    expect(m.irr).toBeNull()
  })

  it('has no break-even when the cumulative flow stays negative', () => {
    expect(computeMetrics(rows([100, 0, 100], [0, 10, 95])).breakEvenYear).toBeNull()
  })

  it('gives IRR = G and the J-curve of the privates case (fabianhe/privates, case 1)', () => {
    const { rows: projected } = projectFund({
      commitment: 1_000_000,
      rc: [0.25, 1 / 3, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 1.0, 0.0],
      life: 12,
      bow: 2.3,
      growth: 0.15,
    })
    const m = computeMetrics(projected)
    expect(m.irr).toBeCloseTo(0.15, 10)
    expect(m.peakNav.year).toBe(5)
    expect(m.peakNav.value).toBeCloseTo(1_070_074.53, 2)
    expect(m.deepestCumulativeNetCashFlow?.year).toBe(4)
    expect(m.breakEvenYear).toBe(8)
    expect(m.tvpi).toBeGreaterThan(1)
  })
})
