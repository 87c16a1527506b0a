import { describe, expect, it } from 'vitest'
import { ratioOf } from './ceiling.ts'

describe('ratioOf', () => {
  it('rounds to three places and gives 0 without a ceiling', () => {
    expect(ratioOf(91, 593.5)).toBe(0.153)
    expect(ratioOf(10, 0)).toBe(0)
  })
})
