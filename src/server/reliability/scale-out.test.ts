/**
 * Several instances on one Postgres (docs/architecture.md, "Beyond one machine"): three real server
 * processes share the key pool, the limits and the outbox. 300 concurrent requests with distinct
 * addresses, spread across the three, against a pool of 50 keys: exactly 50 distinct keys go out,
 * 50 e-mails arrive (each key once), the rest are offered the waitlist, and nothing answers 5xx.
 * Postgres only: the embedded database is one process by design.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../db/client.ts'
import { insertLicenses } from '../licenses/license-repository.ts'
import {
  killAllServers,
  placeholderBuild,
  startServerProcess,
  type ServerProcess,
} from '#tests/support/server-process.ts'
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink.ts'
import { trialRequest } from '#tests/support/test-app.ts'
import {
  createTestDatabase,
  TEST_DB_KINDS,
  type TestDatabase,
} from '#tests/support/test-database.ts'

const KEYS = 50
const REQUESTS = 300
const INSTANCES = 3

describe.runIf(TEST_DB_KINDS.includes('postgres'))('three instances on one Postgres', () => {
  let database: TestDatabase
  let smtp: SmtpSink
  let distDir: string
  const dataDirs: string[] = []
  const servers: ServerProcess[] = []

  beforeAll(async () => {
    database = await createTestDatabase('postgres', { poolSize: 4 })
    await insertLicenses(
      database.db,
      'advanced',
      Array.from({ length: KEYS }, (_, i) => `SCALE-${String(i).padStart(3, '0')}`),
      'scale-out',
    )
    smtp = await startSmtpSink()
    distDir = await placeholderBuild()
    const url = new URL(database.url!)
    url.searchParams.set('options', `-c search_path=${database.schema}`)
    for (let i = 0; i < INSTANCES; i++) {
      const dataDir = await mkdtemp(join(tmpdir(), 'scale-out-'))
      dataDirs.push(dataDir)
      servers.push(
        await startServerProcess({
          DATA_DIR: dataDir,
          DIST_DIR: distDir,
          DATABASE_URL: url.toString(),
          SMTP_URL: smtp.url,
          RATE_LIMIT_EMAIL: '100/1h',
          RATE_LIMIT_IP: '100000/1h',
        }),
      )
    }
  }, 180_000)

  afterAll(async () => {
    await killAllServers()
    await smtp?.close()
    await database?.close()
    for (const dir of [...dataDirs, distDir])
      if (dir) await rm(dir, { recursive: true, force: true })
  })

  it('hands out each key once, mails each once, offers the rest the waitlist, answers no 5xx', async () => {
    // 16 requests in flight per instance on average, 48 in all: one client may hold 64
    // connections to an instance at once (lifecycle.ts), and this test is one client, so even
    // when every request in flight goes to one instance it stays under that.
    const inFlight = 16 * INSTANCES
    let next = 0
    const answers: { status: number; body: Record<string, unknown> }[] = []
    const send = async (i: number) => {
      const server = servers[i % INSTANCES]!
      const res = await fetch(`${server.url}/api/trial-submissions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(trialRequest({ email: `scale.${i}@example.com`, model: 'advanced' })),
      })
      // Read as text first, so an answer that is not JSON shows up with its status below.
      const text = await res.text()
      let body: Record<string, unknown>
      try {
        body = JSON.parse(text) as Record<string, unknown>
      } catch {
        body = { notJson: text.slice(0, 200) }
      }
      return { status: res.status, body }
    }
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next < REQUESTS) answers.push(await send(next++))
      }),
    )
    expect(answers).toHaveLength(REQUESTS)
    const failed = answers.filter((a) => a.status >= 500 || 'notJson' in a.body)
    const errors = servers.flatMap((s) => s.logs.filter((l) => Number(l.level) >= 50))
    expect({ failed: failed.length, first: failed[0], log: errors[0] }).toEqual({
      failed: 0,
      first: undefined,
      log: undefined,
    })
    expect(answers.every((a) => a.status === 201)).toBe(true)
    const withKey = answers.filter((a) => a.body.has_license === true)
    expect(withKey).toHaveLength(KEYS)
    expect(
      answers.filter((a) => a.body.has_license === false && a.body.waitlist_eligible === true),
    ).toHaveLength(REQUESTS - KEYS)

    const assigned = await queryRows<{ activation_key: string; submission_id: string }>(
      database.db,
      sql`select activation_key, submission_id from licenses where status = 'assigned'`,
    )
    expect(new Set(assigned.map((r) => r.activation_key)).size).toBe(KEYS)
    expect(new Set(assigned.map((r) => r.submission_id)).size).toBe(KEYS)

    // Every instance's worker takes mail from the shared outbox; each key arrives once.
    const mail = await smtp.waitFor(KEYS, 60_000)
    const keys = mail.map((m) => /SCALE-\d{3}/.exec(m.text)?.[0])
    expect(new Set(keys).size).toBe(KEYS)
    expect(keys.every(Boolean)).toBe(true)
    await expect.poll(() => smtp.received.length, { timeout: 5_000, interval: 500 }).toBe(KEYS)
  }, 180_000)
})
