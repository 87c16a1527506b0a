/**
 * The tables (docs/architecture.md, "Database, migrations and functions") for the query builder;
 * migrations/ is what creates them.
 */
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import type { Model } from '#src/common/models.ts'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })

export type LicenseStatus = 'available' | 'assigned' | 'revoked'
export type LicensePool = 'trial' | 'paid'
export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'dead'

export const licenses = pgTable('licenses', {
  id: uuid('id').primaryKey().defaultRandom(),
  seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  model: text('model').$type<Model>().notNull(),
  activationKey: text('activation_key').notNull().unique(),
  status: text('status').$type<LicenseStatus>().notNull().default('available'),
  submissionId: uuid('submission_id'),
  assignedAt: ts('assigned_at'),
  importedAt: ts('imported_at').notNull().defaultNow(),
  batch: text('batch').notNull(),
  demo: boolean('demo').notNull().default(false),
  ownerErasedAt: ts('owner_erased_at'),
  /** trial keys go to trial requests, paid keys to orders; never the other way (migration 0090). */
  pool: text('pool').$type<LicensePool>().notNull().default('trial'),
})

export const trialSubmissions = pgTable('trial_submissions', {
  id: uuid('id').primaryKey().defaultRandom(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  /** The address as limits and repeats compare it (guard/email-identity.ts). */
  emailCanonical: text('email_canonical'),
  model: text('model').$type<Model>().notNull(),
  source: text('source').notNull(),
  licenseId: uuid('license_id'),
  waitlist: boolean('waitlist').notNull().default(false),
  waitlistTokenHash: text('waitlist_token_hash').notNull(),
  waitlistNotifiedAt: ts('waitlist_notified_at'),
  /** When the submission first joined the waitlist; its confirmation e-mail went then. */
  waitlistJoinedAt: ts('waitlist_joined_at'),
  ipHash: text('ip_hash'),
  userAgent: text('user_agent'),
  termsVersion: text('terms_version'),
  confirmationTokenHash: text('confirmation_token_hash'),
  confirmationExpiresAt: ts('confirmation_expires_at'),
  confirmedAt: ts('confirmed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** The one correction of a mistyped address (trials/address-correction.ts). */
  emailCorrectedAt: ts('email_corrected_at'),
  /** The visitor stopped this trial's reminders (RFC 8058 one-click). */
  remindersStoppedAt: ts('reminders_stopped_at'),
})

export const claimBreakerEpisodes = pgTable('claim_breaker_episodes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  model: text('model').$type<Model>().notNull(),
  startedAt: ts('started_at').notNull().defaultNow(),
  endedAt: ts('ended_at'),
  claimsAtStart: integer('claims_at_start').notNull(),
})

export const supplyAlertEpisodes = pgTable('supply_alert_episodes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  model: text('model').$type<Model>().notNull(),
  startedAt: ts('started_at').notNull().defaultNow(),
  endedAt: ts('ended_at'),
  daysAtStart: doublePrecision('days_at_start').notNull(),
})

/** A key resend waiting for the outbox worker (migration 0132, decision 21). */
export const keyResendRequests = pgTable('key_resend_requests', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  emailCanonical: text('email_canonical').notNull(),
  models: text('models').array().notNull(),
  requestedAt: ts('requested_at').notNull().defaultNow(),
})

export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind').notNull(),
  to: text('to').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  status: text('status').$type<MailStatus>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
  lockedUntil: ts('locked_until'),
  leaseOwner: text('lease_owner'),
  lastError: text('last_error'),
  sentAt: ts('sent_at'),
  messageId: text('message_id').notNull().unique(),
  submissionId: uuid('submission_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** When dead mail was queued again by itself once sending worked (alerts/alert-monitor.ts). */
  autoRetriedAt: ts('auto_retried_at'),
})

export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  /** The live window; `hits` counts it, `previousHits` the window just before it. */
  windowStart: ts('window_start').notNull(),
  hits: integer('hits').notNull(),
  previousHits: integer('previous_hits').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
})

export const consentRecords = pgTable('consent_records', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  consentId: text('consent_id').notNull(),
  functional: boolean('functional').notNull(),
  media: boolean('media').notNull(),
  marketing: boolean('marketing').notNull(),
  policyVersion: text('policy_version').notNull(),
  decidedAt: ts('decided_at').notNull(),
  recordedAt: ts('recorded_at').notNull().defaultNow(),
  ipHash: text('ip_hash'),
  userAgent: text('user_agent'),
})

export const purchaseRequests = pgTable('purchase_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  emailCanonical: text('email_canonical').notNull(),
  company: text('company').notNull(),
  model: text('model').$type<Model>().notNull(),
  message: text('message'),
  ipHash: text('ip_hash'),
  userAgent: text('user_agent'),
  createdAt: ts('created_at').notNull().defaultNow(),
})

export type LicenseRow = typeof licenses.$inferSelect
export type SubmissionRow = typeof trialSubmissions.$inferSelect
export type OutboxRow = typeof mailOutbox.$inferSelect
export type ConsentRow = typeof consentRecords.$inferSelect

export const operators = pgTable('operators', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  addedAt: ts('added_at').notNull().defaultNow(),
})

export const operatorSignInTokens = pgTable('operator_sign_in_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  operatorId: uuid('operator_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
})

export const operatorSessions = pgTable('operator_sessions', {
  idHash: text('id_hash').primaryKey(),
  operatorId: uuid('operator_id').notNull(),
  csrfToken: text('csrf_token').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
})

export const auditLog = pgTable('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  at: ts('at').notNull().defaultNow(),
})

export type OperatorRow = typeof operators.$inferSelect
export type OperatorSessionRow = typeof operatorSessions.$inferSelect
export type AuditRow = typeof auditLog.$inferSelect
export type PurchaseRequestRow = typeof purchaseRequests.$inferSelect

export type PaymentProvider = 'stripe' | 'lemonsqueezy' | 'paddle'
export type OrderProvider = PaymentProvider | 'invoice'
export type OrderStatus = 'fulfilled' | 'awaiting_key' | 'unmatched' | 'refunded' | 'needs_review'

export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    outcome: text('outcome').$type<'done' | 'ignored'>(),
    processedAt: ts('processed_at'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    /** The body as received, kept only for an event the database cannot keep as JSON (0162). */
    rawBody: bytea('raw_body'),
    /** Why the body could not be read; null for every event the orders worker processes. */
    unreadable: text('unreadable'),
  },
  (t) => [unique().on(t.provider, t.eventId)],
)

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').$type<OrderProvider>().notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    paymentRef: text('payment_ref'),
    status: text('status').$type<OrderStatus>().notNull(),
    name: text('name'),
    email: text('email'),
    emailCanonical: text('email_canonical'),
    model: text('model').$type<Model>(),
    productRef: text('product_ref'),
    quantity: integer('quantity').notNull().default(1),
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    currency: text('currency'),
    reference: text('reference').notNull(),
    eventId: bigint('event_id', { mode: 'number' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    paidAt: ts('paid_at'),
    fulfilledAt: ts('fulfilled_at'),
    refundedAt: ts('refunded_at'),
    personErasedAt: ts('person_erased_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.provider, t.providerOrderId)],
)

export const orderKeys = pgTable(
  'order_keys',
  {
    orderId: uuid('order_id').notNull(),
    licenseId: uuid('license_id').notNull().unique(),
    claimedAt: ts('claimed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.licenseId] })],
)

export const pendingRefunds = pgTable(
  'pending_refunds',
  {
    provider: text('provider').$type<PaymentProvider>().notNull(),
    ref: text('ref').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.ref] })],
)

export const paidPoolAlerts = pgTable('paid_pool_alerts', {
  model: text('model').$type<Model>().primaryKey(),
  alertedAt: ts('alerted_at').notNull().defaultNow(),
})

/**
 * One episode of an alert (migration 0160, alerts/): at most one open per kind and subject; the
 * webhook posts of its start and end are tracked here so any instance makes them, once.
 */
export const alertEpisodes = pgTable('alert_episodes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  kind: text('kind').notNull(),
  subject: text('subject').notNull().default(''),
  text: text('text').notNull(),
  startedAt: ts('started_at').notNull().defaultNow(),
  endedAt: ts('ended_at'),
  resolvedText: text('resolved_text'),
  firingPostedAt: ts('firing_posted_at'),
  resolvedPostedAt: ts('resolved_posted_at'),
  postAttempts: integer('post_attempts').notNull().default(0),
  nextPostAt: ts('next_post_at').notNull().defaultNow(),
  postError: text('post_error'),
})

export type AlertEpisodeRow = typeof alertEpisodes.$inferSelect

/** NOTIFY_SALES: the orders the operator was told about (migration 0160). */
export const saleNotices = pgTable('sale_notices', {
  orderId: uuid('order_id').primaryKey(),
  noticedAt: ts('noticed_at').notNull().defaultNow(),
})

export type WebhookEventRow = typeof webhookEvents.$inferSelect
export type OrderRow = typeof orders.$inferSelect
/** Addresses a receiving server refused permanently; reminders and notices skip them. */
export const mailSuppressions = pgTable('mail_suppressions', {
  emailCanonical: text('email_canonical').primaryKey(),
  email: text('email').notNull(),
  reason: text('reason').notNull(),
  suppressedAt: ts('suppressed_at').notNull().defaultNow(),
})

export type ReminderStatus = 'pending' | 'sent' | 'skipped'

/** One trial reminder: a key and an offset before its trial's end (TRIAL_REMINDERS). */
export const trialReminders = pgTable(
  'trial_reminders',
  {
    licenseId: uuid('license_id').notNull(),
    offsetDays: integer('offset_days').notNull(),
    submissionId: uuid('submission_id').notNull(),
    model: text('model').$type<Model>().notNull(),
    endsAt: ts('ends_at').notNull(),
    dueAt: ts('due_at').notNull(),
    status: text('status').$type<ReminderStatus>().notNull().default('pending'),
    skipReason: text('skip_reason'),
    outboxId: uuid('outbox_id'),
    stopTokenHash: text('stop_token_hash'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.licenseId, table.offsetDays] })],
)

/** Replaced by trialReminderScans; kept for an older instance during a rolling deploy. */
export const trialReminderScan = pgTable('trial_reminder_scan', {
  id: integer('id').primaryKey(),
  scannedTo: ts('scanned_to').notNull(),
})

/**
 * How far each reminder offset (days before a trial's end) has read licenses.assigned_at; null
 * until its first scan.
 */
export const trialReminderScans = pgTable('trial_reminder_scans', {
  offsetDays: integer('offset_days').primaryKey(),
  scannedTo: ts('scanned_to'),
})

/** The cookieless funnel's page views: one row per day and key, nothing about a person. */
export const pageViewCounts = pgTable(
  'page_view_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    path: text('path').notNull(),
    referrerHost: text('referrer_host').notNull().default(''),
    utmSource: text('utm_source').notNull().default(''),
    utmMedium: text('utm_medium').notNull().default(''),
    utmCampaign: text('utm_campaign').notNull().default(''),
    /** Reached from outside the site (a visit), not from another of its pages. */
    entry: boolean('entry').notNull().default(true),
    views: integer('views').notNull(),
  },
  (table) => [
    primaryKey({
      columns: [
        table.day,
        table.path,
        table.referrerHost,
        table.utmSource,
        table.utmMedium,
        table.utmCampaign,
        table.entry,
      ],
    }),
  ],
)
