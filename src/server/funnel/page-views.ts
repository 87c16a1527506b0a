/**
 * The funnel's page views, first-party and cookieless (docs/product.md, "From trial to
 * customer"): each document request is counted on the server by its path, day (UTC), referrer
 * host and utm_source / utm_medium / utm_campaign. Nothing that identifies a person is kept: no
 * address, cookie, user agent or identifier, and nothing is set in the browser. Counting is a
 * map increment on the request path; the counts are written every few seconds as one upsert
 * (one row per day and key), off the hot path. Counts not yet written when the process dies
 * are lost: they are statistics, not records.
 *
 * Anyone can send any link, so the counts are guarded (docs/product.md): every value is normalised
 * first (funnel-values.ts), so no value can fail a write; each day keeps at most
 * NEW_VALUES_PER_DAY distinct values of each field, later ones count as `(other)`, so the table
 * and the console's report stay small; one client address counts at most VIEWS_PER_MINUTE views
 * a minute (the address is held in memory for that minute only, never stored). And should a
 * batch still be refused, its rows are written one by one, so one bad row loses only itself.
 */
import type { Db } from '../db/client.ts'
import { isDatabaseUnavailable } from '../db/errors.ts'
import type { Logger } from '../logger.ts'
import { addPageViewCounts, funnelValuesOfDay, type PageViewRow } from './funnel-repository.ts'
import { FUNNEL_OTHER, normaliseFunnelValue } from './funnel-values.ts'

const FLUSH_MS = 5_000
/** Distinct keys held between writes; beyond it new keys wait for the next write. */
const MAX_KEYS = 5_000
/** Distinct values of one field (source, medium, campaign, referrer host) kept per day. */
const NEW_VALUES_PER_DAY = 100
/** Views one client address counts per minute; more are requests, not readers. */
const VIEWS_PER_MINUTE = 30
/** Addresses tracked in one minute; past it a new address is counted untracked. */
const MAX_CLIENTS = 50_000
/** Crawlers and prefetches are not visits. */
const NOT_A_VISIT = /bot|crawl|spider|slurp|lighthouse|facebookexternalhit|preview/i

type Pending = PageViewRow
/** The fields whose values come from the visitor, each capped per day. */
const CAPPED = ['referrerHost', 'utmSource', 'utmMedium', 'utmCampaign'] as const

interface DocumentRequest {
  /** The request's full URL. */
  url: string
  referer: string | undefined
  userAgent: string | undefined
  /** `Sec-Purpose` or `Purpose`: a prefetch is not a view. */
  purpose: string | undefined
  /** The client's address: for the per-minute cap only, never stored. */
  client?: string
}

export interface PageViewCounter {
  /** Counts one view of a document; never throws, never waits. */
  count(request: DocumentRequest): void
  /** Writes what was counted so far. */
  flush(): Promise<void>
  stop(): Promise<void>
}

const keyOf = (r: Omit<Pending, 'views'>) =>
  `${r.day}\u0000${r.path}\u0000${r.referrerHost}\u0000${r.utmSource}\u0000${r.utmMedium}\u0000${r.utmCampaign}\u0000${r.entry}`

export function createPageViewCounter(options: {
  db: Db
  logger: Logger
  flushMs?: number
  /** Tests: the clock. */
  now?: () => number
}): PageViewCounter {
  const now = options.now ?? Date.now
  let pending = new Map<string, Pending>()
  let day = ''
  let dayEnds = 0
  let writing: Promise<void> = Promise.resolve()
  let minute = 0
  let viewsByClient = new Map<string, number>()

  /** Whether this client may count one more view this minute. */
  const underClientCap = (client: string | undefined) => {
    if (!client) return true
    const thisMinute = Math.floor(now() / 60_000)
    if (thisMinute !== minute) {
      minute = thisMinute
      viewsByClient = new Map()
    }
    const seen = viewsByClient.get(client) ?? 0
    if (seen >= VIEWS_PER_MINUTE) return false
    if (seen > 0 || viewsByClient.size < MAX_CLIENTS) viewsByClient.set(client, seen + 1)
    return true
  }

  const today = () => {
    const t = now()
    if (t >= dayEnds) {
      day = new Date(t).toISOString().slice(0, 10)
      dayEnds = Date.parse(`${day}T00:00:00Z`) + 86_400_000
    }
    return day
  }

  const count = (request: DocumentRequest) => {
    try {
      if (request.purpose && /prefetch|prerender/i.test(request.purpose)) return
      if (request.userAgent && NOT_A_VISIT.test(request.userAgent)) return
      if (!underClientCap(request.client)) return
      const queryAt = request.url.indexOf('?')
      const pathStart = request.url.indexOf('/', request.url.indexOf('//') + 2)
      const rawPath = request.url.slice(pathStart, queryAt < 0 ? undefined : queryAt)
      const path = (rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath).slice(0, 200)
      let utmSource = ''
      let utmMedium = ''
      let utmCampaign = ''
      if (queryAt >= 0) {
        const query = new URLSearchParams(request.url.slice(queryAt + 1))
        utmSource = normaliseFunnelValue(query.get('utm_source'))
        utmMedium = normaliseFunnelValue(query.get('utm_medium'))
        utmCampaign = normaliseFunnelValue(query.get('utm_campaign'))
      }
      let referrerHost = ''
      let entry = true
      if (request.referer) {
        const host = /^https?:\/\/([^/?#:]+)/i.exec(request.referer)?.[1]?.toLowerCase() ?? ''
        // A visitor moving between our own pages is no referral, and no new visit.
        const own = /^https?:\/\/([^/?#:]+)/i.exec(request.url)?.[1]?.toLowerCase()
        entry = host !== own
        referrerHost = entry ? normaliseFunnelValue(host) : ''
      }
      const fields = { day: today(), path, referrerHost, utmSource, utmMedium, utmCampaign, entry }
      const key = keyOf(fields)
      const row = pending.get(key)
      if (row) row.views++
      else if (pending.size < MAX_KEYS) pending.set(key, { ...fields, views: 1 })
    } catch {
      // A view we cannot read is not counted; the page is served all the same.
    }
  }

  /**
   * The rows with each value past its day's cap counted as `(other)`, merged by key. What a day
   * already keeps is read from the table at each write, so several instances and a restart
   * share one cap.
   */
  const capped = async (rows: Pending[]) => {
    const kept = new Map<string, Record<(typeof CAPPED)[number], Set<string>>>()
    for (const day of new Set(rows.map((r) => r.day))) {
      const values = await funnelValuesOfDay(options.db, day)
      kept.set(day, {
        referrerHost: new Set(values.referrerHosts),
        utmSource: new Set(values.utmSources),
        utmMedium: new Set(values.utmMediums),
        utmCampaign: new Set(values.utmCampaigns),
      })
    }
    const merged = new Map<string, Pending>()
    for (const row of rows) {
      const sets = kept.get(row.day)!
      const out = { ...row }
      for (const field of CAPPED) {
        const value = out[field]
        if (value === '' || sets[field].has(value)) continue
        if (sets[field].size < NEW_VALUES_PER_DAY) sets[field].add(value)
        else out[field] = FUNNEL_OTHER
      }
      const key = keyOf(out)
      const same = merged.get(key)
      if (same) same.views += out.views
      else merged.set(key, out)
    }
    return [...merged.values()]
  }

  const write = async () => {
    if (pending.size === 0) return
    const counted = [...pending.values()]
    pending = new Map()
    try {
      const rows = await capped(counted)
      try {
        await addPageViewCounts(options.db, rows)
      } catch (error) {
        if (isDatabaseUnavailable(error) || rows.length === 1) throw error
        // One row the database refuses must not take the others with it.
        let lost = 0
        for (const row of rows)
          await addPageViewCounts(options.db, [row]).catch((rowError: unknown) => {
            if (isDatabaseUnavailable(rowError)) throw rowError
            lost += row.views
          })
        options.logger.warn(
          { err: (error as Error).message, lostViews: lost },
          'page view counts written one by one; refused rows dropped',
        )
      }
    } catch (error) {
      options.logger.warn(
        { err: (error as Error).message, keys: counted.length },
        'page view counts not written; dropped',
      )
    }
  }
  const flush = () => (writing = writing.then(write))

  const timer = setInterval(() => void flush(), options.flushMs ?? FLUSH_MS)
  timer.unref()
  return {
    count,
    flush,
    async stop() {
      clearInterval(timer)
      await flush()
    },
  }
}
