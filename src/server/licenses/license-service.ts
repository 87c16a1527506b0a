/** The key pool: counts for the site, imports and stats for the operator, demo keys for a first start. */
import { randomBytes } from 'node:crypto'
import type { LicenseCounts } from '#src/common/api-types.ts'
import { MODELS, type Model } from '#src/common/models.ts'
import type { Db } from '../db/client.ts'
import type { LicensePool } from '../db/schema.ts'
import {
  deleteAvailableDemoLicenses,
  countAvailableLicenses,
  countLicensesOfModel,
  insertLicenses,
  licenseStatsRows,
  listAddressKeys,
  type ValidLicense,
} from './license-repository.ts'

const DEMO_KEYS_PER_MODEL = 5
const DEMO_BATCH = 'demo'
const KEY_MAX = 200

/**
 * Available keys per model, kept for a moment: the landing page asks on every visit, and a
 * second-old count is good enough for a button label (docs/architecture.md, "Budgets"). This
 * process's own claims drop the cached value at once; other instances' claims show within ttlMs.
 */
export class LicenseCountsCache {
  private value: LicenseCounts | null = null
  private fetchedAt = 0
  private inflight: Promise<LicenseCounts> | null = null
  private generation = 0

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 1_000,
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<LicenseCounts> {
    if (this.value && this.now() - this.fetchedAt < this.ttlMs) return this.value
    if (this.inflight) return this.inflight
    const generation = this.generation
    const started = this.now()
    const request = countAvailableLicenses(this.db)
      .then((counts) => {
        // A claim that happened while we were asking makes this answer stale: do not keep it.
        if (generation === this.generation) {
          this.value = counts
          this.fetchedAt = started
        }
        return counts
      })
      .finally(() => {
        if (this.inflight === request) this.inflight = null
      })
    this.inflight = request
    return request
  }

  invalidate(): void {
    this.generation++
    this.value = null
    this.inflight = null
  }
}

export class KeyFileError extends Error {}

/**
 * Keys from a file's text: one a line, surrounding blanks trimmed, empty lines and # comments
 * skipped. A key must be printable with no inner spaces, so a pasted sentence is not a key.
 */
export function parseKeyFile(text: string): { keys: string[]; duplicatesInFile: number } {
  const seen = new Set<string>()
  let duplicatesInFile = 0
  const lines = text.split(/\r?\n/)
  for (const [index, raw] of lines.entries()) {
    const key = raw.trim()
    if (key === '' || key.startsWith('#')) continue
    if (!/^[\x21-\x7e]+$/.test(key) || key.length > KEY_MAX) {
      throw new KeyFileError(
        `line ${index + 1} is not a key (printable characters without spaces, at most ${KEY_MAX}): ${JSON.stringify(key.slice(0, 40))}`,
      )
    }
    if (seen.has(key)) duplicatesInFile++
    else seen.add(key)
  }
  return { keys: [...seen], duplicatesInFile }
}

interface ImportResult {
  model: Model
  batch: string
  read: number
  imported: number
  duplicates: number
}

export async function importLicenseKeys(
  db: Db,
  model: Model,
  fileText: string,
  batch: string,
  pool: LicensePool = 'trial',
): Promise<ImportResult> {
  const { keys, duplicatesInFile } = parseKeyFile(fileText)
  const imported = await insertLicenses(db, model, keys, batch, false, pool)
  const read = keys.length + duplicatesInFile
  return { model, batch, read, imported, duplicates: read - imported }
}

interface ModelStats {
  available: number
  assigned: number
  revoked: number
  demoAvailable: number
  demoTotal: number
  total: number
  /** The paid pool (orders' keys), apart from the trial counts above. */
  paid: { available: number; assigned: number; revoked: number; total: number }
}

export async function licenseStats(db: Db): Promise<Record<Model, ModelStats>> {
  const stats = Object.fromEntries(
    MODELS.map((m) => [
      m,
      {
        available: 0,
        assigned: 0,
        revoked: 0,
        demoAvailable: 0,
        demoTotal: 0,
        total: 0,
        paid: { available: 0, assigned: 0, revoked: 0, total: 0 },
      },
    ]),
  ) as Record<Model, ModelStats>
  for (const row of await licenseStatsRows(db)) {
    const s = stats[row.model]
    if (!s) continue
    if (row.pool === 'paid') {
      s.paid[row.status] += row.n
      s.paid.total += row.n
      continue
    }
    s[row.status] += row.n
    s.total += row.n
    if (row.demo) {
      s.demoTotal += row.n
      if (row.status === 'available') s.demoAvailable += row.n
    }
  }
  return stats
}

export function demoKey(model: Model): string {
  return `DEMO-${model.toUpperCase()}-${randomBytes(6)
    .toString('hex')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1-')}`
}

/**
 * A fresh embedded install gets a few demo keys per model so the trial flow works out of the box
 * (docs/architecture.md, "Contracts: CLI"). Only models that never had a key get them: a pool the
 * visitors emptied stays empty, so the waitlist still shows.
 */
export async function seedDemoLicenses(
  db: Db,
  perModel = DEMO_KEYS_PER_MODEL,
): Promise<Partial<Record<Model, number>>> {
  const seeded: Partial<Record<Model, number>> = {}
  for (const model of MODELS) {
    if ((await countLicensesOfModel(db, model)) > 0) continue
    const keys = Array.from({ length: perModel }, () => demoKey(model))
    seeded[model] = await insertLicenses(db, model, keys, DEMO_BATCH, true)
  }
  return seeded
}

/**
 * Removes the demo keys still available, before going live (`licenses remove-demo`): they
 * activate nothing. Keys a visitor was given stay, so their rows and e-mails keep their key.
 */
export async function removeDemoLicenses(db: Db): Promise<Record<Model, number>> {
  const removed = Object.fromEntries(MODELS.map((m) => [m, 0])) as Record<Model, number>
  for (const model of await deleteAvailableDemoLicenses(db)) removed[model]++
  return removed
}

/**
 * The newest key of this canonical address and model handed out less than validDays ago, with
 * the submission it went to, or null: what a repeat request is handed again. Runs in the
 * caller's transaction.
 */
export async function findValidLicense(
  db: Db,
  emailCanonical: string,
  model: Model,
  validDays: number,
): Promise<ValidLicense | null> {
  let newest: { at: number; owner: ValidLicense } | null = null
  for (const { assignedAt, ...owner } of await listAddressKeys(db, emailCanonical, model)) {
    if (!assignedAt || !isKeyValid(assignedAt, validDays)) continue
    if (assignedAt.getTime() > (newest?.at ?? -Infinity))
      newest = { at: assignedAt.getTime(), owner }
  }
  return newest?.owner ?? null
}

/** Whether a key given at `assignedAt` is still within its validDays. */
export function isKeyValid(assignedAt: Date, validDays: number, now = Date.now()): boolean {
  return assignedAt.getTime() + validDays * 86_400_000 > now
}

/**
 * What other subsystems read and write of this one's tables, in their own transactions: its
 * repositories are private to this folder (docs/architecture.md, "Layers"; eslint holds it).
 */
export {
  claimLicense,
  countClaimsPerDay,
  countRecentClaims,
  findAssignedLicense,
  hasAvailableLicense,
  licenseStatsRows,
  listLicenseBatches,
  lockPaidKeys,
  markLicensesAssigned,
  revokeLicenseByKey,
  revokeLicenses,
} from './license-repository.ts'
export type { ValidLicense } from './license-repository.ts'
