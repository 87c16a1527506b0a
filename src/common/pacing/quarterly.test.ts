import { describe, expect, it } from 'vitest'
import { projectFund, type FundInputs } from './engine.ts'
import { QUARTERLY_CSV_HEADER, projectFundQuarterly, quarterlyToCsv } from './quarterly.ts'

const FUND: FundInputs = { commitment: 100, rc: 0.4, life: 10, bow: 2, growth: 0.1, years: 4 }

describe('quarterly cash flows from the annual parameters', () => {
  it('converts the rates: 1 - (1 - r)^(1/4) for calls and distributions, (1 + G)^(1/4) - 1', () => {
    const rows = projectFundQuarterly(FUND, 2027)
    expect(rows).toHaveLength(16)
    expect(rows.map((r) => r.quarter).slice(0, 5)).toEqual([
      '2027Q1',
      '2027Q2',
      '2027Q3',
      '2027Q4',
      '2028Q1',
    ])
    const rcq = 1 - 0.6 ** 0.25
    const gq = 1.1 ** 0.25 - 1
    // By hand: Q1 calls rcq x 100 into an empty fund; Q2 grows it and pays rd_q of it.
    expect(rows[0]?.contributions).toBeCloseTo(rcq * 100, 12)
    expect(rows[0]?.nav).toBeCloseTo(rcq * 100, 12)
    const rdq = 1 - (1 - (1 / 10) ** 2) ** 0.25
    const grown = rcq * 100 * (1 + gq)
    expect(rows[1]?.distributions).toBeCloseTo(rdq * grown, 12)
    expect(rows[1]?.contributions).toBeCloseTo(rcq * (100 - rcq * 100), 12)
  })

  it('calls each year what the annual model calls: four quarters compound to the year', () => {
    const annual = projectFund(FUND).rows
    const quarters = projectFundQuarterly(FUND, 2027)
    annual.forEach((year, i) => {
      const calls = quarters.slice(4 * i, 4 * i + 4).reduce((s, q) => s + q.contributions, 0)
      expect(calls).toBeCloseTo(year.contributions, 10)
      expect(quarters[4 * i + 3]?.unfunded).toBeCloseTo(year.unfunded, 10)
    })
    // Without distributions, calls made in a year's early quarters earn growth for the rest of
    // it, so the year-end NAV is a little above the annual model's (where a call earns nothing
    // in its own year): 100 x (1 - 0.6) = 40 called in year 1 becomes about 41.6.
    const noPayout = projectFundQuarterly({ ...FUND, bow: 20 }, 2027)
    const annualNav = projectFund({ ...FUND, bow: 20 }).rows
    expect(noPayout[3]?.nav).toBeGreaterThan(annualNav[0]?.nav ?? 0)
    expect(noPayout[3]?.nav).toBeLessThan((annualNav[0]?.nav ?? 0) * 1.1 ** 0.75 + 1e-9)
  })

  it('writes the CSV with a quarter column, counting cumulative net cash flow on', () => {
    const rows = projectFundQuarterly(FUND, 2027, -59)
    expect(rows[0]?.cumulativeNetCashFlow).toBeCloseTo(-59 + (rows[0]?.netCashFlow ?? 0), 12)
    const [header, first, ...rest] = quarterlyToCsv(rows).trimEnd().split('\n')
    expect(header).toBe(QUARTERLY_CSV_HEADER)
    expect(header).toBe(
      'quarter,contributions,distributions,nav,net_cash_flow,cumulative_net_cash_flow',
    )
    expect(first?.split(',')[0]).toBe('2027Q1')
    expect(Number(first?.split(',')[1])).toBe(rows[0]?.contributions)
    expect(rest).toHaveLength(15)
  })
})
