/**
 * Whether the database's schema is one this release can run on (docs/product.md): every migration
 * of ours applied and unchanged, and every table and column schema.ts declares present. What a
 * later release added (migrations, tables, columns) is fine: expand, then contract
 * (docs/operations.md, "Upgrading"). /readyz answers 503 with the reason otherwise, so a load
 * balancer stops sending visitors to an instance whose queries would fail.
 */
import { is } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from './client.ts'
import { compareMigrations, loadMigrations, type Migration } from './migrate.ts'
import * as schema from './schema.ts'
import { readAppliedMigrations, readColumns } from './schema-repository.ts'

/** Every table and column the query builder reads or writes, as `table.column`. */
const NEEDED_COLUMNS: { table: string; column: string }[] = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .flatMap((table) => {
    const config = getTableConfig(table)
    return config.columns.map((column) => ({ table: config.name, column: column.name }))
  })

let ourMigrations: Promise<Migration[]> | undefined

/**
 * Null when this release can run on the database, else why not, in one sentence. Database
 * errors propagate (the caller tells "not answering" apart).
 */
export async function schemaProblem(
  db: Db,
  migrations: Promise<Migration[]> = (ourMigrations ??= loadMigrations()),
): Promise<string | null> {
  const columns = await readColumns(db)
  const present = new Set(columns.map((c) => `${c.table}.${c.column}`))
  if (!present.has('schema_migrations.version')) return 'no migration has been applied'
  if (!present.has('schema_migrations.sha256'))
    return 'the migrations were applied by an earlier release only (no checksums recorded)'
  const { missing, changed } = compareMigrations(await migrations, await readAppliedMigrations(db))
  if (changed.length)
    return `migration ${changed[0]!.file} has changed since it was applied (${changed[0]!.problem})`
  if (missing.length) return `migration ${missing[0]!.name}.sql is not applied`
  const tables = new Set(columns.map((c) => c.table))
  const absent = NEEDED_COLUMNS.find((c) => !present.has(`${c.table}.${c.column}`))
  if (absent)
    return tables.has(absent.table)
      ? `table ${absent.table} has no column ${absent.column}`
      : `table ${absent.table} is absent`
  return null
}
