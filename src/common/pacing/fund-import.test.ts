import { describe, expect, it } from 'vitest'
import { parseFundsCsv } from './fund-import.ts'

describe('parseFundsCsv', () => {
  it('reads funds with their names, quoted or not', () => {
    const { funds, problems } = parseFundsCsv(
      'name,asset_class,commitment,vintage,paid_in,nav\r\n' +
        'Fund A,buyout,20000000,2021,14000000,16000000\r\n' +
        '"Growth, II",venture,10000000,2022,5000000,5500000\r\n\r\n',
    )
    expect(problems).toEqual([])
    expect(funds).toEqual([
      {
        name: 'Fund A',
        assetClass: 'buyout',
        commitment: 20e6,
        vintage: 2021,
        paidIn: 14e6,
        nav: 16e6,
      },
      {
        name: 'Growth, II',
        assetClass: 'venture',
        commitment: 10e6,
        vintage: 2022,
        paidIn: 5e6,
        nav: 5.5e6,
      },
    ])
  })

  it('gives one clear message per bad row and keeps the good ones', () => {
    const { funds, problems } = parseFundsCsv(
      [
        'name,asset_class,commitment,vintage,paid_in,nav',
        'Good,buyout,10,2020,5,5',
        'Bad class,hedge,10,2020,5,5',
        'Overpaid,buyout,10,2020,20,5',
        'Short,buyout,10',
        'Words,buyout,ten,2020,5,5',
      ].join('\n'),
    )
    expect(funds).toHaveLength(1)
    expect(problems.map((p) => p.line)).toEqual([3, 4, 5, 6])
    expect(problems[0]?.message).toMatch(/^Line 3 \(Bad class\): Asset class must be one of/)
    expect(problems[1]?.message).toBe('Line 4 (Overpaid): Paid-in cannot exceed the commitment')
    expect(problems[2]?.message).toMatch(/^Line 5: expected 6 values/)
    expect(problems[3]?.message).toMatch(/^Line 6 \(Words\): Commitment must be a number/)
  })

  it('asks for the header, and for at least one fund', () => {
    expect(parseFundsCsv('buyout,10,2020,5,5').problems[0]?.message).toMatch(
      /header name,asset_class/,
    )
    expect(
      parseFundsCsv('name,asset_class,commitment,vintage,paid_in,nav\n').problems,
    ).toHaveLength(1)
  })
})
