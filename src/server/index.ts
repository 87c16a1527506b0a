/**
 * Starts the server: loads the configuration and the build, listens on PORT/HOST, and on
 * SIGTERM or SIGINT stops taking connections, lets in-flight requests finish, then exits.
 */
import { serve, type ServerType } from '@hono/node-server'
import { createApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { loadSite } from './http/site.ts'
import { createLogger } from './logger.ts'

const SHUTDOWN_GRACE_MS = 10_000

async function main() {
  const config = loadConfig()
  const logger = createLogger(config)
  const site = await loadSite(config.distDir, config.publicUrl)
  const app = createApp({ config, logger, site })

  const server: ServerType = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info({ url: `http://${info.address}:${info.port}`, publicUrl: config.publicUrl }, 'listening')
  })

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'shutting down')
    const force = setTimeout(() => {
      logger.warn('forcing exit after grace period')
      process.exit(1)
    }, SHUTDOWN_GRACE_MS)
    force.unref()
    server.close(() => {
      logger.info('stopped')
      process.exit(0)
    })
    // Idle keep-alive connections would hold close() open; in-flight requests still finish.
    if ('closeIdleConnections' in server) server.closeIdleConnections()
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message)
  else console.error(error)
  process.exit(1)
})
