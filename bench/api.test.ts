import type autocannon from 'autocannon'
import { describe, expect, it } from 'vitest'
import { TrialRequestSchema } from '#src/common/trial-schema.ts'
import { apiBudgets, trialBody, type ApiReport, type EndpointRun } from './api.ts'
import { summarizeAutocannon } from './load.ts'

function histogram(values: Partial<autocannon.Histogram>): autocannon.Histogram {
  return {
    total: 0,
    average: 0,
    mean: 0,
    stddev: 0,
    min: 0,
    max: 0,
    p0_001: 0,
    p0_01: 0,
    p0_1: 0,
    p1: 0,
    p2_5: 0,
    p10: 0,
    p25: 0,
    p50: 0,
    p75: 0,
    p90: 0,
    p97_5: 0,
    p99: 0,
    p99_9: 0,
    p99_99: 0,
    p99_999: 0,
    sent: 0,
    ...values,
  } as autocannon.Histogram
}

describe('summarizeAutocannon', () => {
  it('keeps throughput over the whole window, p50/p99 and every non-2xx answer', () => {
    const result = {
      connections: 16,
      duration: 5.04,
      requests: { ...histogram({ total: 5040, average: 980 }), sent: 5056 },
      latency: histogram({ p50: 12, p99: 41, max: 90 }),
      non2xx: 3,
      errors: 1,
      timeouts: 0,
      statusCodeStats: { '201': { count: 5037 }, '500': { count: 3 } },
    } as unknown as autocannon.Result
    expect(summarizeAutocannon(result)).toEqual({
      connections: 16,
      durationS: 5.04,
      requests: 5040,
      rps: 1000,
      p50Ms: 12,
      p99Ms: 41,
      maxMs: 90,
      non2xx: 3,
      errors: 1,
      timeouts: 0,
      statusCodes: { '201': 5037, '500': 3 },
    })
  })
})

describe('trialBody', () => {
  it('is a valid trial request with an e-mail of its own', () => {
    const a = JSON.parse(trialBody('embedded-1', 1)) as unknown
    const b = JSON.parse(trialBody('embedded-1', 2)) as unknown
    const parsedA = TrialRequestSchema.parse(a)
    const parsedB = TrialRequestSchema.parse(b)
    expect(parsedA.email).not.toBe(parsedB.email)
    // No honeypot and no form timing: the server must take it for a person, not a bot.
    expect(parsedA.website).toBeUndefined()
    expect(parsedA.form_elapsed_ms).toBeUndefined()
  })
})

function run(
  endpoint: EndpointRun['endpoint'],
  connections: number,
  values: Partial<EndpointRun> = {},
): EndpointRun {
  return {
    endpoint,
    connections,
    durationS: 5,
    requests: 1000,
    rps: 200,
    p50Ms: 5,
    p99Ms: 20,
    maxMs: 30,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    statusCodes: {},
    serverCpuMsPerRequest: 1,
    ...values,
  }
}

describe('apiBudgets', () => {
  const report = (database: ApiReport['database'], runs: EndpointRun[]): ApiReport => ({
    database,
    runs,
    memory: { startRssMb: 100, peakRssMb: 120, hwmMb: 130, samples: 10 },
    poolLeft: 1000,
    loadAverage: { before: 1.5, after: 1.8 },
  })
  const submissions = (values: Partial<EndpointRun>) =>
    run('trial-submissions', 16, { rate: 100, durationS: 30, rps: 100, ...values })

  it("holds a trial request to §9's 100 ms at p99 at 100/s, with the machine's load beside it", () => {
    const judge = (p99Ms: number) =>
      apiBudgets([
        report('postgres', [
          run('license-counts', 16, { rps: 6000, p99Ms: 3 }),
          submissions({ p99Ms, p50Ms: 4 }),
        ]),
      ])
    const slow = judge(101)
    expect(slow.map((b) => [b.name, b.met])).toEqual([
      ['License counts req/s at 16 conn (Postgres)', true],
      ['License counts p99 at 16 conn (Postgres)', true],
      ['Trial request p99 at 100/s for 30 s (Postgres)', false],
      ['Every API answer 2xx, every submission got a key (Postgres)', true],
    ])
    expect(slow[2]!.actual).toBe('101 ms (p50 4 ms, 100/s served; load 1.5 / 1.8)')
    expect(judge(100)[2]!.met).toBe(true)
  })

  it('fails a run that did not serve the rate it asked for, however fast its answers', () => {
    const [budget] = apiBudgets([report('embedded', [submissions({ rps: 80, p99Ms: 10 })])])
    expect(budget).toMatchObject({
      name: 'Trial request p99 at 100/s for 30 s (embedded)',
      met: false,
    })
  })

  it("holds the run's e-mails to being sent within 60 s after it", () => {
    const judge = (mailSentAfterS: number | null) =>
      apiBudgets([report('postgres', [submissions({ mailSentAfterS })])]).find((b) =>
        b.name.startsWith('E-mails'),
      )!
    expect(judge(7.4)).toMatchObject({ actual: '7.4 s', met: true })
    expect(judge(null)).toMatchObject({ actual: 'not within 120 s', met: false })
    expect(judge(61).met).toBe(false)
  })

  it('fails on any non-2xx or keyless answer', () => {
    const budgets = apiBudgets([
      report('embedded', [
        run('license-counts', 16, { rps: 4000, p99Ms: 50 }),
        submissions({ p99Ms: 20, non2xx: 2, withoutKey: 1 }),
      ]),
    ])
    expect(budgets.map((b) => [b.name, b.met])).toEqual([
      ['License counts req/s at 16 conn (embedded)', false],
      ['License counts p99 at 16 conn (embedded)', false],
      ['Trial request p99 at 100/s for 30 s (embedded)', true],
      ['Every API answer 2xx, every submission got a key (embedded)', false],
    ])
    expect(budgets[3]!.actual).toBe('2 non-2xx/errors, 1 without key')
  })
})
