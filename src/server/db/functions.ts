/**
 * The server's one caller of the database functions in ./functions/ (docs/architecture.md,
 * "Database, migrations and functions"). Each is called with named parameters (`p_model =>
 * $1::text`), built from one declaration of its names and types, so no caller counts positions.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { Model } from '#src/common/models.ts'
import { queryPrepared, queryRows, type Db } from './client.ts'

/** A routine's parameters: each argument's name (camelCase of `p_<snake>`) and SQL type. */
type ParamTypes<Args> = { readonly [K in keyof Args]-?: string }

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/** `p_a => $1::text, p_b => $2::int`, numbering from 1. */
function namedPlaceholders<Args>(types: ParamTypes<Args>): string {
  return Object.entries<string>(types)
    .map(([name, type], i) => `p_${snake(name)} => $${i + 1}::${type}`)
    .join(', ')
}

function orderedValues<Args>(types: ParamTypes<Args>, args: Args): unknown[] {
  return Object.keys(types).map((name) => args[name as keyof Args] ?? null)
}

/** The same arguments as a drizzle fragment, for statements run inside a transaction. */
function namedArguments<Args>(types: ParamTypes<Args>, args: Args): SQL {
  return sql.join(
    Object.entries<string>(types).map(
      ([name, type]) =>
        sql`${sql.raw(`p_${snake(name)}`)} => ${args[name as keyof Args] ?? null}::${sql.raw(type)}`,
    ),
    sql`, `,
  )
}

/** One limit's hit, as add_rate_limit_hits and trial_request take it. */
export interface CounterHit {
  key: string
  windowStart: Date
  /** windowStart plus two windows: the live window's count is read through the next one. */
  expiresAt: Date
  /** The limit's count. */
  count: number
  /** The share of the previous window that still overlaps the last window's length. */
  previousWeight: number
}

interface CounterArgs {
  keys: string[]
  windowStarts: string[]
  expiresAt: string[]
  limits: number[]
  previousWeights: number[]
}

const COUNTER_TYPES: ParamTypes<CounterArgs> = {
  keys: 'text[]',
  windowStarts: 'timestamptz[]',
  expiresAt: 'timestamptz[]',
  limits: 'int[]',
  previousWeights: 'float8[]',
}

function counterArgs(hits: readonly CounterHit[]): CounterArgs {
  return {
    keys: hits.map((h) => h.key),
    windowStarts: hits.map((h) => h.windowStart.toISOString()),
    expiresAt: hits.map((h) => h.expiresAt.toISOString()),
    limits: hits.map((h) => h.count),
    previousWeights: hits.map((h) => h.previousWeight),
  }
}

/**
 * One hit for each key, counted and judged in one prepared statement (functions/
 * add_rate_limit_hits.sql). It commits without waiting for the disk (synchronous_commit off for
 * its own transaction only): every request of one client bumps the same row, whose lock lasts
 * until commit, and a busy address must not queue everyone behind fsync (decision 9). A crash
 * may forget the last few hits, which no limit needs. Resolves to the 1-based position of the
 * first hit over its limit, or null.
 */
const ADD_HITS = {
  name: 'rate-limit-add-hits',
  text: `
    with async_commit as (select set_config('synchronous_commit', 'off', true))
    select add_rate_limit_hits(${namedPlaceholders(COUNTER_TYPES)}) as exceeded
    from async_commit`,
}

export async function addRateLimitHits(
  db: Db,
  hits: readonly CounterHit[],
): Promise<number | null> {
  const [row] = await queryPrepared<{ exceeded: number | null }>(
    db,
    ADD_HITS,
    orderedValues(COUNTER_TYPES, counterArgs(hits)),
  )
  return row?.exceeded ?? null
}

/** A new trial submission, as submit_trial stores it. */
export interface TrialSubmissionArgs {
  id: string
  firstName: string
  lastName: string
  email: string
  emailCanonical: string
  model: Model
  source: string
  tokenHash: string
  ipHash: string
  userAgent: string | null
  termsVersion: string
  validDays: number
  messageIdDomain: string
  /** CLAIM_BREAKER's windows: each one's count and length; both null when it is off. */
  breakerCounts: number[] | null
  breakerSeconds: number[] | null
}

const SUBMISSION_TYPES: ParamTypes<TrialSubmissionArgs> = {
  id: 'uuid',
  firstName: 'text',
  lastName: 'text',
  email: 'text',
  emailCanonical: 'text',
  model: 'text',
  source: 'text',
  tokenHash: 'text',
  ipHash: 'text',
  userAgent: 'text',
  termsVersion: 'text',
  validDays: 'int',
  messageIdDomain: 'text',
  breakerCounts: 'int[]',
  breakerSeconds: 'float8[]',
}

const TRIAL_REQUEST_TYPES: ParamTypes<CounterArgs & TrialSubmissionArgs> = {
  ...COUNTER_TYPES,
  ...SUBMISSION_TYPES,
}

const TRIAL_REQUEST = {
  name: 'trial-request',
  text: `call trial_request(${namedPlaceholders(TRIAL_REQUEST_TYPES)})`,
}

type TrialOutcome = 'claimed' | 'resent' | 'waitlist' | 'breaker'

interface TrialRequestResult {
  exceeded: number | null
  outcome: TrialOutcome | null
  claims: number | null
  /** With outcome 'breaker': the 1-based window of CLAIM_BREAKER that tripped. */
  breaker_window: number | null
}

/**
 * A trial request in one round trip (functions/trial_request.sql): the hits are counted and
 * committed first; `exceeded` is the 1-based position of the first hit over its limit, and then
 * nothing else was done (outcome and claims null). Runs on the database, never in a transaction.
 */
export async function callTrialRequest(
  db: Db,
  hits: readonly CounterHit[],
  submission: TrialSubmissionArgs,
): Promise<TrialRequestResult> {
  const [row] = await queryPrepared<TrialRequestResult>(
    db,
    TRIAL_REQUEST,
    orderedValues(TRIAL_REQUEST_TYPES, { ...counterArgs(hits), ...submission }),
  )
  if (!row) throw new Error('trial_request returned no row')
  return row
}

/**
 * The model's keys claimed within each of the breaker's windows: the first window that reached
 * its threshold (1-based) with its count, or null with the first window's count, and then an
 * open episode ends.
 */
export async function breakerClaims(
  db: Db,
  args: { model: Model; seconds: number[]; thresholds: number[] },
): Promise<{ claims: number; tripped: number | null }> {
  const [row] = await queryRows<{ claims: number; tripped: number | null }>(
    db,
    // Arrays as Postgres array literals: drizzle would spread a JS array into a list.
    sql`select * from breaker_claims(${namedArguments(
      { model: 'text', seconds: 'float8[]', thresholds: 'int[]' },
      {
        model: args.model,
        seconds: `{${args.seconds.join(',')}}`,
        thresholds: `{${args.thresholds.join(',')}}`,
      },
    )})`,
  )
  return {
    claims: Number(row?.claims ?? 0),
    tripped: row?.tripped === null || row?.tripped === undefined ? null : Number(row.tripped),
  }
}

/** One request per address and model at a time, until the transaction ends. */
export async function lockTrialAddress(
  tx: Db,
  args: { model: Model; emailCanonical: string },
): Promise<void> {
  await tx.execute(
    sql`select lock_trial_address(${namedArguments({ model: 'text', emailCanonical: 'text' }, args)})`,
  )
}

/** A key taken from the pool. */
interface ClaimedLicense {
  id: string
  activationKey: string
}

/** Takes one available key of the model for the submission, or null when the pool is empty. */
export async function claimLicense(
  tx: Db,
  args: { model: Model; submissionId: string },
): Promise<ClaimedLicense | null> {
  const [row] = await queryRows<{ id: string | null; activation_key: string | null }>(
    tx,
    sql`select * from claim_license(${namedArguments({ model: 'text', submissionId: 'uuid' }, args)})`,
  )
  return row?.id && row.activation_key ? { id: row.id, activationKey: row.activation_key } : null
}

/**
 * Takes an order's keys from its model's paid pool, all or none, records them and marks the
 * order fulfilled (functions/claim_order_keys.sql); the keys in import order and the moment,
 * or null when the pool holds fewer than the order needs.
 */
export async function claimOrderKeys(
  tx: Db,
  args: { orderId: string; model: Model; quantity: number },
): Promise<{ keys: string[]; fulfilledAt: Date } | null> {
  const rows = await queryRows<{ activation_key: string; fulfilled_at: Date | string }>(
    tx,
    sql`select * from claim_order_keys(${namedArguments({ orderId: 'uuid', model: 'text', quantity: 'int' }, args)})`,
  )
  if (rows.length === 0) return null
  return { keys: rows.map((r) => r.activation_key), fulfilledAt: new Date(rows[0]!.fulfilled_at) }
}

/** A new order's row as record_paid_order reads it (columns by their SQL names). */
interface PaidOrderRecord {
  id: string
  provider: string
  provider_order_id: string
  payment_ref: string | null
  name: string | null
  email: string | null
  email_canonical: string | null
  model: Model | null
  product_ref: string | null
  quantity: number
  amount_minor: number | null
  currency: string | null
  reference: string
  paid_at: string | null
}

/** What record_paid_order did; 'settle': nothing, the general path's turn. */
export type PaidOrderOutcome =
  { outcome: 'taken' | 'replay' | 'settle' } | { outcome: 'fulfilled'; fulfilledAt: Date }

/**
 * A paid event's usual case (a new order of a known model, its keys in the pool) in one
 * statement, outside any transaction: event marked, order recorded, keys claimed, key e-mail
 * queued, all or none (functions/record_paid_order.sql).
 */
interface RecordPaidOrderArgs {
  eventId: number
  order: PaidOrderRecord
  refs: string[]
  mailTo: string | null
  mailPayload: Record<string, unknown>
  messageIdDomain: string
}

/** The same with the JSON arguments as text, as the statement takes them. */
type RecordPaidOrderValues = Omit<RecordPaidOrderArgs, 'order' | 'mailPayload'> & {
  order: string
  mailPayload: string
}

const RECORD_PAID_ORDER_TYPES: ParamTypes<RecordPaidOrderValues> = {
  eventId: 'bigint',
  order: 'jsonb',
  refs: 'text[]',
  mailTo: 'text',
  mailPayload: 'jsonb',
  messageIdDomain: 'text',
}

const RECORD_PAID_ORDER = {
  name: 'record_paid_order',
  text: `select * from record_paid_order(${namedPlaceholders(RECORD_PAID_ORDER_TYPES)})`,
}

/**
 * A paid event's usual case (a new order of a known model, its keys in the pool) in one
 * prepared statement, outside any transaction: event marked, order recorded, keys claimed, key
 * e-mail queued, all or none (functions/record_paid_order.sql).
 */
export async function recordPaidOrder(
  db: Db,
  args: RecordPaidOrderArgs,
): Promise<PaidOrderOutcome> {
  const [row] = await queryPrepared<{
    outcome: PaidOrderOutcome['outcome']
    fulfilled_at: Date | string | null
  }>(
    db,
    RECORD_PAID_ORDER,
    orderedValues(RECORD_PAID_ORDER_TYPES, {
      ...args,
      order: JSON.stringify(args.order),
      mailPayload: JSON.stringify(args.mailPayload),
    }),
  )
  if (!row) throw new Error('record_paid_order returned no row')
  if (row.outcome === 'fulfilled')
    return { outcome: 'fulfilled', fulfilledAt: new Date(row.fulfilled_at!) }
  return { outcome: row.outcome }
}

export async function hasAvailableLicense(db: Db, model: Model): Promise<boolean> {
  const [row] = await queryRows<{ available: boolean }>(
    db,
    sql`select has_available_license(p_model => ${model}::text) as available`,
  )
  return Boolean(row?.available)
}

/** The owner a valid key was given to, for handing it over again to the same mailbox. */
interface ValidLicense {
  licenseId: string
  activationKey: string
  model: Model
  submissionId: string
  email: string
  firstName: string
  lastName: string
}

/** The newest key of this canonical address and model still valid, with its owner. */
export async function findValidLicense(
  db: Db,
  args: { emailCanonical: string; model: Model; validDays: number },
): Promise<ValidLicense | null> {
  const [row] = await queryRows<{
    license_id: string
    activation_key: string
    submission_id: string
    email: string
    first_name: string
    last_name: string
  }>(
    db,
    sql`select * from find_valid_license(${namedArguments({ emailCanonical: 'text', model: 'text', validDays: 'int' }, args)})`,
  )
  if (!row) return null
  return {
    licenseId: row.license_id,
    activationKey: row.activation_key,
    model: args.model,
    submissionId: row.submission_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
  }
}

interface MailArgs {
  kind: string
  to: string
  payload: Record<string, unknown>
  submissionId: string | null
  messageIdDomain: string
}

/** Queues a message with its stable Message-ID; returns the outbox row's id and that. */
export async function enqueueMailRow(
  tx: Db,
  args: MailArgs,
): Promise<{ id: string; messageId: string }> {
  const [row] = await queryRows<{ id: string; message_id: string }>(
    tx,
    sql`select * from enqueue_mail(${namedArguments(
      { kind: 'text', to: 'text', payload: 'jsonb', submissionId: 'uuid', messageIdDomain: 'text' },
      { ...args, payload: JSON.stringify(args.payload) },
    )})`,
  )
  return { id: row!.id, messageId: row!.message_id }
}

/** One claimed trial reminder to queue, as functions/queue_trial_reminders.sql reads it. */
export interface ReminderMail {
  license_id: string
  offset_days: number
  to: string
  payload: Record<string, unknown>
  submission_id: string
  stop_token_hash: string
}

/**
 * Queues claimed reminders' e-mails (each with its stable Message-ID) and marks them sent, in
 * one statement (functions/queue_trial_reminders.sql); returns how many.
 */
export async function queueTrialReminders(
  tx: Db,
  args: { reminders: readonly ReminderMail[]; messageIdDomain: string; now: Date },
): Promise<number> {
  if (args.reminders.length === 0) return 0
  const [row] = await queryRows<{ queued: number }>(
    tx,
    sql`select queue_trial_reminders(${namedArguments(
      { reminders: 'jsonb', messageIdDomain: 'text', now: 'timestamptz' },
      { ...args, reminders: JSON.stringify(args.reminders), now: args.now.toISOString() },
    )}) as queued`,
  )
  return Number(row?.queued ?? 0)
}

interface TrialMailArgs {
  to: string
  firstName: string
  lastName: string
  model: Model
  activationKey: string
  /** The key was handed over before: this is the same key again. */
  resend: boolean
  submissionId: string
  messageIdDomain: string
}

/** Queues the trial key e-mail, whose payload only the database function builds. */
export async function enqueueTrialMail(tx: Db, args: TrialMailArgs): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select enqueue_trial_mail(${namedArguments(
      {
        to: 'text',
        firstName: 'text',
        lastName: 'text',
        model: 'text',
        activationKey: 'text',
        resend: 'boolean',
        submissionId: 'uuid',
        messageIdDomain: 'text',
      },
      args,
    )}) as id`,
  )
  return row!.id
}

interface KeyResendArgs {
  /** Null stores nothing (a disposable address). */
  emailCanonical: string | null
  models: Model[]
}

const KEY_RESEND_REQUEST_TYPES: ParamTypes<CounterArgs & KeyResendArgs> = {
  ...COUNTER_TYPES,
  emailCanonical: 'text',
  models: 'text[]',
}

const KEY_RESEND_REQUEST = {
  name: 'key-resend-request',
  text: `call key_resend_request(${namedPlaceholders(KEY_RESEND_REQUEST_TYPES)})`,
}

/**
 * A key resend in one round trip (functions/key_resend_request.sql): the hits are counted, then
 * unless one is over its limit the request is stored for the worker. Resolves to the 1-based
 * position of the first hit over its limit, or null. Runs on the database, never in a transaction.
 */
export async function callKeyResendRequest(
  db: Db,
  hits: readonly CounterHit[],
  request: KeyResendArgs,
): Promise<number | null> {
  const [row] = await queryPrepared<{ exceeded: number | null }>(
    db,
    KEY_RESEND_REQUEST,
    orderedValues(KEY_RESEND_REQUEST_TYPES, { ...counterArgs(hits), ...request }),
  )
  return row?.exceeded ?? null
}

/**
 * The worker's half of waiting key resends (functions/run_key_resends.sql): looks up each
 * address's valid keys and queues their e-mails; returns how many it queued.
 */
export async function runKeyResends(
  db: Db,
  args: { batch: number; validDays: number; messageIdDomain: string },
): Promise<number> {
  const [row] = await queryRows<{ queued: number }>(
    db,
    // Durable even on the mail thread's connections, which commit without waiting for the disk:
    // the requests are deleted in this transaction, so their e-mails must survive a crash.
    sql`with durable as (select set_config('synchronous_commit', 'on', true))
        select run_key_resends(${namedArguments({ batch: 'int', validDays: 'int', messageIdDomain: 'text' }, args)}) as queued
        from durable`,
  )
  return Number(row?.queued ?? 0)
}
