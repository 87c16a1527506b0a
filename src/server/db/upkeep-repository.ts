/**
 * What the embedded database's upkeep reads and runs (db/upkeep.ts): each table's changes since
 * its statistics were gathered, and VACUUM / ANALYZE of one table.
 */
import { sql } from 'drizzle-orm'
import { queryRows, type Db } from './client.ts'

/** A table's rows and changes, as the database's cumulative statistics count them. */
export interface TableActivity {
  table: string
  liveRows: number
  deadRows: number
  changedSinceAnalyze: number
}

/** Every table of the current schema with its counts. */
export async function readTableActivity(db: Db): Promise<TableActivity[]> {
  const rows = await queryRows<{ relname: string; live: number; dead: number; changed: number }>(
    db,
    sql`select relname, n_live_tup::int as live, n_dead_tup::int as dead,
          n_mod_since_analyze::int as changed
        from pg_stat_user_tables where schemaname = current_schema()`,
  )
  return rows.map((r) => ({
    table: r.relname,
    liveRows: Number(r.live),
    deadRows: Number(r.dead),
    changedSinceAnalyze: Number(r.changed),
  }))
}

/** VACUUM (ANALYZE) or ANALYZE of one table. */
export async function tidyTable(db: Db, table: string, work: 'vacuum' | 'analyze'): Promise<void> {
  await db.execute(
    work === 'vacuum'
      ? sql`vacuum (analyze) ${sql.identifier(table)}`
      : sql`analyze ${sql.identifier(table)}`,
  )
}
