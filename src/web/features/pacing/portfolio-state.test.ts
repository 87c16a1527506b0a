import { describe, expect, it } from 'vitest'
import { serializePortfolioQuery } from '#src/common/pacing/plan-query.ts'
import {
  DEFAULT_PLAN,
  addFundRow,
  editFundRow,
  editPlanField,
  importFunds,
  initialPortfolioState,
  planQuery,
  portfolioStateFromQuery,
  removeFundRow,
  setPlanFrequency,
} from './portfolio-state.ts'
import { chooseScenario, editBandField, editShift } from './scenario-state.ts'

describe('portfolio form state', () => {
  it('edits plan fields, keeping the last plan while one is bad', () => {
    const s0 = initialPortfolioState()
    const bad = editPlanField(s0, 'target', '15%%')
    expect(bad.errors.target).toMatch(/Target share/)
    expect(bad.plan.targetShare).toBe(DEFAULT_PLAN.targetShare)
    expect(editPlanField(bad, 'target', '20%').plan.targetShare).toBe(0.2)
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

describe('liquid assets, overrides and import in the form', () => {
  it('takes liquid assets and lets them be cleared again', () => {
    const s1 = editPlanField(initialPortfolioState(), 'liquid', '5000000')
    expect(s1.plan.liquid).toBe(5e6)
    expect(serializePortfolioQuery(s1.plan)).toContain('liquid=5000000')
    const s2 = editPlanField(s1, 'liquid', '')
    expect(s2.errors).toEqual({})
    expect(s2.plan.liquid).toBeUndefined()
    expect(editPlanField(s1, 'liquid', '-3').errors.liquid).toMatch(/zero or a positive/)
  })

  it('keeps a fund’s own parameters in the plan and its link', () => {
    const s0 = initialPortfolioState()
    const id = s0.rows[0]?.id ?? 0
    const s1 = editFundRow(editFundRow(s0, id, 'rc', '0'), id, 'life', '8')
    expect(s1.plan.existingFunds[0]).toMatchObject({ rc: 0, life: 8 })
    const back = portfolioStateFromQuery(serializePortfolioQuery(s1.plan))
    expect(back.plan.existingFunds[0]).toMatchObject({ rc: 0, life: 8 })
    expect(back.rows[0]?.life).toBe('8')
    expect(editFundRow(s1, id, 'bow', '30').rowErrors[id]).toEqual({
      field: 'bow',
      message: 'Bow must be between 0 and 20',
    })
  })

  it('imports funds from a CSV, or changes nothing and lists the bad rows', () => {
    const s0 = initialPortfolioState()
    const header = 'name,asset_class,commitment,vintage,paid_in,nav'
    const bad = importFunds(s0, `${header}\nA,buyout,10,2020,5,5\nB,buyout,10,2020,50,5`)
    expect(bad.state).toBe(s0)
    expect(bad.problems).toEqual(['Line 3 (B): Paid-in cannot exceed the commitment'])
    const good = importFunds(s0, `${header}\nA,buyout,10,2020,5,5\nB,venture,20,2022,5,6`)
    expect(good.imported).toBe(2)
    expect(good.state.plan.existingFunds.map((f) => f.name)).toEqual(['A', 'B'])
    expect(good.state.rows.map((r) => r.commitment)).toEqual(['10', '20'])
  })

  it('opens the scenario and bands a plan link names, and keeps editing them', () => {
    const query = `${serializePortfolioQuery(DEFAULT_PLAN)}&scenario=downside&vol=0.2&paths=500&seed=9`
    const s0 = portfolioStateFromQuery(query)
    expect(s0.plan).toEqual(DEFAULT_PLAN)
    expect(s0.scenario).toBe('downside')
    expect(s0.bands).toEqual({ vol: 0.2, paths: 500, seed: 9 })
    expect(s0.bandTexts.vol).toBe('0.2')
    // Editing the plan keeps the scenario and bands; a bad band value keeps its message.
    const s1 = editBandField(editPlanField(s0, 'target', '0.2'), 'paths', '0')
    expect(s1.scenario).toBe('downside')
    expect(s1.bands.paths).toBe(500)
    expect(s1.bandErrors.paths).toMatch(/Paths/)
    const s2 = editShift(chooseScenario(s1, 'stress'), 'stress', 'public', '50%')
    expect(s2.scenario).toBe('stress')
    expect(s2.shifts.stress.public).toBe(0.5)
    const s3 = editShift(s2, 'stress', 'calls', '1.5')
    expect(s3.shifts.stress.calls).toBe(0.35)
    expect(s3.shiftErrors['stress.calls']).toMatch(/0 to 1/)
    // The stress is in the link, and a link's stress comes back.
    const linked = portfolioStateFromQuery(
      `${serializePortfolioQuery(DEFAULT_PLAN)}&scenario=stress&stress_public=0.5&stress_nav=abc`,
    )
    expect(linked.shifts.stress).toMatchObject({ public: 0.5, nav: 0.25, calls: 0.35 })
    expect(linked.shiftErrors['stress.nav']).toMatch(/fall/)
    expect(linked.shiftTexts.stress.nav).toBe('abc')
    const bad = portfolioStateFromQuery(`${serializePortfolioQuery(DEFAULT_PLAN)}&vol=3`)
    expect(bad.bands.vol).toBe(0)
    expect(bad.bandTexts.vol).toBe('3')
    expect(bad.bandErrors.vol).toMatch(/Volatility/)
  })

  it('shows no figures for a link with an invalid value until it is fixed', () => {
    const blocked = portfolioStateFromQuery('mode=portfolio&total=0&target=0.2')
    expect(blocked.linkBlocked).toBe(true)
    expect(blocked.errors.total).toMatch(/positive/)
    const fixed = editPlanField(blocked, 'total', '1.2bn')
    expect(fixed.linkBlocked).toBe(false)
    expect(fixed.plan.totalValue).toBe(1.2e9)
    expect(portfolioStateFromQuery('mode=portfolio&target=20%').linkBlocked).toBe(false)
  })

  it('reads min_commit and the mix from the form, and keeps amounts such as 25M in a fund row', () => {
    const s0 = initialPortfolioState()
    const s1 = editPlanField(
      editPlanField(s0, 'mix', 'buyout:60%, venture:0.4'),
      'min_commit',
      '10%',
    )
    expect(s1.plan.mix).toEqual([
      { assetClass: 'buyout', weight: 0.6 },
      { assetClass: 'venture', weight: 0.4 },
    ])
    expect(s1.plan.minCommit).toBe(0.1)
    const row = s1.rows[0]
    if (!row) throw new Error('a row expected')
    const s2 = editFundRow(
      editFundRow(s1, row.id, 'commitment', '25M'),
      row.id,
      'paid',
      '14,000,000',
    )
    expect(s2.rowErrors).toEqual({})
    expect(s2.plan.existingFunds[0]).toMatchObject({ commitment: 25e6, paidIn: 14e6 })
  })

  it('keeps quarterly rows in the link, with the scenario, and drops them for annual', () => {
    const query = `${serializePortfolioQuery(DEFAULT_PLAN)}&freq=quarterly&scenario=stress`
    const opened = portfolioStateFromQuery(query)
    expect(opened.freq).toBe('quarterly')
    const again = portfolioStateFromQuery(planQuery(opened))
    expect(again.freq).toBe('quarterly')
    expect(again.scenario).toBe('stress')
    expect(again.plan).toEqual(opened.plan)
    expect(planQuery(setPlanFrequency(opened, 'annual'))).not.toContain('freq=')
    expect(portfolioStateFromQuery(serializePortfolioQuery(DEFAULT_PLAN)).freq).toBe('annual')
  })
})
