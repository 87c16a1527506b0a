/**
 * Builds the Hono app; it opens no port (server/index.ts listens). Tests call app.fetch
 * in-process (STYLE.md, after fastify/demo's app/server split).
 */
import { Hono } from 'hono'
import { settings } from '#src/web/content/settings.ts'
import { thirdPartyOrigins } from '#src/web/content/third-parties.ts'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { apiRoutes } from './http/api.ts'
import { errorHandler } from './http/errors.ts'
import { contentSecurityPolicy, securityHeaders } from './http/security-headers.ts'
import { siteRoutes, type Site } from './http/site.ts'
import { LicenseCountsCache } from './licenses/license-service.ts'
import type { Logger } from './logger.ts'
import { mailIdentity } from './mail/mail-identity.ts'

export interface AppDeps {
  config: Config
  logger: Logger
  site: Site
  database: Database
  /** Shared with the admin socket so an import shows at once; made here when absent. */
  counts?: LicenseCountsCache
  /** Called after a request queued e-mail: the outbox worker's kick, so it sends at once. */
  onMailQueued?: () => void
}

export function createApp(deps: AppDeps): Hono {
  const { config, logger, site, database } = deps
  const counts = deps.counts ?? new LicenseCountsCache(database.db)
  const app = new Hono()

  app.use(
    securityHeaders({
      csp: contentSecurityPolicy(thirdPartyOrigins(settings)),
      https: config.publicUrl.startsWith('https://'),
    }),
  )
  app.use(async (c, next) => {
    const started = performance.now()
    await next()
    logger.debug(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    )
  })

  app.get('/healthz', (c) => c.json({ status: 'ok' }))

  app.route(
    '/',
    apiRoutes({
      database,
      counts,
      trustProxy: config.trustProxy,
      logger,
      trial: {
        db: database.db,
        limits: { email: config.rateLimitEmail, ip: config.rateLimitIp },
        counts,
        messageIdDomain: mailIdentity(config, settings).messageIdDomain,
        logger,
        onMailQueued: deps.onMailQueued,
      },
    }),
  )
  app.route('/', siteRoutes(site, { uploadsDir: config.uploadsDir }))
  app.onError(errorHandler(logger))
  return app
}
