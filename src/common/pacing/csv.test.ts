import { describe, expect, it } from 'vitest'
import { CSV_HEADER, formatPlainDecimal, projectionToCsv } from './csv.ts'
import { projectFund } from './engine.ts'

describe("projectionToCsv (the lab's CSV contract)", () => {
  it('writes the header and one newline-terminated line per year', () => {
    const { rows } = projectFund({ commitment: 100, rc: 0.5, life: 2, bow: 1, growth: 0 })
    expect(projectionToCsv(rows)).toBe(
      'year,contributions,distributions,nav,net_cash_flow,cumulative_net_cash_flow\n' +
        '1,50,0,50,-50,-50\n' +
        '2,25,50,25,25,-25\n',
    )
  })

  it('keeps full floating-point precision and no separators', () => {
    const { rows } = projectFund({
      commitment: 1_000_000,
      rc: 1 / 3,
      life: 12,
      bow: 2.3,
      growth: 0.15,
    })
    const lines = projectionToCsv(rows).split('\n')
    expect(lines[0]).toBe(CSV_HEADER)
    expect(lines.at(-1)).toBe('')
    expect(lines[1]).toBe(
      '1,333333.3333333333,0,333333.3333333333,-333333.3333333333,-333333.3333333333',
    )
    for (const line of lines.slice(1, -1)) {
      const cells = line.split(',')
      expect(cells).toHaveLength(6)
      for (const cell of cells) expect(cell).toMatch(/^-?\d+(\.\d+)?$/)
    }
    // Every cell reads back to exactly the number in the table.
    const nav = rows.map((r) => r.nav)
    expect(lines.slice(1, -1).map((l) => Number(l.split(',')[3]))).toEqual(nav)
  })
})

describe('formatPlainDecimal', () => {
  it('never uses exponent notation and round-trips', () => {
    const cases: [number, string][] = [
      [0, '0'],
      [-0, '0'],
      [123.456, '123.456'],
      [1e-7, '0.0000001'],
      [1.5e-7, '0.00000015'],
      [-2.5e-8, '-0.000000025'],
      [1e21, '1000000000000000000000'],
      [1.2345e22, '12345000000000000000000'],
      [5e-324, `0.${'0'.repeat(323)}5`],
    ]
    for (const [n, text] of cases) {
      expect(formatPlainDecimal(n)).toBe(text)
      expect(Number(text)).toBe(n === 0 ? 0 : n)
    }
  })

  it('refuses non-finite numbers', () => {
    expect(() => formatPlainDecimal(Number.NaN)).toThrow(RangeError)
    expect(() => formatPlainDecimal(Infinity)).toThrow(RangeError)
  })
})
