/** The orders' dependencies as the server, the CLI and the admin socket build them. */
import type { PublicSettings } from '#src/common/site/settings.ts'
import { operatorAddress, type Config } from '../config.ts'
import type { Database } from '../db/client.ts'
import type { Logger } from '../logger.ts'
import { mailIdentity } from '../mail/mail-identity.ts'
import type { OrderDeps } from './order-service.ts'

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
    operatorEmail: operatorAddress(config, settings),
    messageIdDomain: mailIdentity(config, settings).messageIdDomain,
    paddleApi: config.paddleApi,
    logger,
    onMailQueued,
  }
}
