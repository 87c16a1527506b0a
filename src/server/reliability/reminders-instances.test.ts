/**
 * Trial reminders with two instances on one Postgres (docs/operations.md, "Trial reminders"):
 * two real server processes start on a database whose trials have reminders due, and each
 * reminder is e-mailed exactly once in all. One instance is stopped mid-way, while it holds
 * reminder e-mails it has claimed and not yet delivered (the SMTP server holds its replies), and
 * none is lost: the other delivers the rest. Postgres only: the embedded database is one
 * process by design.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../db/client.ts'
import {
  killAllServers,
  placeholderBuild,
  startServerProcess,
  type ServerProcess,
} from '#tests/support/server-process.ts'
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink.ts'
import {
  createTestDatabase,
  TEST_DB_KINDS,
  type TestDatabase,
} from '#tests/support/test-database.ts'

/** Trials whose 3-day reminder is due: more than both instances' mail workers claim at once. */
const TRIALS = 120

describe.runIf(TEST_DB_KINDS.includes('postgres'))('trial reminders on two instances', () => {
  let database: TestDatabase
  let smtp: SmtpSink
  let distDir: string
  const dataDirs: string[] = []

  beforeAll(async () => {
    database = await createTestDatabase('postgres', { poolSize: 4 })
    // Keys handed out 7 days and an hour ago, before either instance ran: each trial ends in
    // 3 days less an hour, so its 3-day reminder came due at 00:00 UTC today (at least an hour
    // ago, and not a day: not stale), and its reminder on the day is days away.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set constraints all deferred`)
      await tx.execute(sql`
        insert into licenses (id, model, activation_key, status, submission_id, assigned_at, batch)
        select gen_random_uuid(), 'advanced', 'REMIND-' || i, 'assigned', gen_random_uuid(),
               now() - interval '7 days 1 hour', 'reminders'
          from generate_series(1, ${TRIALS}::int) as i`)
      await tx.execute(sql`
        insert into trial_submissions (id, first_name, last_name, email, email_canonical, model,
          source, license_id, waitlist_token_hash, created_at)
        select l.submission_id, 'Rita', 'Remind', lower(l.activation_key) || '@example.com',
               lower(l.activation_key) || '@example.com', l.model, 'test', l.id,
               md5(l.activation_key), l.assigned_at
          from licenses l where l.batch = 'reminders'`)
    })
    smtp = await startSmtpSink()
    distDir = await placeholderBuild()
  }, 120_000)

  afterAll(async () => {
    await killAllServers()
    await smtp?.close()
    await database?.close()
    for (const dir of [...dataDirs, distDir])
      if (dir) await rm(dir, { recursive: true, force: true })
  })

  const start = async (): Promise<ServerProcess> => {
    const dataDir = await mkdtemp(join(tmpdir(), 'reminders-instances-'))
    dataDirs.push(dataDir)
    const url = new URL(database.url!)
    url.searchParams.set('options', `-c search_path=${database.schema}`)
    return startServerProcess(
      { DATA_DIR: dataDir, DIST_DIR: distDir, DATABASE_URL: url.toString(), SMTP_URL: smtp.url },
      120_000,
    )
  }

  /** The reminder e-mails in the outbox, by status, and how many workers hold some mid-send. */
  const outbox = async () => {
    const [row] = await queryRows<{ queued: number; sent: number; holders: number }>(
      database.db,
      sql`select count(*)::int as queued,
                 (count(*) filter (where status = 'sent'))::int as sent,
                 (count(distinct lease_owner) filter (where status = 'sending'))::int as holders
            from mail_outbox where kind = 'trial-reminder'`,
    )
    return row!
  }

  it('e-mails each due reminder once in all, and loses none when one instance stops mid-way', async () => {
    // Nothing is delivered until both instances' mail workers hold reminder e-mails mid-send.
    smtp.hold()
    const [first, second] = await Promise.all([start(), start()])

    // Both instances schedule and claim at start; each reminder is queued once.
    await expect
      .poll(async () => (await outbox()).queued, { timeout: 60_000, interval: 100 })
      .toBe(TRIALS)
    await expect
      .poll(async () => (await outbox()).holders, { timeout: 60_000, interval: 100 })
      .toBe(2)
    expect(smtp.received).toHaveLength(0)

    // The first instance stops while it holds e-mails it has not delivered.
    first.child.kill('SIGTERM')
    smtp.release()
    expect(await first.exited).toEqual({ code: 0, signal: null })

    // The other delivers the rest: every reminder arrives, each once.
    await smtp.waitFor(TRIALS, 60_000)
    await expect
      .poll(async () => (await outbox()).sent, { timeout: 30_000, interval: 100 })
      .toBe(TRIALS)
    // Nothing is left to send (so nothing can arrive twice later), and nothing did.
    expect(await outbox()).toEqual({ queued: TRIALS, sent: TRIALS, holders: 0 })
    expect(smtp.received).toHaveLength(TRIALS)
    const recipients = smtp.received.flatMap((m) => m.to)
    expect(new Set(recipients).size).toBe(TRIALS)
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(TRIALS)
    expect(smtp.received.every((m) => /^Your Advanced trial ends on /.test(m.subject))).toBe(true)
    const reminders = await queryRows<{ status: string; n: number }>(
      database.db,
      sql`select status, count(*)::int as n from trial_reminders group by status`,
    )
    expect(reminders).toEqual([{ status: 'sent', n: TRIALS }])

    const errors = [first, second].flatMap((s) => s.logs.filter((l) => Number(l.level) >= 50))
    expect(errors).toEqual([])
    second.child.kill('SIGTERM')
    expect(await second.exited).toEqual({ code: 0, signal: null })
  }, 240_000)
})
