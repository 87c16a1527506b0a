import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { projectFund, type FundInputs } from './engine.ts'
import {
  CASH_FLOW_BETA,
  SUGGESTED_VOL,
  BANDS_CSV_HEADER,
  bandsToCsv,
  mulberry32,
  normalSource,
  quantile as quantileForTest,
  simulateBands,
  simulateFundBands,
} from './montecarlo.ts'
import { YALE_VENTURE } from './presets.ts'
import { DEFAULT_SHIFTS, applyScenario } from './scenarios.ts'

const YALE: FundInputs = { commitment: 100, ...YALE_VENTURE }

describe('the seeded draws', () => {
  it('repeat for a seed and differ between seeds', () => {
    const a = mulberry32(42)
    const b = mulberry32(42)
    const c = mulberry32(43)
    const xs = [a(), a(), a()]
    expect([b(), b(), b()]).toEqual(xs)
    expect(c()).not.toBe(xs[0])
    for (const x of xs) expect(x >= 0 && x < 1).toBe(true)
  })

  it('are standard normal: mean 0, variance 1, 10% below -1.2816', () => {
    const z = normalSource(mulberry32(7))
    const n = 200_000
    let sum = 0
    let squares = 0
    let below = 0
    for (let i = 0; i < n; i++) {
      const x = z()
      sum += x
      squares += x * x
      if (x < -1.2816) below++
    }
    expect(Math.abs(sum / n)).toBeLessThan(0.01)
    expect(Math.abs(squares / n - 1)).toBeLessThan(0.01)
    expect(Math.abs(below / n - 0.1)).toBeLessThan(0.003)
  })
})

describe('uncertainty bands', () => {
  it('equal the deterministic path in every band when vol = 0', () => {
    fc.assert(
      fc.property(
        fc.record({
          growth: fc.double({ min: -0.5, max: 1, noNaN: true }),
          age: fc.integer({ min: 0, max: 8 }),
          nav: fc.double({ min: 0, max: 1000, noNaN: true }),
          years: fc.integer({ min: 1, max: 40 }),
          lastcall: fc.integer({ min: 0, max: 30 }),
        }),
        (f) => {
          const inputs = { ...YALE, ...f, paid: 10 }
          const { rows } = projectFund(inputs)
          const bands = simulateFundBands(inputs, { vol: 0, paths: 7, seed: 3 })
          expect(bands.years).toEqual(rows.map((r) => r.year))
          for (const p of ['p10', 'p50', 'p90'] as const) {
            expect(bands.nav[p]).toEqual(rows.map((r) => r.nav))
            expect(bands.cumulative[p]).toEqual(rows.map((r) => r.cumulativeNetCashFlow))
          }
        },
      ),
      { numRuns: 50 },
    )
  })

  it('are reproducible from the seed, ordered P10 <= P50 <= P90, and widen with vol', () => {
    const settings = { vol: 0.2, paths: 2000, seed: 11 }
    const a = simulateFundBands(YALE, settings)
    expect(simulateFundBands(YALE, settings)).toEqual(a)
    expect(simulateFundBands(YALE, { ...settings, seed: 12 })).not.toEqual(a)
    a.years.forEach((_, t) => {
      expect(a.nav.p10[t]!).toBeLessThanOrEqual(a.nav.p50[t]!)
      expect(a.nav.p50[t]!).toBeLessThanOrEqual(a.nav.p90[t]!)
      expect(a.cumulative.p10[t]!).toBeLessThanOrEqual(a.cumulative.p90[t]!)
    })
    const narrow = simulateFundBands(YALE, { ...settings, vol: 0.05 })
    expect(a.nav.p90[5]! - a.nav.p10[5]!).toBeGreaterThan(narrow.nav.p90[5]! - narrow.nav.p10[5]!)
    // The median path stays near the deterministic one (growth draws are centred on G).
    const peak = projectFund(YALE).rows[4]!.nav
    expect(Math.abs(a.nav.p50[4]! - peak) / peak).toBeLessThan(0.05)
  })

  it('add funds on one calendar, each from its own offset', () => {
    const one = simulateBands([{ inputs: YALE }], 14, { vol: 0, paths: 1, seed: 1 }, [])
    const two = simulateBands(
      [{ inputs: YALE }, { inputs: YALE, offset: 2 }],
      14,
      { vol: 0, paths: 1, seed: 1 },
      [],
    )
    expect(two.nav.p50[3]).toBeCloseTo((one.nav.p50[3] ?? 0) + (one.nav.p50[1] ?? 0), 9)
  })

  it('write the bands CSV under its fixed header', () => {
    const csv = bandsToCsv(simulateFundBands(YALE, { vol: 0.1, paths: 10, seed: 1 }))
    const lines = csv.trimEnd().split('\n')
    expect(lines[0]).toBe(BANDS_CSV_HEADER)
    expect(BANDS_CSV_HEADER).toBe(
      'year,nav_p10,nav_p50,nav_p90,cumulative_net_cash_flow_p10,cumulative_net_cash_flow_p50,cumulative_net_cash_flow_p90',
    )
    expect(lines).toHaveLength(13)
    expect(lines[1]?.split(',')).toHaveLength(7)
  })
})

describe('percentiles', () => {
  it('match a sort for any values (type 7 interpolation)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 300 }),
        (xs) => {
          const sorted = [...xs].sort((a, b) => a - b)
          // One array asked in turn, each search starting past the last rank, as the bands do.
          const chained = new Float64Array(xs)
          let from = 0
          for (const p of [0.1, 0.5, 0.9]) {
            const h = (sorted.length - 1) * p
            const lo = Math.floor(h)
            const a = sorted[lo]!
            const expected = h === lo ? a : a + (h - lo) * (sorted[lo + 1]! - a)
            expect(quantileForTest(new Float64Array(xs), p)).toBeCloseTo(expected, 6)
            expect(quantileForTest(chained, p, from)).toBeCloseTo(expected, 6)
            from = lo
          }
        },
      ),
    )
  })
})

describe('Monte Carlo on cash flows (docs/product.md)', () => {
  const stressed = applyScenario(YALE, DEFAULT_SHIFTS.stress)

  it('equals the stressed path exactly at vol = 0, with calls at risk and the trough its own', () => {
    const { rows } = projectFund(stressed)
    const bands = simulateFundBands(stressed, { vol: 0, paths: 3, seed: 5 })
    expect(bands.nav.p50).toEqual(rows.map((r) => r.nav))
    expect(bands.cumulative.p10).toEqual(rows.map((r) => r.cumulativeNetCashFlow))
    // Calls at risk without risk: the next 1, 2 and 3 years' calls themselves.
    const calls = rows.map((r) => r.contributions)
    expect(bands.callsAtRisk[0]).toBe(calls[0])
    expect(bands.callsAtRisk[1]).toBeCloseTo((calls[0] ?? 0) + (calls[1] ?? 0), 12)
    expect(bands.callsAtRisk[2]).toBeCloseTo(
      (calls[0] ?? 0) + (calls[1] ?? 0) + (calls[2] ?? 0),
      12,
    )
    const trough = Math.min(...rows.map((r) => r.cumulativeNetCashFlow))
    expect(bands.troughP10).toBe(trough)
  })

  it('scales a year’s calls and distributions by max(0, 1 + beta vol z): one path by hand', () => {
    // One path, seed 11: the same draws as the generator gives, replayed by hand.
    const normal = normalSource(mulberry32(11))
    const vol = 0.2
    const z = [normal(), normal(), normal()].map((x) => vol * x)
    const m = z.map((x) => Math.max(0, 1 + CASH_FLOW_BETA * x))
    const inputs: FundInputs = { ...YALE, years: 3 }
    let nav = 0
    let paid = 0
    let cumulative = 0
    const expected: number[] = []
    const rc = [0.25, 1 / 3, 0.5]
    for (let t = 0; t < 3; t++) {
      const unfunded = 100 - paid
      const c = Math.min(unfunded, (rc[t] ?? 0) * unfunded * (m[t] ?? 0))
      const grown = nav * (1 + 0.13 + (z[t] ?? 0))
      const d = Math.min(grown, ((t + 1) / 12) ** 2.5 * grown * (m[t] ?? 0))
      nav = grown - d + c
      paid += c
      cumulative += d - c
      expected.push(cumulative)
    }
    const bands = simulateFundBands(inputs, { vol, paths: 1, seed: 11 })
    bands.cumulative.p50.forEach((v, i) => expect(v).toBeCloseTo(expected[i] ?? 0, 10))
    expect(bands.nav.p50[2]).toBeCloseTo(nav, 10)
  })

  it('gives a wide band at the cash-flow trough, calls at risk above the expected calls', () => {
    const bands = simulateFundBands(YALE, { vol: SUGGESTED_VOL, paths: 2000, seed: 1 })
    const { rows } = projectFund(YALE)
    const at = rows.findIndex(
      (r) => r.cumulativeNetCashFlow === Math.min(...rows.map((x) => x.cumulativeNetCashFlow)),
    )
    // Cash flows move with the market, so the trough's band is several points of the commitment
    // wide (growth alone, which moves only the few early distributions, gave about 4).
    expect((bands.cumulative.p90[at] ?? 0) - (bands.cumulative.p10[at] ?? 0)).toBeGreaterThan(5)
    expect(bands.callsAtRisk[0]).toBeGreaterThan(rows[0]?.contributions ?? 0)
    expect(bands.callsAtRisk[2]).toBeGreaterThan(bands.callsAtRisk[1] ?? 0)
    // The P10 trough is deeper than the deterministic one, and never below minus the commitment.
    expect(bands.troughP10).toBeLessThan(rows[at]?.cumulativeNetCashFlow ?? 0)
    expect(bands.troughP10).toBeGreaterThanOrEqual(-100)
  })
})
