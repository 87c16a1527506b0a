/**
 * The statements of retention and of a person's deletion request (privacy/retention.ts says
 * which run when): rows past their retention period, and every row that names a person. Each
 * runs inside the caller's transaction.
 */
import { sql } from 'drizzle-orm'
import { deleteCounted, periodBefore, queryRows, type Db } from '../db/client.ts'

const uuids = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )
const texts = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )

/** Removes the given submissions with their e-mails; their keys keep no link to them. */
export async function deleteSubmissionsWithMail(
  tx: Db,
  ids: readonly string[],
): Promise<{ submissions: number; mail: number }> {
  if (ids.length === 0) return { submissions: 0, mail: 0 }
  const mail = await queryRows<{ id: string }>(
    tx,
    sql`delete from mail_outbox where submission_id in (${uuids(ids)}) returning id`,
  )
  await tx.execute(
    sql`update licenses set submission_id = null, owner_erased_at = now() where submission_id in (${uuids(ids)})`,
  )
  const gone = await queryRows<{ id: string }>(
    tx,
    sql`delete from trial_submissions where id in (${uuids(ids)}) returning id`,
  )
  return { submissions: gone.length, mail: mail.length }
}

/** The submissions of every address whose last request is older than `months` before `now`. */
export async function findStaleSubmissionIds(tx: Db, now: Date, months: number): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id from trial_submissions where email in (
          select email from trial_submissions group by email
          having max(created_at) < ${now}::timestamptz - make_interval(months => ${months}))`,
  )
  return rows.map((r) => r.id)
}

/** Sent or dead e-mail settled more than `days` before `now`; returns how many went. */
export function deleteSettledMail(tx: Db, now: Date, days: number): Promise<number> {
  return deleteCounted(
    tx,
    sql`delete from mail_outbox where status in ('sent', 'dead')
          and coalesce(sent_at, updated_at) < ${periodBefore(now, { days })}`,
  )
}

export function deleteConsentsBefore(tx: Db, now: Date, years: number): Promise<number> {
  return deleteCounted(
    tx,
    sql`delete from consent_records where recorded_at < ${periodBefore(now, { years })}`,
  )
}

export function deletePurchaseRequestsBefore(tx: Db, now: Date, months: number): Promise<number> {
  return deleteCounted(
    tx,
    sql`delete from purchase_requests where created_at < ${periodBefore(now, { months })}`,
  )
}

/**
 * Paid orders paid (or recorded) more than `years` before `now`, with their keys' link (the keys
 * stay in the pool's history); returns how many went.
 */
export function deleteOrdersBefore(tx: Db, now: Date, years: number): Promise<number> {
  return deleteCounted(
    tx,
    sql`delete from orders where coalesce(paid_at, created_at) < ${periodBefore(now, { years })}`,
  )
}

/** The payment providers' webhook bodies received more than `years` before `now`. */
export function deleteWebhookEventsBefore(tx: Db, now: Date, years: number): Promise<number> {
  return deleteCounted(
    tx,
    sql`delete from webhook_events where received_at < ${periodBefore(now, { years })}`,
  )
}

/** A request of the person: its id, the address it was sent to, the client's hashed address. */
interface PersonRequest {
  id: string
  email: string
  ip_hash: string | null
}

/** The trial requests of an address, compared canonically or as typed. */
export function findSubmissionsOfPerson(
  tx: Db,
  canonical: string,
  lower: string,
): Promise<PersonRequest[]> {
  return queryRows<PersonRequest>(
    tx,
    sql`select id, email, ip_hash from trial_submissions
        where email_canonical = ${canonical} or lower(email) = ${lower}`,
  )
}

export function deletePurchaseRequestsOfPerson(
  tx: Db,
  canonical: string,
  lower: string,
): Promise<PersonRequest[]> {
  return queryRows<PersonRequest>(
    tx,
    sql`delete from purchase_requests where email_canonical = ${canonical} or lower(email) = ${lower}
        returning id, email, ip_hash`,
  )
}

/** E-mails to any of these addresses; returns their Message-IDs. */
export async function deleteMailTo(tx: Db, addresses: readonly string[]): Promise<string[]> {
  if (addresses.length === 0) return []
  const rows = await queryRows<{ message_id: string }>(
    tx,
    sql`delete from mail_outbox where lower("to") in (${texts(addresses)}) returning message_id`,
  )
  return rows.map((r) => r.message_id)
}

/** The operator's copies of these invoice requests (they name the buyer); their Message-IDs. */
export async function deleteOperatorCopies(
  tx: Db,
  requestIds: readonly string[],
): Promise<string[]> {
  if (requestIds.length === 0) return []
  const rows = await queryRows<{ message_id: string }>(
    tx,
    sql`delete from mail_outbox
          where kind = 'purchase-request' and payload->>'requestId' in (${texts(requestIds)})
        returning message_id`,
  )
  return rows.map((r) => r.message_id)
}

/** The Message-IDs of the e-mails these submissions queued. */
export async function messageIdsOfSubmissions(tx: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await queryRows<{ message_id: string }>(
    tx,
    sql`select message_id from mail_outbox where submission_id in (${uuids(ids)})`,
  )
  return rows.map((r) => r.message_id)
}

export async function deleteRemindersOfSubmissions(tx: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return
  await tx.execute(sql`delete from trial_reminders where submission_id in (${uuids(ids)})`)
}

/** The address's rows on the suppression list; returns how many went. */
export async function deleteSuppressionsOf(
  tx: Db,
  canonical: string,
  addresses: readonly string[],
): Promise<number> {
  const rows = await queryRows<{ email: string }>(
    tx,
    sql`delete from mail_suppressions
          where email_canonical = ${canonical}
             or lower(email) in (${addresses.length ? texts(addresses) : sql`null`})
        returning email`,
  )
  return rows.length
}

export async function deleteKeyResendRequestsOf(tx: Db, canonical: string): Promise<void> {
  await tx.execute(sql`delete from key_resend_requests where email_canonical = ${canonical}`)
}

/** Rate-limit counters by key; returns how many went. */
export async function deleteCounters(tx: Db, keys: readonly string[]): Promise<number> {
  if (keys.length === 0) return 0
  const rows = await queryRows<{ key: string }>(
    tx,
    sql`delete from rate_limit_counters where key in (${texts(keys)}) returning key`,
  )
  return rows.length
}

/** Page-view counts of days before the cutoff (they count visits, nothing about a person). */
export function deletePageViewsBefore(tx: Db, now: Date, months: number): Promise<number> {
  return deleteCounted(
    tx,
    sql`delete from page_view_counts where day < ${periodBefore(now, { months })}::date`,
  )
}

export function deleteAuditBefore(tx: Db, now: Date, years: number): Promise<number> {
  return deleteCounted(tx, sql`delete from audit_log where at < ${periodBefore(now, { years })}`)
}

/** Claim-breaker episodes that ended before the cutoff; an open one is never deleted. */
export function deleteBreakerEpisodesBefore(tx: Db, now: Date, years: number): Promise<number> {
  return deleteCounted(
    tx,
    sql`delete from claim_breaker_episodes where ended_at < ${periodBefore(now, { years })}`,
  )
}

/** Low-supply alert episodes that ended before the cutoff; an open one is never deleted. */
export function deleteSupplyEpisodesBefore(tx: Db, now: Date, years: number): Promise<number> {
  return deleteCounted(
    tx,
    sql`delete from supply_alert_episodes where ended_at < ${periodBefore(now, { years })}`,
  )
}
