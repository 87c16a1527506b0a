/**
 * Data access for backups, restores and moves (backup.ts): the catalog of the current schema's
 * tables, and each table's rows read and written as JSON, one statement at a time.
 */
import { sql } from 'drizzle-orm'
import { queryRows, type Db } from './client.ts'

/** The migrator's own bookkeeping: made by migrate(), never copied. */
const MIGRATOR_TABLES = ['schema_migrations', 'schema_functions']

export async function listTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'
        order by table_name`,
  )
  return rows.map((r) => r.name).filter((name) => !MIGRATOR_TABLES.includes(name))
}

/** The columns a row is written back with: every one but generated columns, in table order. */
export async function listColumns(db: Db, table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select column_name as name from information_schema.columns
        where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'
        order by ordinal_position`,
  )
  return rows.map((r) => r.name)
}

export interface ForeignKey {
  table: string
  references: string
  /** Checked at commit (DEFERRABLE): the rows may arrive in either order within a transaction. */
  deferrable: boolean
}

export async function listForeignKeys(db: Db): Promise<ForeignKey[]> {
  return queryRows<ForeignKey>(
    db,
    sql`select c.conrelid::regclass::text as "table", c.confrelid::regclass::text as "references",
               c.condeferrable as deferrable
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = current_schema()`,
  )
}

/** Versions of the migrations applied, in order; empty when the migrator never ran. */
export async function listAppliedMigrations(db: Db): Promise<string[]> {
  const [exists] = await queryRows<{ found: boolean }>(
    db,
    sql`select to_regclass('schema_migrations') is not null as found`,
  )
  if (!exists?.found) return []
  const rows = await queryRows<{ version: string }>(
    db,
    sql`select version from schema_migrations order by version`,
  )
  return rows.map((r) => r.version)
}

/** Tables of any kind in the current schema: none in an empty database. */
export async function countSchemaTables(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from information_schema.tables where table_schema = current_schema()`,
  )
  return Number(row?.n ?? 0)
}

/**
 * The next rows of a table in physical order after `afterCtid`, as JSON objects. Within one
 * snapshot (a REPEATABLE READ transaction) the order is fixed, so paging by ctid reads each row
 * once, and each page starts where the last ended instead of counting past it.
 */
export async function readRowsAfter(
  db: Db,
  table: string,
  afterCtid: string,
  limit: number,
): Promise<{ ctid: string; row: Record<string, unknown> }[]> {
  return queryRows(
    db,
    sql`select t.ctid::text as ctid, to_jsonb(t.*) as row from ${sql.identifier(table)} as t
        where t.ctid > ${afterCtid}::tid order by t.ctid limit ${limit}`,
  )
}

/** Inserts rows given as JSON objects, identity values as they were. */
export async function insertRowsFromJson(
  db: Db,
  table: string,
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  const list = sql.join(
    columns.map((c) => sql.identifier(c)),
    sql`, `,
  )
  await db.execute(
    sql`insert into ${sql.identifier(table)} (${list}) overriding system value
        select ${list} from jsonb_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::jsonb)`,
  )
}

/** The serial and identity columns of the current schema: each has a sequence behind it. */
export async function listSequenceColumns(db: Db): Promise<{ table: string; column: string }[]> {
  return queryRows(
    db,
    sql`select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = current_schema()
          and pg_get_serial_sequence(format('%I.%I', table_schema, table_name), column_name) is not null`,
  )
}

/** Moves the sequence behind a serial or identity column past the highest value restored. */
export async function resetSequence(db: Db, table: string, column: string): Promise<void> {
  await db.execute(
    sql`select setval(pg_get_serial_sequence(format('%I', ${table}::text), ${column}),
                      coalesce((select max(${sql.identifier(column)}) from ${sql.identifier(table)}), 0) + 1, false)`,
  )
}

/** Checks deferrable foreign keys at commit, so rows that point at each other may arrive in turn. */
export async function deferConstraints(db: Db): Promise<void> {
  await db.execute(sql`set constraints all deferred`)
}

export async function countRows(db: Db, table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  )
  return Number(row?.n ?? 0)
}
