/**
 * Builds the Hono app; it opens no port (server/index.ts listens). Tests call app.fetch
 * in-process (STYLE.md, after fastify/demo's app/server split), and reach everything a real
 * request does: security headers, HEAD, /readyz while stopping.
 */
import { Hono } from 'hono'
import { routes } from '#src/common/paths.ts'
import type { PublicSettings } from '#src/common/site/settings.ts'
import { thirdPartyOrigins } from '#src/common/site/third-parties.ts'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { isDatabaseUnavailable } from './db/errors.ts'
import { adminHeaders, consoleApiRoutes } from './http/admin-api.ts'
import { apiFallback } from './http/api-fallback.ts'
import { consentRoutes } from './http/consents.ts'
import { errorHandler } from './http/errors.ts'
import { healthRoutes } from './http/health.ts'
import type { SignInLimits } from './admin/console-auth.ts'
import { licenseCountRoutes } from './http/license-counts.ts'
import { contentSecurityPolicy, securityHeaders } from './http/security-headers.ts'
import { siteRoutes, type Site } from './http/site.ts'
import { trialSubmissionRoutes } from './http/trial-submissions.ts'
import { LicenseCountsCache } from './licenses/license-service.ts'
import type { Logger } from './logger.ts'
import { mailIdentity } from './mail/mail-identity.ts'

export interface AppDeps {
  config: Config
  settings: PublicSettings
  logger: Logger
  site: Site
  database: Database
  /** Shared with the admin socket so an import shows at once; made here when absent. */
  counts?: LicenseCountsCache
  /** Called after a request queued e-mail: the outbox worker's kick, so it sends at once. */
  onMailQueued?: () => void
  /** True once the server is stopping: /readyz answers 503 (server/lifecycle.ts). */
  isStopping?: () => boolean
  /** Tests: tighter console sign-in limits. */
  signInLimits?: SignInLimits
}

export function createApp(deps: AppDeps): Hono {
  const { config, logger, site, database, settings } = deps
  const counts = deps.counts ?? new LicenseCountsCache(database.db)
  const app = new Hono()
  const messageIdDomain = mailIdentity(config, settings).messageIdDomain
  const https = config.publicUrl.startsWith('https://')

  app.use(
    securityHeaders({
      csp: contentSecurityPolicy(thirdPartyOrigins(settings)),
      https,
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

  app.use(routes.adminBase, adminHeaders())
  app.use(`${routes.adminBase}/*`, adminHeaders())

  const api = [
    healthRoutes(
      {
        kind: database.kind,
        ping: () => database.ping(),
        isStopping: deps.isStopping ?? (() => false),
      },
      logger,
    ),
    trialSubmissionRoutes({
      trustProxy: config.trustProxy,
      logger,
      trial: {
        db: database.db,
        limits: { email: config.rateLimitEmail, ip: config.rateLimitIp },
        counts,
        messageIdDomain,
        logger,
        onMailQueued: deps.onMailQueued,
      },
    }),
    licenseCountRoutes(counts),
    consentRoutes({ consents: { db: database.db }, trustProxy: config.trustProxy }),
  ]
  for (const routes of api) app.route('/', routes)
  app.route('/', apiFallback(api.flatMap((routes) => routes.routes)))
  app.route(
    '/',
    consoleApiRoutes({
      db: database.db,
      counts,
      messageIdDomain,
      https,
      trustProxy: config.trustProxy,
      logger,
      onMailQueued: deps.onMailQueued,
      signInLimits: deps.signInLimits,
    }),
  )
  app.route('/', siteRoutes(site, { uploadsDir: config.uploadsDir }))
  app.onError(errorHandler({ logger, isUnavailable: isDatabaseUnavailable }))

  // HEAD is answered from the GET answer's final headers. When Hono derives HEAD itself,
  // @hono/node-server's Response drops the headers middleware added after the handler (the
  // security headers); reading res.statusText or res.body first would drop them too, so only
  // status and headers are read.
  const fetch = app.fetch
  app.fetch = async (request, env, ctx) => {
    if (request.method !== 'HEAD') return fetch(request, env, ctx)
    const res = await fetch(
      new Request(request.url, { method: 'GET', headers: request.headers }),
      env,
      ctx,
    )
    return new Response(null, { status: res.status, headers: res.headers })
  }
  return app
}
