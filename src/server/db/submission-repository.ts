/** Data access for trial_submissions: the leads (DESIGN.md §4). */
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Model } from '#src/common/models.ts'
import type { Db } from './client.ts'
import { licenses, trialSubmissions, type SubmissionRow } from './schema.ts'

export type NewSubmission = typeof trialSubmissions.$inferInsert

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
 * Sets the waitlist flag of the submission whose id and token hash both match. Returns false
 * when none does, which the caller answers as 404 whichever part was wrong.
 */
export async function updateWaitlistFlag(
  db: Db,
  id: string,
  tokenHash: string,
  waitlist: boolean,
): Promise<boolean> {
  const rows = await db
    .update(trialSubmissions)
    .set({ waitlist, updatedAt: sql`now()` })
    .where(and(eq(trialSubmissions.id, id), eq(trialSubmissions.waitlistTokenHash, tokenHash)))
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

export async function listLeads(db: Db): Promise<LeadRow[]> {
  return db
    .select({
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
    })
    .from(trialSubmissions)
    .leftJoin(licenses, eq(licenses.id, trialSubmissions.licenseId))
    .orderBy(asc(trialSubmissions.createdAt), asc(trialSubmissions.id))
}
