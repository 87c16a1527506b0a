/**
 * What the privacy policy promises about keeping data (src/web/content/legal/privacy.md):
 * trial requests go 24 months after a person's last request, delivered or dead e-mail 90 days
 * after it settled, consent records after 3 years; and a person's data goes on request
 * (`npm run admin -- leads delete --email … --yes`). Keys stay in the pool's history, without
 * the person they were given to.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { queryRows } from '../db/client.ts'

export const RETENTION = {
  trialRequestMonths: 24,
  settledMailDays: 90,
  consentYears: 3,
} as const

export interface Deleted {
  submissions: number
  mail: number
  consents: number
}

/** Removes the given submissions with their e-mails; their keys keep no link to them. */
async function deleteSubmissions(
  tx: Db,
  ids: string[],
): Promise<Pick<Deleted, 'submissions' | 'mail'>> {
  if (ids.length === 0) return { submissions: 0, mail: 0 }
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )
  const mail = await queryRows<{ id: string }>(
    tx,
    sql`delete from mail_outbox where submission_id in (${list}) returning id`,
  )
  await tx.execute(
    sql`update licenses set submission_id = null, owner_erased_at = now() where submission_id in (${list})`,
  )
  const gone = await queryRows<{ id: string }>(
    tx,
    sql`delete from trial_submissions where id in (${list}) returning id`,
  )
  return { submissions: gone.length, mail: mail.length }
}

/** Everything past its retention period, in one transaction. Run periodically by the server. */
export async function applyRetention(db: Db, now = new Date()): Promise<Deleted> {
  return db.transaction(async (tx) => {
    const stale = await queryRows<{ id: string }>(
      tx,
      sql`select id from trial_submissions where email in (
            select email from trial_submissions group by email
            having max(created_at) < ${now}::timestamptz - make_interval(months => ${RETENTION.trialRequestMonths}))`,
    )
    const removed = await deleteSubmissions(
      tx,
      stale.map((r) => r.id),
    )
    const mail = await queryRows<{ id: string }>(
      tx,
      sql`delete from mail_outbox where status in ('sent', 'dead')
            and coalesce(sent_at, updated_at) < ${now}::timestamptz - make_interval(days => ${RETENTION.settledMailDays})
          returning id`,
    )
    const consents = await queryRows<{ id: number }>(
      tx,
      sql`delete from consent_records
            where recorded_at < ${now}::timestamptz - make_interval(years => ${RETENTION.consentYears})
          returning id`,
    )
    return {
      submissions: removed.submissions,
      mail: removed.mail + mail.length,
      consents: consents.length,
    }
  })
}

/** A person's deletion request: every trial request of that e-mail address and its e-mails. */
export async function deletePersonData(
  db: Db,
  email: string,
): Promise<Pick<Deleted, 'submissions' | 'mail'>> {
  const normalised = email.trim().toLowerCase()
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`select id from trial_submissions where email = ${normalised}`,
    )
    return deleteSubmissions(
      tx,
      rows.map((r) => r.id),
    )
  })
}
