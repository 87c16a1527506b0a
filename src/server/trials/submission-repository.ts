/** Data access for trial_submissions: the leads (docs/architecture.md, "A trial request"). */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  isNotNull,
  isNull,
  like,
  lt,
  or,
  sql,
} from 'drizzle-orm'
import type { PgInsertValue } from 'drizzle-orm/pg-core'
import type { LeadsQuery } from '#src/common/console-api.ts'
import type { Model } from '#src/common/models.ts'
import { queryRows, type Db } from '../db/client.ts'
import { licenses, trialSubmissions, type SubmissionRow } from '../db/schema.ts'

type NewSubmission = PgInsertValue<typeof trialSubmissions>

/**
 * One trial request per address and model at a time, until the transaction ends, so two quick
 * repeats cannot both take a key: a transaction-scoped advisory lock on the canonical address
 * and model. The key is the one the previous release's lock_trial_address took, so while both
 * releases run side by side (an upgrade) their requests exclude each other too.
 */
export async function lockTrialAddress(
  tx: Db,
  model: Model,
  emailCanonical: string,
): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('trial:' || ${model}::text || ':' || ${emailCanonical}::text))`,
  )
}

export async function insertSubmission(tx: Db, values: NewSubmission): Promise<SubmissionRow> {
  const [row] = await tx.insert(trialSubmissions).values(values).returning()
  return row!
}

export async function setSubmissionLicense(
  tx: Db,
  submissionId: string,
  licenseId: string,
): Promise<void> {
  await tx
    .update(trialSubmissions)
    .set({ licenseId, updatedAt: sql`now()` })
    .where(eq(trialSubmissions.id, submissionId))
}

/**
 * Sets the waitlist flag of the submission whose id and token hash both match. Returns null
 * when none does, which the caller answers as 404 whichever part was wrong.
 */
export async function updateWaitlistFlag(
  db: Db,
  id: string,
  tokenHash: string,
  waitlist: boolean,
): Promise<SubmissionRow | null> {
  const [row] = await db
    .update(trialSubmissions)
    .set({ waitlist, updatedAt: sql`now()` })
    .where(and(eq(trialSubmissions.id, id), eq(trialSubmissions.waitlistTokenHash, tokenHash)))
    .returning()
  return row ?? null
}

/**
 * Records the submission's first join of the waitlist; false when it had joined before. One
 * statement, so of two joins at once exactly one sees true (the second waits for the first's
 * row lock, then finds the column set).
 */
export async function markWaitlistJoined(tx: Db, id: string): Promise<boolean> {
  const rows = await tx
    .update(trialSubmissions)
    .set({ waitlistJoinedAt: sql`now()` })
    .where(and(eq(trialSubmissions.id, id), isNull(trialSubmissions.waitlistJoinedAt)))
    .returning({ id: trialSubmissions.id })
  return rows.length > 0
}

export async function findSubmission(db: Db, id: string): Promise<SubmissionRow | null> {
  const [row] = await db.select().from(trialSubmissions).where(eq(trialSubmissions.id, id))
  return row ?? null
}

/** Visitors who asked to be told about new keys and have neither a key nor a notice yet. */
export async function listWaitingSubmissions(db: Db, model?: Model): Promise<SubmissionRow[]> {
  return db
    .select()
    .from(trialSubmissions)
    .where(
      and(
        eq(trialSubmissions.waitlist, true),
        isNull(trialSubmissions.licenseId),
        isNull(trialSubmissions.waitlistNotifiedAt),
        model ? eq(trialSubmissions.model, model) : undefined,
      ),
    )
    .orderBy(asc(trialSubmissions.createdAt), asc(trialSubmissions.id))
}

/**
 * The oldest waiting submission of the model, locked for this transaction; concurrent
 * notifiers skip it rather than notify the same visitor twice.
 */
export async function lockOldestWaiting(tx: Db, model: Model): Promise<SubmissionRow | null> {
  const [row] = await tx
    .select()
    .from(trialSubmissions)
    .where(
      and(
        eq(trialSubmissions.waitlist, true),
        eq(trialSubmissions.model, model),
        isNull(trialSubmissions.licenseId),
        isNull(trialSubmissions.waitlistNotifiedAt),
      ),
    )
    .orderBy(asc(trialSubmissions.createdAt), asc(trialSubmissions.id))
    .limit(1)
    .for('update', { skipLocked: true })
  return row ?? null
}

/** Marks every waiting row of this e-mail and model notified: one visitor, one e-mail. */
export async function markWaitlistNotified(tx: Db, email: string, model: Model): Promise<void> {
  await tx
    .update(trialSubmissions)
    .set({ waitlistNotifiedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(trialSubmissions.email, email),
        eq(trialSubmissions.model, model),
        eq(trialSubmissions.waitlist, true),
        isNull(trialSubmissions.waitlistNotifiedAt),
      ),
    )
}

export interface LeadRow {
  id: string
  createdAt: Date
  firstName: string
  lastName: string
  email: string
  model: Model
  source: string
  activationKey: string | null
  licenseAssignedAt: Date | null
  waitlist: boolean
  waitlistNotifiedAt: Date | null
  termsVersion: string | null
}

/** A lead's columns, as the export and the console's list both read them. */
const LEAD_COLUMNS = {
  id: trialSubmissions.id,
  createdAt: trialSubmissions.createdAt,
  firstName: trialSubmissions.firstName,
  lastName: trialSubmissions.lastName,
  email: trialSubmissions.email,
  model: trialSubmissions.model,
  source: trialSubmissions.source,
  activationKey: licenses.activationKey,
  licenseAssignedAt: licenses.assignedAt,
  waitlist: trialSubmissions.waitlist,
  waitlistNotifiedAt: trialSubmissions.waitlistNotifiedAt,
  termsVersion: trialSubmissions.termsVersion,
}

export async function listLeads(db: Db): Promise<LeadRow[]> {
  return db
    .select(LEAD_COLUMNS)
    .from(trialSubmissions)
    .leftJoin(licenses, eq(licenses.id, trialSubmissions.licenseId))
    .orderBy(asc(trialSubmissions.createdAt), asc(trialSubmissions.id))
}

/** The trial requests of one address, compared canonically or as typed (a person's export). */
export async function listLeadsOfPerson(
  db: Db,
  canonical: string,
  lower: string,
): Promise<(LeadRow & { userAgent: string | null })[]> {
  return db
    .select({ ...LEAD_COLUMNS, userAgent: trialSubmissions.userAgent })
    .from(trialSubmissions)
    .leftJoin(licenses, eq(licenses.id, trialSubmissions.licenseId))
    .where(
      or(
        eq(trialSubmissions.emailCanonical, canonical),
        eq(sql`lower(${trialSubmissions.email})`, lower),
      ),
    )
    .orderBy(asc(trialSubmissions.createdAt), asc(trialSubmissions.id))
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * The leads list's filters. Search is by prefix, on expressions migration 0011 indexes, so a
 * search is a few index range scans however many leads there are.
 */
function leadConditions(query: LeadsQuery) {
  const t = trialSubmissions
  const q = query.q?.toLowerCase()
  const domainOnly = q?.startsWith('@')
  const prefix = q ? `${escapeLike(domainOnly ? q.slice(1) : q)}%` : null
  const domain = sql`split_part(${t.email}, '@', 2)`
  const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000)
  return and(
    prefix && domainOnly ? like(domain, prefix) : undefined,
    prefix && !domainOnly
      ? or(
          like(sql`lower(${t.firstName} || ' ' || ${t.lastName})`, prefix),
          like(sql`lower(${t.lastName})`, prefix),
          like(t.email, prefix),
          like(domain, prefix),
        )
      : undefined,
    query.model ? eq(t.model, query.model) : undefined,
    query.from ? gte(t.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(t.createdAt, dayAfter(query.to)) : undefined,
    query.hasKey === true ? isNotNull(t.licenseId) : undefined,
    query.hasKey === false ? isNull(t.licenseId) : undefined,
    query.waitlist !== undefined ? eq(t.waitlist, query.waitlist) : undefined,
  )
}

/**
 * One page of leads, newest first, and how many match, counted up to countLimit (a count of
 * every match would read them all).
 */
export async function listLeadsPage(
  db: Db,
  query: LeadsQuery,
  countLimit: number,
): Promise<{ rows: LeadRow[]; total: number }> {
  const where = leadConditions(query)
  const [rows, [total]] = await Promise.all([
    db
      .select(LEAD_COLUMNS)
      .from(trialSubmissions)
      .leftJoin(licenses, eq(licenses.id, trialSubmissions.licenseId))
      .where(where)
      .orderBy(desc(trialSubmissions.createdAt), desc(trialSubmissions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1` })
        .from(trialSubmissions)
        .where(where)
        .limit(countLimit)
        .as('matches'),
    ),
  ])
  return { rows, total: Number(total?.n ?? 0) }
}

/** Waiting visitors per model (as `waitlist list` counts them) and since when the oldest waits. */
export async function countWaitingByModel(
  db: Db,
): Promise<{ model: Model; n: number; oldest: Date | null }[]> {
  const rows = await db
    .select({
      model: trialSubmissions.model,
      n: count(),
      oldest: sql<string | null>`min(${trialSubmissions.createdAt})`,
    })
    .from(trialSubmissions)
    .where(
      and(
        eq(trialSubmissions.waitlist, true),
        isNull(trialSubmissions.licenseId),
        isNull(trialSubmissions.waitlistNotifiedAt),
      ),
    )
    .groupBy(trialSubmissions.model)
  return rows.map((r) => ({
    model: r.model,
    n: Number(r.n),
    oldest: r.oldest ? new Date(r.oldest) : null,
  }))
}

/** Trial requests per UTC day and model since `days` days ago. */
export async function countRequestsPerDay(
  db: Db,
  days: number,
): Promise<{ day: string; model: Model; n: number }[]> {
  const rows = await queryRows<{ day: string; model: Model; n: number }>(
    db,
    sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, model, count(*)::int as n
        from trial_submissions
        where created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - make_interval(days => ${days - 1})
        group by 1, 2`,
  )
  return rows.map((r) => ({ ...r, n: Number(r.n) }))
}

/** The unexpired submission whose confirmation link this is, locked for its transaction. */
export async function lockSubmissionByConfirmationToken(
  tx: Db,
  tokenHash: string,
): Promise<SubmissionRow | null> {
  const [row] = await tx
    .select()
    .from(trialSubmissions)
    .where(
      and(
        eq(trialSubmissions.confirmationTokenHash, tokenHash),
        gt(trialSubmissions.confirmationExpiresAt, sql`now()`),
      ),
    )
    .for('update')
  return row ?? null
}

export async function markSubmissionConfirmed(tx: Db, id: string): Promise<void> {
  await tx
    .update(trialSubmissions)
    .set({ confirmedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(trialSubmissions.id, id))
}

/**
 * A confirmed submission that found the pool empty joins the waitlist through its confirmation
 * token; null when no such submission holds it.
 */
export async function joinWaitlistByConfirmationToken(
  tx: Db,
  tokenHash: string,
): Promise<SubmissionRow | null> {
  const [row] = await tx
    .update(trialSubmissions)
    .set({ waitlist: true, updatedAt: sql`now()` })
    .where(
      and(
        eq(trialSubmissions.confirmationTokenHash, tokenHash),
        isNull(trialSubmissions.licenseId),
        isNotNull(trialSubmissions.confirmedAt),
      ),
    )
    .returning()
  return row ?? null
}

/**
 * The one correction of a submission's address (trials/address-correction.ts): the row, locked,
 * when the id and token hash both match; null otherwise.
 */
export async function lockSubmissionByToken(
  tx: Db,
  id: string,
  tokenHash: string,
): Promise<(SubmissionRow & { ageHours: number }) | null> {
  const [row] = await tx
    .select({
      submission: trialSubmissions,
      ageHours: sql<number>`extract(epoch from now() - ${trialSubmissions.createdAt}) / 3600`,
    })
    .from(trialSubmissions)
    .where(and(eq(trialSubmissions.id, id), eq(trialSubmissions.waitlistTokenHash, tokenHash)))
    .for('update')
  return row ? { ...row.submission, ageHours: Number(row.ageHours) } : null
}

export async function setCorrectedEmail(
  tx: Db,
  id: string,
  email: string,
  emailCanonical: string,
): Promise<void> {
  await tx
    .update(trialSubmissions)
    .set({ email, emailCanonical, emailCorrectedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(trialSubmissions.id, id))
}
