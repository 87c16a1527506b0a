/**
 * Trust under abuse (docs/product.md) over real sockets, where addresses matter: one IPv4 address
 * written four ways shares one limit behind a trusted proxy, two IPv6 addresses of one /64 share
 * the subnet limit, source addresses 127.x.y.z are told apart by /32 and /24; a 1 MB body is
 * answered with its 400 that the client reads (never a reset), also while it is still being sent
 * over a connection the client asked to close; and a client that cuts its upload is not a database
 * outage.
 */
import { randomUUID } from 'node:crypto'
import {
  request,
  STATUS_CODES,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { api } from '#src/common/paths.ts'
import { insertLicenses } from '../licenses/license-repository.ts'
import { createTestApp, trialRequest } from '#tests/support/test-app.ts'
import {
  createTestDatabase,
  resetTables,
  TEST_DB_KINDS,
  type TestDatabase,
} from '#tests/support/test-database.ts'

interface Reply {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

/** A body given as pieces goes chunked (no Content-Length), a moment apart. */
function send(
  port: number,
  options: {
    host?: string
    localAddress?: string
    xff?: string
    body?: string | Buffer | Buffer[]
  },
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const body = options.body ?? JSON.stringify(trialRequest({ model: 'basic' }))
    const req = request(
      {
        host: options.host ?? '127.0.0.1',
        port,
        localAddress: options.localAddress,
        method: 'POST',
        path: api.trialSubmissions,
        headers: {
          'Content-Type': 'application/json',
          ...(Array.isArray(body) ? {} : { 'Content-Length': Buffer.byteLength(body) }),
          ...(options.xff ? { 'X-Forwarded-For': options.xff } : {}),
        },
        agent: false,
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }))
      },
    )
    req.on('error', reject)
    if (!Array.isArray(body)) return void req.end(body)
    void (async () => {
      // Each piece handed to the socket before the next is written: the body arrives in parts.
      for (const piece of body) await new Promise((r) => req.write(piece, r))
      req.end()
    })()
  })
}

describe.each(TEST_DB_KINDS)('client addresses over real sockets, on %s', (kind) => {
  let database: TestDatabase
  let server: ServerType | null = null
  let logLines: Record<string, unknown>[] = []

  beforeAll(async () => {
    database = await createTestDatabase(kind)
  })
  afterAll(async () => {
    server?.close()
    await database?.close()
  })
  beforeEach(async () => {
    server?.close()
    server = null
    await resetTables(database)
    await insertLicenses(
      database.db,
      'basic',
      Array.from({ length: 40 }, (_, i) => `S-${i}`),
      'socket',
    )
  })

  /** The app on a real socket, dual-stack (IPv4 peers arrive as ::ffff:a.b.c.d). */
  async function listen(env: Record<string, string>): Promise<number> {
    const test = createTestApp(database, { env: { RATE_LIMIT_EMAIL: '1000/1h', ...env } })
    logLines = test.logLines
    const s = serve({ fetch: test.app.fetch, port: 0, hostname: '::' })
    server = s
    await new Promise<void>((resolve) => (s.listening ? resolve() : s.once('listening', resolve)))
    return (s.address() as AddressInfo).port
  }

  it('gives 10.0.0.1, ::ffff:10.0.0.1, 010.0.0.1 and 10.0.0.1:5555 one limit behind a proxy', async () => {
    const port = await listen({ TRUST_PROXY: '1', RATE_LIMIT_IP: '2/1h' })
    const statuses = []
    for (const xff of ['10.0.0.1', '::ffff:10.0.0.1', '010.0.0.1', '10.0.0.1:5555'])
      statuses.push((await send(port, { xff: `198.51.100.7, ${xff}` })).status)
    expect(statuses).toEqual([201, 201, 429, 429])
    // Another address is another client.
    expect((await send(port, { xff: '10.0.0.2' })).status).toBe(201)
  })

  it('gives two IPv6 addresses of one /64 one subnet limit (over ::1, X-Forwarded-For)', async () => {
    const port = await listen({
      TRUST_PROXY: '::1/128,127.0.0.0/8',
      RATE_LIMIT_IP: '100/1h',
      RATE_LIMIT_SUBNET: '2/1h',
    })
    const from = (xff: string) => send(port, { host: '::1', xff })
    expect((await from('2001:db8:1:2::1')).status).toBe(201)
    expect((await from('2001:db8:1:2:ffff:ffff:ffff:ffff')).status).toBe(201)
    expect((await from('2001:db8:1:2::3')).status).toBe(429)
    expect((await from('2001:db8:1:3::1')).status).toBe(201)
  })

  it('tells source addresses apart by /32, and limits their /24 together', async () => {
    const port = await listen({ RATE_LIMIT_IP: '2/1h', RATE_LIMIT_SUBNET: '3/1h' })
    // The header is the client's own word without TRUST_PROXY: ignored.
    const from = (localAddress: string) => send(port, { localAddress, xff: '203.0.113.9' })
    expect((await from('127.0.5.1')).status).toBe(201)
    expect((await from('127.0.5.1')).status).toBe(201)
    expect((await from('127.0.5.1')).status).toBe(429)
    // Same /24, another address: its own /32 limit, but the /24 has had its three.
    expect((await from('127.0.5.2')).status).toBe(429)
    expect((await from('127.0.6.1')).status).toBe(201)
  })

  it('answers a 1 MB body with its 400, which the client always reads', async () => {
    const port = await listen({})
    const big = Buffer.alloc(1024 * 1024, 'a')
    for (let i = 0; i < 5; i++) {
      const reply = await send(port, { body: big })
      expect(reply.status).toBe(400)
      expect(JSON.parse(reply.body)).toMatchObject({ errorCode: 'VALIDATION_ERROR' })
      expect(reply.headers['cache-control']).toBe('no-store')
    }
  })

  it('reads a body that arrives in pieces, a character split between two of them', async () => {
    const port = await listen({})
    const body = Buffer.from(JSON.stringify(trialRequest({ model: 'basic', first_name: 'Zoë' })))
    const split = body.indexOf(Buffer.from('ë')) + 1 // between the two bytes of ë
    const reply = await send(port, {
      body: [body.subarray(0, 7), body.subarray(7, split), body.subarray(split)],
    })
    expect(reply.status).toBe(201)
    expect(JSON.parse(reply.body)).toMatchObject({ has_license: true })
  })

  it('answers a body past 16 KB with no Content-Length with its 400, which the client reads', async () => {
    const port = await listen({})
    const pieces = Array.from({ length: 6 }, () => Buffer.alloc(4096, ' '))
    const reply = await send(port, { body: [Buffer.from('{"first_name":'), ...pieces] })
    expect(reply.status).toBe(400)
    expect(JSON.parse(reply.body)).toMatchObject({
      errorCode: 'VALIDATION_ERROR',
      details: ['Request body must be at most 16384 bytes'],
    })
  })

  // nginx, by default, asks each request's connection to close; Node then closes it right after
  // the answer. Answering a refused body before it has all arrived reset the connection under
  // the rest of it: the client (or the proxy, which then answers 502) lost the answer.
  it.each([
    ['of the wrong type', 'POST', api.trialSubmissions, 'text/plain', 400],
    ['past 16 KB', 'POST', api.trialSubmissions, 'application/json', 400],
    ['refused unread (no token)', 'PATCH', api.waitlist(randomUUID()), 'application/json', 404],
  ] as const)(
    'answers a body %s still arriving over a closing connection, and reads all of it first',
    async (_, method, path, type, status) => {
      const port = await listen({})
      const socket = connect({ host: '127.0.0.1', port, allowHalfOpen: true })
      await new Promise<void>((resolve) => socket.once('connect', resolve))
      let answer = ''
      let error: string | undefined
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')))
      socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code))
      const closed = new Promise((resolve) => socket.once('close', resolve))
      const size = 1_600_000
      const arrived = new Promise<[IncomingMessage, ServerResponse]>((resolve) =>
        server!.once('request', (req: IncomingMessage, res: ServerResponse) => resolve([req, res])),
      )
      const head =
        `${method} ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\n` +
        `Content-Length: ${size}\r\nConnection: close\r\n\r\n`
      socket.write(head)
      socket.write(Buffer.alloc(16 * 1024, ' '))
      // The server has the first 16 KB and has acted on them: answered already, or read them
      // (the body is being drained, or read on towards its bound).
      const [req, res] = await arrived
      const readAtAnswer = new Promise<number>((resolve) =>
        res.once('finish', () => resolve(req.socket.bytesRead)),
      )
      await expect
        .poll(
          () =>
            res.writableFinished ||
            (req.socket.bytesRead >= head.length + 16 * 1024 && req.readableLength === 0),
          { interval: 10 },
        )
        .toBe(true)
      // More than the socket buffers hold: a server that has closed meanwhile resets it (EPIPE).
      await new Promise((resolve) => socket.write(Buffer.alloc(size - 16 * 1024, ' '), resolve))
      socket.end()
      await closed
      expect(error).toBeUndefined()
      expect(answer.split('\r\n')[0]).toBe(`HTTP/1.1 ${status} ${STATUS_CODES[status]}`)
      // The whole body was read before the answer went out.
      expect(await readAtAnswer).toBeGreaterThanOrEqual(head.length + size)
    },
  )

  it('does not take a cancelled upload for a database outage', async () => {
    const port = await listen({})
    // The server has the request and is reading its body when the client goes away.
    const reading = new Promise<ServerResponse>((resolve) =>
      server!.once('request', (_req: IncomingMessage, res: ServerResponse) => resolve(res)),
    )
    const socket = connect({ host: '127.0.0.1', port })
    await new Promise<void>((resolve) => socket.once('connect', resolve))
    socket.write(
      `POST ${api.trialSubmissions} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"first_name":"`,
    )
    const response = await reading
    const gone = new Promise((resolve) => response.once('close', resolve))
    socket.resetAndDestroy()
    await gone
    // The server serves the next client as usual, and has not taken the cancel for an outage.
    expect((await send(port, {})).status).toBe(201)
    const messages = logLines.map((l) => l.msg)
    expect(messages).not.toContain('database unavailable')
    expect(messages).not.toContain('unhandled error')
  })
})
