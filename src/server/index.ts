/**
 * Starts the server: configuration and the build, the database (migrated; a few demo keys on a
 * fresh embedded one), the outbox worker, the console socket for the embedded database, periodic
 * maintenance, then the app on PORT/HOST until SIGTERM or SIGINT (lifecycle.ts).
 */
import { MODELS } from '#src/common/models.ts'
import { consoleSocketPath, startConsoleSocket } from './console/console-socket.ts'
import { afterAnswer } from './after-answer.ts'
import { createApp } from './app.ts'
import {
  checkPlaceholderSettings,
  ConfigError,
  loadConfig,
  loadSiteSettings,
  type Config,
} from './config.ts'
import { embeddedDataDir, openDatabase, type Database } from './db/client.ts'
import { isSocketLive } from './db/embedded-lock.ts'
import { ChangedMigrationError, migrate, migratePostgres } from './db/migrate.ts'
import { releaseMailLeases } from './mail/mail-queue.ts'
import { releaseWebhookEventLeases } from './orders/order-service.ts'
import { orderDependencies } from './orders/order-deps.ts'
import { startOrderWorker } from './orders/order-worker.ts'
import { loadSite } from './http/site.ts'
import { documentPolicies } from './http/security-headers.ts'
import { createLifecycle } from './lifecycle.ts'
import { LicenseCountsCache, seedDemoLicenses } from './licenses/license-service.ts'
import { createLogger, type Logger } from './logger.ts'
import { mailIdentity } from './mail/mail-identity.ts'
import { startOutboxThread } from './mail/outbox-thread.ts'
import { startOutboxWorker } from './mail/outbox-worker.ts'
import { createMailTransport, mailDirectory } from './mail/transport.ts'
import { requestGauge } from './request-gauge.ts'
import { loadIpHashSecret, secureDataDir } from './security/data-dir.ts'
import { startMaintenance } from './privacy/maintenance.ts'
import { startReminderScheduler } from './reminders/reminder-service.ts'
import { createPageViewCounter } from './funnel/page-views.ts'
import { startAlertMonitor } from './alerts/alert-monitor.ts'
import { serverErrorWindow } from './alerts/server-errors.ts'
import { createMetrics } from './metrics/metrics.ts'
import { readDatabaseFigures } from './database-figures.ts'
import { placeholderSettings, SettingsError } from '#src/common/site/settings.ts'
import { thirdPartyOrigins } from '#src/common/site/third-parties.ts'

async function main() {
  const config = loadConfig()
  const logger = createLogger(config)
  // Owner-only from here on: the database files, e-mails, the socket, the secret (docs/product.md,
  // "Trust under abuse").
  await secureDataDir(config.dataDir)
  if (config.databaseUrl && !config.ipHashSecret)
    logger.warn(
      'IP_HASH_SECRET is not set: this instance keys client addresses with a secret of its own DATA_DIR; ' +
        'give every instance the same IP_HASH_SECRET so per-address limits hold across them',
    )
  config.ipHashSecret = await loadIpHashSecret(config.dataDir, config.ipHashSecret)
  const settings = loadSiteSettings(config)
  const placeholders = placeholderSettings(settings)
  checkPlaceholderSettings(config, placeholders)
  if (placeholders.length > 0)
    logger.warn(
      { settings: placeholders },
      'the site still shows placeholder company and contact details (on /about, in the legal texts ' +
        'and e-mails); set these SITE_* variables and rebuild before going live (README, "Configuration")',
    )
  const site = await loadSite(
    config.distDir,
    config.publicUrl,
    documentPolicies(thirdPartyOrigins(settings)),
    logger,
  )

  const database = await openMigratedDatabase(config, logger)
  // PGlite writes its files with modes of its own; tighten them now that they exist.
  await secureDataDir(config.dataDir)
  const transport = createMailTransport({
    smtpUrl: config.smtpUrl,
    dataDir: config.dataDir,
    dkim: config.dkim,
  })
  logger.info(
    { [transport.kind === 'files' ? 'directory' : 'smtp']: transport.location },
    transport.kind === 'files'
      ? 'no SMTP_URL: e-mails are written as .eml files'
      : 'e-mails go out over SMTP',
  )
  // Said once at start: unsigned mail lands in spam at the large mailbox providers.
  if (config.dkim)
    logger.info(
      { selector: config.dkim.keySelector, domain: config.dkim.domainName },
      'e-mails are DKIM-signed; `npm run admin -- mail dkim-record` prints the DNS record',
    )
  else
    logger.warn(
      'DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY are not set: e-mails go out unsigned (docs/operations.md, "DKIM, SPF and DMARC")',
    )
  // Said once at start: with a webhook open, which download a buyer's key e-mail links.
  const trialInstaller = MODELS.filter((m) => !config.paidDownloadUrls[m])
  if (Object.values(config.webhookSecrets).some(Boolean) && trialInstaller.length)
    logger.warn(
      { models: trialInstaller },
      'PAID_DOWNLOAD_URL_* is not set: the key e-mail of these models links the trial download (docs/operations.md, "The buyer\'s download")',
    )
  const identity = mailIdentity(config, settings)
  // E-mail waits for a moment without requests (request-gauge.ts). With Postgres, delivery runs
  // in a thread of its own, off the request path; the embedded database has one thread, so
  // there it shares this one.
  const requests = requestGauge()
  const mainThreadWorker = () =>
    startOutboxWorker({
      db: database.db,
      transport,
      identity,
      settings,
      logger,
      busy: requests.busy,
    })
  const worker =
    database.kind === 'postgres'
      ? startOutboxThread(config, requests, (error) => {
          logger.error({ err: error }, 'the mail thread failed; sending from the main thread')
          return mainThreadWorker()
        })
      : mainThreadWorker()
  const counts = new LicenseCountsCache(database.db)
  const onMailQueued = () => worker.kick()
  // Paid orders: stored webhook events become orders, keys and e-mail (orders/order-worker.ts).
  const orderDeps = orderDependencies(config, settings, database, logger, onMailQueued)
  const metrics = createMetrics(() => readDatabaseFigures(database.db))
  const orderWorker = startOrderWorker({
    deps: orderDeps,
    logger,
    busy: requests.busy,
    onProcessed: (provider, outcome) => metrics.countWebhookEvent(provider, outcome),
  })
  // Alerts that do not depend on the mail they may report on (alerts/alert-monitor.ts).
  const serverErrors = serverErrorWindow()
  const alertMonitor = startAlertMonitor({
    db: database.db,
    ping: () => database.ping(),
    logger,
    mail: { operatorEmail: config.operatorEmail, messageIdDomain: identity.messageIdDomain },
    webhookUrl: config.alertWebhookUrl,
    brand: settings.brandName,
    mailFailingAfterMs: config.alertMailFailingAfterMs,
    serverErrors,
    notifySales: config.notifySales,
    onMailQueued,
  })
  if (!config.operatorEmail && !config.alertWebhookUrl)
    logger.warn(
      'neither OPERATOR_EMAIL nor ALERT_WEBHOOK_URL is set: alerts (mail failing, a pool running dry, server errors) go to the log only',
    )

  const consoleSocket =
    database.kind === 'embedded'
      ? await startConsoleSocket(
          consoleSocketPath(config.dataDir),
          {
            db: database.db,
            messageIdDomain: identity.messageIdDomain,
            counts,
            onMailQueued,
            mailDir: mailDirectory(config.dataDir),
            claimBreaker: config.claimBreaker,
            orders: orderDeps,
            publicUrl: config.publicUrl,
            goLive: { config, settings },
            backup: {
              source: 'embedded',
              ipHashSecret: {
                value: config.ipHashSecret,
                from: config.ipHashSecretConfigured ? 'environment' : 'file',
              },
            },
          },
          logger,
        )
      : null
  const maintenance = startMaintenance(database, logger, config.dataDir)
  const reminders = startReminderScheduler({
    db: database.db,
    offsets: config.trialReminders,
    messageIdDomain: identity.messageIdDomain,
    logger,
    onMailQueued,
  })

  const pageViews = createPageViewCounter({ db: database.db, logger })
  const lifecycle = createLifecycle(logger)
  const later = afterAnswer(logger)
  const app = createApp({
    afterAnswer: later,
    pageViews,
    config,
    settings,
    logger,
    site,
    database,
    counts,
    onMailQueued,
    onWebhookEvent: () => orderWorker.kick(),
    isStopping: lifecycle.isStopping,
    metrics,
    onServerError: () => serverErrors.record(),
  })
  lifecycle.listen({
    app,
    port: config.port,
    host: config.host,
    onListening: (url) => logger.info({ url, publicUrl: config.publicUrl }, 'listening'),
    requests,
    trustProxy: config.trustProxy,
    cleanup: [
      // What requests left to do after their answers needs the database and the outbox.
      () => later.settled(),
      () => maintenance.stop(),
      () => alertMonitor.stop(),
      () => orderWorker.stop(),
      () => reminders.stop(),
      () => pageViews.stop(),
      () => worker.stop(),
      () => consoleSocket?.close(),
      () => transport.close(),
      () => database.close(),
    ],
  })
}

/** How long a starting server waits for an console command that holds the embedded database. */
const EMBEDDED_LOCK_WAIT_MS = 10 * 60_000

/** Opens the database and applies migrations; a fresh embedded one gets a few demo keys. */
async function openMigratedDatabase(config: Config, logger: Logger): Promise<Database> {
  if (!config.databaseUrl && (await isSocketLive(consoleSocketPath(config.dataDir)))) {
    // PGlite is single-process: a second server on the same files would corrupt them.
    throw new Error(
      `Another server is running on ${config.dataDir} (its console socket answers); stop it first`,
    )
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? null : embeddedDataDir(config.dataDir),
    onPoolError: (error) => logger.warn({ err: error.message }, 'idle database connection failed'),
    // An console command working on the files directly (no server was up when it began) finishes
    // first: an import or an export may take a few minutes.
    lockWait: {
      waitMs: EMBEDDED_LOCK_WAIT_MS,
      onWait: () =>
        logger.warn(
          { dataDir: config.dataDir },
          'another process holds the embedded database (an console command, or a server starting on the same DATA_DIR); waiting for it',
        ),
    },
  })
  logger.info({ database: database.kind, location: database.location }, 'database open')
  // On Postgres, migrations get a connection of their own, without the request-sized timeout.
  const applied = config.databaseUrl
    ? await migratePostgres({ databaseUrl: config.databaseUrl })
    : await migrate(database.db)
  if (applied.length) logger.info({ applied }, 'migrations applied')

  if (database.kind === 'embedded') {
    const released = await releaseMailLeases(database.db)
    if (released)
      logger.info({ messages: released }, 'e-mails a stopped process was sending are due again')
    const events = await releaseWebhookEventLeases(database.db)
    if (events)
      logger.info({ events }, 'payment events a stopped process was handling are due again')
    const seeded = await seedDemoLicenses(database.db)
    if (Object.keys(seeded).length) {
      logger.warn(
        { demoKeys: seeded },
        'loaded DEMO license keys into the empty pool so the trial flow works out of the box; they activate nothing. ' +
          'Import real keys: npm run admin -- licenses import --model basic|advanced FILE',
      )
    }
  }
  return database
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof SettingsError ||
    error instanceof ChangedMigrationError
  )
    console.error(error.message)
  else console.error(error)
  process.exit(1)
})
