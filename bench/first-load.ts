/**
 * What a browser fetches on a page's first load, as it counts it: every request until the
 * network is quiet, with the bytes on the wire (headers included; Chrome's encodedDataLength),
 * by kind. No interaction, no consent: what a first-time visitor's phone downloads.
 */
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/browser.ts'

export interface FirstLoad {
  path: string
  requests: { url: string; type: string; transferred: number }[]
  totals: Record<'document' | 'script' | 'stylesheet' | 'other', { count: number; bytes: number }>
}

export async function measureFirstLoad(baseUrl: string, path: string): Promise<FirstLoad> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    const types = new Map<string, { url: string; type: string }>()
    const requests: FirstLoad['requests'] = []
    cdp.on('Network.responseReceived', (event) => {
      types.set(event.requestId, { url: event.response.url, type: event.type })
    })
    cdp.on('Network.loadingFinished', (event) => {
      const seen = types.get(event.requestId)
      if (seen) requests.push({ ...seen, transferred: event.encodedDataLength })
    })
    await page.goto(new URL(path, baseUrl).href, { waitUntil: 'networkidle' })
    const totals: FirstLoad['totals'] = {
      document: { count: 0, bytes: 0 },
      script: { count: 0, bytes: 0 },
      stylesheet: { count: 0, bytes: 0 },
      other: { count: 0, bytes: 0 },
    }
    for (const request of requests) {
      const kind =
        request.type === 'Document'
          ? 'document'
          : request.type === 'Script'
            ? 'script'
            : request.type === 'Stylesheet'
              ? 'stylesheet'
              : 'other'
      totals[kind].count++
      totals[kind].bytes += request.transferred
    }
    return { path, requests, totals }
  } finally {
    await browser.close()
  }
}
