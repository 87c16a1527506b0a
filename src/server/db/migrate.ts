/**
 * Our migrator: numbered SQL files in ./migrations (tables and data), applied once each in
 * order, then the database functions in ./functions (one file per function or procedure, its
 * current body), applied again whenever a file's hash changes, like Flyway's repeatable R__
 * files (docs/decisions/0020-database-functions-in-one-home.md). All of it runs inside one
 * transaction that first takes an advisory lock, so several instances starting at once apply
 * each change exactly once (the others wait, then find nothing left to do). Postgres runs DDL
 * inside transactions, so a failing file leaves no half-made schema behind.
 */
import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { openDatabase, queryRows, type Db } from './client.ts'

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url))
const FUNCTIONS_DIR = fileURLToPath(new URL('./functions/', import.meta.url))
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

/** A database function's file: the routine it defines is named after it. */
export interface DbFunction {
  name: string
  hash: string
  statements: string[]
  /** The body between the dollar quotes, as the database keeps it (prosrc). */
  body: string
}

export async function loadFunctions(dir = FUNCTIONS_DIR): Promise<DbFunction[]> {
  const files = (await readdir(dir)).filter((f) => /^[a-z_][a-z0-9_]*\.sql$/.test(f)).sort()
  return Promise.all(
    files.map(async (file) => {
      const text = await readFile(`${dir}/${file}`, 'utf8')
      const body = /\$\$([\s\S]*)\$\$/.exec(text)?.[1]
      if (body === undefined) throw new Error(`${file}: no $$-quoted body`)
      return {
        name: file.replace(/\.sql$/, ''),
        hash: createHash('sha256').update(text).digest('hex'),
        statements: splitStatements(text),
        body,
      }
    }),
  )
}

/**
 * (Re)creates each function whose file changed since it was last applied: every routine of that
 * name in the current schema is dropped first, so a file may change a signature or a return
 * type, which CREATE OR REPLACE cannot. Returns the names applied.
 */
async function applyFunctions(tx: Db, functions: DbFunction[]): Promise<string[]> {
  await tx.execute(sql`
    create table if not exists schema_functions (
      name text primary key,
      hash text not null,
      applied_at timestamptz not null default now()
    )`)
  const applied = new Map(
    (
      await queryRows<{ name: string; hash: string }>(
        tx,
        sql`select name, hash from schema_functions`,
      )
    ).map((r) => [r.name, r.hash]),
  )
  const changed = functions.filter((f) => applied.get(f.name) !== f.hash)
  // As pg_dump does: a body is checked when it runs, not when it is created, so the files may
  // name each other in any order, and a migration test may stop the tables short of a column a
  // body names.
  if (changed.length) await tx.execute(sql`set local check_function_bodies = off`)
  for (const fn of changed) {
    const existing = await queryRows<{ signature: string; kind: string }>(
      tx,
      sql`select p.oid::regprocedure::text as signature, p.prokind as kind
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = current_schema() and p.proname = ${fn.name}`,
    )
    for (const routine of existing) {
      const what = routine.kind === 'p' ? 'procedure' : 'function'
      await tx.execute(sql.raw(`drop ${what} ${routine.signature}`))
    }
    for (const statement of fn.statements) await tx.execute(sql.raw(statement))
    await tx.execute(
      sql`insert into schema_functions (name, hash) values (${fn.name}, ${fn.hash})
          on conflict (name) do update set hash = excluded.hash, applied_at = now()`,
    )
  }
  return changed.map((f) => `function ${f.name}`)
}

/**
 * Applies the migrations not yet applied, then the functions whose files changed; returns their
 * names (a function as `function <name>`).
 */
export async function migrate(
  db: Db,
  migrations?: Migration[],
  functions?: DbFunction[],
): Promise<string[]> {
  const all = migrations ?? (await loadMigrations())
  const routines = functions ?? (await loadFunctions())
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
    return [...applied, ...(await applyFunctions(tx, routines))]
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
