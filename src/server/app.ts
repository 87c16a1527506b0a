/**
 * Builds the Hono app; it opens no port (server/index.ts listens). Tests call app.fetch
 * in-process (after fastify/demo's app/server split), and reach everything a real
 * request does: security headers, HEAD, /readyz while stopping.
 */
import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import { routes } from '#src/common/paths.ts'
import type { PublicSettings } from '#src/common/site/settings.ts'
import { thirdPartyOrigins } from '#src/common/site/third-parties.ts'
import { afterAnswer, type AfterAnswer } from './after-answer.ts'
import { operatorAddress, type Config } from './config.ts'
import type { Database } from './db/client.ts'
import { isDatabaseUnavailable } from './db/errors.ts'
import { schemaProblem } from './db/schema-readiness.ts'
import { consoleHeaders, consoleApiRoutes } from './console/console-routes.ts'
import { apiFallback } from './http/api-fallback.ts'
import { consentRoutes } from './privacy/consent-routes.ts'
import { errorHandler } from './http/errors.ts'
import { healthRoutes } from './http/health.ts'
import type { SignInLimits } from './console/console-auth.ts'
import { licenseCountRoutes } from './licenses/license-routes.ts'
import { purchaseRequestRoutes } from './orders/purchase-request-routes.ts'
import { drainUnreadBody } from './http/read-json.ts'
import { requestLimit } from './http/request-limit.ts'
import { contentSecurityPolicy, securityHeaders } from './http/security-headers.ts'
import { siteRoutes, type Site } from './http/site.ts'
import { keyResendRoutes } from './trials/key-resend-routes.ts'
import { WEBHOOK_PATHS, webhookRoutes } from './orders/webhook-routes.ts'
import { orderStatusRoutes } from './orders/order-status-routes.ts'
import { orderDependencies } from './orders/order-deps.ts'
import { trialConfirmationRoutes } from './trials/confirmation-routes.ts'
import { trialEmailCorrectionRoutes } from './trials/address-correction-routes.ts'
import { reminderStopRoutes } from './reminders/reminder-routes.ts'
import { trialSubmissionRoutes } from './trials/trial-routes.ts'
import { LicenseCountsCache } from './licenses/license-service.ts'
import type { PageViewCounter } from './funnel/page-views.ts'
import type { Logger } from './logger.ts'
import { mailIdentity } from './mail/mail-identity.ts'
import type { TrialDeps } from './trials/trial-service.ts'
import { SupplyWatch } from './licenses/supply-watch.ts'
import { accessLog } from './http/access-log.ts'
import { createMetrics, type Metrics } from './metrics/metrics.ts'
import { readDatabaseFigures } from './database-figures.ts'
import { metricsRoutes } from './metrics/metrics-routes.ts'

export interface AppDeps {
  config: Config
  settings: PublicSettings
  logger: Logger
  site: Site
  database: Database
  /** Shared with the console socket so an import shows at once; made here when absent. */
  counts?: LicenseCountsCache
  /** Called after a request queued e-mail: the outbox worker's kick, so it sends at once. */
  onMailQueued?: () => void
  /** Called once a webhook stored a new event: the orders worker's kick (orders/order-worker.ts). */
  onWebhookEvent?: () => void
  /** True once the server is stopping: /readyz answers 503 (server/lifecycle.ts). */
  isStopping?: () => boolean
  /** Runs work a request's answer must not wait for (after-answer.ts); made here when absent. */
  afterAnswer?: AfterAnswer
  /** Tests: tighter console sign-in limits. */
  signInLimits?: SignInLimits
  /** Counts document requests for the funnel (funnel/page-views.ts); absent: not counted. */
  pageViews?: PageViewCounter
  /** What /metrics reports; shared with the orders worker. Made here when absent. */
  metrics?: Metrics
  /** Told of every 5xx answer (the server-errors alert, alerts/server-errors.ts). */
  onServerError?: () => void
}

export function createApp(deps: AppDeps): Hono {
  const { config, logger, site, database, settings } = deps
  const counts = deps.counts ?? new LicenseCountsCache(database.db)
  // index.ts fills this in from DATA_DIR; an app built without one (tests) uses a fresh key.
  const ipHashSecret = config.ipHashSecret ?? randomBytes(32).toString('base64url')
  const app = new Hono()
  const messageIdDomain = mailIdentity(config, settings).messageIdDomain
  const https = config.publicUrl.startsWith('https://')
  const metrics = deps.metrics ?? createMetrics(() => readDatabaseFigures(database.db))

  // Outermost: a body a handler refused unread is drained before its answer goes out (read-json.ts).
  app.use(async (c, next) => {
    await next()
    await drainUnreadBody(c)
  })
  app.use(accessLog(logger, metrics, deps.onServerError))
  app.use(
    securityHeaders({
      csp: contentSecurityPolicy(thirdPartyOrigins(settings)),
      https,
    }),
  )
  // No /api answer may be kept by a browser or a proxy: some carry tokens (docs/architecture.md,
  // "Contracts: API").
  app.use('/api/*', async (c, next) => {
    await next()
    c.res.headers.set('Cache-Control', 'no-store')
  })

  const trial: TrialDeps = {
    db: database.db,
    limits: {
      email: config.rateLimitEmail,
      ip: config.rateLimitIp,
      subnet: config.rateLimitSubnet,
      network48: config.rateLimitIpv6Network48,
    },
    domainLimit: config.rateLimitDomain,
    breaker: config.claimBreaker,
    operatorEmail: config.operatorEmail,
    ipHashSecret,
    counts,
    messageIdDomain: mailIdentity(config, settings).messageIdDomain,
    logger,
    onMailQueued: deps.onMailQueued,
    supplyWatch: new SupplyWatch({
      db: database.db,
      lowSupplyDays: config.lowSupplyDays,
      operatorEmail: config.operatorEmail,
      messageIdDomain: mailIdentity(config, settings).messageIdDomain,
      logger,
    }),
  }
  // One limit per client for every request that changes something, before any endpoint's own;
  // not for the providers' signed webhooks (http/request-limit.ts).
  const perClient = requestLimit(config.rateLimitRequests, config.trustProxy, WEBHOOK_PATHS)
  app.use('/api/*', perClient)
  app.use(`${routes.consoleBase}/api/*`, perClient)
  app.use(routes.consoleBase, consoleHeaders())
  app.use(`${routes.consoleBase}/*`, consoleHeaders())

  const api = [
    healthRoutes(
      {
        ping: () => database.ping(),
        schemaProblem: () => schemaProblem(database.db),
        isStopping: deps.isStopping ?? (() => false),
      },
      logger,
    ),
    trialSubmissionRoutes({ trustProxy: config.trustProxy, logger, trial, metrics }),
    keyResendRoutes({ trial, trustProxy: config.trustProxy }),
    trialConfirmationRoutes({ trial, settings }),
    trialEmailCorrectionRoutes({ trial, trustProxy: config.trustProxy }),
    reminderStopRoutes({ db: database.db, settings }),
    purchaseRequestRoutes({
      trustProxy: config.trustProxy,
      purchase: {
        db: database.db,
        limits: trial.limits,
        ipHashSecret,
        operatorEmail: operatorAddress(config, settings),
        messageIdDomain: trial.messageIdDomain,
        logger,
        onMailQueued: deps.onMailQueued,
      },
    }),
    licenseCountRoutes(counts),
    orderStatusRoutes({ db: database.db }),
    webhookRoutes({
      db: database.db,
      alertMail: { operatorEmail: operatorAddress(config, settings), messageIdDomain },
      logger,
      onMailQueued: deps.onMailQueued,
      secrets: config.webhookSecrets,
      onEventStored: deps.onWebhookEvent,
      metrics,
    }),
    consentRoutes({ consents: { db: database.db, ipHashSecret }, trustProxy: config.trustProxy }),
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
      ipHashSecret,
      claimBreaker: config.claimBreaker,
      logger,
      onMailQueued: deps.onMailQueued,
      afterAnswer: deps.afterAnswer ?? afterAnswer(logger),
      signInLimits: deps.signInLimits,
      orders: orderDependencies(config, settings, database, logger, deps.onMailQueued),
      goLive: { config, settings },
    }),
  )
  // Without METRICS_TOKEN there is no /metrics: the site's own 404 answers.
  if (config.metricsToken) app.route('/', metricsRoutes(metrics, config.metricsToken))
  app.route(
    '/',
    siteRoutes(site, {
      uploadsDir: config.uploadsDir,
      pageViews: deps.pageViews,
      trustProxy: config.trustProxy,
    }),
  )
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
