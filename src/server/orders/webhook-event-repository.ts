/**
 * Data access for webhook_events: the payment providers' verified events, one row per provider
 * and event id, and the queue the orders worker takes them from (claimed with SKIP LOCKED and a
 * lease, as the mail outbox is; docs/architecture.md "An order").
 */
import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { queryPrepared, queryRows, type Db } from '../db/client.ts'
import { webhookEvents, type PaymentProvider, type WebhookEventRow } from '../db/schema.ts'

export interface NewWebhookEvent {
  provider: PaymentProvider
  eventId: string
  eventType: string
  payload: Record<string, unknown>
}

const INSERT_EVENTS = {
  name: 'insert_webhook_events',
  text: `insert into webhook_events (provider, event_id, event_type, payload)
         select e.provider, e.event_id, e.event_type, e.payload
         from jsonb_to_recordset($1::jsonb) as e(provider text, event_id text, event_type text, payload jsonb)
         on conflict (provider, event_id) do nothing
         returning provider, event_id`,
}

/**
 * Stores events in one statement, each once per (provider, event id); for each, in order, true
 * when stored now and false when it was stored before (a replay, or an earlier one of the same
 * event in this call).
 */
export async function insertWebhookEvents(
  db: Db,
  events: readonly NewWebhookEvent[],
): Promise<boolean[]> {
  const rows = await queryPrepared<{ provider: string; event_id: string }>(db, INSERT_EVENTS, [
    JSON.stringify(
      events.map((e) => ({
        provider: e.provider,
        event_id: e.eventId,
        event_type: e.eventType,
        payload: e.payload,
      })),
    ),
  ])
  const stored = new Set(rows.map((r) => JSON.stringify([r.provider, r.event_id])))
  return events.map((e) => stored.delete(JSON.stringify([e.provider, e.eventId])))
}

/** A delivery whose body the database cannot keep as JSON, kept as its bytes. */
interface UnreadableWebhookEvent {
  provider: PaymentProvider
  eventId: string
  eventType: string
  rawBody: Uint8Array
  /** Why it could not be read, for the operator. */
  reason: string
}

/**
 * Stores an unreadable delivery once per (provider, event id), processed as it arrives so no
 * orders worker (this release's or the previous one's) ever takes it. True when stored now,
 * false when it was stored before.
 */
export async function insertUnreadableWebhookEvent(
  tx: Db,
  event: UnreadableWebhookEvent,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into webhook_events
          (provider, event_id, event_type, payload, raw_body, unreadable, outcome, processed_at)
        values (${event.provider}, ${event.eventId}, ${event.eventType}, '{}'::jsonb,
          decode(${Buffer.from(event.rawBody).toString('hex')}, 'hex'), ${event.reason},
          'ignored', now())
        on conflict (provider, event_id) do nothing
        returning id`,
  )
  return rows.length > 0
}

/** What the operator is shown of an unreadable event (never its body: it may name the buyer). */
export interface UnreadableEventListing {
  id: number
  provider: PaymentProvider
  eventId: string
  eventType: string
  reason: string
  bytes: number
  receivedAt: Date
}

/** The unreadable events, newest first. */
export async function listUnreadableWebhookEvents(
  db: Db,
  limit = 100,
): Promise<UnreadableEventListing[]> {
  const rows = await queryRows<{
    id: number | string
    provider: PaymentProvider
    event_id: string
    event_type: string
    unreadable: string
    bytes: number | string | null
    received_at: string | Date
  }>(
    db,
    sql`select id, provider, event_id, event_type, unreadable,
          octet_length(raw_body) as bytes, received_at
        from webhook_events where unreadable is not null
        order by received_at desc, id desc limit ${limit}`,
  )
  return rows.map((r) => ({
    id: Number(r.id),
    provider: r.provider,
    eventId: r.event_id,
    eventType: r.event_type,
    reason: r.unreadable,
    bytes: Number(r.bytes ?? 0),
    receivedAt: new Date(r.received_at),
  }))
}

/** Whether an unreadable event is still kept (its alert ends once the operator deleted it). */
export async function isUnreadableEventKept(
  db: Db,
  provider: string,
  eventId: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.provider, provider as PaymentProvider),
        eq(webhookEvents.eventId, eventId),
        isNotNull(webhookEvents.unreadable),
      ),
    )
  return rows.length > 0
}

/** One unreadable event with its body as received (for the operator who asked for it). */
export async function findUnreadableWebhookEvent(
  db: Db,
  id: number,
): Promise<(UnreadableEventListing & { body: Buffer }) | null> {
  const [row] = await db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.id, id), isNotNull(webhookEvents.unreadable)))
  if (!row) return null
  const body = Buffer.from(row.rawBody ?? new Uint8Array())
  return {
    id: Number(row.id),
    provider: row.provider,
    eventId: row.eventId,
    eventType: row.eventType,
    reason: row.unreadable ?? '',
    bytes: body.length,
    receivedAt: row.receivedAt,
    body,
  }
}

/** Deletes an unreadable event's row (never a readable one's); false when there is none. */
export async function deleteUnreadableWebhookEvent(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(webhookEvents)
    .where(and(eq(webhookEvents.id, id), isNotNull(webhookEvents.unreadable)))
    .returning({ id: webhookEvents.id })
  return rows.length > 0
}

/** How many events could not be read (the console's overview). */
export async function countUnreadableWebhookEvents(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhookEvents)
    .where(isNotNull(webhookEvents.unreadable))
  return Number(row?.n ?? 0)
}

/**
 * Takes up to `limit` unprocessed events that are due and not leased (or whose lease lapsed:
 * their worker died), oldest first, and leases them for leaseMs. SKIP LOCKED lets any number
 * of workers claim side by side without taking the same row.
 */
export async function claimDueWebhookEvents(
  db: Db,
  limit: number,
  leaseMs: number,
): Promise<WebhookEventRow[]> {
  return db
    .update(webhookEvents)
    .set({
      attempts: sql`${webhookEvents.attempts} + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
    })
    .where(
      sql`${webhookEvents.id} in (select id from webhook_events
            where processed_at is null and next_attempt_at <= now()
              and (locked_until is null or locked_until <= now())
            order by next_attempt_at, id limit ${limit} for update skip locked)`,
    )
    .returning()
}

/**
 * Marks an event processed inside the caller's transaction, before its work: the row lock
 * this takes makes processing exactly once even if a lease lapsed, and a failed transaction
 * leaves the event unprocessed. False when another worker has processed it meanwhile.
 */
export async function takeEventForProcessing(
  tx: Db,
  id: number,
  outcome: 'done' | 'ignored',
): Promise<boolean> {
  const rows = await tx
    .update(webhookEvents)
    .set({ outcome, processedAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(and(eq(webhookEvents.id, id), isNull(webhookEvents.processedAt)))
    .returning({ id: webhookEvents.id })
  return rows.length > 0
}

/** A failed attempt (Paddle's API down, the database gone): tried again at retryAt. */
export async function markEventFailed(
  db: Db,
  id: number,
  error: string,
  retryAt: Date,
): Promise<void> {
  await db
    .update(webhookEvents)
    .set({ lastError: error.slice(0, 2000), lockedUntil: null, nextAttemptAt: retryAt })
    .where(eq(webhookEvents.id, id))
}

/**
 * Makes every leased event due now. Only for the embedded database at start: PGlite admits one
 * process, so a lease held then belongs to a process that died.
 */
export async function releaseWebhookEventLeases(db: Db): Promise<number> {
  const rows = await db
    .update(webhookEvents)
    .set({ lockedUntil: null, nextAttemptAt: sql`now()` })
    .where(and(isNull(webhookEvents.processedAt), sql`${webhookEvents.lockedUntil} is not null`))
    .returning({ id: webhookEvents.id })
  return rows.length
}

export async function findWebhookEvent(db: Db, id: number): Promise<WebhookEventRow | null> {
  const [row] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, id))
  return row ?? null
}

/** A person's deletion: their orders' events keep their identity, not the body that named them. */
export async function clearEventPayloads(tx: Db, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update webhook_events set payload = '{}'::jsonb, raw_body = null
        where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) returning id`,
  )
  return rows.length
}

/** Stored events that failed at least once and are still not processed (webhook-failed). */
export async function countFailingWebhookEvents(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhookEvents)
    .where(and(isNull(webhookEvents.processedAt), isNotNull(webhookEvents.lastError)))
  return Number(row?.n ?? 0)
}
