import { describe, expect, it } from 'vitest'
import {
  formatCompact,
  formatFieldValue,
  formatMoney,
  formatMultiple,
  formatPercent,
  moneyDigits,
} from './format.ts'

describe('pacing formats', () => {
  it('prints money whole, with separators, and never "-0"', () => {
    expect(formatMoney(1234567.8)).toBe('1,234,568')
    expect(formatMoney(-0.2)).toBe('0')
  })
  it('prints compact amounts, percents and multiples', () => {
    expect(formatCompact(12_345_678)).toBe('12.3M')
    expect(formatPercent(0.1234)).toBe('12.3%')
    expect(formatMultiple(1.853)).toBe('1.85x')
  })
  it('shows field values readably', () => {
    expect(formatFieldValue([0.25, 1 / 3, 0.5])).toBe('0.25, 0.333333, 0.5')
    expect(formatFieldValue(10_000_000)).toBe('10000000')
    expect(formatFieldValue(1e21)).toBe('1000000000000000000000')
    expect(formatFieldValue(undefined)).toBe('')
  })
})

describe('pacing formats for small and broken numbers', () => {
  it('gives small commitments enough decimals', () => {
    expect(moneyDigits(100)).toBe(3)
    expect(moneyDigits(10_000_000)).toBe(0)
    expect(moneyDigits(0.001)).toBe(6)
    expect(formatMoney(0.3906, moneyDigits(100))).toBe('0.391')
    expect(formatMoney(-0.0001, 3)).toBe('0.000')
  })
  it('never prints NaN or Infinity', () => {
    for (const n of [Number.NaN, Infinity, -Infinity]) {
      for (const text of [formatMoney(n), formatCompact(n), formatPercent(n), formatMultiple(n)])
        expect(text).not.toMatch(/NaN|Infinity|∞/)
    }
  })
})
