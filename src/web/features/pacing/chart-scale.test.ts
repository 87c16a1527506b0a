import { describe, expect, it } from 'vitest'
import { barsPath, labelEvery, linePath, niceDomain, yOf } from './chart-scale.ts'

describe('chart scale', () => {
  it('covers the values and zero with round ticks', () => {
    const d = niceDomain([-3_200_000, 9_700_000])
    expect(d.min).toBeLessThanOrEqual(-3_200_000)
    expect(d.max).toBeGreaterThanOrEqual(9_700_000)
    expect(d.ticks).toContain(0)
    const steps = d.ticks.slice(1).map((t, i) => t - (d.ticks[i] ?? 0))
    expect(new Set(steps.map((s) => s.toFixed(6))).size).toBe(1)
  })

  it('handles flat and empty series', () => {
    expect(niceDomain([0, 0])).toMatchObject({ min: 0, max: 1 })
    expect(niceDomain([])).toMatchObject({ min: 0, max: 1 })
  })

  it('maps the domain onto a 100-high box, top down', () => {
    const d = { min: -10, max: 10, ticks: [] }
    expect(yOf(10, d)).toBe(0)
    expect(yOf(-10, d)).toBe(100)
    expect(yOf(0, d)).toBe(50)
  })

  it('draws lines through slot centres and bars from zero', () => {
    const d = { min: -10, max: 10, ticks: [] }
    expect(linePath([0, 10], d)).toBe('M25 50L75 0')
    expect(barsPath([5, 0, -5], d)).toMatch(
      /^M[\d.]+ 25h[\d.]+v25h-[\d.]+zM[\d.]+ 50h[\d.]+v25h-[\d.]+z$/,
    )
  })

  it('thins x labels', () => {
    expect(labelEvery(12, 12)).toBe(1)
    expect(labelEvery(35, 8)).toBe(5)
  })
})
