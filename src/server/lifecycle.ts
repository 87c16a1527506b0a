/**
 * Listening and stopping. On SIGTERM or SIGINT the server keeps accepting for a moment
 * (answering with Connection: close, /readyz 503), then stops accepting, lets in-flight
 * requests finish, and runs the cleanup steps in order (worker, admin socket, mail, database).
 */
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http'
import { Server as NetServer } from 'node:net'
import { serve } from '@hono/node-server'
import type { Hono } from 'hono'
import type { Logger } from './logger.ts'
import type { RequestGauge } from './request-gauge.ts'

const SHUTDOWN_GRACE_MS = 10_000
/** How long an open connection may look idle during a stop before it is closed. */
const IDLE_SWEEP_MS = 500
/** How long a stopping server still accepts connections (each answered with Connection: close). */
const LISTEN_LINGER_MS = 1_000
const netClose = NetServer.prototype.close
/**
 * Bounds on what a client may hold (docs/product.md, "Trust under abuse"): headers must arrive
 * within 10 s, a whole request within 30 s, and at most this many connections are open at once
 * (more are refused by the kernel queue, not by our memory). Idle keep-alive connections close
 * after 5 s.
 */
const SERVER_LIMITS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 2_000,
} as const

interface Lifecycle {
  /** True from the first stop signal on: the app answers /readyz with 503. */
  isStopping(): boolean
  /** Listens; cleanup runs in order once requests have drained after a stop signal. */
  listen(options: {
    app: Hono
    port: number
    host: string
    cleanup: (() => unknown)[]
    onListening: (url: string) => void
    /** Counts each request from its arrival until its connection has its answer. */
    requests?: RequestGauge
  }): void
}

export function createLifecycle(logger: Logger): Lifecycle {
  let stopping = false
  return {
    isStopping: () => stopping,
    listen({ app, port, host, cleanup, onListening, requests }) {
      const server = serve({ fetch: app.fetch, port, hostname: host }, (info) =>
        onListening(`http://${info.address}:${info.port}`),
      ) as HttpServer
      server.headersTimeout = SERVER_LIMITS.headersTimeoutMs
      server.requestTimeout = SERVER_LIMITS.requestTimeoutMs
      server.keepAliveTimeout = SERVER_LIMITS.keepAliveTimeoutMs
      server.maxConnections = SERVER_LIMITS.maxConnections

      // Answers still to be written. Once stopping, each closes its connection, so a busy
      // keep-alive client moves on (to another instance) instead of holding this one open.
      const unanswered = new Set<ServerResponse>()
      server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
        if (requests) {
          requests.begin()
          res.once('close', requests.end)
        }
        if (stopping) return void res.setHeader('Connection', 'close')
        unanswered.add(res)
        res.once('close', () => unanswered.delete(res))
      })

      const stop = (signal: string) => {
        if (stopping) return
        stopping = true
        logger.info({ signal }, 'shutting down')
        setTimeout(() => {
          logger.warn('forcing exit after grace period')
          process.exit(1)
        }, SHUTDOWN_GRACE_MS).unref()
        for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close')

        let sweep: NodeJS.Timeout | undefined = undefined
        // Keep accepting for a moment: closing the port at once would reset connections still
        // waiting in the accept queue (the embedded database's work holds the event loop), and a
        // load balancer needs a moment to look away. Then stop accepting, but not with
        // http.Server.close(), which also drops every connection that looks idle: a request
        // already sent may not have been read yet.
        const closeListener = () =>
          netClose.call(server, () => {
            clearInterval(sweep)
            // Requests have drained; what they queued stays in the outbox for the next start.
            void (async () => {
              for (const step of cleanup) await step()
              logger.info('stopped')
              process.exit(0)
            })().catch((error: unknown) => {
              logger.error({ err: error }, 'error while stopping')
              process.exit(1)
            })
          })
        setTimeout(() => {
          closeListener()
          // Connections still idle after the bytes in flight have been read are closed,
          // repeatedly, until none is left; those that carried a request close after their answer.
          sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS)
        }, LISTEN_LINGER_MS)
      }
      process.on('SIGTERM', () => stop('SIGTERM'))
      process.on('SIGINT', () => stop('SIGINT'))
    },
  }
}
