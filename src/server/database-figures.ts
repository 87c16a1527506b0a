/**
 * What /metrics's gauges show of the database (metrics/metrics.ts knows no subsystem): keys
 * available per model and pool, the outbox's backlog, orders per provider and status, each read
 * through its subsystem's service.
 */
import { MODELS } from '#src/common/models.ts'
import type { Db } from './db/client.ts'
import { licenseStatsRows } from './licenses/license-service.ts'
import { countMailByStatus } from './mail/mail-queue.ts'
import type { DatabaseFigures } from './metrics/metrics.ts'
import { countOrdersByProviderAndStatus } from './orders/order-service.ts'

export async function readDatabaseFigures(db: Db): Promise<DatabaseFigures> {
  const stats = await licenseStatsRows(db)
  const keys: DatabaseFigures['keys'] = []
  for (const model of MODELS)
    for (const pool of ['trial', 'paid'])
      keys.push({
        model,
        pool,
        n: stats
          .filter((r) => r.model === model && r.pool === pool && r.status === 'available')
          .reduce((sum, r) => sum + r.n, 0),
      })
  const mail = await countMailByStatus(db)
  return {
    keys,
    outbox: { pending: mail.pending + mail.sending, failed: mail.failed, dead: mail.dead },
    orders: await countOrdersByProviderAndStatus(db),
  }
}
