/**
 * Timing tells of the trial path (decision 21): whether an answer takes longer when the address
 * holds a key. For each probe, N pairs (default 100) of requests through the app in process, the
 * two of a pair in alternating order: a key resend for an address that holds a key and for one
 * that does not, and a trial request that repeats a key holder's and a first one. Prints the
 * medians and how many pairs the "with a key" request was slower in (50 of 100 tells nothing).
 * Alone: `node --import tsx bench/timing-tells.ts` (BENCH_TIMING_PAIRS=100; TEST_DATABASE_URL
 * runs it on Postgres instead of the embedded database). It uses only the app's HTTP surface, so
 * the same file measures an older commit.
 */
import { performance } from 'node:perf_hooks'
import { insertLicenses } from '#src/server/licenses/license-repository.ts'
import { createTestApp, postJson, trialRequest } from '#tests/support/test-app.ts'
import { createTestDatabase } from '#tests/support/test-database.ts'

const PAIRS = Number(process.env.BENCH_TIMING_PAIRS ?? 100)

export interface TimingTell {
  probe: string
  pairs: number
  withKeyMedianMs: number
  withoutKeyMedianMs: number
  /** Pairs in which the request for the address with a key took longer. */
  withKeySlower: number
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

const round = (ms: number) => Math.round(ms * 100) / 100

export async function measureTimingTells(pairs = PAIRS): Promise<TimingTell[]> {
  const database = await createTestDatabase(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite')
  try {
    const { app } = createTestApp(database, {
      env: {
        RATE_LIMIT_EMAIL: '1000000/1h',
        RATE_LIMIT_IP: '1000000/1h',
        RATE_LIMIT_SUBNET: '1000000/1h',
      },
    })
    await insertLicenses(
      database.db,
      'basic',
      Array.from({ length: pairs * 3 + 50 }, (_, i) => `TIMING-${i}`),
      'timing',
    )
    const holders: string[] = []
    for (let i = 0; i < pairs; i++) {
      const email = `holder${i}@example.com`
      const res = await postJson(
        app,
        '/api/trial-submissions',
        trialRequest({ email, model: 'basic' }),
      )
      if (res.status !== 201) throw new Error(`setup request answered ${res.status}`)
      holders.push(email)
    }
    const time = async (send: () => Promise<Response> | Response) => {
      const started = performance.now()
      const res = await send()
      await res.arrayBuffer()
      const ms = performance.now() - started
      if (res.status >= 300) throw new Error(`answered ${res.status}`)
      return ms
    }
    const probes: [string, (i: number) => Promise<number>, (i: number) => Promise<number>][] = [
      [
        'key resend',
        (i) => time(() => postJson(app, '/api/key-resend', { email: holders[i], model: 'basic' })),
        (i) =>
          time(() =>
            postJson(app, '/api/key-resend', { email: `stranger${i}@example.com`, model: 'basic' }),
          ),
      ],
      [
        'trial repeat',
        (i) =>
          time(() =>
            postJson(
              app,
              '/api/trial-submissions',
              trialRequest({ email: holders[i], model: 'basic' }),
            ),
          ),
        (i) =>
          time(() =>
            postJson(
              app,
              '/api/trial-submissions',
              trialRequest({ email: `first${i}@example.com`, model: 'basic' }),
            ),
          ),
      ],
    ]
    const tells: TimingTell[] = []
    for (const [probe, withKey, withoutKey] of probes) {
      // Warm both paths first (prepared statements, plan caches).
      for (let i = 0; i < 5; i++) {
        await withKey(pairs - 1 - i)
        await withoutKey(pairs + i)
      }
      const a: number[] = []
      const b: number[] = []
      for (let i = 0; i < pairs; i++) {
        if (i % 2 === 0) {
          a.push(await withKey(i))
          b.push(await withoutKey(i))
        } else {
          b.push(await withoutKey(i))
          a.push(await withKey(i))
        }
      }
      tells.push({
        probe,
        pairs,
        withKeyMedianMs: round(median(a)),
        withoutKeyMedianMs: round(median(b)),
        withKeySlower: a.filter((ms, i) => ms > b[i]!).length,
      })
    }
    return tells
  } finally {
    await database.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const tells = await measureTimingTells()
  for (const t of tells)
    console.log(
      `${t.probe}: with a key ${t.withKeyMedianMs} ms, without ${t.withoutKeyMedianMs} ms (median of ${t.pairs} pairs; with a key slower in ${t.withKeySlower})`,
    )
  console.log(JSON.stringify(tells))
}
