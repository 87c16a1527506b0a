/**
 * What the privacy policy promises about keeping data (src/web/content/legal/privacy.md):
 * trial requests go 24 months after a person's last request, invoice requests 24 months after
 * they were made, delivered or dead e-mail 90 days
 * after it settled, consent records after 3 years; and a person's data goes on request
 * (`npm run admin -- leads delete --email … --yes`). Keys stay in the pool's history, without
 * the person they were given to. Paid orders are kept for accounting (model, amount, dates,
 * reference, keys) 10 years, as invoices; a deletion request erases their name and address and
 * the stored webhook bodies that carried them. The site's own records go too: page-view counts
 * after 25 months (two years of a month compared with the year before), the console's audit log
 * after 3 years, and ended alert episodes (every alert kind, the claim breaker's, low supply's)
 * after a year. The empty
 * paid pool's alert keeps a row only while its episode lasts (paid_pool_alerts), so it holds no
 * history to prune.
 */
import { readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { pruneEndedAlerts } from '../alerts/alert-service.ts'
import type { Db } from '../db/client.ts'
import {
  deleteAuditBefore,
  deleteBreakerEpisodesBefore,
  deletePageViewsBefore,
  deleteSupplyEpisodesBefore,
  deleteConsentsBefore,
  deleteCounters,
  deleteKeyResendRequestsOf,
  deleteMailTo,
  deleteOperatorCopies,
  deleteOrdersBefore,
  deleteWebhookEventsBefore,
  deletePurchaseRequestsBefore,
  deletePurchaseRequestsOfPerson,
  deleteRemindersOfSubmissions,
  deleteSettledMail,
  deleteSubmissionsWithMail,
  deleteSuppressionsOf,
  findStaleSubmissionIds,
  findSubmissionsOfPerson,
  messageIdsOfSubmissions,
} from './erasure-repository.ts'
import { eraseOrdersOfPerson, clearEventPayloads } from '../orders/order-service.ts'
import { mailFileName } from '../mail/transport.ts'
import { canonicalEmail } from '../guard/email-identity.ts'
import { hashKey } from '../guard/rate-limiter.ts'

const RETENTION = {
  trialRequestMonths: 24,
  /** Invoice requests; a sale's own records (invoices) live in the accounting system. */
  purchaseRequestMonths: 24,
  settledMailDays: 90,
  consentYears: 3,
  /** Paid orders, as invoices under Czech accounting law. */
  orderYears: 10,
  pageViewMonths: 25,
  auditYears: 3,
  alertEpisodeYears: 1,
} as const

interface Deleted {
  submissions: number
  mail: number
  consents: number
  purchaseRequests: number
  orders: number
  pageViews: number
  auditEntries: number
  alertEpisodes: number
}

/** Everything past its retention period, in one transaction. Run periodically by the server. */
export async function applyRetention(db: Db, now = new Date()): Promise<Deleted> {
  return db.transaction(async (tx) => {
    const stale = await findStaleSubmissionIds(tx, now, RETENTION.trialRequestMonths)
    const removed = await deleteSubmissionsWithMail(tx, stale)
    const mail = await deleteSettledMail(tx, now, RETENTION.settledMailDays)
    const consents = await deleteConsentsBefore(tx, now, RETENTION.consentYears)
    const purchases = await deletePurchaseRequestsBefore(tx, now, RETENTION.purchaseRequestMonths)
    const orders = await deleteOrdersBefore(tx, now, RETENTION.orderYears)
    // The providers' bodies of those payments go with them.
    await deleteWebhookEventsBefore(tx, now, RETENTION.orderYears)
    const pageViews = await deletePageViewsBefore(tx, now, RETENTION.pageViewMonths)
    const auditEntries = await deleteAuditBefore(tx, now, RETENTION.auditYears)
    const alertEpisodes =
      (await deleteBreakerEpisodesBefore(tx, now, RETENTION.alertEpisodeYears)) +
      (await deleteSupplyEpisodesBefore(tx, now, RETENTION.alertEpisodeYears)) +
      (await pruneEndedAlerts(tx, now, RETENTION.alertEpisodeYears))
    return {
      pageViews,
      auditEntries,
      alertEpisodes,
      submissions: removed.submissions,
      mail: removed.mail + mail,
      consents,
      purchaseRequests: purchases,
      orders,
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
 * A person's deletion request (docs/product.md, "Trust under abuse"): every trial request of
 * the address (compared canonically, so `a.nn+x@googlemail.com` is `ann@gmail.com`) and every invoice request, every
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
    const rows = await findSubmissionsOfPerson(tx, canonical, lower)
    const purchases = await deletePurchaseRequestsOfPerson(tx, canonical, lower)
    const orders = await eraseOrdersOfPerson(tx, canonical, lower)
    await clearEventPayloads(tx, orders.eventIds)
    const addresses = [
      ...new Set([
        lower,
        ...rows.map((r) => r.email.toLowerCase()),
        ...purchases.map((r) => r.email.toLowerCase()),
      ]),
    ]
    // E-mails to the address that belong to no request of theirs (or to a request of someone
    // else who typed it): their payloads name the person too.
    const loose = await deleteMailTo(tx, addresses)
    const ids = rows.map((r) => r.id)
    const operatorCopies = await deleteOperatorCopies(
      tx,
      purchases.map((r) => r.id),
    )
    const messageIds = [...loose, ...operatorCopies, ...(await messageIdsOfSubmissions(tx, ids))]
    await deleteRemindersOfSubmissions(tx, ids)
    // The address leaves the suppression list too: nothing of the person is kept.
    const suppressions = await deleteSuppressionsOf(tx, canonical, addresses)
    const removed = await deleteSubmissionsWithMail(tx, ids)
    // A key resend still waiting for the worker (seconds, or while it is stopped) names them.
    await deleteKeyResendRequestsOf(tx, canonical)
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
    const counters = await deleteCounters(tx, keys)
    return {
      submissions: removed.submissions,
      purchaseRequests: purchases.length,
      orders: orders.orders,
      mail: removed.mail + loose.length + operatorCopies.length,
      counters,
      suppressions,
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
