/**
 * The funnel's page views, first-party and cookieless (docs/product.md, "From trial to
 * customer"): each document request is counted on the server by its path, day (UTC), referrer
 * host and utm_source / utm_medium / utm_campaign. Nothing that identifies a person is kept: no
 * address, cookie, user agent or identifier, and nothing is set in the browser. Counting is a
 * map increment on the request path; the counts are written every few seconds as one upsert
 * (one row per day and key), off the hot path. Counts not yet written when the process dies
 * are lost: they are statistics, not records.
 */
import { queryPrepared, type Db } from '../db/client.ts'
import type { Logger } from '../logger.ts'

const FLUSH_MS = 5_000
/** Distinct keys held between writes; beyond it new keys wait for the next write. */
const MAX_KEYS = 5_000
const FIELD_MAX = 100
/** Crawlers and prefetches are not visits. */
const NOT_A_VISIT = /bot|crawl|spider|slurp|lighthouse|facebookexternalhit|preview/i

/** One statement for a whole batch: one row per day and key, added to what is there. */
const UPSERT = {
  name: 'page-view-counts',
  text: `insert into page_view_counts
      (day, path, referrer_host, utm_source, utm_medium, utm_campaign, entry, views)
    select * from unnest($1::date[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
      $7::boolean[], $8::int[])
    on conflict (day, path, referrer_host, utm_source, utm_medium, utm_campaign, entry)
    do update set views = page_view_counts.views + excluded.views`,
}

interface Pending {
  day: string
  path: string
  referrerHost: string
  utmSource: string
  utmMedium: string
  utmCampaign: string
  /** Reached from outside the site: a visit. */
  entry: boolean
  views: number
}

interface DocumentRequest {
  /** The request's full URL. */
  url: string
  referer: string | undefined
  userAgent: string | undefined
  /** `Sec-Purpose` or `Purpose`: a prefetch is not a view. */
  purpose: string | undefined
}

export interface PageViewCounter {
  /** Counts one view of a document; never throws, never waits. */
  count(request: DocumentRequest): void
  /** Writes what was counted so far. */
  flush(): Promise<void>
  stop(): Promise<void>
}

const clean = (value: string | null) =>
  value ? value.trim().toLowerCase().slice(0, FIELD_MAX) : ''

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
      const queryAt = request.url.indexOf('?')
      const pathStart = request.url.indexOf('/', request.url.indexOf('//') + 2)
      const rawPath = request.url.slice(pathStart, queryAt < 0 ? undefined : queryAt)
      const path = (rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath).slice(0, 200)
      let utmSource = ''
      let utmMedium = ''
      let utmCampaign = ''
      if (queryAt >= 0) {
        const query = new URLSearchParams(request.url.slice(queryAt + 1))
        utmSource = clean(query.get('utm_source'))
        utmMedium = clean(query.get('utm_medium'))
        utmCampaign = clean(query.get('utm_campaign'))
      }
      let referrerHost = ''
      let entry = true
      if (request.referer) {
        const host = /^https?:\/\/([^/?#:]+)/i.exec(request.referer)?.[1]?.toLowerCase() ?? ''
        // A visitor moving between our own pages is no referral, and no new visit.
        const own = /^https?:\/\/([^/?#:]+)/i.exec(request.url)?.[1]?.toLowerCase()
        entry = host !== own
        referrerHost = entry ? host.slice(0, FIELD_MAX) : ''
      }
      const d = today()
      const key = `${d}\u0000${path}\u0000${referrerHost}\u0000${utmSource}\u0000${utmMedium}\u0000${utmCampaign}\u0000${entry}`
      const row = pending.get(key)
      if (row) row.views++
      else if (pending.size < MAX_KEYS)
        pending.set(key, {
          day: d,
          path,
          referrerHost,
          utmSource,
          utmMedium,
          utmCampaign,
          entry,
          views: 1,
        })
    } catch {
      // A view we cannot read is not counted; the page is served all the same.
    }
  }

  const write = async () => {
    if (pending.size === 0) return
    const rows = [...pending.values()]
    pending = new Map()
    const col = <K extends keyof Pending>(k: K) => rows.map((r) => r[k])
    try {
      await queryPrepared(options.db, UPSERT, [
        col('day'),
        col('path'),
        col('referrerHost'),
        col('utmSource'),
        col('utmMedium'),
        col('utmCampaign'),
        col('entry'),
        col('views'),
      ])
    } catch (error) {
      options.logger.warn(
        { err: (error as Error).message, keys: rows.length },
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
