/**
 * What one client can hold of the server, over real sockets to the server process: thousands of
 * idle or trickling connections from one address leave /healthz answering everyone else, and
 * such connections are closed within seconds; no endpoint reads a streamed body past its bound.
 * In-process: every endpoint that changes something answers 429 past the per-client limit, but
 * the payment providers' signed webhooks, which come in bursts from a few addresses.
 */
import { request } from 'node:http'
import { connect, type Socket } from 'node:net'
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { consoleApi, api } from '#src/common/paths.ts'
import { signWebhook } from '#src/server/orders/webhook-signatures.ts'
import {
  killAllServers,
  placeholderBuild,
  startServerProcess,
  type ServerProcess,
} from '#tests/support/server-process.ts'
import { createTestApp } from '#tests/support/test-app.ts'
import { describeEachDatabase, seededDataDir } from '#tests/support/test-database.ts'

let server: ServerProcess
let port = 0
let dataDir = ''
let distDir = ''

beforeAll(async () => {
  dataDir = await seededDataDir('limits-data-')
  distDir = await placeholderBuild()
  server = await startServerProcess({ DATA_DIR: dataDir, DIST_DIR: distDir })
  port = Number(new URL(server.url).port)
}, 60_000)

afterAll(async () => {
  await killAllServers()
  await rm(dataDir, { recursive: true, force: true })
  await rm(distDir, { recursive: true, force: true })
})

/** Opens a connection from this local address; resolves once it is connected. */
function open(localAddress: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress })
    socket.once('connect', () => resolve(socket))
    socket.once('error', reject)
  })
}

/** GET /healthz over a fresh connection from another address; its status, or the error. */
function probe(localAddress: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, path: api.healthz, localAddress, agent: false, timeout: 3_000 },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode!))
      },
    )
    req.on('timeout', () => req.destroy(new Error('no answer within 3 s')))
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
    req.end()
  })
}

describe('one client against the server process', () => {
  it('2,100 idle and slow connections from one address leave /healthz answering others, and close within seconds', async () => {
    const attacker = '127.0.0.1'
    const sockets: Socket[] = []
    const slow: [Socket, string][] = []
    const closed = new Set<Socket>()
    for (let i = 0; i < 2_100; i++) {
      const socket = await open(attacker).catch(() => null)
      if (!socket) continue
      socket.on('error', () => {})
      socket.once('close', () => closed.add(socket))
      sockets.push(socket)
      // A third send nothing, a third start their headers, a third their body.
      if (i % 3 === 1) {
        socket.write('GET / HTTP/1.1\r\nHost: x\r\n')
        slow.push([socket, 'X'])
      }
      if (i % 3 === 2) {
        slow.push([socket, 'x'])
        socket.write(
          `POST ${api.trialSubmissions} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"first`,
        )
      }
    }
    // The slow ones keep trickling a byte a second, as slowloris does.
    const trickle = setInterval(() => {
      for (const [s, byte] of slow) if (!closed.has(s)) s.write(byte)
    }, 1_000)
    try {
      // Another visitor still gets answers, each at once.
      const statuses: (number | string)[] = []
      for (let i = 0; i < 20; i++) statuses.push(await probe('127.0.0.2'))
      expect(statuses).toEqual(Array(20).fill(200))
      // The attacker holds at most a few dozen connections; the rest were closed at once.
      expect(sockets.length - closed.size).toBeLessThanOrEqual(64)
      // And those close too: idle or still sending headers after 5 s, a body after 20 s.
      await expect
        .poll(() => slow.filter(([s, byte]) => byte === 'X' && !closed.has(s)).length, {
          timeout: 7_000,
          interval: 250,
        })
        .toBe(0)
      await expect
        .poll(() => sockets.length - closed.size, { timeout: 20_000, interval: 250 })
        .toBe(0)
    } finally {
      clearInterval(trickle)
      for (const s of sockets) s.destroy()
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    expect(server.child.exitCode).toBeNull()
  }, 60_000)

  /**
   * Sends `amount` bytes of a chunked body that never ends (no last chunk), as fast as the server
   * takes them, then waits. Resolves with the status line (empty when the server closed without
   * one) and how long after the last byte was handed to the kernel it came (0 if before).
   */
  function stream(head: string, amount: number): Promise<{ status: string; afterMs: number }> {
    return new Promise((resolve) => {
      const socket = connect({ host: '127.0.0.1', port })
      let sent = 0
      let lastWriteAt: number | null = null
      let answer = ''
      let done = false
      const finish = () => {
        if (done) return
        done = true
        socket.destroy()
        const afterMs = lastWriteAt === null ? 0 : Math.max(0, performance.now() - lastWriteAt)
        resolve({ status: answer.split('\r\n')[0] ?? '', afterMs })
      }
      socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString('latin1')
        if (answer.includes('\r\n')) finish()
      })
      socket.on('error', finish)
      socket.on('close', finish)
      const chunk = Buffer.from(`10000\r\n${'a'.repeat(0x10000)}\r\n`)
      const pump = () => {
        while (!done && sent < amount) {
          sent += 0x10000
          if (!socket.write(chunk)) return void socket.once('drain', pump)
        }
        if (!done) lastWriteAt = performance.now()
      }
      socket.once('connect', () => {
        socket.write(`${head}\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n`)
        // A form's field first, so the bytes look like the start of a real body.
        socket.write('6\r\ntoken=\r\n')
        pump()
      })
    })
  }

  it('reads no streamed body past its bound, on any endpoint', async () => {
    const json = 'Content-Type: application/json'
    const form = 'Content-Type: application/x-www-form-urlencoded'
    const targets = [
      `POST ${api.trialSubmissions} HTTP/1.1\r\n${json}`,
      `POST ${api.keyResend} HTTP/1.1\r\n${json}`,
      `POST ${api.purchaseRequests} HTTP/1.1\r\n${json}`,
      `POST ${api.consents} HTTP/1.1\r\n${json}`,
      `PATCH ${api.waitlist('00000000-0000-4000-8000-000000000000')} HTTP/1.1\r\n${json}\r\nAuthorization: Bearer ${'A'.repeat(43)}`,
      `POST ${api.trialConfirmations} HTTP/1.1\r\n${form}`,
      `POST ${api.trialConfirmations}/waitlist HTTP/1.1\r\n${form}`,
      `POST ${consoleApi.signIn} HTTP/1.1\r\n${json}`,
      `POST ${consoleApi.signInVerify} HTTP/1.1\r\n${json}`,
      `POST ${consoleApi.keysImport} HTTP/1.1\r\nContent-Type: multipart/form-data; boundary=x`,
      `POST /api/nowhere HTTP/1.1\r\n${json}`,
      `POST / HTTP/1.1\r\n${form}`,
    ]
    const unbounded: string[] = []
    for (const head of targets) {
      // 4 MB of a body that never ends: past its bound (16 KB, 2 KB for a form) the server reads
      // and drops at most 2 MB more, or for at most 5 s, and answers. An answer within 4 s of the
      // last byte shows the byte bound ended the read, not the clock; none at all, a server
      // that waits for the whole body. (What a client sends after the answer is read away for a
      // moment, lifecycle.ts's lingering close, so counting it would time the client instead.)
      const { status, afterMs } = await stream(head, 4 * 1024 * 1024)
      if (!/^HTTP\/1\.1 4\d\d/.test(status) || afterMs > 4_000)
        unbounded.push(
          `${head.split('\r\n')[0]}: answer ${status || 'none'} ${Math.round(afterMs)} ms after the last byte`,
        )
    }
    expect(unbounded).toEqual([])
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
  }, 90_000)
})

describe('many clients against the server process', () => {
  it('35 addresses holding 60 slow connections each, past the 2,000 cap, leave /healthz answering a newcomer', async () => {
    // Each address stays under its own cap of 64; together they are more than the server holds.
    const attackers = Array.from({ length: 35 }, (_, i) => `127.0.0.${i + 2}`)
    const sockets: Socket[] = []
    const closed = new Set<Socket>()
    const trickling: Socket[] = []
    await Promise.all(
      attackers.map(async (address) => {
        for (let i = 0; i < 60; i++) {
          const socket = await open(address).catch(() => null)
          if (!socket) continue
          socket.on('error', () => {})
          socket.once('close', () => closed.add(socket))
          sockets.push(socket)
          // Half send nothing, half start their headers and trickle them.
          if (i % 2 === 1) {
            socket.write('GET / HTTP/1.1\r\nHost: x\r\n')
            trickling.push(socket)
          }
        }
      }),
    )
    const trickle = setInterval(() => {
      for (const s of trickling) if (!closed.has(s)) s.write('X')
    }, 1_000)
    try {
      expect(sockets).toHaveLength(2_100)
      // A newcomer, from an address of its own, is answered while the flood holds (within the
      // probe's 3 s, well before the 5 s that would close the flood's connections anyway).
      const statuses: (number | string)[] = []
      for (let i = 0; i < 5; i++) statuses.push(await probe('127.0.0.100'))
      expect(statuses).toEqual(Array(5).fill(200))
      // The flood still holds the server's room: the oldest were closed to make it, no more.
      const open = sockets.length - closed.size
      expect(open).toBeGreaterThanOrEqual(1_800)
      expect(open).toBeLessThanOrEqual(2_000)
    } finally {
      clearInterval(trickle)
      for (const s of sockets) s.destroy()
    }
    expect(server.child.exitCode).toBeNull()
  }, 30_000)
})

describeEachDatabase('the per-client request limit on %s', (database) => {
  it('answers 429 on every endpoint that changes something, past RATE_LIMIT_REQUESTS', async () => {
    const { app } = createTestApp(database(), { env: { RATE_LIMIT_REQUESTS: '3/1m' } })
    const writes = app.routes
      .filter((r) => /^\/(api|admin\/api)\//.test(r.path) && !['GET', 'ALL'].includes(r.method))
      .filter((r) => !r.path.endsWith('*') && !r.path.startsWith('/api/webhooks/'))
      .map((r) => ({ method: r.method, path: r.path.replace(':id', 'x') }))
    expect(writes.length).toBeGreaterThanOrEqual(15)
    const unlimited: string[] = []
    for (const { method, path } of writes) {
      // Each endpoint on an app of its own: the limit counts a client across all of them.
      const fresh = createTestApp(database(), { env: { RATE_LIMIT_REQUESTS: '3/1m' } }).app
      const statuses: number[] = []
      for (let i = 0; i < 4; i++)
        statuses.push(
          (
            await fresh.request(path, {
              method,
              headers: { 'Content-Type': 'application/json' },
              body: '{}',
            })
          ).status,
        )
      if (statuses.slice(0, 3).includes(429) || statuses[3] !== 429)
        unlimited.push(`${method} ${path}: ${statuses.join(' ')}`)
    }
    expect(unlimited).toEqual([])
  })
})

describeEachDatabase('webhooks and the per-client request limit on %s', (database) => {
  it("a burst of a provider's signed deliveries from one address is never refused, and still limits that address elsewhere", async () => {
    const secret = 'whsec_limit'
    const { app } = createTestApp(database(), {
      env: { RATE_LIMIT_REQUESTS: '3/1m', STRIPE_WEBHOOK_SECRET: secret },
    })
    const statuses: number[] = []
    for (let i = 0; i < 20; i++) {
      const body = JSON.stringify({ id: `evt_limit_${i}`, type: 'charge.succeeded', data: {} })
      const res = await app.request(api.webhook('stripe'), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Stripe-Signature': signWebhook('stripe', secret, body),
        },
        body,
      })
      statuses.push(res.status)
    }
    expect(statuses).toEqual(Array.from({ length: 20 }, () => 200))
    // The deliveries spent none of the address's allowance; its fourth other write is refused.
    const writes: number[] = []
    for (let i = 0; i < 4; i++)
      writes.push(
        (
          await app.request(api.purchaseRequests, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: '{}',
          })
        ).status,
      )
    expect(writes.slice(0, 3)).not.toContain(429)
    expect(writes[3]).toBe(429)
  })
})
