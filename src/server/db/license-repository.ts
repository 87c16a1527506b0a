/** Data access for licenses: the key pool (DESIGN.md §4). */
import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm'
import { MODELS, type Model } from '#src/common/models.ts'
import type { Db } from './client.ts'
import { licenses, trialSubmissions, type LicenseRow, type LicenseStatus } from './schema.ts'

/**
 * Takes one available key of the model for the submission, in one statement. The row lock
 * skips rows other transactions hold, so concurrent claims (here or on another instance) never
 * get the same key and never wait on each other. Real keys go before demo keys, in import
 * order. Must run inside the submission's transaction; the submission row may come later in it
 * (the owner reference is checked at commit, migration 0002).
 */
export async function claimLicense(
  tx: Db,
  model: Model,
  submissionId: string,
): Promise<LicenseRow | null> {
  const candidate = tx
    .select({ id: licenses.id })
    .from(licenses)
    .where(and(eq(licenses.model, model), eq(licenses.status, 'available')))
    .orderBy(asc(licenses.demo), asc(licenses.seq))
    .limit(1)
    .for('update', { skipLocked: true })
  const [claimed] = await tx
    .update(licenses)
    .set({ status: 'assigned', submissionId, assignedAt: sql`now()` })
    .where(sql`${licenses.id} = (${candidate})`)
    .returning()
  return claimed ?? null
}

/** The owner a valid key was given to, for re-sending it to the same mailbox. */
export interface ValidLicense {
  license: LicenseRow
  submissionId: string
  email: string
  firstName: string
  lastName: string
}

/**
 * The newest key of this canonical e-mail address and model assigned less than validDays ago,
 * with the submission it was given to (DESIGN.md §5: repeats compare canonical addresses).
 */
export async function findValidLicenseForEmail(
  db: Db,
  emailCanonical: string,
  model: Model,
  validDays: number,
): Promise<ValidLicense | null> {
  const [row] = await db
    .select({
      license: licenses,
      submissionId: trialSubmissions.id,
      email: trialSubmissions.email,
      firstName: trialSubmissions.firstName,
      lastName: trialSubmissions.lastName,
    })
    .from(licenses)
    .innerJoin(trialSubmissions, eq(trialSubmissions.id, licenses.submissionId))
    .where(
      and(
        eq(trialSubmissions.emailCanonical, emailCanonical),
        eq(licenses.model, model),
        eq(licenses.status, 'assigned'),
        gt(licenses.assignedAt, sql`now() - make_interval(days => ${validDays})`),
      ),
    )
    .orderBy(desc(licenses.assignedAt))
    .limit(1)
  return row ?? null
}

/** Whether the model's pool has a key left (what a claim right now would find). */
export async function hasAvailableLicense(db: Db, model: Model): Promise<boolean> {
  const [row] = await db
    .select({ id: licenses.id })
    .from(licenses)
    .where(and(eq(licenses.model, model), eq(licenses.status, 'available')))
    .limit(1)
  return Boolean(row)
}

export async function countAvailableLicenses(db: Db): Promise<Record<Model, number>> {
  const rows = await db
    .select({ model: licenses.model, n: count() })
    .from(licenses)
    .where(eq(licenses.status, 'available'))
    .groupBy(licenses.model)
  const counts = Object.fromEntries(MODELS.map((m) => [m, 0])) as Record<Model, number>
  for (const row of rows) if (row.model in counts) counts[row.model] = Number(row.n)
  return counts
}

export async function countLicensesOfModel(db: Db, model: Model): Promise<number> {
  const [row] = await db.select({ n: count() }).from(licenses).where(eq(licenses.model, model))
  return Number(row?.n ?? 0)
}

/** Inserts keys, skipping any that exist already; returns how many were new. */
export async function insertLicenses(
  db: Db,
  model: Model,
  keys: readonly string[],
  batch: string,
  demo = false,
): Promise<number> {
  let inserted = 0
  const CHUNK = 500
  for (let i = 0; i < keys.length; i += CHUNK) {
    const rows = keys
      .slice(i, i + CHUNK)
      .map((activationKey) => ({ model, activationKey, batch, demo }))
    const result = await db
      .insert(licenses)
      .values(rows)
      .onConflictDoNothing({ target: licenses.activationKey })
      .returning({ id: licenses.id })
    inserted += result.length
  }
  return inserted
}

export interface LicenseStatsRow {
  model: Model
  status: LicenseStatus
  demo: boolean
  n: number
}

export async function licenseStatsRows(db: Db): Promise<LicenseStatsRow[]> {
  const rows = await db
    .select({ model: licenses.model, status: licenses.status, demo: licenses.demo, n: count() })
    .from(licenses)
    .groupBy(licenses.model, licenses.status, licenses.demo)
  return rows.map((r) => ({ ...r, n: Number(r.n) }))
}

export async function findLicense(db: Db, id: string): Promise<LicenseRow | null> {
  const [row] = await db.select().from(licenses).where(eq(licenses.id, id))
  return row ?? null
}
