/**
 * Starts the server: loads the configuration and the build, opens and migrates the database
 * (with a few demo keys on a fresh embedded one), starts the outbox worker and, for the
 * embedded database, the admin socket; listens on PORT/HOST. On SIGTERM or SIGINT it stops
 * taking connections, lets in-flight requests finish, then stops the worker and closes the
 * database.
 */
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http'
import { Server as NetServer } from 'node:net'
import { serve } from '@hono/node-server'
import { ERROR_CODES } from '#src/common/api-types.ts'
import { api } from '#src/common/paths.ts'
import { settings } from '#src/web/content/settings.ts'
import {
  adminSocketPath,
  isSocketLive,
  startAdminSocket,
  type AdminSocket,
} from './admin/admin-socket.ts'
import { createApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { embeddedDataDir, openDatabase } from './db/client.ts'
import { migrate } from './db/migrate.ts'
import { deleteExpiredCounters } from './db/rate-limit-repository.ts'
import { applyRetention } from './privacy/retention.ts'
import { loadSite } from './http/site.ts'
import { LicenseCountsCache, seedDemoLicenses } from './licenses/license-service.ts'
import { createLogger } from './logger.ts'
import { mailIdentity } from './mail/mail-identity.ts'
import { startOutboxWorker } from './mail/outbox-worker.ts'
import { createMailTransport } from './mail/transport.ts'

const SHUTDOWN_GRACE_MS = 10_000
const MAINTENANCE_MS = 10 * 60_000
/** How long an open connection may look idle during a stop before it is closed. */
const IDLE_SWEEP_MS = 500
/** How long a stopping server still accepts connections (each answered with Connection: close). */
const LISTEN_LINGER_MS = 1_000
const netClose = NetServer.prototype.close

async function main() {
  const config = loadConfig()
  const logger = createLogger(config)
  const site = await loadSite(config.distDir, config.publicUrl)

  const socketPath = adminSocketPath(config.dataDir)
  if (!config.databaseUrl && (await isSocketLive(socketPath))) {
    // PGlite is single-process: a second server on the same files would corrupt them.
    throw new Error(
      `Another server is running on ${config.dataDir} (its admin socket answers); stop it first`,
    )
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? null : embeddedDataDir(config.dataDir),
    onPoolError: (error) => logger.warn({ err: error.message }, 'idle database connection failed'),
  })
  logger.info({ database: database.kind, location: database.location }, 'database open')
  // Migrations get their own connection without the request-sized query timeout: building an
  // index on a large table may take minutes.
  const migrator =
    database.kind === 'postgres'
      ? await openDatabase({
          databaseUrl: config.databaseUrl,
          dataDir: null,
          poolSize: 1,
          queryTimeoutMs: 30 * 60_000,
        })
      : database
  const applied = await migrate(migrator.db).finally(() =>
    migrator === database ? undefined : migrator.close(),
  )
  if (applied.length) logger.info({ applied }, 'migrations applied')

  if (database.kind === 'embedded') {
    const seeded = await seedDemoLicenses(database.db)
    if (Object.keys(seeded).length) {
      logger.warn(
        { demoKeys: seeded },
        'loaded DEMO license keys into the empty pool so the trial flow works out of the box; they activate nothing. ' +
          'Import real keys: npm run admin -- licenses import --model basic|advanced FILE',
      )
    }
  }

  const transport = createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir })
  if (transport.kind === 'files')
    logger.info({ directory: transport.location }, 'no SMTP_URL: e-mails are written as .eml files')
  else logger.info({ smtp: transport.location }, 'e-mails go out over SMTP')
  const identity = mailIdentity(config, settings)
  const worker = startOutboxWorker({ db: database.db, transport, identity, settings, logger })

  const counts = new LicenseCountsCache(database.db)
  let stopping = false
  const app = createApp({
    config,
    logger,
    site,
    database,
    counts,
    onMailQueued: () => worker.kick(),
  })

  let adminSocket: AdminSocket | null = null
  if (database.kind === 'embedded') {
    adminSocket = await startAdminSocket(
      socketPath,
      {
        db: database.db,
        messageIdDomain: identity.messageIdDomain,
        counts,
        onMailQueued: () => worker.kick(),
      },
      logger,
    )
  }

  const maintenance = setInterval(() => {
    deleteExpiredCounters(database.db).catch((error: unknown) =>
      logger.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'pruning rate-limit counters failed',
      ),
    )
    // The retention periods the privacy policy promises; every instance may run it, and a
    // second run in the same minute finds nothing.
    applyRetention(database.db).then(
      (deleted) => {
        if (deleted.submissions || deleted.mail || deleted.consents)
          logger.info({ deleted }, 'deleted data past its retention period')
      },
      (error: unknown) =>
        logger.warn(
          { err: error instanceof Error ? error.message : String(error) },
          'applying retention periods failed',
        ),
    )
  }, MAINTENANCE_MS)
  maintenance.unref()

  const fetch = async (request: Request, env: unknown) => {
    // HEAD is answered here from the GET answer's final headers: when Hono derives it itself,
    // @hono/node-server's Response drops the headers middleware added after the handler (the
    // security headers; issue 7's socket tests). Reading res.statusText or res.body first
    // would drop them too, so only status and headers are read.
    const head = request.method === 'HEAD'
    const res = await app.fetch(
      head ? new Request(request.url, { method: 'GET', headers: request.headers }) : request,
      env,
    )
    // A stopping instance is not ready: load balancers send new visitors elsewhere. The
    // answer keeps the app's headers (security headers, JSON type).
    if (stopping && new URL(request.url).pathname === api.readyz) {
      const headers = new Headers(res.headers)
      headers.delete('content-length')
      return new Response(
        head
          ? null
          : JSON.stringify({ errorCode: ERROR_CODES.unavailable, error: 'The server is stopping' }),
        { status: 503, headers },
      )
    }
    return head ? new Response(null, { status: res.status, headers: res.headers }) : res
  }
  const server = serve({ fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info(
      { url: `http://${info.address}:${info.port}`, publicUrl: config.publicUrl },
      'listening',
    )
  }) as HttpServer

  // Answers still to be written. Once stopping, each closes its connection, so a busy
  // keep-alive client moves on (to another instance) instead of holding this one open.
  const unanswered = new Set<ServerResponse>()
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (stopping) return void res.setHeader('Connection', 'close')
    unanswered.add(res)
    res.once('close', () => unanswered.delete(res))
  })

  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'shutting down')
    const force = setTimeout(() => {
      logger.warn('forcing exit after grace period')
      process.exit(1)
    }, SHUTDOWN_GRACE_MS)
    force.unref()
    for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close')

    let sweep: NodeJS.Timeout | undefined = undefined
    // Keep accepting for a moment, answering with Connection: close and /readyz 503: closing
    // the port at once would reset connections still waiting in the accept queue (the embedded
    // database's work holds the event loop), and a load balancer needs a moment to look away.
    // Then stop accepting, but not with http.Server.close(), which also drops every connection
    // that looks idle: a request already sent may not have been read yet.
    const closeListener = () =>
      netClose.call(server, () => {
        clearInterval(sweep)
        // Requests have drained; what they queued stays in the outbox for the next start.
        void (async () => {
          clearInterval(maintenance)
          await worker.stop()
          await adminSocket?.close()
          transport.close()
          await database.close()
          logger.info('stopped')
          process.exit(0)
        })().catch((error: unknown) => {
          logger.error({ err: error }, 'error while stopping')
          process.exit(1)
        })
      })
    setTimeout(() => {
      closeListener()
      // Connections still idle after the bytes in flight have been read are closed, repeatedly,
      // until none is left; those that carried a request close after their answer.
      sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS)
    }, LISTEN_LINGER_MS)
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message)
  else console.error(error)
  process.exit(1)
})
