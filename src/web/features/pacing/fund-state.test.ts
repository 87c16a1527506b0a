import { describe, expect, it } from 'vitest'
import { serializeFundQuery } from '#src/common/pacing/query.ts'
import {
  DEFAULT_FUND,
  applyPreset,
  editFundField,
  followsPreset,
  fundStateFromQuery,
  initialFundState,
  stepText,
} from './fund-state.ts'

describe('one-fund form state, as professionals write it (docs/product.md)', () => {
  const year = new Date().getFullYear()

  it('reads 25M, 1.2bn, 300,000,000 and 20% in the fields', () => {
    let s = initialFundState()
    s = editFundField(s, 'commitment', '1.2bn')
    s = editFundField(s, 'nav', '300,000,000')
    s = editFundField(s, 'paid', '25M')
    s = editFundField(s, 'growth', '12%')
    expect(s.errors).toEqual({})
    expect(s.inputs).toMatchObject({ commitment: 1.2e9, nav: 3e8, paid: 25e6, growth: [0.12] })
  })

  it('takes a vintage year for the age, and keeps a preset’s call rates at that age', () => {
    const s0 = initialFundState()
    // Buyout: RC 25% in year 1, then 50%. A fund of vintage (this year - 3) is 3 years old.
    const s1 = editFundField(s0, 'age', String(year - 3))
    expect(s1.errors).toEqual({})
    expect(s1.inputs.age).toBe(3)
    expect(s1.inputs.rc).toEqual([0.5])
    expect(s1.texts.rc).toBe('0.5')
    expect(s1.preset).toBe('buyout')
    expect(editFundField(s0, 'age', '3').inputs.age).toBe(3)
    expect(editFundField(s0, 'age', String(year + 1)).errors.age).toMatch(/has not started/)
  })

  it('honours age in a link as the plan does: next year’s calls 50% of the unfunded, not 25%', () => {
    const s = fundStateFromQuery('commitment=20000000&age=3&nav=10000000&paid=8800000')
    expect(s.inputs.rc).toEqual([0.5])
    expect(s.preset).toBe('buyout')
  })

  it('shows no figures for a link with an invalid value (commitment=0) until it is fixed', () => {
    const s = fundStateFromQuery('commitment=0&bow=3')
    expect(s.linkBlocked).toBe(true)
    expect(s.errors.commitment).toMatch(/positive/)
    const fixed = editFundField(s, 'commitment', '25M')
    expect(fixed.linkBlocked).toBe(false)
    expect(fixed.inputs.commitment).toBe(25e6)
    expect(fixed.inputs.bow).toBe(3)
    // Editing the form is not a link: a bad value keeps the last result, as before.
    expect(editFundField(initialFundState(), 'bow', 'x').linkBlocked).toBe(false)
  })

  it('keeps a link’s history, frequency and stress', () => {
    const s = fundStateFromQuery(
      'commitment=100&age=2&actuals=20,0,20;25,2,46&freq=quarterly&stress_calls=0.5',
    )
    expect(s.actuals).toEqual([
      { contributions: 20, distributions: 0, nav: 20 },
      { contributions: 25, distributions: 2, nav: 46 },
    ])
    expect(s.freq).toBe('quarterly')
    expect(s.shifts.stress.calls).toBe(0.5)
    expect(fundStateFromQuery('actuals=1,2').actualsError).toMatch(/Year 1/)
  })
})

describe('one-fund form state', () => {
  it('starts from the buyout preset with readable texts', () => {
    const s = initialFundState()
    expect(s.preset).toBe('buyout')
    // A new fund's age shows as its vintage: this year.
    expect(s.texts).toMatchObject({
      commitment: '10000000',
      rc: '0.25, 0.5',
      bow: '2.5',
      age: String(new Date().getFullYear()),
    })
    expect(s.texts.years).toBe('')
  })

  it('keeps the last valid inputs while a field is bad, and recovers', () => {
    const s0 = initialFundState()
    const bad = editFundField(s0, 'bow', 'abc')
    expect(bad.errors.bow).toMatch(/Bow/)
    expect(bad.texts.bow).toBe('abc')
    expect(bad.inputs).toBe(s0.inputs)
    const good = editFundField(bad, 'bow', '3')
    expect(good.errors).toEqual({})
    expect(good.inputs.bow).toBe(3)
  })

  it('asks for required fields and drops optional ones when emptied', () => {
    const s0 = editFundField(initialFundState(), 'years', '20')
    expect(s0.inputs.years).toBe(20)
    expect(editFundField(s0, 'years', '').inputs.years).toBeUndefined()
    expect(editFundField(s0, 'life', '').errors.life).toMatch(/fund life/i)
  })

  it('puts a cross-field message on the field it names and clears it when fixed', () => {
    const s1 = editFundField(initialFundState(), 'paid', '20000000')
    expect(s1.errors.paid).toMatch(/exceed/)
    expect(s1.inputs.paid).toBeUndefined()
    const s2 = editFundField(s1, 'commitment', '30000000')
    expect(s2.errors).toEqual({})
    expect(s2.inputs).toMatchObject({ commitment: 30_000_000, paid: 20_000_000 })
  })

  it('applies a preset at the fund age and notices edits', () => {
    const aged = editFundField(initialFundState(), 'age', '1')
    const venture = applyPreset(aged, 'venture')
    expect(venture.inputs.rc).toEqual([0.25, 0.33, 0.4])
    expect(followsPreset(venture.inputs, 'venture')).toBe(true)
    expect(followsPreset(editFundField(venture, 'bow', '3').inputs, 'venture')).toBe(false)
  })

  it('reads a link, keeping bad text beside its message', () => {
    const s = fundStateFromQuery('?bow=abc&life=10&rc=0.3')
    expect(s.texts.bow).toBe('abc')
    expect(s.errors.bow).toBeTruthy()
    expect(s.inputs).toMatchObject({ life: 10, rc: [0.3], bow: DEFAULT_FUND.bow })
    expect(s.preset).toBeNull()
  })

  it('round-trips through the link', () => {
    const s = editFundField(applyPreset(initialFundState(), 'venture'), 'years', '15')
    const back = fundStateFromQuery(serializeFundQuery(s.inputs))
    // Lists come back as lists (growth [0.13] for 0.13): the same inputs to the engine.
    expect(serializeFundQuery(back.inputs)).toBe(serializeFundQuery(s.inputs))
    expect(back.preset).toBe('venture')
  })

  it('steps single numbers with the arrow keys', () => {
    expect(stepText('2.5', 0.1, 1)).toBe('2.6')
    expect(stepText('0', 1, -1)).toBe('0')
    expect(stepText('0', 0.01, -1, -0.99)).toBe('-0.01')
    expect(stepText('0.25, 0.5', 0.05, 1)).toBeNull()
    expect(stepText('x', 1, 1)).toBeNull()
  })
})
