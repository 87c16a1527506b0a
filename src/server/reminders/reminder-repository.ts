/**
 * Data access for trial_reminders (TRIAL_REMINDERS): the schedule, one row per trial key and
 * offset, written shortly before it is due by a scan per offset of the keys handed out (how far
 * each has read is in trial_reminder_scans), and claimed like the
 * outbox (FOR UPDATE SKIP LOCKED) so any number of instances send each reminder once. Every
 * statement takes the time as a parameter: the scheduler passes the clock, tests move it.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { Model } from '#src/common/models.ts'
import { queryRows, type Db } from '../db/client.ts'

/**
 * No reminder once the address has a paid order for that model (docs/product.md, "From trial to
 * customer"): one SQL condition over the reminder `r` and its submission `s`. A refunded order
 * does not stop them; an order still waiting for its key does.
 */
function paidOrderForReminder(): SQL {
  return sql`exists (select 1 from orders o
               where o.email_canonical = s.email_canonical and o.model = r.model
                 and o.status in ('fulfilled', 'awaiting_key'))`
}

/** Re-read this much before the last scan's end: a key's transaction may commit late. */
const SCAN_OVERLAP = '10 minutes'

/**
 * Writes the schedule rows that come due within about a day, for each offset: a key's reminder
 * is due at 00:00 UTC of the day `offset` days before the trial's end (validDays after the key
 * was assigned). Each offset reads the keys assigned since its last scan, up to those whose
 * reminder is due by a day from `until` (so every row exists by the time it is due, and a pass
 * writes only the rows that came due since the last one, not two rows for every key handed out:
 * the first pass over 100,000 trials wrote 173,000 rows). An offset's first scan (after the
 * upgrade, or when TRIAL_REMINDERS gains it) reads only keys whose reminder is not yet stale; a
 * later scan that finds one already stale (the site was down) records it as skipped. Returns
 * how many rows it added pending and how many stale.
 */
export async function scheduleReminders(
  db: Db,
  offsets: readonly number[],
  validDays: number,
  until: Date,
): Promise<{ scheduled: number; stale: number }> {
  if (offsets.length === 0) return { scheduled: 0, stale: 0 }
  const days = sql.raw(`array[${offsets.map(Number).join(',')}]::int[]`)
  return db.transaction(async (tx) => {
    // The upsert locks each offset's row, in one order: one scanner at a time; the next finds
    // the watermarks moved.
    const scans = await queryRows<{ offset_days: number; scanned_to: Date | null }>(
      tx,
      sql`insert into trial_reminder_scans (offset_days)
          select d from unnest(${days}) as d order by d
          on conflict (offset_days) do update set scanned_to = trial_reminder_scans.scanned_to
          returning offset_days, scanned_to`,
    )
    const totals = { scheduled: 0, stale: 0 }
    // One statement per offset, its bounds constants, so it reads licenses along their
    // assigned_at index instead of scanning them all.
    for (const { offset_days: d, scanned_to: scannedTo } of scans) {
      const first = scannedTo === null
      const to = sql`least(${until}::timestamptz,
                           ${until}::timestamptz + make_interval(days => ${1 + d - validDays}))`
      const from = first
        ? sql`${until}::timestamptz - make_interval(days => ${validDays - d + 1})`
        : sql`${scannedTo}::timestamptz - interval '${sql.raw(SCAN_OVERLAP)}'`
      const [added] = await queryRows<{ scheduled: number; stale: number }>(
        tx,
        sql`with keys as (
              select l.id, l.submission_id, l.model,
                     l.assigned_at + make_interval(days => ${validDays}) as ends_at,
                     date_trunc('day', (l.assigned_at + make_interval(days => ${validDays - d}))
                       at time zone 'UTC') at time zone 'UTC' as due_at
                from licenses l
               where l.assigned_at > ${from} and l.assigned_at <= ${to}
                 and l.status = 'assigned' and l.submission_id is not null
            ), marked as (
              select k.*, k.due_at <= ${until}::timestamptz - interval '1 day' as stale from keys k
            ), added as (
              insert into trial_reminders (license_id, offset_days, submission_id, model, ends_at,
                                           due_at, status, skip_reason, updated_at)
              select id, ${d}::int, submission_id, model, ends_at, due_at,
                     case when stale then 'skipped' else 'pending' end,
                     case when stale then 'stale' end, ${until}
                from marked
               -- Already stale at the offset's first scan (keys handed out before the upgrade):
               -- never due, and nothing to record.
               where not (stale and ${first}::boolean)
              on conflict do nothing
              returning status)
            select (count(*) filter (where status = 'pending'))::int as scheduled,
                   (count(*) filter (where status = 'skipped'))::int as stale
              from added`,
      )
      await tx.execute(
        sql`update trial_reminder_scans set scanned_to = greatest(scanned_to, ${to})
             where offset_days = ${d}`,
      )
      totals.scheduled += added!.scheduled
      totals.stale += added!.stale
    }
    return totals
  })
}

interface DueReminder {
  license_id: string
  offset_days: number
  submission_id: string
  model: Model
  ends_at: Date
  due_at: Date
  email: string | null
  email_canonical: string | null
  first_name: string | null
  last_name: string | null
  /** Why it must not go out, or null to send it. */
  skip: 'gone' | 'stopped' | 'suppressed' | 'paid' | 'stale' | null
}

/**
 * Claims up to `limit` due reminders (their rows stay locked until the caller's transaction
 * ends, and others skip them), each with why it must not be sent, if so: its trial or key is
 * gone, the visitor stopped reminders, the address is suppressed, it has a paid order for the
 * model, or its moment passed a day or more ago (the site was down).
 */
export async function claimDueReminders(tx: Db, now: Date, limit: number): Promise<DueReminder[]> {
  return queryRows<DueReminder>(
    tx,
    // The due rows are taken first and only they are looked up, one at a time along the keys
    // (offset 0 keeps the planner from making them joins that read whole tables when its
    // estimates are off). Joining every due row and sorting them to keep the first `limit` made
    // each claim read all that were due: 0.4 s a claim with 17,000 due after a long downtime.
    sql`with due as (
          select * from trial_reminders
           where status = 'pending' and due_at <= ${now}
           order by due_at
           limit ${limit}
           for update skip locked)
        select r.license_id, r.offset_days, r.submission_id, r.model, r.ends_at, r.due_at,
               s.email, s.email_canonical, s.first_name, s.last_name,
               case
                 when s.id is null or l.id is null or l.status <> 'assigned'
                      or l.submission_id is distinct from r.submission_id then 'gone'
                 when s.reminders_stopped_at is not null then 'stopped'
                 when exists (select 1 from mail_suppressions m
                               where m.email_canonical = s.email_canonical) then 'suppressed'
                 when ${paidOrderForReminder()} then 'paid'
                 when r.due_at <= ${now}::timestamptz - interval '1 day' then 'stale'
               end as skip
          from due r
          left join lateral (select * from trial_submissions s
                              where s.id = r.submission_id offset 0) s on true
          left join lateral (select * from licenses l where l.id = r.license_id offset 0) l on true
         order by r.due_at`,
  )
}

/** Marks claimed reminders skipped, each with its reason, in one statement. */
export async function markRemindersSkipped(
  tx: Db,
  skipped: readonly { license_id: string; offset_days: number; reason: string }[],
  now: Date,
): Promise<void> {
  if (skipped.length === 0) return
  await tx.execute(
    sql`update trial_reminders r set status = 'skipped', skip_reason = x.reason, updated_at = ${now}
          from jsonb_to_recordset(${JSON.stringify(skipped)}::jsonb)
               as x(license_id uuid, offset_days integer, reason text)
         where r.license_id = x.license_id and r.offset_days = x.offset_days
           and r.status = 'pending'`,
  )
}

/** A claimed reminder to mark sent, with the outbox row its e-mail will be. */
export interface SentReminder {
  license_id: string
  offset_days: number
  outbox_id: string
  stop_token_hash: string
}

/**
 * Marks claimed reminders sent, each with its e-mail's outbox id and its stop token's hash, in
 * one statement; returns the outbox ids of those it moved from pending to sent. Only those get
 * their e-mail, so even a caller that did not lock its claim cannot queue one twice.
 */
export async function markRemindersSent(
  tx: Db,
  sent: readonly SentReminder[],
  now: Date,
): Promise<Set<string>> {
  if (sent.length === 0) return new Set()
  const rows = await queryRows<{ outbox_id: string }>(
    tx,
    sql`update trial_reminders r
           set status = 'sent', outbox_id = x.outbox_id, stop_token_hash = x.stop_token_hash,
               updated_at = ${now}
          from jsonb_to_recordset(${JSON.stringify(sent)}::jsonb)
               as x(license_id uuid, offset_days integer, outbox_id uuid, stop_token_hash text)
         where r.license_id = x.license_id and r.offset_days = x.offset_days
           and r.status = 'pending'
        returning x.outbox_id`,
  )
  return new Set(rows.map((r) => r.outbox_id))
}

/**
 * The one-click stop: the trial whose reminder carried this token gets no more reminders.
 * True when the token was known (stopping twice is fine and still true).
 */
export async function stopRemindersByToken(db: Db, tokenHash: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update trial_submissions set reminders_stopped_at = coalesce(reminders_stopped_at, now())
         where id = (select submission_id from trial_reminders where stop_token_hash = ${tokenHash})
        returning id`,
  )
  return rows.length > 0
}

/**
 * Refreshes the planner's statistics of trial_reminders, after a pass wrote many rows at once
 * (the first pass on a database with many trials, or after a downtime): without them it
 * estimates a handful of due rows and has each claim read and sort all of them rather than
 * take the first along the due index (34 claims of 17,000 due rows: 4 s on the embedded
 * database, which never analyzes by itself; Postgres's autovacuum would, minutes later).
 */
export async function analyzeReminders(db: Db): Promise<void> {
  await db.execute(sql`analyze trial_reminders`)
}

/** Marks every pending reminder whose moment passed a day or more ago as skipped, at once. */
export async function skipStaleReminders(db: Db, now: Date): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with skipped as (
          update trial_reminders set status = 'skipped', skip_reason = 'stale', updated_at = ${now}
           where status = 'pending' and due_at <= ${now}::timestamptz - interval '1 day'
          returning 1)
        select count(*)::int as n from skipped`,
  )
  return rows[0]!.n
}
