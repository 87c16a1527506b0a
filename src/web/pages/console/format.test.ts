import { describe, expect, it } from 'vitest'
import { formatMoney } from './format.ts'

describe('formatMoney', () => {
  it('writes whole amounts without cents and others with two digits, grouped, currency upper-case', () => {
    expect(formatMoney(289900, 'usd')).toBe('2,899 USD')
    expect(formatMoney(1250, 'EUR')).toBe('12.50 EUR')
    expect(formatMoney(123456789, null)).toBe('1,234,567.89')
    expect(formatMoney(0, 'gbp')).toBe('0 GBP')
  })
})
