import { afterAll, describe, expect, it } from 'vitest'
import { createBenchDatabase } from './bench-database.ts'
import {
  openPgliteCeiling,
  openPostgresCeiling,
  percentile,
  ratioOf,
  runCeiling,
  summarizeLatencies,
} from './ceiling.ts'

describe('percentile', () => {
  it('takes the nearest rank of sorted values', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1)
    expect(percentile(values, 50)).toBe(50)
    expect(percentile(values, 99)).toBe(99)
    expect(percentile(values, 100)).toBe(100)
    expect(percentile([7], 99)).toBe(7)
    expect(percentile([], 99)).toBe(0)
  })
})

describe('summarizeLatencies', () => {
  it('counts transactions per second and sorts before taking percentiles', () => {
    expect(summarizeLatencies([30, 10, 20, 40], 2)).toEqual({
      transactions: 4,
      txPerS: 2,
      p50Ms: 20,
      p99Ms: 40,
    })
  })

  it('reports no rate for an empty window', () => {
    expect(summarizeLatencies([], 0)).toEqual({ transactions: 0, txPerS: 0, p50Ms: 0, p99Ms: 0 })
  })
})

describe('ratioOf', () => {
  it('rounds to three places and gives 0 without a ceiling', () => {
    expect(ratioOf(91, 593.5)).toBe(0.153)
    expect(ratioOf(10, 0)).toBe(0)
  })
})

// The ceiling's SQL is written by hand: run it briefly against the current migrations, so a
// schema change that breaks it fails here rather than in a ten-minute bench.
const quick = { connections: [1, 4], warmupS: 0, durationS: 0.3, poolSize: 500 }

describe('the PGlite ceiling', () => {
  it('commits the submission transaction with no errors and a key each time', async () => {
    const runs = await runCeiling(await openPgliteCeiling(quick.poolSize), quick)
    expect(runs.map((r) => r.connections)).toEqual([1, 4])
    for (const run of runs) {
      expect(run).toMatchObject({ driver: 'pglite', errors: 0, withoutKey: 0 })
      expect(run.transactions).toBeGreaterThan(0)
    }
  })
})

const postgresUrl = process.env.TEST_DATABASE_URL
describe.runIf(postgresUrl)('the Postgres ceiling', () => {
  let drop: (() => Promise<void>) | undefined
  afterAll(async () => drop?.())

  it('commits the submission transaction on Postgres with no errors and a key each time', async () => {
    const database = await createBenchDatabase(postgresUrl!, 'test')
    drop = database.drop
    const runs = await runCeiling(await openPostgresCeiling(database.url, quick.poolSize), quick)
    for (const run of runs) {
      expect(run).toMatchObject({ driver: 'node-postgres', errors: 0, withoutKey: 0 })
      expect(run.transactions).toBeGreaterThan(0)
    }
  })
})
