/**
 * The embedded database's upkeep: PGlite runs no autovacuum, so without this its planner's
 * statistics stay those of the day a table was created and dead rows are never reclaimed. A
 * plan made on stale statistics read 20,000 index rows per repeat trial request where 2 would
 * do (licenses/license-repository.ts listAddressKeys). Postgres's autovacuum does this by
 * itself; this uses its default thresholds: VACUUM (ANALYZE) once dead rows pass 50 + 20% of
 * the live ones, ANALYZE once changes since the last one pass 50 + 10%. The counts restart with
 * each start of the process, as autovacuum's do after a crash.
 */
import type { Db } from './client.ts'
import { readTableActivity, tidyTable, type TableActivity } from './upkeep-repository.ts'

/** What a table needs now, by autovacuum's default thresholds; null when nothing. */
export function upkeepNeeded(activity: TableActivity): 'vacuum' | 'analyze' | null {
  if (activity.deadRows > 50 + 0.2 * activity.liveRows) return 'vacuum'
  if (activity.changedSinceAnalyze > 50 + 0.1 * activity.liveRows) return 'analyze'
  return null
}

/** Tidies each table that needs it, one statement at a time; the tables and what was done. */
export async function tidyEmbeddedDatabase(
  db: Db,
): Promise<{ table: string; work: 'vacuum' | 'analyze' }[]> {
  const done: { table: string; work: 'vacuum' | 'analyze' }[] = []
  for (const activity of await readTableActivity(db)) {
    const work = upkeepNeeded(activity)
    if (!work) continue
    await tidyTable(db, activity.table, work)
    done.push({ table: activity.table, work })
  }
  return done
}
