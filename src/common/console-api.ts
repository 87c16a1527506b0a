/**
 * The operator console's API (docs/product.md, "Operator console"): answer shapes, the leads query
 * and its parser, shared by the server (src/server/console/console-routes.ts) and the console
 * (src/web/pages/console/).
 */
import * as z from 'zod/mini'
import { isModel, MODELS, type Model } from './models.ts'
import { isPlainText, notPlainText, plainText } from './plain-text.ts'

export const CSRF_HEADER = 'X-CSRF-Token'

export const ADMIN_ERROR_CODES = {
  unauthorized: 'UNAUTHORIZED',
  csrf: 'CSRF_TOKEN_INVALID',
  invalidLink: 'INVALID_SIGN_IN_LINK',
  keyFile: 'INVALID_KEY_FILE',
} as const

type MailStatusName = 'pending' | 'sending' | 'sent' | 'failed' | 'dead'
export const MAIL_STATUSES: readonly MailStatusName[] = [
  'pending',
  'sending',
  'sent',
  'failed',
  'dead',
]

export interface ConsoleSession {
  email: string
  csrfToken: string
}

export interface AuditEntry {
  at: string
  actor: string
  action: string
  detail: Record<string, unknown>
}

export interface ModelSupply {
  available: number
  assigned: number
  revoked: number
  demoAvailable: number
  /** Keys claimed in the last 7 days. */
  claimsLast7Days: number
  /** Available keys divided by the average daily claims of the last 7 days; null without claims. */
  daysOfSupply: number | null
}

export interface DayCount {
  /** YYYY-MM-DD (UTC). */
  day: string
  basic: number
  advanced: number
}

/** What stands between this install and a live site (`npm run admin -- doctor`, docs/product.md). */
export interface GoLiveReport {
  blockers: string[]
  warnings: string[]
}

export interface Overview {
  keys: Record<Model, ModelSupply>
  /** The last 30 days, oldest first, every day present. */
  claimsPerDay: DayCount[]
  requestsPerDay: DayCount[]
  waitlist: Record<Model, number>
  mail: Record<MailStatusName, number>
  /** The claim breaker's state per model (docs/product.md, "Trust under abuse"), in words. */
  breaker: null | { state: string }
  breakerNote: string
  alerts: string[]
  recentActions: AuditEntry[]
  /** Paid orders' revenue per month (UTC, newest first), model and currency; refunds excluded. */
  revenue: RevenueRow[]
  /** The go-live check, as `doctor` prints it; null where the server was given no settings. */
  goLive: GoLiveReport | null
}

interface RevenueRow {
  /** YYYY-MM */
  month: string
  model: Model
  currency: string
  /** In the currency's minor units (cents). */
  amountMinor: number
  orders: number
}

export const ORDER_STATUSES = [
  'fulfilled',
  'awaiting_key',
  'unmatched',
  'needs_review',
  'refunded',
] as const
export type OrderStatusName = (typeof ORDER_STATUSES)[number]

/** One paid order, the buyer's address masked as in every console list. */
export interface OrderItem {
  id: string
  reference: string
  provider: string
  status: OrderStatusName
  model: Model | null
  quantity: number
  amountMinor: number | null
  currency: string | null
  name: string
  email: string
  keys: number
  createdAt: string
}

export interface OrdersSummary {
  counts: Record<OrderStatusName, number>
  /** The newest 200 orders of the filter. */
  items: OrderItem[]
}

export interface LeadListItem {
  id: string
  createdAt: string
  firstName: string
  lastName: string
  email: string
  model: Model
  source: string
  activationKey: string | null
  waitlist: boolean
  waitlistNotifiedAt: string | null
}

export interface LeadsPage {
  items: LeadListItem[]
  /** How many match, counted up to LEADS_WINDOW + 1: more than LEADS_WINDOW is "more than". */
  total: number
  totalCapped: boolean
  page: number
  pageSize: number
}

interface KeyBatch {
  model: Model
  /** trial: handed to trial requests; paid: to orders (docs/product.md, "Paid orders"). */
  pool: 'trial' | 'paid'
  batch: string
  demo: boolean
  importedAt: string
  available: number
  assigned: number
  revoked: number
}

type KeyCounts = { available: number; assigned: number; revoked: number; total: number }

export interface KeysSummary {
  /** The trial pool per model. */
  models: Record<Model, KeyCounts>
  /** The paid pool per model: keys for orders. */
  paid: Record<Model, KeyCounts>
  batches: KeyBatch[]
}

export interface WaitlistSummary {
  models: Record<Model, { waiting: number; oldestSince: string | null; available: number }>
}

interface MailItem {
  id: string
  kind: string
  /** Masked: a***@example.com. */
  to: string
  status: MailStatusName
  attempts: number
  nextAttemptAt: string | null
  lastError: string | null
  createdAt: string
}

export interface MailSummary {
  counts: Record<MailStatusName, number>
  undelivered: MailItem[]
  /** Addresses refused permanently (newest first, masked); reminders and notices skip them. */
  suppressed: { email: string; reason: string; suppressedAt: string }[]
  suppressedTotal: number
}

interface ConsentVersionRow {
  policyVersion: string
  records: number
  visitors: number
  functional: number
  media: number
  marketing: number
  lastRecordedAt: string
}

export interface ConsentSummary {
  records: number
  visitors: number
  byVersion: ConsentVersionRow[]
}

/**
 * One invoice request (docs/product.md, "Buying"), the buyer's address masked as in every console
 * list.
 */
interface PurchaseRequestItem {
  id: string
  createdAt: string
  model: Model
  company: string
  name: string
  email: string
}

export interface PurchaseRequestsSummary {
  /** Requests in the last 30 days, and the newest 100 of them. */
  lastThirtyDays: number
  items: PurchaseRequestItem[]
}

/** What an action answers: the CLI's own words for it, and its counts. */
export interface ActionResult {
  message: string
  data?: Record<string, unknown>
}

/** The address with its local part hidden after the first character: a***@example.com. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1) return '***'
  return `${email[0]}***${email.slice(at)}`
}

export const LEAD_PAGE_SIZES = [25, 50, 100] as const
/**
 * The list pages through the newest 10,000 matches of a search (like most search UIs): every
 * page then costs the same, however large the table. Narrower filters or the CSV export reach
 * the rest.
 */
export const LEADS_WINDOW = 10_000
const SEARCH_MAX = 100

export interface LeadsQuery {
  /**
   * Case-insensitive prefix of the full name, the last name, the e-mail address or its domain
   * ("grace", "hopper", "grace@", "example.org"; "@example" searches domains only).
   */
  q?: string
  model?: Model
  /** YYYY-MM-DD, inclusive, UTC. */
  from?: string
  to?: string
  hasKey?: boolean
  waitlist?: boolean
  page: number
  pageSize: number
}

const DATE = /^\d{4}-\d{2}-\d{2}$/

function yesNo(value: string | null, name: string, details: string[]): boolean | undefined {
  if (value === null || value === '') return undefined
  if (value === 'yes' || value === 'true') return true
  if (value === 'no' || value === 'false') return false
  details.push(`${name} must be yes or no`)
  return undefined
}

/** Parses the leads list's query string; details name each bad parameter. */
export function parseLeadsQuery(
  params: URLSearchParams,
): { ok: true; query: LeadsQuery } | { ok: false; details: string[] } {
  const details: string[] = []
  const query: LeadsQuery = { page: 1, pageSize: 50 }
  const q = params.get('q')?.trim()
  if (q) {
    if (q.length > SEARCH_MAX) details.push(`q must be at most ${SEARCH_MAX} characters`)
    else if (!isPlainText(q)) details.push(notPlainText('q'))
    else query.q = q
  }
  const model = params.get('model')
  if (model) {
    if (isModel(model)) query.model = model
    else details.push(`model must be ${MODELS.join(' or ')}`)
  }
  for (const name of ['from', 'to'] as const) {
    const value = params.get(name)
    if (!value) continue
    if (DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))) query[name] = value
    else details.push(`${name} must be a date like 2026-01-31`)
  }
  const hasKey = yesNo(params.get('hasKey'), 'hasKey', details)
  if (hasKey !== undefined) query.hasKey = hasKey
  const waitlist = yesNo(params.get('waitlist'), 'waitlist', details)
  if (waitlist !== undefined) query.waitlist = waitlist
  const page = params.get('page')
  if (page) {
    const n = Number(page)
    if (Number.isSafeInteger(n) && n >= 1 && n <= 1_000_000) query.page = n
    else details.push('page must be a whole number from 1')
  }
  const size = params.get('pageSize')
  if (size) {
    const n = Number(size)
    if ((LEAD_PAGE_SIZES as readonly number[]).includes(n)) query.pageSize = n
    else details.push(`pageSize must be ${LEAD_PAGE_SIZES.join(', ')}`)
  }
  if ((query.page - 1) * query.pageSize >= LEADS_WINDOW)
    details.push(
      `pages reach the newest ${LEADS_WINDOW.toLocaleString('en-US')} matches; narrow the filters or export the CSV`,
    )
  return details.length ? { ok: false, details } : { ok: true, query }
}

/** The query string of a leads query (defaults left out), for links and requests. */
export function leadsQueryString(query: Partial<LeadsQuery>): string {
  const params = new URLSearchParams()
  if (query.q) params.set('q', query.q)
  if (query.model) params.set('model', query.model)
  if (query.from) params.set('from', query.from)
  if (query.to) params.set('to', query.to)
  if (query.hasKey !== undefined) params.set('hasKey', query.hasKey ? 'yes' : 'no')
  if (query.waitlist !== undefined) params.set('waitlist', query.waitlist ? 'yes' : 'no')
  if (query.page && query.page > 1) params.set('page', String(query.page))
  if (query.pageSize && query.pageSize !== 50) params.set('pageSize', String(query.pageSize))
  const text = params.toString()
  return text ? `?${text}` : ''
}

/**
 * Request bodies of the console's own calls, checked by the server with these schemas. The
 * bodies of actions that run a CLI command hold that command's options and are checked with
 * its schema (src/server/console/console-command-schema.ts).
 */
export const SignInRequestSchema = z.object({
  email: z
    .string('email is required')
    .check(plainText('email'), z.trim(), z.minLength(1), z.maxLength(254)),
})
export const SignInVerifySchema = z.object({
  token: z.string('token is required').check(plainText('token'), z.maxLength(200)),
})
export const RevokeRequestSchema = z.object({
  key: z
    .string('key is required')
    .check(plainText('key'), z.trim(), z.minLength(1), z.maxLength(200)),
})
/** The console's confirmation step before `leads delete`, like the CLI's --yes. */
export const LeadDeleteConfirmSchema = z.object({
  confirm: z.literal(true, 'confirm must be true: deleting a lead cannot be undone'),
})

/** One week and source of the funnel: visits -> trial requests -> keys -> paid orders. */
export interface FunnelRow {
  week: string
  source: string
  visits: number
  trials: number
  keys: number
  orders: number
}

export interface FunnelReport {
  days: number
  since: string
  weeks: FunnelRow[]
  /** The same, summed per source over the window (`direct` when none). */
  sources: Omit<FunnelRow, 'week'>[]
  /** Trials with a key, and how many of them bought that model within 30 days. */
  trialToPaid: { model: Model; trials: number; paid: number; rate: number }[]
  revenue: { month: string; currency: string; amountMinor: number }[]
  referrers: { referrer: string; visits: number }[]
}
