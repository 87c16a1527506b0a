import { describe, expect, it } from 'vitest'
import { serializePortfolioQuery } from '#src/common/pacing/query.ts'
import {
  DEFAULT_PLAN,
  addFundRow,
  editFundRow,
  editPlanField,
  initialPortfolioState,
  portfolioStateFromQuery,
  removeFundRow,
} from './portfolio-state.ts'

describe('portfolio form state', () => {
  it('edits plan fields, keeping the last plan while one is bad', () => {
    const s0 = initialPortfolioState()
    const bad = editPlanField(s0, 'target', '15%')
    expect(bad.errors.target).toMatch(/decimals/)
    expect(bad.plan.targetShare).toBe(DEFAULT_PLAN.targetShare)
    expect(editPlanField(bad, 'target', '0.2').plan.targetShare).toBe(0.2)
  })

  it('adds, edits and removes funds; a bad row keeps its last valid fund', () => {
    const s1 = addFundRow(initialPortfolioState())
    expect(s1.plan.existingFunds).toHaveLength(4)
    const id = s1.rows[3]!.id
    const bad = editFundRow(s1, id, 'paid', '99000000')
    expect(bad.rowErrors[id]).toMatchObject({ field: 'paid' })
    expect(bad.plan.existingFunds).toHaveLength(4)
    const cls = editFundRow(bad, id, 'assetClass', 'venture')
    expect(cls.rows[3]!.assetClass).toBe('venture')
    const removed = removeFundRow(cls, s1.rows[0]!.id)
    expect(removed.plan.existingFunds).toHaveLength(3)
    expect(removed.rows).toHaveLength(3)
  })

  it('marks a vintage too far before the start year on its row', () => {
    const s = editFundRow(initialPortfolioState(), 0, 'vintage', '1900')
    expect(s.rowErrors[0]?.message).toMatch(/vintage/)
    expect(s.plan).toEqual(DEFAULT_PLAN)
  })

  it('round-trips through the link, and shows bad funds from a link on their rows', () => {
    const s = editPlanField(addFundRow(initialPortfolioState()), 'horizon', '20')
    const back = portfolioStateFromQuery(serializePortfolioQuery(s.plan))
    expect(back.plan).toEqual(s.plan)
    const linked = portfolioStateFromQuery(
      'mode=portfolio&fund=hedge,1,2020,0,0&fund=buyout,5,2020,9,0',
    )
    expect(linked.rows).toHaveLength(2)
    expect(linked.rowErrors[0]).toMatchObject({ field: 'assetClass' })
    expect(linked.rowErrors[1]).toMatchObject({ field: 'paid' })
    expect(linked.plan.existingFunds).toEqual([])
  })
})

describe('a plan without existing funds', () => {
  it('round-trips through its link', () => {
    const empty = portfolioStateFromQuery('mode=portfolio&total=4e8&fund=')
    expect(empty.rows).toEqual([])
    expect(empty.plan.existingFunds).toEqual([])
    const query = serializePortfolioQuery(empty.plan)
    expect(query).toContain('fund=')
    expect(portfolioStateFromQuery(query).plan.existingFunds).toEqual([])
  })
})
