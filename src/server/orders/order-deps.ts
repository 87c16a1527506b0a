/** The orders' dependencies as the server, the CLI and the console socket build them. */
import { MODELS, type Model } from '#src/common/models.ts'
import type { PublicSettings } from '#src/common/site/settings.ts'
import { operatorAddress, type Config } from '../config.ts'
import type { Database } from '../db/client.ts'
import type { Logger } from '../logger.ts'
import { mailIdentity } from '../mail/mail-identity.ts'
import type { OrderDeps } from './order-service.ts'

/**
 * The download each model's key e-mail links: PAID_DOWNLOAD_URL_*, else the trial's
 * (SITE_DOWNLOAD_URL_*), one installer that a paid key unlocks (docs/operations.md, "Paid
 * orders: from payment to key").
 */
function paidDownloads(config: Config, settings: PublicSettings): Record<Model, string | null> {
  return Object.fromEntries(
    MODELS.map((m) => [m, config.paidDownloadUrls[m] ?? (settings.downloadUrls[m] || null)]),
  ) as Record<Model, string | null>
}

export function orderDependencies(
  config: Config,
  settings: PublicSettings,
  database: Pick<Database, 'db'>,
  logger: Logger,
  onMailQueued?: () => void,
): OrderDeps {
  return {
    db: database.db,
    paidProducts: config.paidProducts,
    maxKeys: config.orderMaxKeys,
    operatorEmail: operatorAddress(config, settings),
    messageIdDomain: mailIdentity(config, settings).messageIdDomain,
    paddleApi: config.paddleApi,
    downloadUrls: paidDownloads(config, settings),
    logger,
    onMailQueued,
  }
}
