/**
 * schema.ts (what the query builder believes) and migrations/ (what the database has) must say
 * the same: every table and column, its type, whether it may be null, whether it has a default,
 * and its primary-key and unique constraints. A migration without its schema.ts change, or the
 * reverse, fails here on a freshly migrated database (docs/decisions/0007-migrations.md).
 */
import { sql } from 'drizzle-orm'
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '#tests/support/test-database.ts'
import { queryRows } from './client.ts'
import * as schema from './schema.ts'

interface Column {
  table: string
  column: string
  type: string
  nullable: boolean
  hasDefault: boolean
}

/** information_schema spells types long; schema.ts writes them as SQL does. */
const TYPE_NAMES: Record<string, string> = {
  'timestamp with time zone': 'timestamp with time zone',
  'character varying': 'varchar',
  integer: 'integer',
  bigint: 'bigint',
  boolean: 'boolean',
  text: 'text',
  uuid: 'uuid',
  jsonb: 'jsonb',
  inet: 'inet',
}

const tables = (Object.values(schema) as unknown[]).filter(
  (value): value is PgTable =>
    typeof value === 'object' && value !== null && Symbol.for('drizzle:IsDrizzleTable') in value,
)

function declared(): Column[] {
  return tables.flatMap((table) => {
    const config = getTableConfig(table)
    return config.columns.map((column) => ({
      table: config.name,
      column: column.name,
      type: column
        .getSQLType()
        .replace(/^timestamp\b.*with time zone$/, 'timestamp with time zone'),
      nullable: !column.notNull,
      hasDefault: column.hasDefault || column.generatedIdentity !== undefined,
    }))
  })
}

describe('schema.ts and the migrations', () => {
  const database = useTestDatabase('pglite')

  it('declare the same tables and columns, types, nullability and defaults', async () => {
    const rows = await queryRows<{
      table_name: string
      column_name: string
      data_type: string
      udt_name: string
      is_nullable: string
      column_default: string | null
      is_identity: string
    }>(
      database().db,
      sql`select table_name, column_name, data_type, udt_name, is_nullable, column_default, is_identity
          from information_schema.columns
          where table_schema = current_schema() and table_name not in ('schema_migrations', 'schema_functions')`,
    )
    const actual: Column[] = rows.map((row) => ({
      table: row.table_name,
      column: row.column_name,
      // An array column is ARRAY here, its element type in udt_name (_text for text[]).
      type:
        row.data_type === 'ARRAY'
          ? `${row.udt_name.replace(/^_/, '')}[]`
          : (TYPE_NAMES[row.data_type] ?? row.data_type),
      nullable: row.is_nullable === 'YES',
      hasDefault: row.column_default !== null || row.is_identity === 'YES',
    }))
    const byKey = (a: Column, b: Column) =>
      `${a.table}.${a.column}`.localeCompare(`${b.table}.${b.column}`)
    expect(actual.sort(byKey)).toEqual(declared().sort(byKey))
  })

  it('declare the same primary keys and unique columns', async () => {
    const rows = await queryRows<{ table_name: string; column_name: string; kind: string }>(
      database().db,
      sql`select tc.table_name, kcu.column_name, tc.constraint_type as kind
          from information_schema.table_constraints tc
          join information_schema.key_column_usage kcu
            on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
          where tc.table_schema = current_schema()
            and tc.constraint_type in ('PRIMARY KEY', 'UNIQUE')
            and tc.table_name not in ('schema_migrations', 'schema_functions')`,
    )
    const actual = rows.map((r) => `${r.table_name}.${r.column_name} ${r.kind}`).sort()
    const expected = tables
      .flatMap((table) => {
        const config = getTableConfig(table)
        return [
          ...config.columns
            .filter((c) => c.primary)
            .map((c) => `${config.name}.${c.name} PRIMARY KEY`),
          ...config.primaryKeys.flatMap((pk) =>
            pk.columns.map((c) => `${config.name}.${c.name} PRIMARY KEY`),
          ),
          ...config.columns.filter((c) => c.isUnique).map((c) => `${config.name}.${c.name} UNIQUE`),
          ...config.uniqueConstraints.flatMap((u) =>
            u.columns.map((c) => `${config.name}.${c.name} UNIQUE`),
          ),
        ]
      })
      .sort()
    expect(actual).toEqual(expected)
  })
})
