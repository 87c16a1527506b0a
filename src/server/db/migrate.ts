/**
 * Our migrator: numbered SQL files in ./migrations (tables and data), applied once each in
 * order. All of it runs inside one transaction that first takes an advisory lock, so several
 * instances starting at once apply each change exactly once (the others wait, then find nothing
 * left to do). Postgres runs DDL inside transactions, so a failing file leaves no half-made
 * schema behind. No database routine is created: the rules are TypeScript
 * (docs/decisions/0027-rules-in-typescript.md). The routines an earlier release created, and
 * its schema_functions table, stay untouched: that release may still run beside this one.
 *
 * Each applied migration's SHA-256 is recorded, and a start is refused, naming the file, when a
 * migration that was applied has changed since (docs/decisions/0028-migration-checksums-and-releases-side-by-side.md):
 * shipped files are never edited, so an edit can only be a mistake. Applied versions this
 * release has no file for are a later release's (expand, then contract: docs/operations.md,
 * "Upgrading") and are left alone.
 */
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { openDatabase, type Db } from './client.ts'
import {
  hasChecksumColumn,
  readAppliedMigrations,
  type AppliedMigration,
} from './schema-repository.ts'

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url))
/** Any constant works; it only has to be the same for every instance of this app. */
const MIGRATION_LOCK_KEY = 7_243_501_001

export interface Migration {
  version: string
  name: string
  /** Of the file's bytes, as recorded in schema_migrations.sha256 when it is applied. */
  sha256: string
  statements: string[]
}

/** A shipped migration whose file is not what was applied, as a person should read it. */
interface ChangedMigration {
  file: string
  problem: string
}

/** How the database's applied migrations compare with this release's files. */
export function compareMigrations(
  ours: Migration[],
  applied: AppliedMigration[],
): { missing: Migration[]; changed: ChangedMigration[]; unrecorded: Migration[] } {
  const byVersion = new Map(applied.map((row) => [row.version, row]))
  const missing: Migration[] = []
  const changed: ChangedMigration[] = []
  const unrecorded: Migration[] = []
  for (const migration of ours) {
    const row = byVersion.get(migration.version)
    const file = `${migration.name}.sql`
    if (!row) missing.push(migration)
    else if (row.name !== migration.name)
      changed.push({ file, problem: `version ${migration.version} was applied as ${row.name}` })
    else if (row.sha256 === null) unrecorded.push(migration)
    else if (row.sha256 !== migration.sha256)
      changed.push({
        file,
        problem: `its SHA-256 was ${row.sha256.slice(0, 12)}… when applied and is ${migration.sha256.slice(0, 12)}… now`,
      })
  }
  return { missing, changed, unrecorded }
}

/** The start is refused: a shipped migration file differs from what the database applied. */
export class ChangedMigrationError extends Error {
  constructor(readonly changed: ChangedMigration[]) {
    super(
      changed
        .map(
          (c) =>
            `Migration ${c.file} has changed since it was applied (${c.problem}). A shipped ` +
            'migration is never edited: restore the file as shipped and put the change in a new ' +
            'migration (docs/operations.md, "Upgrading").',
        )
        .join('\n'),
    )
    this.name = 'ChangedMigrationError'
  }
}

/**
 * The statements of a file, separated by `--> statement-breakpoint` lines (the convention
 * drizzle-kit writes), never guessed from semicolons: a function body or a string may hold
 * semicolons of its own. Comment-only pieces are dropped. PGlite runs one statement per query,
 * so a missing breakpoint fails every test run (docs/decisions/0007-migrations.md).
 */
export function splitStatements(text: string): string[] {
  return text
    .split(/^--> statement-breakpoint[ \t]*$/m)
    .map((part) => part.trim())
    .filter((part) =>
      part.split('\n').some((line) => line.trim() !== '' && !line.trim().startsWith('--')),
    )
}

export async function loadMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort()
  return Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(`${dir}/${file}`)
      return {
        version: file.slice(0, 4),
        name: file.replace(/\.sql$/, ''),
        sha256: createHash('sha256').update(bytes).digest('hex'),
        statements: splitStatements(bytes.toString('utf8')),
      }
    }),
  )
}

/**
 * Applies the migrations not yet applied and returns their names. Throws ChangedMigrationError, having changed
 * nothing, when an applied migration's file differs from what was applied.
 */
export async function migrate(db: Db, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await loadMigrations())
  // A migration's ALTER TABLE waits for every transaction of the running release on that table,
  // and may deadlock with one (a release's insert waiting on an index this transaction built,
  // while this waits on its read): Postgres then rolls one back, and seen in the side-by-side
  // test it chose the migrator, so the new release exited at start. The whole transaction rolls
  // back either way, so it is tried again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await migrateOnce(db, all)
    } catch (error) {
      if (attempt >= MIGRATION_ATTEMPTS || !isLockConflict(error)) throw error
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt + Math.random() * 200))
    }
  }
}

const MIGRATION_ATTEMPTS = 10

/** Postgres gave up on a lock: a deadlock it broke by rolling us back. */
function isLockConflict(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '40P01') return true
  return false
}

function migrateOnce(db: Db, all: Migration[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`)
    await tx.execute(sql`
      create table if not exists schema_migrations (
        version text primary key,
        name text not null,
        applied_at timestamptz not null default now(),
        sha256 text
      )`)
    // Releases up to c8ea3ff made the table without it. Nullable: their migrator, which inserts
    // (version, name) only, keeps working on this database during a rolling deploy or a rollback.
    // Altered only when missing: an ALTER locks the table until this transaction ends, and the
    // /readyz of instances already running reads it meanwhile.
    if (!(await hasChecksumColumn(tx)))
      await tx.execute(sql`alter table schema_migrations add column sha256 text`)
    const { missing, changed, unrecorded } = compareMigrations(all, await readAppliedMigrations(tx))
    if (changed.length) throw new ChangedMigrationError(changed)
    // Applied before hashes were kept (or by an earlier release's migrator): today's file is the
    // baseline, which is safe because no shipped file is edited from now on (decision 28).
    for (const migration of unrecorded)
      await tx.execute(
        sql`update schema_migrations set sha256 = ${migration.sha256}
            where version = ${migration.version} and sha256 is null`,
      )
    const applied: string[] = []
    for (const migration of missing) {
      for (const statement of migration.statements) await tx.execute(sql.raw(statement))
      await tx.execute(
        sql`insert into schema_migrations (version, name, sha256)
            values (${migration.version}, ${migration.name}, ${migration.sha256})`,
      )
      applied.push(migration.name)
    }
    return applied
  })
}

/**
 * How long one migration statement may run: building an index on a large table, or waiting for
 * another instance's migrations (the advisory lock), can take far longer than a request may.
 */
const MIGRATION_QUERY_TIMEOUT_MS = 30 * 60_000

/**
 * Applies the migrations to a Postgres database over a connection of their own, without the
 * request-sized query timeout of the pools openDatabase gives by default: with it, a statement
 * over 5 s drops the connection mid-transaction and the start fails.
 */
export async function migratePostgres(options: {
  databaseUrl: string
  /** The schema to migrate (tests give each file its own). */
  searchPath?: string
  migrations?: Migration[]
}): Promise<string[]> {
  const migrator = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: null,
    poolSize: 1,
    queryTimeoutMs: MIGRATION_QUERY_TIMEOUT_MS,
    // A start may find the server busy (its disk syncing for seconds, seen in CI): migrating is
    // not a visitor's request, so it waits rather than fail at the requests' 5 s.
    connectTimeoutMs: 60_000,
    searchPath: options.searchPath,
  })
  try {
    return await migrate(migrator.db, options.migrations)
  } finally {
    await migrator.close()
  }
}
