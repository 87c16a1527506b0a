/**
 * The embedded database's upkeep (db/upkeep.ts): PGlite runs no autovacuum, so the server
 * vacuums and analyzes the tables that changed much, and leaves the others alone.
 */
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '#tests/support/test-database.ts'
import { queryRows } from './client.ts'
import { tidyEmbeddedDatabase, upkeepNeeded } from './upkeep.ts'
import { readTableActivity } from './upkeep-repository.ts'

describe('what a table needs, by autovacuum default thresholds', () => {
  const table = (liveRows: number, deadRows: number, changedSinceAnalyze: number) => ({
    table: 't',
    liveRows,
    deadRows,
    changedSinceAnalyze,
  })
  it('vacuums past 50 dead rows plus a fifth of the live ones', () => {
    expect(upkeepNeeded(table(1000, 250, 0))).toBeNull()
    expect(upkeepNeeded(table(1000, 251, 0))).toBe('vacuum')
  })
  it('analyzes past 50 changes plus a tenth of the live rows', () => {
    expect(upkeepNeeded(table(1000, 0, 150))).toBeNull()
    expect(upkeepNeeded(table(1000, 0, 151))).toBe('analyze')
    expect(upkeepNeeded(table(0, 0, 51))).toBe('analyze')
  })
})

describe('the embedded database tidied', () => {
  const database = useTestDatabase('pglite')

  const licensesActivity = async () =>
    (await readTableActivity(database().db)).find((t) => t.table === 'licenses')!
  const plannerRows = async () =>
    (
      await queryRows<{ reltuples: number }>(
        database().db,
        sql`select reltuples::int as reltuples from pg_class where oid = 'licenses'::regclass`,
      )
    )[0]!.reltuples

  it('vacuums and analyzes a table rewritten since, and only that one', async () => {
    const { db } = database()
    await db.execute(sql`insert into licenses (model, activation_key, batch)
      select 'basic', 'UPKEEP-' || g, 'upkeep' from generate_series(1, 2000) g`)
    await db.execute(sql`update licenses set batch = 'upkeep-2' where batch = 'upkeep'`)
    // Never analyzed: the planner does not know the 2,000 rows.
    expect(await plannerRows()).toBeLessThanOrEqual(0)
    // The statistics are sent at most once a second unless a flush is forced.
    await db.execute(sql`select pg_stat_force_next_flush()`)
    expect((await licensesActivity()).deadRows).toBeGreaterThanOrEqual(2000)

    const tidied = await tidyEmbeddedDatabase(db)
    expect(tidied).toContainEqual({ table: 'licenses', work: 'vacuum' })
    expect(tidied.map((t) => t.table)).not.toContain('orders')
    expect(await plannerRows()).toBe(2000)
    expect(await licensesActivity()).toMatchObject({ deadRows: 0, changedSinceAnalyze: 0 })

    // Nothing changed since: nothing to do.
    expect(await tidyEmbeddedDatabase(db)).toEqual([])
  })
})
