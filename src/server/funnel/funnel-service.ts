/**
 * The funnel (docs/product.md, "From trial to customer"): visits -> trial requests -> keys ->
 * paid orders by week and source, trial-to-paid within 30 days by model, revenue by month. One
 * shape for the console's Funnel page, its CSV and `npm run admin -- funnel`.
 */
import { MODELS, type Model } from '#src/common/models.ts'
import type { FunnelReport, FunnelRow } from '#src/common/console-api.ts'
import type { Db } from '../db/client.ts'
import { normaliseFunnelValue } from './funnel-values.ts'
import { paidOrdersSince, topReferrers, trialsSince, visitsByWeek } from './funnel-repository.ts'

const DAY_MS = 86_400_000
const PAID_WITHIN_DAYS = 30

const weekOf = (date: Date) => {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()))
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7))
  return d.toISOString().slice(0, 10)
}

export async function buildFunnel(db: Db, days: number, now = new Date()): Promise<FunnelReport> {
  const since = new Date(now.getTime() - days * DAY_MS)
  const [visits, trials, orders, referrers] = await Promise.all([
    visitsByWeek(db, since),
    trialsSince(db, since),
    paidOrdersSince(db, since),
    topReferrers(db, since, 10),
  ])
  const rows = new Map<string, FunnelRow>()
  const row = (week: string, source: string) => {
    const key = `${week}\u0000${source}`
    let r = rows.get(key)
    if (!r) rows.set(key, (r = { week, source, visits: 0, trials: 0, keys: 0, orders: 0 }))
    return r
  }
  for (const v of visits) row(v.week, v.source).visits += v.visits
  // An order's source is that of the buyer's first trial request in the window, else direct.
  const firstTrial = new Map<string, (typeof trials)[number]>()
  for (const t of trials) {
    // The same rule as the page views' sources, so a source reads the same in both.
    if (t.source !== 'direct') t.source = normaliseFunnelValue(t.source) || 'direct'
    row(t.week, t.source).trials++
    if (t.has_key) row(t.week, t.source).keys++
    const key = t.email_canonical ?? ''
    const seen = firstTrial.get(key)
    if (key && (!seen || new Date(t.created_at) < new Date(seen.created_at))) firstTrial.set(key, t)
  }
  for (const o of orders)
    row(weekOf(o.paidAt), firstTrial.get(o.emailCanonical)?.source ?? 'direct').orders++

  const trialToPaid = MODELS.map((model: Model) => {
    const keyed = trials.filter((t) => t.model === model && t.has_key)
    const paid = keyed.filter((t) =>
      orders.some(
        (o) =>
          o.model === model &&
          o.emailCanonical === t.email_canonical &&
          o.paidAt.getTime() >= new Date(t.created_at).getTime() &&
          o.paidAt.getTime() - new Date(t.created_at).getTime() <= PAID_WITHIN_DAYS * DAY_MS,
      ),
    ).length
    return { model, trials: keyed.length, paid, rate: keyed.length ? paid / keyed.length : 0 }
  })

  const revenue = new Map<string, { month: string; currency: string; amountMinor: number }>()
  for (const o of orders) {
    if (o.refunded) continue
    const month = o.paidAt.toISOString().slice(0, 7)
    const key = `${month}\u0000${o.currency}`
    const r = revenue.get(key) ?? { month, currency: o.currency, amountMinor: 0 }
    r.amountMinor += o.amountMinor
    revenue.set(key, r)
  }

  const weeks = [...rows.values()].sort(
    (a, b) =>
      a.week.localeCompare(b.week) || b.visits - a.visits || a.source.localeCompare(b.source),
  )
  const bySource = new Map<string, Omit<FunnelRow, 'week'>>()
  for (const r of weeks) {
    const s = bySource.get(r.source) ?? {
      source: r.source,
      visits: 0,
      trials: 0,
      keys: 0,
      orders: 0,
    }
    s.visits += r.visits
    s.trials += r.trials
    s.keys += r.keys
    s.orders += r.orders
    bySource.set(r.source, s)
  }
  return {
    days,
    since: since.toISOString(),
    weeks,
    sources: [...bySource.values()].sort((a, b) => b.visits - a.visits || b.trials - a.trials),
    trialToPaid,
    revenue: [...revenue.values()].sort((a, b) => a.month.localeCompare(b.month)),
    referrers,
  }
}

/** The weekly rows as CSV (every cell quoted; sources are typed by visitors: formula-safe). */
export function funnelCsv(report: FunnelReport): string {
  const cell = (v: string | number) => {
    let s = String(v)
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`
    return `"${s.replace(/"/g, '""')}"`
  }
  const lines = [['week', 'source', 'visits', 'trials', 'keys', 'orders'].map(cell).join(',')]
  for (const r of report.weeks)
    lines.push([r.week, r.source, r.visits, r.trials, r.keys, r.orders].map(cell).join(','))
  return lines.join('\r\n') + '\r\n'
}
