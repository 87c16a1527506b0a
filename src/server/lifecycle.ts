/**
 * Listening and stopping. On SIGTERM or SIGINT the server keeps accepting for a moment
 * (answering with Connection: close, /readyz 503), then stops accepting, lets in-flight
 * requests finish, and runs the cleanup steps in order (worker, console socket, mail, database).
 */
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http'
import { Server as NetServer, type Socket } from 'node:net'
import { serve } from '@hono/node-server'
import type { Hono } from 'hono'
import type { TrustProxy } from './config.ts'
import type { Logger } from './logger.ts'
import type { RequestGauge } from './request-gauge.ts'
import { connectionClient } from './guard/client-address.ts'

const SHUTDOWN_GRACE_MS = 10_000
/** How long an open connection may look idle during a stop before it is closed. */
const IDLE_SWEEP_MS = 500
/** How long a stopping server still accepts connections (each answered with Connection: close). */
const LISTEN_LINGER_MS = 1_000
const netClose = NetServer.prototype.close
/**
 * Bounds on what a client may hold (docs/product.md, "Trust under abuse"; docs/decisions/0023): a new connection must
 * have sent its first request's headers within 5 s (sending nothing counts), a request's body
 * must be in within 20 s of its headers, the next request on a kept-alive connection must
 * start within 5 s and have its headers in 5 s later; one client (an address, an IPv6 /64) holds
 * at most 64 connections at once and its next one is closed at once, and at most 2,000 are open
 * in all (more are refused by the kernel queue, not by our memory). From 1,900 open on, each new
 * connection closes the one that has waited longest without delivering a complete request, so
 * slow connections spread over many addresses cannot keep a newcomer out
 * (docs/decisions/0031). A proxy we trust
 * (TRUST_PROXY) is not one client: behind one, the proxy must bound each client itself
 * (docs/operations.md).
 *
 * The deadlines are our own timers, not Node's headersTimeout and requestTimeout: on Node 20,
 * once its check found a connection past headersTimeout, the connection stayed open and its
 * socket timeout no longer fired (measured: idle and half-sent connections still open after
 * 13 s with headersTimeout 5 s), so one client could hold them for as long as it liked.
 */
const SERVER_LIMITS = {
  headersMs: 5_000,
  bodyMs: 20_000,
  keepAliveTimeoutMs: 5_000,
  connectionsPerClient: 64,
  /** The hard cap: Node refuses a connection past it, however it would be used. */
  maxConnections: 2_000,
  /**
   * From this many open connections on, a new one closes the connection that has waited longest
   * for a complete request (nothing sent, headers or a body still trickling, an idle keep-alive),
   * as nginx reuses idle keep-alive connections under pressure. The 100 below the hard cap are
   * what is left for connections being answered, which are never closed for room.
   */
  crowdedAt: 1_900,
  /**
   * An answer that closes its connection while the client is still sending (a refused body past
   * what we drain) half-closes and keeps reading, and dropping, for this long before it closes.
   * Closing at once with unread bytes makes the kernel reset the connection, and a reset discards
   * what the client had not read yet: our 400 or 413, so it saw a bare reset. nginx calls this
   * lingering close.
   */
  lingerMs: 2_000,
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
    /** Which peers are proxies (their connections are not counted as one client's). */
    trustProxy: TrustProxy
  }): void
}

/** Sends FIN after the answer, drops what still arrives, and closes once the client is done. */
function lingerThenClose(socket: Socket, req: IncomingMessage): void {
  socket.end()
  const close = () => socket.destroy()
  const timer = setTimeout(close, SERVER_LIMITS.lingerMs).unref()
  socket.once('close', () => clearTimeout(timer))
  req.once('end', close)
  req.once('error', close)
  // Whatever else was reading the body stopped at its bound; this reads the rest away.
  const drop = () => {
    while (req.read() !== null);
  }
  req.on('readable', drop)
  drop()
}

export function createLifecycle(logger: Logger): Lifecycle {
  let stopping = false
  return {
    isStopping: () => stopping,
    listen({ app, port, host, cleanup, onListening, requests, trustProxy }) {
      const server = serve({ fetch: app.fetch, port, hostname: host }, (info) =>
        onListening(`http://${info.address}:${info.port}`),
      ) as HttpServer
      // Node's own checks off: the deadlines below replace them.
      server.headersTimeout = 0
      server.requestTimeout = 0
      server.keepAliveTimeout = SERVER_LIMITS.keepAliveTimeoutMs
      server.maxConnections = SERVER_LIMITS.maxConnections

      // One deadline per connection: by then it has sent what it owes, or it is closed.
      const deadlines = new WeakMap<Socket, NodeJS.Timeout>()
      const owe = (socket: Socket, ms: number | null) => {
        clearTimeout(deadlines.get(socket))
        if (ms !== null) deadlines.set(socket, setTimeout(() => socket.destroy(), ms).unref())
      }
      server.on('connection', (socket: Socket) => {
        owe(socket, SERVER_LIMITS.headersMs)
        socket.once('close', () => owe(socket, null))
      })
      server.on('request', (req: IncomingMessage, res: ServerResponse) => {
        const socket = req.socket
        owe(socket, SERVER_LIMITS.bodyMs)
        // Its answer takes what it takes; the next request on the connection owes its headers.
        req.once('end', () => {
          if (!res.writableFinished) owe(socket, null)
        })
        res.once('finish', () =>
          owe(socket, SERVER_LIMITS.keepAliveTimeoutMs + SERVER_LIMITS.headersMs),
        )
      })

      // Lingering close, for answers that close a connection whose request is still arriving.
      const latest = new WeakMap<Socket, IncomingMessage>()
      server.on('request', (req: IncomingMessage) => latest.set(req.socket, req))
      server.on('connection', (socket: Socket) => {
        const destroySoon = socket.destroySoon.bind(socket)
        socket.destroySoon = () => {
          const req = latest.get(socket)
          if (!req || req.complete || socket.destroyed) return destroySoon()
          lingerThenClose(socket, req)
        }
      })

      // Open connections per client: one client's 2,000 idle or trickling sockets must not
      // take every other visitor's place.
      const open = new Map<string, number>()
      server.on('connection', (socket: Socket) => {
        const client = connectionClient(socket.remoteAddress, trustProxy)
        if (client === null) return
        const count = (open.get(client) ?? 0) + 1
        if (count > SERVER_LIMITS.connectionsPerClient) return void socket.destroy()
        open.set(client, count)
        socket.once('close', () => {
          const left = (open.get(client) ?? 1) - 1
          if (left > 0) open.set(client, left)
          else open.delete(client)
        })
      })

      // Room under pressure. `waiting` holds the connections that owe a complete request, in the
      // order they began to owe it (a Set keeps insertion order): at connect, and again after
      // each answer. A connection whose request is complete (being answered) is skipped and
      // dropped from it at the next look; the answer's end puts it back, last.
      const waiting = new Set<Socket>()
      const answers = new WeakMap<Socket, ServerResponse>()
      let connections = 0
      let closedForRoom = 0
      let reportedAt = 0
      const makeRoom = (newcomer: Socket) => {
        for (const socket of waiting) {
          if (socket === newcomer) continue
          waiting.delete(socket)
          const beingAnswered =
            latest.get(socket)?.complete && !answers.get(socket)?.writableFinished
          if (socket.destroyed || beingAnswered) continue
          socket.destroy()
          closedForRoom++
          break
        }
        if (performance.now() - reportedAt >= 10_000) {
          reportedAt = performance.now()
          logger.warn(
            { connections, closed: closedForRoom },
            'connections near the cap: closing the ones that waited longest for a request',
          )
          closedForRoom = 0
        }
      }
      server.on('connection', (socket: Socket) => {
        // Closed by the per-client cap above: it never took a place.
        if (socket.destroyed) return
        connections++
        waiting.add(socket)
        socket.once('close', () => {
          connections--
          waiting.delete(socket)
        })
        if (connections > SERVER_LIMITS.crowdedAt) makeRoom(socket)
      })
      server.on('request', (req: IncomingMessage, res: ServerResponse) => {
        const socket = req.socket
        answers.set(socket, res)
        res.once('finish', () => {
          if (socket.destroyed) return
          waiting.delete(socket)
          waiting.add(socket)
        })
      })

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
