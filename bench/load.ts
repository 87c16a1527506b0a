/** One autocannon load run (a warm-up, then the measured window) and the numbers we keep of it. */
import http from 'node:http'
import autocannon from 'autocannon'

export interface LoadResult {
  connections: number
  durationS: number
  requests: number
  rps: number
  p50Ms: number
  p99Ms: number
  maxMs: number
  non2xx: number
  errors: number
  timeouts: number
  /** Responses per status code, e.g. { "201": 5120 }. */
  statusCodes: Record<string, number>
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits

/** The numbers we keep of an autocannon result. */
export function summarizeAutocannon(result: autocannon.Result): LoadResult {
  const statusCodes: Record<string, number> = {}
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
    if (stat.count) statusCodes[code] = stat.count
  }
  return {
    connections: result.connections,
    durationS: round(result.duration, 2),
    requests: result.requests.total,
    // Completed requests over the whole window, rather than the mean of per-second samples,
    // which a short run's partial last second drags down.
    rps: result.duration > 0 ? round(result.requests.total / result.duration) : 0,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  }
}

/** What every request of a run is, and what a run reports to its caller. */
interface RequestOptions {
  url: string
  connections: number
  warmupS: number
  durationS: number
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  /** A fresh body for each request (distinct e-mails). */
  body?: () => string
  /** Headers for each request beside `headers` (e.g. a distinct X-Forwarded-For). */
  requestHeaders?: () => Record<string, string>
  onResponse?: (status: number, body: string) => void
  /** Called between the warm-up and the measured run (e.g. to read the server's CPU time). */
  onMeasureStart?: () => void
}

interface LoadOptions extends RequestOptions {
  /** A steady rate: requests a second over all connections (autocannon's overallRate). */
  overallRate?: number
}

function cannon(
  options: LoadOptions,
  durationS: number,
  measured: boolean,
): Promise<autocannon.Result> {
  const { body, requestHeaders, onResponse } = options
  return autocannon({
    url: options.url,
    connections: options.connections,
    duration: durationS,
    method: options.method ?? 'GET',
    headers: options.headers,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    requests: [
      {
        ...(body || requestHeaders
          ? {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                ...(body ? { body: body() } : {}),
                ...(requestHeaders ? { headers: { ...request.headers, ...requestHeaders() } } : {}),
              }),
            }
          : {}),
        ...(onResponse && measured
          ? { onResponse: (status: number, text: string) => onResponse(status, text) }
          : {}),
      },
    ],
  })
}

/** A warm-up (JIT, pools, caches) that is thrown away, then the measured run. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  if (options.warmupS > 0) await cannon(options, options.warmupS, false)
  options.onMeasureStart?.()
  return summarizeAutocannon(await cannon(options, options.durationS, true))
}

interface PacedLoadOptions extends RequestOptions {
  /**
   * Requests a second, sent evenly: one every 1000 / rate ms, whatever came back; at most
   * `connections` open (a request finding all busy waits, and that wait counts).
   */
  rate: number
}

const percentile = (sorted: readonly number[], q: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!

/**
 * Visitors arriving one every 1000 / rate ms, each timed from the moment it was due to the end of
 * its answer (so a request that waited for a free connection is charged for the wait). This is
 * what "n requests a second" means for visitors who arrive independently. autocannon's
 * overallRate is not that: each of its connections sends its share of a second back to back from
 * the second's start, so every second begins with the whole second's requests at once
 * (docs/decisions/0032).
 */
async function paced(options: PacedLoadOptions, durationS: number, measured: boolean) {
  const target = new URL(options.url)
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections })
  const latencies: number[] = []
  const statusCodes: Record<string, number> = {}
  let errors = 0
  let timeouts = 0
  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const body = options.body?.()
      const request = http.request(
        target,
        {
          agent,
          method: options.method ?? 'GET',
          headers: {
            ...options.headers,
            ...options.requestHeaders?.(),
            ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }),
          },
          timeout: 10_000,
        },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () => {
            latencies.push(performance.now() - due)
            const status = response.statusCode ?? 0
            statusCodes[status] = (statusCodes[status] ?? 0) + 1
            if (measured) options.onResponse?.(status, Buffer.concat(chunks).toString('utf8'))
            resolve()
          })
        },
      )
      request.on('timeout', () => {
        timeouts++
        request.destroy()
      })
      request.on('error', () => {
        errors++
        resolve()
      })
      request.end(body)
    })
  const interval = 1000 / options.rate
  const total = Math.round(durationS * options.rate)
  const started = performance.now()
  const sent: Promise<void>[] = []
  for (let i = 0; i < total; i++) {
    const due = started + i * interval
    const wait = due - performance.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    sent.push(send(due))
  }
  await Promise.all(sent)
  const elapsedS = (performance.now() - started) / 1000
  agent.destroy()
  const sorted = latencies.sort((a, b) => a - b)
  const non2xx = Object.entries(statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .reduce((n, [, count]) => n + count, 0)
  return {
    connections: options.connections,
    durationS: round(elapsedS, 2),
    requests: latencies.length,
    rps: round(latencies.length / elapsedS),
    p50Ms: round(percentile(sorted, 0.5)),
    p99Ms: round(percentile(sorted, 0.99)),
    maxMs: round(sorted.at(-1) ?? 0),
    non2xx,
    errors,
    timeouts,
    statusCodes,
  }
}

/** A paced warm-up that is thrown away, then the measured paced run. */
export async function runPacedLoad(options: PacedLoadOptions): Promise<LoadResult> {
  if (options.warmupS > 0) await paced(options, options.warmupS, false)
  options.onMeasureStart?.()
  return paced(options, options.durationS, true)
}
