/** One autocannon load run (a warm-up, then the measured window) and the numbers we keep of it. */
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

interface LoadOptions {
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
  /** A steady rate: requests a second over all connections (autocannon's overallRate). */
  overallRate?: number
  /** Called between the warm-up and the measured run (e.g. to read the server's CPU time). */
  onMeasureStart?: () => void
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
