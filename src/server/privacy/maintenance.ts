/**
 * Periodic housekeeping every instance runs: expired rate-limit counters go, and the retention
 * periods the privacy policy promises are applied (a second run in the same minute finds
 * nothing, so several instances may run it). On the embedded database, which has no
 * autovacuum, the tables that changed much are vacuumed and analyzed after that (db/upkeep.ts).
 */
import type { Database } from '../db/client.ts'
import { tidyEmbeddedDatabase } from '../db/upkeep.ts'
import { deleteExpiredCounters } from '../guard/rate-limiter.ts'
import type { Logger } from '../logger.ts'
import { secureDataDir } from '../security/data-dir.ts'
import { applyRetention } from './retention.ts'

const MAINTENANCE_MS = 10 * 60_000

export function startMaintenance(
  database: Pick<Database, 'db' | 'kind'>,
  logger: Logger,
  dataDir?: string,
): { stop(): void } {
  const { db } = database
  const warn = (what: string) => (error: unknown) =>
    logger.warn({ err: error instanceof Error ? error.message : String(error) }, what)
  const timer = setInterval(() => {
    deleteExpiredCounters(db).catch(warn('pruning rate-limit counters failed'))
    // Files the embedded database made since the last pass get owner-only modes (docs/product.md,
    // "Trust under abuse").
    if (dataDir) secureDataDir(dataDir).catch(warn('tightening DATA_DIR modes failed'))
    applyRetention(db)
      .then((deleted) => {
        if (Object.values(deleted).some((n) => n > 0))
          logger.info({ deleted }, 'deleted data past its retention period')
      }, warn('applying retention periods failed'))
      .then(async () => {
        if (database.kind !== 'embedded') return
        const tidied = await tidyEmbeddedDatabase(db)
        if (tidied.length > 0) logger.info({ tidied }, 'vacuumed and analyzed changed tables')
      })
      .catch(warn('vacuuming the embedded database failed'))
  }, MAINTENANCE_MS)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
