/**
 * What the console shows (docs/product.md, "Operator console"): read-only views over the same
 * repositories the CLI's `licenses stats`, `waitlist list` and `mail status` use, shaped for the
 * browser.
 */
import {
  maskEmail,
  type OrderStatusName,
  type OrdersSummary,
  MAIL_STATUSES,
  type ConsentSummary,
  type DayCount,
  type KeysSummary,
  LEADS_WINDOW,
  type LeadsPage,
  type LeadsQuery,
  type MailSummary,
  type Overview,
  type PurchaseRequestsSummary,
  type WaitlistSummary,
} from '#src/common/console-api.ts'
import { MODEL_LABELS, MODELS, type Model } from '#src/common/models.ts'
import type { Db } from '../db/client.ts'
import { countConsentsByVersion, countConsentVisitors } from '../privacy/consent-service.ts'
import { countClaimsPerDay, licenseStats, listLicenseBatches } from '../licenses/license-service.ts'
import {
  countMailByStatus,
  listUndeliveredMail,
  countSuppressions,
  listSuppressions,
} from '../mail/mail-queue.ts'
import { countRequestsPerDay, countWaitingByModel, listLeadsPage } from '../trials/trial-service.ts'
import { recentAudit } from './audit-log.ts'
import type { RateLimit } from '../config.ts'
import { breakerStates, describeLimit, describeLimits } from '../trials/claim-breaker.ts'
import {
  listRecentPurchaseRequests,
  countOrdersByStatus,
  listRecentOrders,
  revenueByModelAndMonth,
  countUnreadableWebhookEvents,
} from '../orders/order-service.ts'

import { goLiveCheck, type GoLiveFacts } from './go-live-check.ts'

const CHART_DAYS = 30
const RATE_DAYS = 7
/** Below this many days of supply the overview raises an alert. */
const LOW_SUPPLY_DAYS = 7

const perModel = <T>(make: (m: Model) => T) =>
  Object.fromEntries(MODELS.map((m) => [m, make(m)])) as Record<Model, T>

/** Every UTC day of the last `days`, oldest first, with the counts filled in. */
function dayCounts(
  rows: readonly { day: string; model: Model; n: number }[],
  days: number,
  now = new Date(),
): DayCount[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  const out: DayCount[] = []
  for (let i = days - 1; i >= 0; i--) {
    const day = new Date(today - i * 86_400_000).toISOString().slice(0, 10)
    out.push({ day, basic: 0, advanced: 0 })
  }
  const byDay = new Map(out.map((d) => [d.day, d]))
  for (const row of rows) {
    const entry = byDay.get(row.day)
    if (entry) entry[row.model] += row.n
  }
  return out
}

export async function consoleOverview(
  db: Db,
  claimBreaker: RateLimit[] | null,
  goLive?: GoLiveFacts,
): Promise<Overview> {
  const [stats, claims, requests, waiting, mail, actions, revenue, orders, unreadable] =
    await Promise.all([
      licenseStats(db),
      countClaimsPerDay(db, CHART_DAYS),
      countRequestsPerDay(db, CHART_DAYS),
      countWaitingByModel(db),
      countMailByStatus(db),
      recentAudit(db, 10),
      revenueByModelAndMonth(db, REVENUE_MONTHS),
      countOrdersByStatus(db),
      countUnreadableWebhookEvents(db),
    ])
  const claimsPerDay = dayCounts(claims, CHART_DAYS)
  const lastWeek = claimsPerDay.slice(-RATE_DAYS)
  const keys = perModel((m) => {
    const s = stats[m]
    const claimsLast7Days = lastWeek.reduce((sum, d) => sum + d[m], 0)
    const perDay = claimsLast7Days / RATE_DAYS
    return {
      available: s.available,
      assigned: s.assigned,
      revoked: s.revoked,
      demoAvailable: s.demoAvailable,
      claimsLast7Days,
      daysOfSupply: perDay > 0 ? Math.round((s.available / perDay) * 10) / 10 : null,
    }
  })
  const waitlist = perModel((m) => waiting.find((w) => w.model === m)?.n ?? 0)
  const alerts: string[] = []
  for (const m of MODELS) {
    const k = keys[m]
    if (k.available === 0) alerts.push(`No ${MODEL_LABELS[m]} keys left: import a file.`)
    else if (k.daysOfSupply !== null && k.daysOfSupply < LOW_SUPPLY_DAYS)
      alerts.push(`${MODEL_LABELS[m]} keys last about ${k.daysOfSupply} days at this week's rate.`)
    if (waitlist[m] > 0 && k.available > 0)
      alerts.push(`${waitlist[m]} waiting for ${MODEL_LABELS[m]} while keys exist: notify them.`)
  }
  if (mail.dead > 0)
    alerts.push(`${mail.dead} e-mail${mail.dead === 1 ? '' : 's'} gave up: see Mail.`)
  if (orders.awaiting_key > 0)
    alerts.push(
      `${orders.awaiting_key} paid order${orders.awaiting_key === 1 ? ' waits' : 's wait'} for a key: import paid keys.`,
    )
  if (orders.unmatched > 0)
    alerts.push(
      `${orders.unmatched} paid order${orders.unmatched === 1 ? '' : 's'} matched no product: fix PAID_PRODUCTS and reprocess.`,
    )
  if (unreadable > 0)
    alerts.push(
      `${unreadable} payment event${unreadable === 1 ? '' : 's'} could not be read (kept as received, not processed): see npm run admin -- orders list.`,
    )
  return {
    keys,
    claimsPerDay,
    requestsPerDay: dayCounts(requests, CHART_DAYS),
    waitlist,
    mail,
    breaker: { state: await describeBreaker(db, claimBreaker) },
    breakerNote: '',
    alerts,
    recentActions: actions,
    revenue,
    goLive: goLive ? await goLiveCheck(db, goLive) : null,
  }
}

/** Months of revenue the overview shows. */
const REVENUE_MONTHS = 12

/** Paid orders (docs/product.md "Paid orders"): the newest 200 of a status, addresses masked. */
export async function consoleOrders(
  db: Db,
  status: OrderStatusName | undefined,
): Promise<OrdersSummary> {
  const [counts, rows] = await Promise.all([
    countOrdersByStatus(db),
    listRecentOrders(db, status, 200),
  ])
  return {
    counts,
    items: rows.map((r) => ({
      id: r.id,
      reference: r.reference,
      provider: r.provider,
      status: r.status,
      model: r.model,
      quantity: r.quantity,
      amountMinor: r.amountMinor,
      currency: r.currency,
      name: r.name ?? '',
      email: r.email ? maskEmail(r.email) : '',
      keys: r.keys,
      createdAt: r.createdAt.toISOString(),
    })),
  }
}

export async function consoleLeads(db: Db, query: LeadsQuery): Promise<LeadsPage> {
  const { rows, total } = await listLeadsPage(db, query, LEADS_WINDOW + 1)
  return {
    items: rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      model: r.model,
      source: r.source,
      activationKey: r.activationKey,
      waitlist: r.waitlist,
      waitlistNotifiedAt: r.waitlistNotifiedAt?.toISOString() ?? null,
    })),
    total: Math.min(total, LEADS_WINDOW),
    totalCapped: total > LEADS_WINDOW,
    page: query.page,
    pageSize: query.pageSize,
  }
}

export async function consoleKeys(db: Db): Promise<KeysSummary> {
  const [stats, batches] = await Promise.all([licenseStats(db), listLicenseBatches(db)])
  return {
    models: perModel((m) => ({
      available: stats[m].available,
      assigned: stats[m].assigned,
      revoked: stats[m].revoked,
      total: stats[m].total,
    })),
    paid: perModel((m) => ({ ...stats[m].paid })),
    batches: batches.map((b) => ({ ...b, importedAt: b.importedAt.toISOString() })),
  }
}

export async function consoleWaitlist(db: Db): Promise<WaitlistSummary> {
  const [waiting, stats] = await Promise.all([countWaitingByModel(db), licenseStats(db)])
  return {
    models: perModel((m) => {
      const w = waiting.find((row) => row.model === m)
      return {
        waiting: w?.n ?? 0,
        oldestSince: w?.oldest?.toISOString() ?? null,
        available: stats[m].available,
      }
    }),
  }
}

export async function consoleMail(db: Db): Promise<MailSummary> {
  const [counts, undelivered, suppressed, suppressedTotal] = await Promise.all([
    countMailByStatus(db),
    listUndeliveredMail(db, 100),
    listSuppressions(db, 100),
    countSuppressions(db),
  ])
  return {
    counts: Object.fromEntries(MAIL_STATUSES.map((s) => [s, counts[s]])) as MailSummary['counts'],
    undelivered: undelivered.map((m) => ({
      id: m.id,
      kind: m.kind,
      to: maskEmail(m.to),
      status: m.status,
      attempts: m.attempts,
      nextAttemptAt: m.status === 'dead' ? null : m.nextAttemptAt.toISOString(),
      lastError: m.lastError,
      createdAt: m.createdAt.toISOString(),
    })),
    suppressed: suppressed.map((r) => ({
      email: maskEmail(r.email),
      reason: r.reason,
      suppressedAt: r.suppressedAt.toISOString(),
    })),
    suppressedTotal,
  }
}

export async function consoleConsents(db: Db): Promise<ConsentSummary> {
  const [byVersion, visitors] = await Promise.all([
    countConsentsByVersion(db),
    countConsentVisitors(db),
  ])
  return {
    records: byVersion.reduce((sum, v) => sum + v.records, 0),
    visitors,
    byVersion: byVersion.map((v) => ({ ...v, lastRecordedAt: v.lastRecordedAt.toISOString() })),
  }
}

/**
 * Invoice requests (docs/product.md, "Buying"): the newest 100, addresses masked, and the last 30
 * days' count.
 */
export async function consolePurchaseRequests(db: Db): Promise<PurchaseRequestsSummary> {
  const { rows, recent } = await listRecentPurchaseRequests(db, 100, 30)
  return {
    lastThirtyDays: recent,
    items: rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      model: r.model,
      company: r.company,
      name: `${r.firstName} ${r.lastName}`,
      email: maskEmail(r.email),
    })),
  }
}

/**
 * The claim breaker (docs/product.md, "Trust under abuse") in one line per model, as `licenses
 * stats` tells it.
 */
async function describeBreaker(db: Db, limits: RateLimit[] | null): Promise<string> {
  if (!limits?.length) return 'Off (CLAIM_BREAKER=off): keys go out without a confirmation step.'
  const states = await breakerStates(db, limits)
  return states
    .map((s) =>
      s.tripped
        ? `${MODEL_LABELS[s.model]}: tripped${s.since ? ` since ${s.since.toISOString().slice(0, 16).replace('T', ' ')} UTC` : ''} (${s.claims} claims, limit ${describeLimit(s.limit)}); new requests need an e-mail confirmation.`
        : `${MODEL_LABELS[s.model]}: ${s.claims} claims of ${s.limit.count} allowed per window (${describeLimits(limits)}).`,
    )
    .join(' ')
}
