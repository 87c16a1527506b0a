/**
 * What the database says about its own schema: the migrations it applied and the columns it
 * has. Read by the migrator (migrate.ts) and by /readyz (schema-readiness.ts).
 */
import { sql } from 'drizzle-orm'
import { queryRows, type Db } from './client.ts'
import type { AppliedMigration } from './migrate.ts'

/** Every row of schema_migrations, this release's and any other's. */
export function readAppliedMigrations(db: Db): Promise<AppliedMigration[]> {
  return queryRows<AppliedMigration>(db, sql`select version, name, sha256 from schema_migrations`)
}

/** Every column of every table in the schema the app works in (its search path's first). */
export function readColumns(db: Db): Promise<{ table: string; column: string }[]> {
  return queryRows<{ table: string; column: string }>(
    db,
    sql`select table_name as "table", column_name as "column"
        from information_schema.columns where table_schema = current_schema()`,
  )
}
