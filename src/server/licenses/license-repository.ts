/**
 * Data access for licenses: the key pool, in single statements; the rules of who gets a key are
 * the services' (trials/trial-service.ts, orders/order-service.ts).
 */
import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm'
import { MODELS, type Model } from '#src/common/models.ts'
import { queryRows, type Db } from '../db/client.ts'
import {
  licenses,
  trialSubmissions,
  type LicensePool,
  type LicenseRow,
  type LicenseStatus,
} from '../db/schema.ts'

/** A key taken from the pool. */
interface ClaimedLicense {
  id: string
  activationKey: string
}

/**
 * Takes one available key of the model's trial pool for the submission, in one statement (paid
 * keys go only to orders). The row lock skips rows other transactions hold, so concurrent
 * claims (here or on another instance) never get the same key and never wait on each other.
 * Real keys go before demo keys, in import order. Runs inside the submission's transaction; the
 * submission row may come later in it (the owner reference is checked at commit, migration
 * 0002). Null when the pool is empty.
 */
export async function claimLicense(
  tx: Db,
  model: Model,
  submissionId: string,
): Promise<ClaimedLicense | null> {
  const [row] = await queryRows<{ id: string; activation_key: string }>(
    tx,
    sql`update licenses set status = 'assigned', submission_id = ${submissionId}, assigned_at = now()
        where id = (select id from licenses
                    where model = ${model} and status = 'available' and pool = 'trial'
                    order by demo, seq limit 1 for update skip locked)
        returning id, activation_key`,
  )
  return row ? { id: row.id, activationKey: row.activation_key } : null
}

/** Whether the model's trial pool has a key left: what a claim right now would find. */
export async function hasAvailableLicense(db: Db, model: Model): Promise<boolean> {
  const [row] = await db
    .select({ id: licenses.id })
    .from(licenses)
    .where(
      and(eq(licenses.model, model), eq(licenses.status, 'available'), eq(licenses.pool, 'trial')),
    )
    .limit(1)
  return row !== undefined
}

/** The owner a valid key was given to, for handing it over again to the same mailbox. */
export interface ValidLicense {
  licenseId: string
  activationKey: string
  submissionId: string
  email: string
  firstName: string
  lastName: string
}

/** A key given to an address, with the submission it went to (its mailbox and owner's name). */
interface AddressKey extends ValidLicense {
  assignedAt: Date | null
}

/**
 * The keys of this model given to a canonical address, each with its submission: the few rows
 * of one address, which license-service.ts findValidLicense chooses from. Planned on each call
 * (never prepared). The statement names no time and no order on purpose: it reads the
 * address's rows through the index on (email_canonical, model) and each one's key by
 * submission. Given a time condition on licenses, the planner also scanned the model's keys
 * assigned in that window (the index on model and assigned_at), which on a database with stale
 * statistics (the embedded one never analyzes by itself) grew with every claim of the last 30
 * days: 2,000 index rows read per request after 2,000 trials (submit-trial.test.ts holds both
 * reads to a few rows).
 */
export async function listAddressKeys(
  db: Db,
  emailCanonical: string,
  model: Model,
): Promise<AddressKey[]> {
  return db
    .select({
      licenseId: licenses.id,
      activationKey: licenses.activationKey,
      assignedAt: licenses.assignedAt,
      submissionId: trialSubmissions.id,
      email: trialSubmissions.email,
      firstName: trialSubmissions.firstName,
      lastName: trialSubmissions.lastName,
    })
    .from(trialSubmissions)
    .innerJoin(licenses, eq(licenses.submissionId, trialSubmissions.id))
    .where(
      and(
        eq(trialSubmissions.emailCanonical, emailCanonical),
        eq(trialSubmissions.model, model),
        eq(licenses.status, 'assigned'),
      ),
    )
}

/** The model's trial keys claimed within the last `seconds` (the claim breaker's count). */
export async function countRecentClaims(db: Db, model: Model, seconds: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(licenses)
    .where(
      and(
        eq(licenses.model, model),
        gt(licenses.assignedAt, sql`now() - make_interval(secs => ${seconds})`),
      ),
    )
  return Number(row?.n ?? 0)
}

/**
 * Locks up to `quantity` available keys of the model's paid pool in import order, skipping rows
 * other transactions hold, for the caller's transaction: the paid claim. Their ids and keys in
 * that order; fewer than asked when the pool holds fewer.
 */
export async function lockPaidKeys(
  tx: Db,
  model: Model,
  quantity: number,
): Promise<{ id: string; activationKey: string }[]> {
  return tx
    .select({ id: licenses.id, activationKey: licenses.activationKey })
    .from(licenses)
    .where(
      and(eq(licenses.model, model), eq(licenses.status, 'available'), eq(licenses.pool, 'paid')),
    )
    .orderBy(asc(licenses.seq))
    .limit(quantity)
    .for('update', { skipLocked: true })
}

/**
 * Marks keys locked by lockPaidKeys as taken. assigned_at stays null: it counts trial claims
 * (the claim breaker, claims per day); order_keys.claimed_at dates a paid one.
 */
export async function markLicensesAssigned(tx: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return
  await tx
    .update(licenses)
    .set({ status: 'assigned' })
    .where(inArray(licenses.id, [...ids]))
}

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
