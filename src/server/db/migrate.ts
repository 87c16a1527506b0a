/**
 * Our migrator: numbered SQL files in ./migrations (tables and data), applied once each in
 * order. All of it runs inside one transaction that first takes an advisory lock, so several
 * instances starting at once apply each change exactly once (the others wait, then find nothing
 * left to do). Postgres runs DDL inside transactions, so a failing file leaves no half-made
 * schema behind. No database routine is created: the rules are TypeScript
 * (docs/decisions/0027-rules-in-typescript.md). The routines an earlier release created, and
 * its schema_functions table, stay untouched: that release may still run beside this one.
 */
import { readdir, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { openDatabase, queryRows, type Db } from './client.ts'

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url))
/** Any constant works; it only has to be the same for every instance of this app. */
const MIGRATION_LOCK_KEY = 7_243_501_001

interface Migration {
  version: string
  name: string
  statements: string[]
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
    files.map(async (file) => ({
      version: file.slice(0, 4),
      name: file.replace(/\.sql$/, ''),
      statements: splitStatements(await readFile(`${dir}/${file}`, 'utf8')),
    })),
  )
}

/** Applies the migrations not yet applied; returns their names. */
export async function migrate(db: Db, migrations?: Migration[]): Promise<string[]> {
  const all = migrations ?? (await loadMigrations())
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`)
    await tx.execute(sql`
      create table if not exists schema_migrations (
        version text primary key,
        name text not null,
        applied_at timestamptz not null default now()
      )`)
    const done = new Set(
      (await queryRows<{ version: string }>(tx, sql`select version from schema_migrations`)).map(
        (r) => r.version,
      ),
    )
    const applied: string[] = []
    for (const migration of all) {
      if (done.has(migration.version)) continue
      for (const statement of migration.statements) await tx.execute(sql.raw(statement))
      await tx.execute(
        sql`insert into schema_migrations (version, name) values (${migration.version}, ${migration.name})`,
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
    searchPath: options.searchPath,
  })
  try {
    return await migrate(migrator.db, options.migrations)
  } finally {
    await migrator.close()
  }
}
