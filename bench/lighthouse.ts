/**
 * Lighthouse (the npm package, v12 for Node 20) driving Debian's Chromium with the flags of
 * DEVELOPERS.md; mobile and desktop presets, the median of several runs per metric.
 */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { desktopConfig, type Result } from 'lighthouse'
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/browser.ts'

export interface LighthouseSummary {
  preset: 'mobile' | 'desktop'
  path: string
  runs: number
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number }
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number }
  /**
   * Each run's TBT, in run order: it moves by a factor of two or more between runs of one build
   * on a shared machine (decision 13), so the median alone can read as met one day and not the next.
   */
  tbtRunsMs: (number | null)[]
  /**
   * Each attempt that gave no TBT or LCP (Lighthouse's own error code): it was run again, up
   * to LIGHTHOUSE_ATTEMPTS times, and one that never succeeded stays out of the medians.
   */
  runErrors: string[]
  /** The element Lighthouse took for the largest paint, in the runs' median report. */
  lcpElement?: string
  /** Failed audits of the runs' median report, to explain a missed score. */
  failedAudits: string[]
}

function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b)
  if (!sorted.length) return NaN
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export async function runLighthouse(
  url: string,
  preset: 'mobile' | 'desktop',
  runs = 3,
): Promise<LighthouseSummary> {
  return (await runLighthouseAlternating([url], preset, runs))[0]!
}

/**
 * Several pages measured in turns (a, b, a, b, ...) in one browser, so a machine that gets
 * busier during the runs weighs on each of them alike (the static page's comparison).
 */
export async function runLighthouseAlternating(
  urls: string[],
  preset: 'mobile' | 'desktop',
  runs = 3,
): Promise<LighthouseSummary[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: CHROMIUM_ARGS,
    logLevel: 'silent',
  })
  try {
    const results: Result[][] = urls.map(() => [])
    const errors: string[][] = urls.map(() => [])
    for (let i = 0; i < runs; i++) {
      for (const [index, url] of urls.entries()) {
        // A run whose trace failed (NO_NAVSTART and the like: the tool, not the page) is run
        // again, as Lighthouse itself advises; each failure is reported.
        for (let attempt = 1; ; attempt++) {
          const result = await lighthouse(
            url,
            { port: chrome.port, output: 'json', logLevel: 'error' },
            preset === 'desktop' ? desktopConfig : undefined,
          )
          if (!result) throw new Error('Lighthouse returned no result')
          const failure = runFailure(result.lhr)
          if (failure) errors[index]!.push(`run ${i + 1}, attempt ${attempt}: ${failure}`)
          if (!failure || attempt === LIGHTHOUSE_ATTEMPTS) {
            results[index]!.push(result.lhr)
            break
          }
        }
      }
    }
    return urls.map((url, index) => summarize(url, preset, runs, results[index]!, errors[index]!))
  } finally {
    chrome.kill()
  }
}

/** Attempts per run before a failed one is kept (its metrics then stay out of the medians). */
const LIGHTHOUSE_ATTEMPTS = 3
const TIMED_AUDITS = ['total-blocking-time', 'largest-contentful-paint']

/** Why a run gave no TBT or LCP, in Lighthouse's words; null when it gave both. */
export function runFailure(lhr: Result): string | null {
  const missing = TIMED_AUDITS.filter(
    (id) => !Number.isFinite(Number(lhr.audits[id]?.numericValue ?? NaN)),
  )
  if (!missing.length) return null
  const why =
    lhr.runtimeError?.code ??
    missing.map((id) => lhr.audits[id]?.errorMessage).find(Boolean) ??
    'no value'
  return `no ${missing.join(', ')} (${why})`
}

function summarize(
  url: string,
  preset: 'mobile' | 'desktop',
  runs: number,
  results: Result[],
  runErrors: string[],
): LighthouseSummary {
  const score = (key: string) =>
    median(results.map((r) => Math.round((r.categories[key]?.score ?? 0) * 100)))
  const metric = (id: string) =>
    median(results.map((r) => Number(r.audits[id]?.numericValue ?? NaN)))
  const perf = results.map((r) => r.categories.performance?.score ?? 0)
  const medianRun = results[perf.indexOf(median(perf))] ?? results[0]!
  const lcpElement = medianRun.audits['largest-contentful-paint-element']?.details as
    { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined
  return {
    preset,
    path: new URL(url).pathname,
    runs,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
    },
    metrics: {
      fcpMs: Math.round(metric('first-contentful-paint')),
      lcpMs: Math.round(metric('largest-contentful-paint')),
      tbtMs: Math.round(metric('total-blocking-time')),
      cls: Number(metric('cumulative-layout-shift').toFixed(3)),
      speedIndexMs: Math.round(metric('speed-index')),
    },
    tbtRunsMs: results.map((r) => {
      const tbt = r.audits['total-blocking-time']?.numericValue
      return typeof tbt === 'number' && Number.isFinite(tbt) ? Math.round(tbt) : null
    }),
    runErrors,
    lcpElement: lcpElement?.items?.[0]?.items?.[0]?.node?.snippet,
    failedAudits: Object.values(medianRun.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 0.9 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'manual',
      )
      .map((a) => `${a.id} (${a.score})`),
  }
}
