/**
 * Data access for licenses: the key pool. Claiming a key and finding an address's valid key are
 * database functions (functions/claim_license.sql, find_valid_license.sql), called through
 * functions.ts.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm'
import { MODELS, type Model } from '#src/common/models.ts'
import { queryRows, type Db } from '../db/client.ts'
import { licenses, type LicensePool, type LicenseRow, type LicenseStatus } from '../db/schema.ts'

/** Available trial keys per model (/api/license-counts): paid keys are not offered to visitors. */
export async function countAvailableLicenses(db: Db): Promise<Record<Model, number>> {
  const rows = await db
    .select({ model: licenses.model, n: count() })
    .from(licenses)
    .where(and(eq(licenses.status, 'available'), eq(licenses.pool, 'trial')))
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
  pool: LicensePool = 'trial',
): Promise<number> {
  let inserted = 0
  const CHUNK = 500
  for (let i = 0; i < keys.length; i += CHUNK) {
    const rows = keys
      .slice(i, i + CHUNK)
      .map((activationKey) => ({ model, activationKey, batch, demo, pool }))
    const result = await db
      .insert(licenses)
      .values(rows)
      .onConflictDoNothing({ target: licenses.activationKey })
      .returning({ id: licenses.id })
    inserted += result.length
  }
  return inserted
}

/** Deletes the demo keys still available (assigned ones stay); the models of those deleted. */
export async function deleteAvailableDemoLicenses(db: Db): Promise<Model[]> {
  const rows = await db
    .delete(licenses)
    .where(and(eq(licenses.demo, true), eq(licenses.status, 'available')))
    .returning({ model: licenses.model })
  return rows.map((r) => r.model)
}

interface LicenseStatsRow {
  model: Model
  status: LicenseStatus
  demo: boolean
  pool: LicensePool
  n: number
}

export async function licenseStatsRows(db: Db): Promise<LicenseStatsRow[]> {
  const rows = await db
    .select({
      model: licenses.model,
      status: licenses.status,
      demo: licenses.demo,
      pool: licenses.pool,
      n: count(),
    })
    .from(licenses)
    .groupBy(licenses.model, licenses.status, licenses.demo, licenses.pool)
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
  pool: LicensePool
  batch: string
  demo: boolean
  importedAt: Date
  available: number
  assigned: number
  revoked: number
}

/** Keys per model, pool and import batch, newest batch first. */
export async function listLicenseBatches(db: Db): Promise<BatchRow[]> {
  const rows = await queryRows<{
    model: Model
    pool: LicensePool
    batch: string
    demo: boolean
    imported_at: string | Date
    available: number
    assigned: number
    revoked: number
  }>(
    db,
    sql`select model, pool, batch, bool_or(demo) as demo, min(imported_at) as imported_at,
          count(*) filter (where status = 'available')::int as available,
          count(*) filter (where status = 'assigned')::int as assigned,
          count(*) filter (where status = 'revoked')::int as revoked
        from licenses group by model, pool, batch
        order by min(imported_at) desc, model, pool, batch limit 200`,
  )
  return rows.map((r) => ({
    model: r.model,
    pool: r.pool,
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

/** Revokes these keys (a refund): they stay with their order, marked revoked. */
export async function revokeLicenses(tx: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return
  await tx
    .update(licenses)
    .set({ status: 'revoked' })
    .where(inArray(licenses.id, [...ids]))
}

/** A key still held by its owner (assigned, not revoked), or null. */
export async function findAssignedLicense(db: Db, id: string): Promise<LicenseRow | null> {
  const [row] = await db
    .select()
    .from(licenses)
    .where(and(eq(licenses.id, id), eq(licenses.status, 'assigned')))
  return row ?? null
}
