/**
 * Faults: the Postgres connection lost and back, under the real server process. A
 * TCP proxy between the app and Postgres cuts the line (refused, then black-holed as in a
 * network partition) and the app's own connections are terminated by the database. Meanwhile
 * the API answers 503 with a clear error, /readyz says not ready and the pages still load; when
 * the line is back the same process serves again, without a restart.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../db/client.ts'
import { insertLicenses } from '../licenses/license-repository.ts'
import {
  killAllServers,
  placeholderBuild,
  startServerProcess,
  type ServerProcess,
} from '#tests/support/server-process.ts'
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink.ts'
import { startTcpProxy, type TcpProxy } from '#tests/support/tcp-proxy.ts'
import { TEST_DB_KINDS, useTestDatabase } from '#tests/support/test-database.ts'

/** Trust authentication ignores it; it must still never show in an answer. */
const PASSWORD = 'TopSecret-pw-outage'

interface Answer {
  status: number
  body: string
  ms: number
  retryAfter: string | null
}

let seq = 0
describe.runIf(TEST_DB_KINDS.includes('postgres'))('the Postgres connection lost and back', () => {
  const database = useTestDatabase('postgres')
  let proxy: TcpProxy
  let smtp: SmtpSink
  let server: ServerProcess
  let dataDir: string
  let distDir: string

  beforeAll(async () => {
    const { db, url: databaseUrl, schema } = database()
    await insertLicenses(
      db,
      'basic',
      Array.from({ length: 20 }, (_, i) => `OUTAGE-${i}`),
      'outage',
    )
    const target = new URL(databaseUrl!)
    proxy = await startTcpProxy({ targetPort: Number(target.port || 5432) })
    smtp = await startSmtpSink()
    dataDir = await mkdtemp(join(tmpdir(), 'outage-data-'))
    distDir = await placeholderBuild()
    const url = new URL(databaseUrl!)
    url.port = String(proxy.port)
    url.username = 'postgres'
    url.password = PASSWORD
    url.searchParams.set('options', `-c search_path=${schema}`)
    server = await startServerProcess({
      DATA_DIR: dataDir,
      DIST_DIR: distDir,
      DATABASE_URL: url.toString(),
      SMTP_URL: smtp.url,
      RATE_LIMIT_EMAIL: '100/1h',
      RATE_LIMIT_IP: '100000/1h',
    })
  })
  afterAll(async () => {
    await killAllServers()
    await proxy?.close()
    await smtp?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
    if (distDir) await rm(distDir, { recursive: true, force: true })
  })

  // A failed case must not leave the line cut for the next one.
  afterEach(async () => {
    await proxy.setMode('pass')
  })

  async function call(path: string, init: RequestInit = {}): Promise<Answer> {
    const started = performance.now()
    const res = await fetch(`${server.url}${path}`, {
      ...init,
      signal: AbortSignal.timeout(30_000),
    })
    const body = await res.text()
    return {
      status: res.status,
      body,
      ms: Math.round(performance.now() - started),
      retryAfter: res.headers.get('retry-after'),
    }
  }
  const submit = () =>
    call('/api/trial-submissions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Out',
        last_name: 'Age',
        email: `outage${++seq}@example.com`,
        model: 'basic',
      }),
    })

  /** What an operator and a visitor see while the database is away. */
  async function expectUnavailable() {
    const ready = await call('/readyz')
    expect(ready.status).toBe(503)
    expect(JSON.parse(ready.body)).toEqual({
      errorCode: 'SERVICE_UNAVAILABLE',
      error: 'The database does not answer',
    })
    const res = await submit()
    expect(res.status).toBe(503)
    expect(JSON.parse(res.body)).toEqual({
      errorCode: 'SERVICE_UNAVAILABLE',
      error: 'The service is temporarily unavailable; please try again in a minute.',
    })
    expect(res.retryAfter).toBe('5')
    // The count cache lives a second; after that the counts say unavailable too.
    await expect
      .poll(async () => (await call('/api/license-counts')).status, {
        timeout: 10_000,
        interval: 100,
      })
      .toBe(503)
    // Liveness and the pages do not depend on the database.
    expect((await call('/healthz')).status).toBe(200)
    expect((await call('/')).status).toBe(200)
    for (const a of [ready, res])
      expect(a.body).not.toMatch(
        new RegExp(`${PASSWORD}|${proxy.port}|ECONN|postgres|at .*\\.ts`, 'i'),
      )
    return { readyMs: ready.ms, submitMs: res.ms }
  }

  async function expectRecovered() {
    await expect
      .poll(async () => (await call('/readyz')).status, { timeout: 20_000, interval: 250 })
      .toBe(200)
    const res = await submit()
    expect(res.status).toBe(201)
    expect(server.child.exitCode).toBeNull()
    return JSON.parse(res.body) as { has_license: boolean }
  }

  it('answers 503 while Postgres refuses connections and serves again when it is back', async () => {
    expect((await submit()).status).toBe(201)
    await proxy.setMode('refuse')
    const seen = await expectUnavailable()
    // Refused connections fail fast: nobody waits on a dead database.
    expect(seen.submitMs).toBeLessThan(6_000)
    await proxy.setMode('pass')
    expect(await expectRecovered()).toMatchObject({ has_license: true })
  }, 60_000)

  it('answers 503 within seconds in a partition where packets vanish, and recovers', async () => {
    // Several idle pooled connections, so requests land on ones that will never answer.
    await Promise.all(Array.from({ length: 6 }, () => submit()))
    await proxy.setMode('blackhole')
    const first = await submit()
    console.info(`[partition] first submission: ${first.status} in ${first.ms} ms`)
    expect(first.status).toBe(503)
    expect(first.ms).toBeLessThan(12_000)
    const seen = await expectUnavailable()
    console.info(`[partition] readyz ${seen.readyMs} ms, submission ${seen.submitMs} ms`)
    // No request hangs on a connection that will never answer.
    expect(seen.readyMs).toBeLessThan(4_000)
    expect(seen.submitMs).toBeLessThan(12_000)
    await proxy.setMode('pass')
    await expectRecovered()
  }, 90_000)

  it("keeps serving when Postgres terminates the app's connections (failover, admin kill)", async () => {
    // Warm the pool, then end every backend behind the proxy, i.e. the app's.
    await Promise.all([submit(), submit(), submit()])
    const ports = proxy.upstreamPorts()
    expect(ports.length).toBeGreaterThan(0)
    const admin = new pg.Client({ connectionString: database().url! })
    await admin.connect()
    try {
      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where client_port = any($1::int[])',
        [ports],
      )
      expect(killed.rowCount).toBeGreaterThan(0)
    } finally {
      await admin.end()
    }
    // A request that lands on a dead connection may get a 503, never a 500; the pool replaces
    // the connection and the next request is served.
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await submit()).status)
    expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([])
    expect(statuses.at(-1)).toBe(201)
    expect(server.logs.some((l) => l.msg === 'unhandled error')).toBe(false)
  }, 60_000)

  it('delivers the e-mail of every key handed out around the outages, from the same process', async () => {
    const [row] = await queryRows<{ n: number }>(
      database().db,
      sql`select count(*)::int as n from licenses where status = 'assigned'`,
    )
    await smtp.waitFor(row!.n, 30_000)
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(row!.n)
    expect(server.logs.some((l) => l.msg === 'unhandled error')).toBe(false)
    server.child.kill('SIGTERM')
    expect(await server.exited).toMatchObject({ code: 0 })
  }, 60_000)
})
