/**
 * Faults: SIGTERM under load. The server must stop taking connections, let every
 * request it already has finish (including slow uploads still arriving), and exit 0; no
 * answered submission is lost. Clients keep going until the port refuses them, as a load
 * balancer's would before it notices the instance is gone.
 */
import { request, Agent } from 'node:http'
import { rm } from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { embeddedDataDir, openDatabase, queryRows } from '../db/client.ts'
import { insertLicenses } from '../licenses/license-repository.ts'
import { migrate } from '../db/migrate.ts'
import {
  killAllServers,
  placeholderBuild,
  startServerProcess,
} from '#tests/support/server-process.ts'
import { seededDataDir } from '#tests/support/test-database.ts'

/** The port the server under test listens on: one the system picked (PORT=0). */
let port = 0
const LOOPS = 16
const SLOW_UPLOADS = 4

interface Outcome {
  kind: string
  status?: number
  body?: string
  error?: string
  sentAt: number
  doneAt?: number
  csp?: string
}

afterAll(killAllServers)

function send(
  agent: Agent,
  method: string,
  path: string,
  body: string | null,
  kind: string,
  slow?: { until: Promise<void>; onFirstPartSent: () => void },
): Promise<Outcome> {
  const sentAt = Date.now()
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: body
          ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }
          : {},
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({
            kind,
            status: res.statusCode,
            body: Buffer.concat(chunks).toString(),
            sentAt,
            doneAt: Date.now(),
            csp: res.headers['content-security-policy'] as string | undefined,
          }),
        )
        res.on('error', (e: NodeJS.ErrnoException) =>
          resolve({ kind, error: `response ${e.code ?? e.message}`, sentAt }),
        )
      },
    )
    req.on('error', (e: NodeJS.ErrnoException) =>
      resolve({ kind, error: e.code ?? e.message, sentAt, doneAt: Date.now() }),
    )
    if (!body) return void req.end()
    if (!slow) return void req.end(body)
    // Headers and half the body now, the rest after the stop began: in flight across SIGTERM.
    req.flushHeaders()
    req.write(body.slice(0, 20), slow.onFirstPartSent)
    void slow.until.then(() => req.end(body.slice(20)))
  })
}

let seq = 0
const trialBody = () =>
  JSON.stringify({
    first_name: 'Grace',
    last_name: 'Ful',
    email: `graceful${++seq}@example.com`,
    model: seq % 2 ? 'basic' : 'advanced',
  })

describe('SIGTERM under load', () => {
  it('finishes every request in flight, cuts none off, and exits 0', async () => {
    const dataDir = await seededDataDir('graceful-data-')
    const distDir = await placeholderBuild()
    try {
      const db = await openDatabase({ databaseUrl: null, dataDir: embeddedDataDir(dataDir) })
      await migrate(db.db)
      for (const model of ['basic', 'advanced'] as const)
        await insertLicenses(
          db.db,
          model,
          Array.from({ length: 50 }, (_, i) => `GRACE-${model}-${i}`),
          'graceful',
        )
      await db.close()
      const server = await startServerProcess({
        DATA_DIR: dataDir,
        DIST_DIR: distDir,
        RATE_LIMIT_EMAIL: '100/1h',
        RATE_LIMIT_IP: '100000/1h',
      })

      port = Number(new URL(server.url).port)
      const agent = new Agent({ keepAlive: true, maxSockets: LOOPS + SLOW_UPLOADS })
      const outcomes: Outcome[] = []
      let signalled = 0
      // The slow uploads send their rest once the server is known to be stopping (its /readyz
      // said 503), rather than a fixed while after the signal.
      let markStopping: () => void = () => {}
      const stopping = new Promise<void>((r) => (markStopping = r))

      const loops = Array.from({ length: LOOPS }, async (_, n) => {
        for (;;) {
          const pick = n % 4
          const o =
            pick === 0
              ? await send(agent, 'GET', '/', null, 'page')
              : pick === 1
                ? await send(agent, 'GET', '/api/license-counts', null, 'counts')
                : await send(agent, 'POST', '/api/trial-submissions', trialBody(), 'submission')
          outcomes.push(o)
          if (o.error) return
        }
      })
      // Under load: every loop has had answers, and keeps sending.
      await expect
        .poll(() => outcomes.length, { timeout: 20_000, interval: 20 })
        .toBeGreaterThanOrEqual(2 * LOOPS)
      const firstParts: Promise<void>[] = []
      const slow = Array.from({ length: SLOW_UPLOADS }, () => {
        let onFirstPartSent: () => void = () => {}
        firstParts.push(new Promise<void>((r) => (onFirstPartSent = r)))
        const body = trialBody()
        return send(agent, 'POST', '/api/trial-submissions', body, 'slow upload', {
          until: stopping,
          onFirstPartSent,
        })
      })
      // Their headers and first bytes are on the wire before the signal.
      await Promise.all(firstParts)
      signalled = Date.now()
      server.child.kill('SIGTERM')
      // While it drains, the instance tells the load balancer it is not ready.
      const readyAnswers: (number | string)[] = []
      let stoppingCsp: string | undefined
      try {
        await expect
          .poll(
            async () => {
              const ready = await send(new Agent(), 'GET', '/readyz', null, 'readyz')
              readyAnswers.push(ready.status ?? ready.error!)
              stoppingCsp = ready.csp
              return ready.status
            },
            { timeout: 5_000, interval: 50 },
          )
          .toBe(503)
      } finally {
        markStopping()
      }
      const slowOutcomes = await Promise.all(slow)
      await Promise.all(loops)
      const exit = await server.exited
      agent.destroy()

      // The uploads still arriving when the stop began were answered in full.
      expect(
        slowOutcomes.map((o) => o.status),
        JSON.stringify(
          slowOutcomes.map((o) => [o.error, o.sentAt - signalled, (o.doneAt ?? 0) - signalled]),
        ),
      ).toEqual(Array(SLOW_UPLOADS).fill(201))
      for (const o of slowOutcomes) expect(JSON.parse(o.body!)).toMatchObject({ has_license: true })

      // Every request sent before the stop got a whole answer. One that starts after it may be
      // refused or reset once the port closes (a load balancer has seen /readyz 503 by then).
      const answered = outcomes.filter((o) => o.status !== undefined)
      const failed = outcomes.filter((o) => o.error)
      expect(answered.filter((o) => o.status! >= 400)).toEqual([])
      const timeline = failed.map(
        (o) =>
          `${o.kind} ${o.error} sent ${o.sentAt - signalled} ms, failed ${o.doneAt! - signalled} ms`,
      )
      expect(
        failed.filter((o) => o.sentAt < signalled),
        timeline.join('\n'),
      ).toEqual([])
      expect(failed.every((o) => /^(ECONNREFUSED|ECONNRESET)$/.test(o.error!))).toBe(true)
      expect(readyAnswers.at(-1), readyAnswers.join(', ')).toBe(503)
      // Even that answer carries the security headers.
      expect(stoppingCsp).toMatch(/frame-ancestors 'none'/)
      expect(exit).toEqual({ code: 0, signal: null })
      expect(server.logs.map((l) => l.msg)).toContain('stopped')
      expect(server.logs.some((l) => l.msg === 'forcing exit after grace period')).toBe(false)

      // Nothing answered 201 was lost.
      const created = [...answered, ...slowOutcomes]
        .filter((o) => o.status === 201)
        .map((o) => (JSON.parse(o.body!) as { submission_id: string }).submission_id)
      const check = await openDatabase({ databaseUrl: null, dataDir: embeddedDataDir(dataDir) })
      try {
        const rows = await queryRows<{ id: string }>(
          check.db,
          sql`select id from trial_submissions`,
        )
        const stored = new Set(rows.map((r) => r.id))
        expect(created.filter((id) => !stored.has(id))).toEqual([])
      } finally {
        await check.close()
      }
      console.info(
        `[sigterm] ${answered.length} answered (${created.length} submissions), ` +
          `${answered.filter((o) => o.sentAt >= signalled).length} of them sent after SIGTERM; ` +
          `${failed.length} refused or reset after the port closed (all sent after SIGTERM)`,
      )
    } finally {
      await rm(dataDir, { recursive: true, force: true })
      await rm(distDir, { recursive: true, force: true })
    }
  }, 60_000)
})
