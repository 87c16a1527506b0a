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

describe('one-fund form state', () => {
  it('starts from the buyout preset with readable texts', () => {
    const s = initialFundState()
    expect(s.preset).toBe('buyout')
    expect(s.texts).toMatchObject({ commitment: '10000000', rc: '0.25, 0.5', bow: '2.5', age: '0' })
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
