/**
 * Data access for trial_reminders (TRIAL_REMINDERS): the schedule, one row per trial key and
 * offset, written by a scan of the keys handed out since the last scan, and claimed like the
 * outbox (FOR UPDATE SKIP LOCKED) so any number of instances send each reminder once. Every
 * statement takes the time as a parameter: the scheduler passes the clock, tests move it.
 */
import { sql, type SQL } from 'drizzle-orm'
import type { Model } from '#src/common/models.ts'
import { queryRows, type Db } from './client.ts'

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

/** How far back a first scan looks: trials still running, plus a day of grace. */
const FIRST_SCAN_DAYS = 11
/** Re-read this much before the last scan's end: a key's transaction may commit late. */
const SCAN_OVERLAP = '10 minutes'

/**
 * Writes the schedule rows of keys handed out since the last scan (at most `until`), for each
 * offset: due at 00:00 UTC of the day `offset` days before the trial's end (validDays after
 * the key was assigned). Returns how many rows were added.
 */
export async function scheduleReminders(
  db: Db,
  offsets: readonly number[],
  validDays: number,
  until: Date,
): Promise<number> {
  if (offsets.length === 0) return 0
  return db.transaction(async (tx) => {
    // The upsert locks the row: one scanner at a time; the next finds the watermark moved.
    const [state] = await queryRows<{ scanned_to: Date | null }>(
      tx,
      sql`insert into trial_reminder_scan (id, scanned_to)
            values (1, ${until}::timestamptz - make_interval(days => ${FIRST_SCAN_DAYS}))
          on conflict (id) do update set scanned_to = trial_reminder_scan.scanned_to
          returning scanned_to`,
    )
    const from = state!.scanned_to
    const added = await queryRows<{ n: number }>(
      tx,
      sql`with added as (
            insert into trial_reminders
              (license_id, offset_days, submission_id, model, ends_at, due_at)
            select * from (
              select l.id, o.d, l.submission_id, l.model,
                     l.assigned_at + make_interval(days => ${validDays}) as ends_at,
                     date_trunc('day', (l.assigned_at + make_interval(days => ${validDays} - o.d))
                       at time zone 'UTC') at time zone 'UTC' as due_at
                from licenses l
                cross join unnest(${sql.raw(`array[${offsets.map(Number).join(',')}]::int[]`)}) as o(d)
               where l.status = 'assigned' and l.submission_id is not null
                 and l.assigned_at > ${from}::timestamptz - interval '${sql.raw(SCAN_OVERLAP)}'
                 and l.assigned_at <= ${until}) as k
             -- Already stale when first seen (keys handed out before an upgrade): never due.
             where k.due_at > ${until}::timestamptz - interval '1 day'
            on conflict do nothing
            returning 1)
          select count(*)::int as n from added`,
    )
    await tx.execute(
      sql`update trial_reminder_scan set scanned_to = greatest(scanned_to, ${until}) where id = 1`,
    )
    return added[0]!.n
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
    sql`select r.license_id, r.offset_days, r.submission_id, r.model, r.ends_at, r.due_at,
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
          from trial_reminders r
          left join trial_submissions s on s.id = r.submission_id
          left join licenses l on l.id = r.license_id
         where r.status = 'pending' and r.due_at <= ${now}
         order by r.due_at
         limit ${limit}
         for update of r skip locked`,
  )
}

export async function markReminderSent(
  tx: Db,
  r: Pick<DueReminder, 'license_id' | 'offset_days'>,
  outboxId: string,
  stopTokenHash: string,
  now: Date,
): Promise<void> {
  await tx.execute(
    sql`update trial_reminders
           set status = 'sent', outbox_id = ${outboxId}, stop_token_hash = ${stopTokenHash},
               updated_at = ${now}
         where license_id = ${r.license_id} and offset_days = ${r.offset_days}`,
  )
}

export async function markReminderSkipped(
  tx: Db,
  r: Pick<DueReminder, 'license_id' | 'offset_days'>,
  reason: string,
  now: Date,
): Promise<void> {
  await tx.execute(
    sql`update trial_reminders set status = 'skipped', skip_reason = ${reason}, updated_at = ${now}
         where license_id = ${r.license_id} and offset_days = ${r.offset_days}`,
  )
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
