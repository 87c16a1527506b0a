/**
 * The funnel's numbers from the database: page views (page_view_counts), trial requests and
 * keys (trial_submissions), and paid orders (THE SEAM below). Weeks start on Monday (UTC).
 */
import { sql } from 'drizzle-orm'
import type { Model } from '#src/common/models.ts'
import { TRIAL_SOURCE } from '#src/common/trial-limits.ts'
import { queryPrepared, queryRows, type Db } from '../db/client.ts'

interface VisitRow {
  week: string
  source: string
  visits: number
}

/**
 * Visits per week and source (utm_source, `direct` when none): views reached from outside the
 * site; a move between our own pages is no new visit.
 */
export function visitsByWeek(db: Db, since: Date): Promise<VisitRow[]> {
  return queryRows<VisitRow>(
    db,
    sql`select to_char(date_trunc('week', day), 'YYYY-MM-DD') as week,
               coalesce(nullif(utm_source, ''), 'direct') as source,
               sum(views)::int as visits
          from page_view_counts
         where day >= ${since}::date and entry
         group by 1, 2`,
  )
}

/** Where views came from (referrer hosts), the most first: context for `direct`. */
export function topReferrers(db: Db, since: Date, limit: number) {
  return queryRows<{ referrer: string; visits: number }>(
    db,
    sql`select referrer_host as referrer, sum(views)::int as visits
          from page_view_counts
         where day >= ${since}::date and referrer_host <> ''
         group by 1 order by 2 desc limit ${limit}`,
  )
}

interface TrialRow {
  week: string
  source: string
  model: Model
  email_canonical: string | null
  created_at: Date
  has_key: boolean
}

/**
 * Trial requests since `since`, each with its week and source (the page's utm_source the form
 * sent, as stored: funnel-service.ts normalises it; the form's fixed tag, or none, is `direct`)
 * and whether a key went out.
 */
export function trialsSince(db: Db, since: Date): Promise<TrialRow[]> {
  return queryRows<TrialRow>(
    db,
    sql`select to_char(date_trunc('week', created_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
               case when source = '' or source = ${TRIAL_SOURCE} then 'direct'
                    else source end as source,
               model, email_canonical, created_at, license_id is not null as has_key
          from trial_submissions
         where created_at >= ${since}`,
  )
}

interface PaidOrderRow {
  paidAt: Date
  model: Model
  /** In the currency's minor unit (cents). */
  amountMinor: number
  currency: string
  emailCanonical: string
  /** Refunded orders count as orders but not as revenue. */
  refunded: boolean
}

/** The orders paid since `since` (docs/product.md, "Paid orders"), refunded ones marked. */
export async function paidOrdersSince(db: Db, since: Date): Promise<PaidOrderRow[]> {
  const rows = await queryRows<{
    paid_at: string | Date
    model: Model
    amount_minor: string | number | null
    currency: string | null
    email_canonical: string | null
    refunded: boolean
  }>(
    db,
    sql`select coalesce(paid_at, created_at) as paid_at, model, amount_minor, currency,
               email_canonical, status = 'refunded' as refunded
          from orders
         where coalesce(paid_at, created_at) >= ${since.toISOString()}::timestamptz
           and model is not null
           and status in ('fulfilled', 'awaiting_key', 'refunded')`,
  )
  return rows.map((r) => ({
    paidAt: new Date(r.paid_at),
    model: r.model,
    amountMinor: Number(r.amount_minor ?? 0),
    currency: (r.currency ?? 'usd').toUpperCase(),
    emailCanonical: r.email_canonical ?? '',
    refunded: Boolean(r.refunded),
  }))
}

/** One day's count of views for one key (page-views.ts). */
export interface PageViewRow {
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

/** One statement for a whole batch: one row per day and key, added to what is there. */
const ADD_PAGE_VIEWS = {
  name: 'page-view-counts',
  text: `insert into page_view_counts
      (day, path, referrer_host, utm_source, utm_medium, utm_campaign, entry, views)
    select * from unnest($1::date[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
      $7::boolean[], $8::int[])
    on conflict (day, path, referrer_host, utm_source, utm_medium, utm_campaign, entry)
    do update set views = page_view_counts.views + excluded.views`,
}

export async function addPageViewCounts(db: Db, rows: readonly PageViewRow[]): Promise<void> {
  const col = <K extends keyof PageViewRow>(k: K) => rows.map((r) => r[k])
  await queryPrepared(db, ADD_PAGE_VIEWS, [
    col('day'),
    col('path'),
    col('referrerHost'),
    col('utmSource'),
    col('utmMedium'),
    col('utmCampaign'),
    col('entry'),
    col('views'),
  ])
}

/** The distinct values one day already holds in each field a visitor sets. */
export async function funnelValuesOfDay(
  db: Db,
  day: string,
): Promise<{
  referrerHosts: string[]
  utmSources: string[]
  utmMediums: string[]
  utmCampaigns: string[]
}> {
  const [row] = await queryRows<{
    referrer_hosts: string[] | null
    utm_sources: string[] | null
    utm_mediums: string[] | null
    utm_campaigns: string[] | null
  }>(
    db,
    sql`select array_agg(distinct referrer_host) filter (where referrer_host <> '') as referrer_hosts,
               array_agg(distinct utm_source) filter (where utm_source <> '') as utm_sources,
               array_agg(distinct utm_medium) filter (where utm_medium <> '') as utm_mediums,
               array_agg(distinct utm_campaign) filter (where utm_campaign <> '') as utm_campaigns
          from page_view_counts where day = ${day}::date`,
  )
  return {
    referrerHosts: row?.referrer_hosts ?? [],
    utmSources: row?.utm_sources ?? [],
    utmMediums: row?.utm_mediums ?? [],
    utmCampaigns: row?.utm_campaigns ?? [],
  }
}
