/** Data access for licenses: the key pool (DESIGN.md §4). */
import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm'
import { MODELS, type Model } from '#src/common/models.ts'
import { queryRows, type Db } from './client.ts'
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
        // Both columns of the (email_canonical, model) index, so the lookup starts from this
        // address's few submissions, not from every key handed out lately (migration 0050).
        eq(trialSubmissions.emailCanonical, emailCanonical),
        eq(trialSubmissions.model, model),
        eq(licenses.model, model),
        eq(licenses.status, 'assigned'),
        gt(licenses.assignedAt, sql`now() - make_interval(days => ${validDays})`),
      ),
    )
    .orderBy(desc(licenses.assignedAt))
    .limit(1)
  return row ?? null
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

/** Whether the model's pool has a key left (what a claim right now would find). */
export async function hasAvailableLicense(db: Db, model: Model): Promise<boolean> {
  const [row] = await db
    .select({ id: licenses.id })
    .from(licenses)
    .where(and(eq(licenses.model, model), eq(licenses.status, 'available')))
    .limit(1)
  return Boolean(row)
}

interface LicenseStatsRow {
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

/** Keys claimed per UTC day and model since `days` days ago (erased owners included). */
export async function countClaimsPerDay(
  db: Db,
  days: number,
): Promise<{ day: string; model: Model; n: number }[]> {
  const rows = await queryRows<{ day: string; model: Model; n: number }>(
    db,
    sql`select to_char(assigned_at at time zone 'UTC', 'YYYY-MM-DD') as day, model, count(*)::int as n
        from licenses
        where assigned_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - make_interval(days => ${days - 1})
        group by 1, 2`,
  )
  return rows.map((r) => ({ ...r, n: Number(r.n) }))
}

interface BatchRow {
  model: Model
  batch: string
  demo: boolean
  importedAt: Date
  available: number
  assigned: number
  revoked: number
}

/** Keys per model and import batch, newest batch first. */
export async function listLicenseBatches(db: Db): Promise<BatchRow[]> {
  const rows = await queryRows<{
    model: Model
    batch: string
    demo: boolean
    imported_at: string | Date
    available: number
    assigned: number
    revoked: number
  }>(
    db,
    sql`select model, batch, bool_or(demo) as demo, min(imported_at) as imported_at,
          count(*) filter (where status = 'available')::int as available,
          count(*) filter (where status = 'assigned')::int as assigned,
          count(*) filter (where status = 'revoked')::int as revoked
        from licenses group by model, batch order by min(imported_at) desc, model, batch limit 200`,
  )
  return rows.map((r) => ({
    model: r.model,
    batch: r.batch,
    demo: r.demo,
    importedAt: new Date(r.imported_at),
    available: Number(r.available),
    assigned: Number(r.assigned),
    revoked: Number(r.revoked),
  }))
}

/** Revokes a key by its text; the row as it was before, or null when there is no such key. */
export async function revokeLicenseByKey(
  db: Db,
  activationKey: string,
): Promise<{ id: string; model: Model; previous: LicenseStatus } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: licenses.id, model: licenses.model, status: licenses.status })
      .from(licenses)
      .where(eq(licenses.activationKey, activationKey))
      .for('update')
    if (!row) return null
    if (row.status !== 'revoked')
      await tx.update(licenses).set({ status: 'revoked' }).where(eq(licenses.id, row.id))
    return { id: row.id, model: row.model, previous: row.status }
  })
}

/** A key still held by its owner (assigned, not revoked), or null. */
export async function findAssignedLicense(db: Db, id: string): Promise<LicenseRow | null> {
  const [row] = await db
    .select()
    .from(licenses)
    .where(and(eq(licenses.id, id), eq(licenses.status, 'assigned')))
  return row ?? null
}
