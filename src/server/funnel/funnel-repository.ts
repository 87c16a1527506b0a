/**
 * The funnel's numbers from the database: page views (page_view_counts), trial requests and
 * keys (trial_submissions), and paid orders (THE SEAM below). Weeks start on Monday (UTC).
 */
import { sql } from 'drizzle-orm'
import type { Model } from '#src/common/models.ts'
import { TRIAL_SOURCE } from '#src/common/trial-limits.ts'
import { queryRows, type Db } from '../db/client.ts'

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
 * sent; the form's fixed tag, or none, is `direct`) and whether a key went out.
 */
export function trialsSince(db: Db, since: Date): Promise<TrialRow[]> {
  return queryRows<TrialRow>(
    db,
    sql`select to_char(date_trunc('week', created_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
               case when source = '' or source = ${TRIAL_SOURCE} then 'direct'
                    else lower(source) end as source,
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
