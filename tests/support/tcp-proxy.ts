/**
 * A TCP proxy a test controls, placed between the app and a server (Postgres, SMTP) to cut the
 * line the way networks fail: refused (nothing listens; every open connection is reset) or
 * black-holed (connections stay open but nothing gets through, as in a partition).
 */
import { once } from 'node:events'
import {
  createConnection,
  createServer,
  type AddressInfo,
  type Server,
  type Socket,
} from 'node:net'

type ProxyMode = 'pass' | 'refuse' | 'blackhole'

export interface TcpProxy {
  port: number
  /** Connections accepted so far. */
  accepted(): number
  /** The local ports of the open upstream connections (Postgres: pg_stat_activity.client_port). */
  upstreamPorts(): number[]
  setMode(mode: ProxyMode): Promise<void>
  close(): Promise<void>
}

/**
 * Listens on options.port, by default one the system picks; 'refuse' closes the listener and
 * 'pass' opens it again on the same port, so the URL a server was given stays right.
 */
export async function startTcpProxy(options: {
  port?: number
  targetPort: number
  targetHost?: string
}): Promise<TcpProxy> {
  const pairs = new Set<{ client: Socket; upstream: Socket | null }>()
  let mode: ProxyMode = 'pass'
  let accepted = 0
  let server: Server | null = null
  let port = options.port ?? 0

  const onConnection = (client: Socket) => {
    accepted++
    const pair: { client: Socket; upstream: Socket | null } = { client, upstream: null }
    pairs.add(pair)
    client.on('error', () => {})
    client.on('close', () => {
      pair.upstream?.destroy()
      pairs.delete(pair)
    })
    // Black-holed: accept and swallow, never answer.
    if (mode === 'blackhole') return
    const upstream = createConnection({
      port: options.targetPort,
      host: options.targetHost ?? '127.0.0.1',
    })
    pair.upstream = upstream
    upstream.on('error', () => client.destroy())
    upstream.on('close', () => client.destroy())
    client.pipe(upstream)
    upstream.pipe(client)
  }

  const listen = async () => {
    server = createServer(onConnection)
    server.listen(port, '127.0.0.1')
    await once(server, 'listening')
    port = (server.address() as AddressInfo).port
  }
  const stopListening = async () => {
    if (!server) return
    const s = server
    server = null
    await new Promise<void>((resolve) => s.close(() => resolve()))
  }
  await listen()

  return {
    port,
    accepted: () => accepted,
    upstreamPorts: () =>
      [...pairs].flatMap((p) => (p.upstream?.localPort ? [p.upstream.localPort] : [])),
    async setMode(next) {
      if (next === mode) return
      mode = next
      if (next === 'refuse') {
        for (const pair of pairs) {
          pair.client.resetAndDestroy()
          pair.upstream?.destroy()
        }
        await stopListening()
      } else if (next === 'blackhole') {
        // Open connections stop carrying bytes both ways; new ones are accepted and ignored.
        for (const pair of pairs) {
          pair.client.unpipe()
          pair.upstream?.unpipe()
          pair.client.pause()
          pair.upstream?.pause()
        }
        if (!server) await listen()
      } else {
        // Back to normal: the stuck connections are dropped (as a partition's would be in the
        // end); new ones pass.
        for (const pair of pairs) {
          pair.client.destroy()
          pair.upstream?.destroy()
        }
        if (!server) await listen()
      }
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy()
        pair.upstream?.destroy()
      }
      await stopListening()
    },
  }
}
