/**
 * Hostile input: at least 500 seeded malformed requests against every API endpoint
 * (trial submissions, the waitlist flag, license counts, consent records, readiness) and
 * a sample of page routes, in-process through app.fetch (fast, on each test database), then a
 * smaller sample and a few protocol-level oddities over a real socket to the server process.
 * Zero 5xx, zero crashes, every API 4xx a clear JSON error, the security headers on every
 * answer, and nothing internal (stack, SQL, secret) in any body.
 */
import { request } from 'node:http'
import { connect } from 'node:net'
import { rm } from 'node:fs/promises'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { CSRF_HEADER } from '#src/common/console-api.ts'
import { consoleApi, api } from '#src/common/paths.ts'
import { executeConsoleCommand } from '../console/console-commands.ts'
import { insertLicenses } from '../licenses/license-repository.ts'
import { listMail } from '../mail/outbox-repository.ts'
import {
  hostileRequests,
  statusClass,
  type HostileRequest,
} from '#tests/support/hostile-requests.ts'
import {
  killAllServers,
  placeholderBuild,
  startServerProcess,
} from '#tests/support/server-process.ts'
import { createTestApp, postJson } from '#tests/support/test-app.ts'
import { describeEachDatabase, seededDataDir } from '#tests/support/test-database.ts'
import { testEnvironment } from '#tests/support/test-env.ts'

const SEED = testEnvironment().fuzzSeed ?? 20261121
const IN_PROCESS = 600
const OVER_SOCKET = 150
/** The server process's port, one the system picked (PORT=0). */
let socketPort = 0

/** Traces of internals an error answer must never carry. */
const LEAKS =
  /\bat [\w.<>]+ \(|\.ts:\d+|node_modules|stack|syntax error at or near|relation "|violates|duplicate key|password|DATABASE_URL|SMTP_URL|PGlite|drizzle|ECONN/i

interface Answer {
  status: number
  header(name: string): string | null
  body: string
}

/** Under /api once the URL is resolved as a server sees it (/api/../x is /x, a page). */
const isApi = (path: string) => /^\/api(\/|$)/.test(new URL(path, 'http://h').pathname)

/** Everything an operator would call a defect in one answer; empty when it is fine. */
function problemsWith(req: HostileRequest, res: Answer): string[] {
  const problems: string[] = []
  if (res.status >= 500 || res.status < 100) problems.push(`status ${res.status}`)
  const csp = res.header('content-security-policy') ?? ''
  // A pre-rendered page carries its fetch policy in its first <meta> (decision 15), which a
  // HEAD answer has no body to show.
  const inMarkup = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(res.body)
  const fetchPolicy = `${csp}; ${inMarkup?.[1] ?? ''}`
  if (
    !csp.includes("frame-ancestors 'none'") ||
    (!/default-src '(self|none)'/.test(fetchPolicy) && req.method !== 'HEAD')
  )
    problems.push('no CSP')
  if (res.header('x-content-type-options') !== 'nosniff') problems.push('no nosniff')
  if (!res.header('referrer-policy')) problems.push('no referrer policy')
  if (res.header('x-frame-options') !== 'DENY') problems.push('no X-Frame-Options')
  if (LEAKS.test(res.body)) problems.push(`leaks internals: ${res.body.slice(0, 200)}`)
  if (req.method === 'PATCH' && res.status < 300)
    problems.push('a waitlist flag changed without the submission’s token')
  if (req.method !== 'HEAD' && res.status >= 400) {
    if (isApi(req.path)) {
      if (!res.header('content-type')?.startsWith('application/json'))
        problems.push(`API error not JSON: ${res.header('content-type')}`)
      try {
        const json = JSON.parse(res.body) as Record<string, unknown>
        if (typeof json.errorCode !== 'string' || !/^[A-Z_]+$/.test(json.errorCode))
          problems.push('no errorCode')
        if (typeof json.error !== 'string' || json.error.length < 5) problems.push('no error text')
        if (
          json.details !== undefined &&
          !(Array.isArray(json.details) && json.details.every((d) => typeof d === 'string'))
        )
          problems.push('details not a list of strings')
      } catch {
        problems.push(`API error body not JSON: ${res.body.slice(0, 80)}`)
      }
    } else if (res.body.length === 0) problems.push('empty error page')
  }
  return problems
}

/** Counts by status class, then by status: {"2xx":152,"4xx":448} {"200":..,"400":..}. */
function tally(statuses: number[]): string {
  const classes: Record<string, number> = {}
  const exact: Record<string, number> = {}
  for (const s of statuses) {
    classes[statusClass(s)] = (classes[statusClass(s)] ?? 0) + 1
    exact[s] = (exact[s] ?? 0) + 1
  }
  return `${JSON.stringify(classes)} ${JSON.stringify(exact)}`
}

afterAll(killAllServers)

describeEachDatabase('hostile requests in-process on %s', (database, kind) => {
  it(`answers ${IN_PROCESS} seeded malformed requests with no 5xx and clear errors`, async () => {
    await insertLicenses(database().db, 'basic', ['FUZZ-B-1', 'FUZZ-B-2'], 'fuzz')
    const { app, logLines } = createTestApp(database(), {
      env: { RATE_LIMIT_EMAIL: '1000/1h', RATE_LIMIT_IP: '100000/1h', TRUST_PROXY: '1' },
    })
    const statuses: number[] = []
    const failures: string[] = []
    for (const req of hostileRequests(SEED, IN_PROCESS)) {
      let res: Response
      try {
        res = await app.request(req.path, {
          method: req.method,
          headers: req.headers,
          body: req.body as BodyInit | undefined,
        })
      } catch (error) {
        failures.push(`${req.label}: crashed: ${String(error)}`)
        continue
      }
      const body = await res.text()
      statuses.push(res.status)
      const problems = problemsWith(req, {
        status: res.status,
        header: (n) => res.headers.get(n),
        body,
      })
      if (problems.length) failures.push(`${req.label}: ${problems.join('; ')}`)
    }
    console.info(`[fuzz in-process ${kind}] seed ${SEED}:`, tally(statuses))
    expect(failures.slice(0, 10)).toEqual([])
    expect(statuses).toHaveLength(IN_PROCESS)
    expect(logLines.filter((l) => l.msg === 'unhandled error')).toEqual([])
  }, 120_000)
})

/**
 * Text no database can keep: a NUL (Postgres refuses it) and a lone UTF-16 surrogate (no UTF-8
 * spelling), each in a field of every kind of request a stranger or an operator can send. Each
 * is a 400 naming the field at the schema, never a 500 from the database.
 */
describeEachDatabase('text no database can keep, on %s', (database) => {
  it('refuses a NUL or a lone surrogate in any text field with 400 VALIDATION_ERROR', async () => {
    const { app, settled } = createTestApp(database(), { env: { TRUST_PROXY: '1' } })
    await executeConsoleCommand(
      { db: database().db, messageIdDomain: 'example.test' },
      { name: 'operators add', email: 'ops@example.com' },
    )
    expect((await postJson(app, consoleApi.signIn, { email: 'ops@example.com' })).status).toBe(202)
    await settled()
    const link = (await listMail(database().db)).find((m) => m.kind === 'operator-sign-in')!
    const verified = await postJson(app, consoleApi.signInVerify, { token: link.payload.token })
    const cookie = verified.headers.get('set-cookie')!.split(';')[0]!
    const { csrfToken } = (await verified.json()) as { csrfToken: string }
    const operator = { Cookie: cookie, [CSRF_HEADER]: csrfToken }

    const purchase = {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      company: 'Analytical Engines',
      model: 'basic',
    }
    const trial = {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      model: 'basic',
    }
    const attempts: [string, () => Response | Promise<Response>][] = []
    for (const bad of ['a\u0000b', 'a\ud800b', '\udc00']) {
      const post = (path: string, body: Record<string, unknown>, headers = {}) =>
        attempts.push([
          `${path} ${JSON.stringify(body).slice(0, 60)}`,
          () => postJson(app, path, body, headers),
        ])
      post(consoleApi.signIn, { email: `ops${bad}@example.com` })
      post(consoleApi.signInVerify, { token: bad })
      post(api.purchaseRequests, { ...purchase, company: bad })
      post(api.purchaseRequests, { ...purchase, message: bad })
      post(api.purchaseRequests, { ...purchase, first_name: bad })
      post(api.trialSubmissions, { ...trial, email: `ada${bad}@example.com` })
      post(api.trialSubmissions, { ...trial, source: bad })
      post(api.trialSubmissions, { ...trial, website: bad })
      post(api.keyResend, { email: `ada${bad}@example.com` })
      post(consoleApi.keysRevoke, { key: bad }, operator)
      post(consoleApi.leadsDelete, { email: `x${bad}@example.com`, confirm: true }, operator)
    }
    // A query string cannot carry a lone surrogate (bad UTF-8 is read as U+FFFD), but a NUL.
    attempts.push([
      'leads q=a%00b',
      () => app.request(`${consoleApi.leads}?q=a%00b`, { headers: operator }),
    ])
    const failures: string[] = []
    for (const [what, send] of attempts) {
      const res = await send()
      const body = (await res.json()) as { errorCode?: string; details?: string[] }
      if (res.status !== 400 || body.errorCode !== 'VALIDATION_ERROR')
        failures.push(`${what}: ${res.status} ${JSON.stringify(body).slice(0, 120)}`)
    }
    expect(failures).toEqual([])
  })
})

/** One request over its own connection; the answer, or the socket error. */
function overSocket(req: HostileRequest): Promise<Answer | { error: string }> {
  return new Promise((resolve) => {
    const r = request(
      {
        host: '127.0.0.1',
        port: socketPort,
        method: req.method,
        path: req.path,
        // Node's client sends a DELETE or OPTIONS body unframed unless told its length.
        headers: {
          ...req.headers,
          connection: 'close',
          ...(req.body ? { 'content-length': String(req.body.byteLength) } : {}),
        },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const value = (n: string) => {
            const v = res.headers[n]
            return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v
          }
          // Read as a browser would: a compressed answer decoded (the checks read its text).
          const bytes = Buffer.concat(chunks)
          const encoding = value('content-encoding')
          resolve({
            status: res.statusCode!,
            header: value,
            body: (encoding === 'br'
              ? brotliDecompressSync(bytes)
              : encoding === 'gzip'
                ? gunzipSync(bytes)
                : bytes
            ).toString(),
          })
        })
      },
    )
    r.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }))
    r.end(req.body ? Buffer.from(req.body) : undefined)
  })
}

/** Raw bytes over a socket, for what no HTTP client would send; resolves with the status line. */
function raw(bytes: Buffer, hangUpAfterMs?: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: socketPort })
    let answer = ''
    socket.on('data', (c: Buffer) => (answer += c.toString('latin1')))
    socket.on('error', () => {})
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''))
    socket.write(bytes)
    // Not a wait of the test's: the hostile client itself stalls, then hangs up mid-body.
    if (hangUpAfterMs !== undefined) setTimeout(() => socket.end(), hangUpAfterMs)
  })
}

describe('hostile requests over a real socket', () => {
  it(`answers ${OVER_SOCKET} seeded requests and protocol oddities without a 5xx or a crash`, async () => {
    const dataDir = await seededDataDir('fuzz-data-')
    const distDir = await placeholderBuild()
    try {
      const server = await startServerProcess({
        DATA_DIR: dataDir,
        DIST_DIR: distDir,
        RATE_LIMIT_EMAIL: '1000/1h',
        RATE_LIMIT_IP: '100000/1h',
      })
      socketPort = Number(new URL(server.url).port)
      const statuses: number[] = []
      const failures: string[] = []
      for (const req of hostileRequests(SEED + 1, OVER_SOCKET)) {
        const res = await overSocket(req)
        if ('error' in res) {
          failures.push(`${req.label}: ${res.error}`)
          continue
        }
        statuses.push(res.status)
        // Node answers a request line or headers over its 16 KB limit itself (431), before the app.
        if (res.status === 431) continue
        const problems = problemsWith(req, res)
        if (problems.length) failures.push(`${req.label}: ${problems.join('; ')}`)
      }

      const json = '{"first_name":"A","last_name":"B","email":"raw@example.com","model":"basic"}'
      const post = (headers: string, body: string | Buffer) =>
        Buffer.concat([
          Buffer.from(
            `POST /api/trial-submissions HTTP/1.1\r\nHost: x\r\n${headers}\r\n`,
            'latin1',
          ),
          Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'),
        ])
      const oddities: [string, Promise<string>][] = [
        [
          'invalid UTF-8 in the path',
          raw(
            Buffer.from(
              'GET /lnf/\xff\xfe.png HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
              'latin1',
            ),
          ),
        ],
        [
          'a NUL in the path',
          raw(
            Buffer.from(
              'GET /terms\x00 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
              'latin1',
            ),
          ),
        ],
        ['TRACE', raw(Buffer.from('TRACE / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'))],
        [
          'a body shorter than its Content-Length',
          raw(post('Content-Type: application/json\r\nContent-Length: 500\r\n', json), 300),
        ],
        [
          'a Content-Length of 100 MB',
          raw(post('Content-Type: application/json\r\nContent-Length: 100000000\r\n', json), 300),
        ],
        [
          'a chunked body over the limit',
          raw(
            post(
              'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n',
              Array.from({ length: 40 }, () => `400\r\n${'x'.repeat(1024)}\r\n`).join('') +
                '0\r\n\r\n',
            ),
          ),
        ],
        [
          'Content-Length and chunked together',
          raw(
            post(
              'Content-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n',
              '0\r\n\r\n',
            ),
          ),
        ],
        [
          'a header folded over two lines',
          raw(
            Buffer.from('GET / HTTP/1.1\r\nHost: x\r\nX-A: a\r\n b\r\nConnection: close\r\n\r\n'),
          ),
        ],
        [
          'two Content-Types',
          raw(
            post(
              `Content-Type: text/plain\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\nConnection: close\r\n`,
              json,
            ),
          ),
        ],
        [
          'a bad percent-escape in the API path',
          raw(
            Buffer.from(
              'PATCH /api/trial-submissions/%E0%A4%A/waitlist HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer abc\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
            ),
          ),
        ],
        [
          'a 40 KB URL',
          raw(
            Buffer.from(
              `GET /${'a'.repeat(40_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
            ),
          ),
        ],
        [
          'garbage instead of HTTP',
          raw(
            Buffer.from(
              '\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 not http at all\r\n\r\n',
              'latin1',
            ),
          ),
        ],
      ]
      const oddAnswers: string[] = []
      for (const [what, answer] of oddities) {
        const line = await answer
        oddAnswers.push(`${what}: ${line || '(closed)'}`)
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(line)?.[1])
        if (status >= 500) failures.push(`${what}: ${line}`)
      }

      // Still alive and well, with nothing logged as a bug.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
      expect(server.child.exitCode).toBeNull()
      expect(server.logs.filter((l) => l.msg === 'unhandled error')).toEqual([])
      expect(server.stderr()).toBe('')
      console.info(
        `[fuzz over socket] seed ${SEED + 1}:`,
        tally(statuses),
        `\n  ${oddAnswers.join('\n  ')}`,
      )
      expect(failures.slice(0, 10)).toEqual([])
      server.child.kill('SIGTERM')
      await server.exited
    } finally {
      await rm(dataDir, { recursive: true, force: true })
      await rm(distDir, { recursive: true, force: true })
    }
  }, 120_000)
})
