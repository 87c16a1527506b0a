/** Data access for mail_outbox: one row per message to send (docs/architecture.md, "The outbox"). */
import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import { queryRows, type Db } from '../db/client.ts'
import { mailOutbox, type MailStatus, type OutboxRow } from '../db/schema.ts'

/**
 * trial: a key (new or again); waitlist: a notice; waitlist-joined: the confirmation on joining
 * it; confirm: the link a request past the claim
 * breaker must follow; breaker: the operator's alert; operator-sign-in: a console sign-in link;
 * purchase-request: an invoice request, to the operator; purchase-confirmation: its receipt;
 * order-keys, order-waiting, order-refunded: to a buyer about a paid order; order-alert: to the
 * operator about one.
 */
export type MailKind =
  | 'trial'
  | 'waitlist'
  | 'waitlist-joined'
  | 'confirm'
  | 'breaker'
  | 'low-supply'
  | 'operator-sign-in'
  | 'purchase-request'
  | 'purchase-confirmation'
  | 'order-keys'
  | 'order-waiting'
  | 'order-refunded'
  | 'order-alert'
  /** A notice before a trial ends (TRIAL_REMINDERS). */
  | 'trial-reminder'
  /** An alert's start or end, to the operator (alerts/alert-service.ts). */
  | 'alert'
  /** NOTIFY_SALES: a paid order, to the operator (orders/sale-notices.ts). */
  | 'sale-notice'

export interface NewMail {
  kind: MailKind
  to: string
  payload: Record<string, unknown>
  submissionId?: string | null
  /** The domain of the stable Message-ID (the sender's). */
  messageIdDomain: string
}

/** Queued rows, in one statement; ids and Message-IDs are the mail queue's (mail-queue.ts). */
export async function insertOutboxRows(
  tx: Db,
  mails: readonly (Omit<NewMail, 'messageIdDomain'> & { id: string; messageId: string })[],
): Promise<void> {
  if (mails.length === 0) return
  await tx.insert(mailOutbox).values(
    mails.map((m) => ({
      id: m.id,
      kind: m.kind,
      to: m.to,
      payload: m.payload,
      submissionId: m.submissionId ?? null,
      messageId: m.messageId,
    })),
  )
}

/**
 * Claims up to `limit` messages that are due, or whose sender vanished mid-send (lease
 * expired), and records the attempt before anything is sent (docs/architecture.md, "The outbox"). SKIP LOCKED lets
 * any number of workers claim side by side without taking the same row.
 *
 * The two kinds are looked up apart, each along its own index in the order it keeps, so a claim
 * reads the rows it takes and not the whole queue: one lookup for both (`... OR ...`) read and
 * sorted every due row on each claim, 3 ms at 6,000 queued and growing with the queue, so a
 * long queue (a burst of requests, SMTP down for an hour) drained more slowly the longer it was.
 * Expired leases (rows of a worker that died) go first: they have waited longest.
 */
export function claimDueMail(
  db: Db,
  limit: number,
  leaseMs: number,
  leaseOwner: string | null = null,
) {
  // The statement runs when awaited (its test reads the database's plan for it instead).
  const expired = db.$with('expired').as(
    db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.lockedUntil, sql`now()`)))
      .orderBy(asc(mailOutbox.lockedUntil))
      .limit(limit)
      .for('update', { skipLocked: true }),
  )
  const due = db.$with('due').as(
    db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          inArray(mailOutbox.status, ['pending', 'failed']),
          lte(mailOutbox.nextAttemptAt, sql`now()`),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true }),
  )
  return db
    .with(expired, due)
    .update(mailOutbox)
    .set({
      status: 'sending',
      attempts: sql`${mailOutbox.attempts} + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      leaseOwner,
      updatedAt: sql`now()`,
    })
    .where(
      inArray(
        mailOutbox.id,
        sql`(select id from (select id from ${expired} union all select id from ${due}) as picked limit ${limit})`,
      ),
    )
    .returning()
}

/**
 * Extends the lease of rows this worker is still sending (docs/product.md, "Trust under abuse": short leases, renewed
 * while sending), so a slow SMTP server never lets another worker take a message over, while a
 * crashed worker's rows come free within one short lease. Returns the ids renewed.
 */
export async function renewMailLeases(
  db: Db,
  ids: readonly string[],
  leaseOwner: string,
  leaseMs: number,
): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await db
    .update(mailOutbox)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where(
      and(
        inArray(mailOutbox.id, [...ids]),
        eq(mailOutbox.status, 'sending'),
        eq(mailOutbox.leaseOwner, leaseOwner),
      ),
    )
    .returning({ id: mailOutbox.id })
  return rows.map((r) => r.id)
}

/**
 * Makes every message still marked as being sent due now. Only for the embedded database at
 * start: PGlite admits one process, so a row leased then belongs to a process that died, and
 * its messages need not wait out the lease (docs/product.md, "Trust under abuse": out within 30 s of the restart).
 */
export async function releaseMailLeases(db: Db): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({ lockedUntil: sql`now()`, updatedAt: sql`now()` })
    .where(eq(mailOutbox.status, 'sending'))
    .returning({ id: mailOutbox.id })
  return rows.length
}

/**
 * A sent message's payload without the secrets it carried: a sign-in or confirmation link's
 * token is needed until the mail is sent, and must not sit in the table for the months the row
 * is kept (only the token's hash is what redeems it). Applied in the statement that marks it sent.
 */
const payloadWithoutSecrets = sql`${mailOutbox.payload} - 'token'`

/** Records messages as sent: one statement for all the ids a worker has sent since its last mark. */
export async function markMailSent(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return
  await db
    .update(mailOutbox)
    .set({
      status: 'sent',
      payload: payloadWithoutSecrets,
      sentAt: sql`now()`,
      lockedUntil: null,
      lastError: null,
      updatedAt: sql`now()`,
    })
    .where(inArray(mailOutbox.id, [...ids]))
}

/** A failed attempt: try again at retryAt, or never (dead) when retryAt is null. */
export async function markMailFailed(
  db: Db,
  id: string,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: retryAt ? 'failed' : 'dead',
      lastError: error.slice(0, 2000),
      lockedUntil: null,
      ...(retryAt ? { nextAttemptAt: retryAt } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(mailOutbox.id, id))
}

export async function countMailByStatus(db: Db): Promise<Record<MailStatus, number>> {
  const rows = await db
    .select({ status: mailOutbox.status, n: count() })
    .from(mailOutbox)
    .groupBy(mailOutbox.status)
  const counts: Record<MailStatus, number> = { pending: 0, sending: 0, sent: 0, failed: 0, dead: 0 }
  for (const row of rows) counts[row.status] = Number(row.n)
  return counts
}

/** Messages that are not sent yet or gave up, newest first, for the operator. */
export async function listUndeliveredMail(db: Db, limit: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['failed', 'dead', 'pending', 'sending']))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit)
}

/** Puts dead and failed messages back in the queue, due now, with a fresh attempt budget. */
export async function requeueMail(db: Db): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({
      status: 'pending',
      attempts: 0,
      nextAttemptAt: sql`now()`,
      lastError: null,
      updatedAt: sql`now()`,
    })
    .where(inArray(mailOutbox.status, ['dead', 'failed']))
    .returning({ id: mailOutbox.id })
  return rows.length
}

export async function listMail(db: Db): Promise<OutboxRow[]> {
  return db.select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt))
}

/**
 * Drops a submission's messages to `to` that have not gone out (pending, or waiting to retry):
 * after an address correction the old address gets nothing more. A message being sent this
 * instant cannot be called back. Returns how many were dropped.
 */
export async function dropUnsentMailTo(tx: Db, submissionId: string, to: string): Promise<number> {
  const rows = await tx
    .delete(mailOutbox)
    .where(
      and(
        eq(mailOutbox.submissionId, submissionId),
        eq(mailOutbox.to, to),
        inArray(mailOutbox.status, ['pending', 'failed']),
      ),
    )
    .returning({ id: mailOutbox.id })
  return rows.length
}

/** The last_error of a notice not sent because its address is suppressed (not a failure). */
export const SUPPRESSED_NOTICE = 'not sent: the address is on the suppression list'

interface MailHealth {
  /** Messages that failed and wait to retry (or are being retried). */
  failing: number
  /** The oldest of those was queued then; null when none fails. */
  failingSince: Date | null
  /** When a message last went out; null when none ever did. */
  lastSentAt: Date | null
  /** Messages that gave up within the last day (suppressed notices aside). */
  deadLastDay: number
  /** The newest failure's error (addresses masked by the worker), for the alert's text. */
  lastError: string | null
}

/** The outbox's health in one statement, for the mail alerts (alerts/alert-monitor.ts). */
export async function mailHealth(db: Db): Promise<MailHealth> {
  const [row] = await queryRows<{
    failing: number
    failing_since: string | Date | null
    last_sent_at: string | Date | null
    dead_last_day: number
    last_error: string | null
  }>(
    db,
    sql`select
          (select count(*)::int from mail_outbox
            where status = 'failed' or (status = 'sending' and last_error is not null)) as failing,
          (select min(created_at) from mail_outbox
            where status = 'failed' or (status = 'sending' and last_error is not null)) as failing_since,
          (select max(sent_at) from mail_outbox where sent_at is not null) as last_sent_at,
          (select count(*)::int from mail_outbox
            where status = 'dead' and updated_at > now() - interval '1 day'
              and coalesce(last_error, '') <> ${SUPPRESSED_NOTICE}) as dead_last_day,
          (select last_error from mail_outbox where status = 'failed'
            order by updated_at desc limit 1) as last_error`,
  )
  const date = (v: string | Date | null | undefined) => (v ? new Date(v) : null)
  return {
    failing: Number(row?.failing ?? 0),
    failingSince: date(row?.failing_since),
    lastSentAt: date(row?.last_sent_at),
    deadLastDay: Number(row?.dead_last_day ?? 0),
    lastError: row?.last_error ?? null,
  }
}

/**
 * Dead mail younger than a day, that died before the last successful send (so sending works
 * again), back in the queue with a fresh attempt budget; each message once, so one that dies for
 * a reason of its own is not retried forever. Returns how many.
 */
export async function requeueRecentDeadMail(db: Db): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update mail_outbox
        set status = 'pending', attempts = 0, next_attempt_at = now(), last_error = null,
            auto_retried_at = now(), updated_at = now()
        where status = 'dead' and auto_retried_at is null
          and created_at > now() - interval '1 day'
          and coalesce(last_error, '') <> ${SUPPRESSED_NOTICE}
          and updated_at < (select max(sent_at) from mail_outbox where sent_at is not null)
        returning id`,
  )
  return rows.length
}

/**
 * When every recent message is dead and nothing else is on its way, the newest one goes again:
 * without a send, nobody would learn that the relay is back (requeueRecentDeadMail waits for
 * one). Its own backoff paces these tries. Returns how many (0 or 1).
 */
export async function requeueDeadCanary(db: Db): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update mail_outbox
        set status = 'pending', attempts = 0, next_attempt_at = now(), updated_at = now()
        where id = (
            select id from mail_outbox
            where status = 'dead' and auto_retried_at is null
              and created_at > now() - interval '1 day'
              and coalesce(last_error, '') <> ${SUPPRESSED_NOTICE}
            order by updated_at desc
            limit 1)
          and not exists (
            select 1 from mail_outbox where status in ('pending', 'failed', 'sending'))
        returning id`,
  )
  return rows.length
}
