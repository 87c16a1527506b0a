import { describe, expect, it } from 'vitest'
import { planPortfolio } from './portfolio.ts'
import { PLAN_CSV_HEADER, planToCsv } from './plan-csv.ts'

describe('planToCsv', () => {
  it('writes one row a year of plain decimals under named columns', () => {
    const result = planPortfolio({
      totalValue: 400e6,
      totalGrowth: 0.06,
      targetShare: 0.25,
      horizon: 5,
      startYear: 2026,
      newCommitmentClass: 'buyout',
      existingFunds: [],
      liquid: 30e6,
    })
    const lines = planToCsv(result.rows).trimEnd().split('\n')
    expect(lines[0]).toBe(PLAN_CSV_HEADER)
    expect(PLAN_CSV_HEADER).toBe(
      'year,new_commitment,contributions,distributions,net_cash_flow,unfunded,private_nav,total_portfolio,nav_share,target_share,liquid_part,liquid_assets,coverage,unfunded_to_nav,unfunded_coverage,overcommitment,next_calls_to_liquid',
    )
    expect(lines).toHaveLength(6)
    for (const [i, line] of lines.slice(1).entries()) {
      const cells = line.split(',')
      expect(cells).toHaveLength(17)
      // The horizon's last year has no next year's calls: that cell alone is empty.
      const last = i === lines.length - 2
      for (const c of last ? cells.slice(0, -1) : cells)
        expect(c).toMatch(/^-?\d+(\.\d+)?(e[+-]?\d+)?$/)
      if (last) expect(cells.at(-1)).toBe('')
    }
    const [year, commitment] = (lines[1] ?? '').split(',').map(Number)
    expect(year).toBe(2026)
    expect(commitment).toBe(result.rows[0]?.newCommitment)
  })
})
