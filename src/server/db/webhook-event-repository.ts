/**
 * Data access for webhook_events: the payment providers' verified events, one row per provider
 * and event id, and the queue the orders worker takes them from (claimed with SKIP LOCKED and a
 * lease, as the mail outbox is; docs/architecture.md "An order").
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import { queryRows, type Db } from './client.ts'
import { webhookEvents, type PaymentProvider, type WebhookEventRow } from './schema.ts'

interface NewWebhookEvent {
  provider: PaymentProvider
  eventId: string
  eventType: string
  payload: Record<string, unknown>
}

/** Stores an event once; false when this (provider, event id) was stored before (a replay). */
export async function insertWebhookEvent(db: Db, event: NewWebhookEvent): Promise<boolean> {
  const rows = await db
    .insert(webhookEvents)
    .values(event)
    .onConflictDoNothing({ target: [webhookEvents.provider, webhookEvents.eventId] })
    .returning({ id: webhookEvents.id })
  return rows.length > 0
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
 * Locks an event for processing inside the caller's transaction; null when another worker has
 * processed it meanwhile. The row lock makes processing exactly once even if a lease lapsed.
 */
export async function lockUnprocessedEvent(tx: Db, id: number): Promise<WebhookEventRow | null> {
  const [row] = await tx
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.id, id), isNull(webhookEvents.processedAt)))
    .for('update')
  return row ?? null
}

export async function markEventProcessed(
  tx: Db,
  id: number,
  outcome: 'done' | 'ignored',
): Promise<void> {
  await tx
    .update(webhookEvents)
    .set({ outcome, processedAt: sql`now()`, lockedUntil: null, lastError: null })
    .where(eq(webhookEvents.id, id))
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
    sql`update webhook_events set payload = '{}'::jsonb
        where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) returning id`,
  )
  return rows.length
}
