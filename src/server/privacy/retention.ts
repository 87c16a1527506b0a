/**
 * What the privacy policy promises about keeping data (src/web/content/legal/privacy.md):
 * trial requests go 24 months after a person's last request, invoice requests 24 months after
 * they were made, delivered or dead e-mail 90 days
 * after it settled, consent records after 3 years; and a person's data goes on request
 * (`npm run admin -- leads delete --email … --yes`). Keys stay in the pool's history, without
 * the person they were given to. Paid orders are kept for accounting (model, amount, dates,
 * reference, keys); a deletion request erases their name and address and the stored webhook
 * bodies that carried them.
 */
import { readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { queryRows } from '../db/client.ts'
import { eraseOrdersOfPerson } from '../db/order-repository.ts'
import { clearEventPayloads } from '../db/webhook-event-repository.ts'
import { mailFileName } from '../mail/transport.ts'
import { canonicalEmail } from '../guard/email-identity.ts'
import { hashKey } from '../guard/rate-limiter.ts'

const RETENTION = {
  trialRequestMonths: 24,
  /** Invoice requests; a sale's own records (invoices) live in the accounting system. */
  purchaseRequestMonths: 24,
  settledMailDays: 90,
  consentYears: 3,
} as const

interface Deleted {
  submissions: number
  mail: number
  consents: number
  purchaseRequests: number
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
    const purchases = await queryRows<{ id: string }>(
      tx,
      sql`delete from purchase_requests
            where created_at < ${now}::timestamptz - make_interval(months => ${RETENTION.purchaseRequestMonths})
          returning id`,
    )
    return {
      submissions: removed.submissions,
      mail: removed.mail + mail.length,
      consents: consents.length,
      purchaseRequests: purchases.length,
    }
  })
}

interface PersonDeleted {
  submissions: number
  /** Invoice requests of the address (docs/product.md, "Buying"). */
  purchaseRequests: number
  /** Paid orders of the address: name and address erased, the accounting kept. */
  orders: number
  mail: number
  /** Rate-limit counters of the address and of the client addresses it asked from. */
  counters: number
  /** .eml files under DATA_DIR/mail that carried the address or one of its messages. */
  files: number
  /** The address's row on the suppression list (mail refused permanently). */
  suppressions: number
}

/**
 * A person's deletion request (docs/product.md, "Trust under abuse"): every trial request of the address (compared
 * canonically, so `a.nn+x@googlemail.com` is `ann@gmail.com`) and every invoice request, every
 * e-mail to it or about those requests (rows and .eml files; the operator's copy of an invoice
 * request names the buyer, so it goes too), and the limit counters keyed by the address or by the client
 * addresses those requests came from.
 */
export async function deletePersonData(
  db: Db,
  email: string,
  options: { mailDir?: string | null } = {},
): Promise<PersonDeleted> {
  const lower = email.trim().toLowerCase()
  const canonical = canonicalEmail(lower)
  const result = await db.transaction(async (tx) => {
    const rows = await queryRows<{ id: string; email: string; ip_hash: string | null }>(
      tx,
      sql`select id, email, ip_hash from trial_submissions
          where email_canonical = ${canonical} or lower(email) = ${lower}`,
    )
    const purchases = await queryRows<{ id: string; email: string; ip_hash: string | null }>(
      tx,
      sql`delete from purchase_requests where email_canonical = ${canonical} or lower(email) = ${lower}
          returning id, email, ip_hash`,
    )
    const orders = await eraseOrdersOfPerson(tx, canonical, lower)
    await clearEventPayloads(tx, orders.eventIds)
    const addresses = [
      ...new Set([
        lower,
        ...rows.map((r) => r.email.toLowerCase()),
        ...purchases.map((r) => r.email.toLowerCase()),
      ]),
    ]
    const addressList = sql.join(
      addresses.map((a) => sql`${a}`),
      sql`, `,
    )
    // E-mails to the address that belong to no request of theirs (or to a request of someone
    // else who typed it): their payloads name the person too.
    const loose = await queryRows<{ message_id: string }>(
      tx,
      sql`delete from mail_outbox where lower("to") in (${addressList}) returning message_id`,
    )
    const ids = rows.map((r) => r.id)
    const messageIds = loose.map((r) => r.message_id)
    let operatorCopies = 0
    if (purchases.length) {
      const requestIds = sql.join(
        purchases.map((r) => sql`${r.id}`),
        sql`, `,
      )
      const copies = await queryRows<{ message_id: string }>(
        tx,
        sql`delete from mail_outbox
              where kind = 'purchase-request' and payload->>'requestId' in (${requestIds})
            returning message_id`,
      )
      operatorCopies = copies.length
      messageIds.push(...copies.map((r) => r.message_id))
    }
    if (ids.length) {
      const list = sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )
      const linked = await queryRows<{ message_id: string }>(
        tx,
        sql`select message_id from mail_outbox where submission_id in (${list})`,
      )
      messageIds.push(...linked.map((r) => r.message_id))
    }
    if (ids.length)
      await tx.execute(
        sql`delete from trial_reminders where submission_id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      )
    // The address leaves the suppression list too: nothing of the person is kept.
    const suppressions = await queryRows<{ email: string }>(
      tx,
      sql`delete from mail_suppressions
            where email_canonical = ${canonical} or lower(email) in (${addressList})
          returning email`,
    )
    const removed = await deleteSubmissions(tx, ids)
    // A key resend still waiting for the worker (seconds, or while it is stopped) names them.
    await tx.execute(sql`delete from key_resend_requests where email_canonical = ${canonical}`)
    const keys = [
      hashKey('email', canonical),
      hashKey('email', `resend:${canonical}`),
      hashKey('email', `purchase:${canonical}`),
      ...[...rows, ...purchases]
        .map((r) => r.ip_hash)
        .filter((h): h is string => Boolean(h))
        .flatMap((h) => [
          hashKey('ip', h, true),
          hashKey('ip', `resend:${h}`, true),
          hashKey('ip', `waitlist:${h}`, true),
          hashKey('ip', `purchase:${h}`, true),
        ]),
    ]
    const counters = await queryRows<{ key: string }>(
      tx,
      sql`delete from rate_limit_counters where key in (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )}) returning key`,
    )
    return {
      submissions: removed.submissions,
      purchaseRequests: purchases.length,
      orders: orders.orders,
      mail: removed.mail + loose.length + operatorCopies,
      counters: counters.length,
      suppressions: suppressions.length,
      addresses,
      messageIds,
    }
  })
  const files = options.mailDir
    ? await deleteMailFiles(options.mailDir, result.addresses, result.messageIds)
    : 0
  return {
    submissions: result.submissions,
    purchaseRequests: result.purchaseRequests,
    orders: result.orders,
    mail: result.mail,
    counters: result.counters,
    suppressions: result.suppressions,
    files,
  }
}

/** Removes the .eml files of these messages, and any other that mentions one of the addresses. */
async function deleteMailFiles(
  dir: string,
  addresses: readonly string[],
  messageIds: readonly string[],
): Promise<number> {
  let names: string[]
  try {
    names = await readdir(dir)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0
    throw error
  }
  const fileNames = new Set(messageIds.map(mailFileName))
  let removed = 0
  for (const name of names) {
    if (!name.endsWith('.eml') && !name.endsWith('.tmp')) continue
    const path = join(dir, name)
    let doomed = fileNames.has(name)
    if (!doomed) {
      const text = (await readFile(path, 'utf8').catch(() => '')).toLowerCase()
      doomed = addresses.some((a) => text.includes(a))
    }
    if (doomed) {
      await rm(path, { force: true })
      removed++
    }
  }
  return removed
}
