/**
 * Mail leases are short and renewed while a message is being sent, so a crashed
 * worker's messages go out soon after a restart and a slow send is never taken over (never
 * twice in normal operation); SMTP errors are stored and logged with the address masked.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS } from '#src/common/site/settings.ts'
import { queryRows } from '../db/client.ts'
import { claimDueMail, listMail } from './outbox-repository.ts'
import { enqueueMail } from './mail-queue.ts'
import { memoryLogger } from '#tests/support/test-app.ts'
import {
  createTestDatabase,
  resetTables,
  TEST_DB_KINDS,
  type TestDatabase,
} from '#tests/support/test-database.ts'
import { mailIdentity } from './mail-identity.ts'
import { runOutboxPass, startOutboxWorker } from './outbox-worker.ts'
import type { MailTransport, OutgoingMail } from './transport.ts'

const identity = mailIdentity(
  { mailFrom: '', publicUrl: 'https://trial.example.test' },
  DEFAULT_SETTINGS,
)

function trialMail(to: string) {
  return {
    kind: 'trial' as const,
    to,
    payload: { firstName: 'Ada', lastName: 'Lovelace', model: 'basic', activationKey: 'KEY-1' },
    messageIdDomain: identity.messageIdDomain,
  }
}

const POLL = { timeout: 15_000, interval: 20 }

/**
 * A transport that counts sends (or fails with `error`). Given `until`, each send is still in
 * progress (`sending`) until that promise settles: a send as slow as the test needs.
 */
function testTransport(error?: string, until?: Promise<void>) {
  const sent: OutgoingMail[] = []
  let sending = 0
  const transport: MailTransport = {
    kind: 'smtp',
    location: 'test',
    send: async (mail) => {
      sending++
      await until
      sending--
      if (error) throw new Error(error)
      sent.push(mail)
      return 'test'
    },
    close: () => {},
  }
  return { transport, sent, sending: () => sending }
}

/** The database's clock, which leases are reckoned by. */
async function dbNow(database: TestDatabase): Promise<number> {
  const [row] = await queryRows<{ now: Date | string }>(database.db, sql`select now() as now`)
  return new Date(row!.now).getTime()
}

describe.each(TEST_DB_KINDS)('mail leases on %s', (kind) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(kind)
  })
  afterAll(async () => {
    await database.close()
  })
  beforeEach(async () => {
    await resetTables(database)
  })

  it('uses short leases by default', async () => {
    await enqueueMail(database.db, trialMail('short@example.com'))
    const { OUTBOX_DEFAULTS } = await import('./outbox-worker.ts')
    expect(OUTBOX_DEFAULTS.leaseMs).toBeLessThanOrEqual(15_000)
    const [row] = await claimDueMail(database.db, 1, OUTBOX_DEFAULTS.leaseMs)
    const leftMs = row!.lockedUntil!.getTime() - Date.now()
    expect(leftMs).toBeGreaterThan(5_000)
    expect(leftMs).toBeLessThanOrEqual(16_000)
  })

  it('renews the lease of a slow send, so a second worker never sends it again', async () => {
    await enqueueMail(database.db, trialMail('slow@example.com'))
    let finishSend = () => {}
    const slow = testTransport(undefined, new Promise<void>((r) => (finishSend = r)))
    const fast = testTransport()
    const common = {
      db: database.db,
      identity,
      settings: DEFAULT_SETTINGS,
      logger: memoryLogger().logger,
      pollMs: 20,
      leaseMs: 1_500,
      renewMs: 300,
    }
    const first = runOutboxPass({ ...common, transport: slow.transport })
    await expect.poll(slow.sending, POLL).toBe(1)
    const [claimed] = await listMail(database.db)
    const firstLeaseEnds = claimed!.lockedUntil!.getTime()
    // Another worker polls (every 20 ms) all the while the first one is sending, well past the
    // lease it first took: the send ends only once the database's clock is 300 ms past it.
    const other = startOutboxWorker({ ...common, transport: fast.transport })
    await expect
      .poll(async () => (await dbNow(database)) - firstLeaseEnds, POLL)
      .toBeGreaterThan(300)
    expect((await listMail(database.db))[0]!.lockedUntil!.getTime()).toBeGreaterThan(firstLeaseEnds)
    finishSend()
    await first
    // A pass after the send has ended finds nothing to send either.
    expect(await other.drain()).toBe(0)
    await other.stop()
    expect(slow.sent).toHaveLength(1)
    expect(fast.sent).toHaveLength(0)
    expect((await listMail(database.db))[0]).toMatchObject({ status: 'sent', attempts: 1 })
  })

  it('lets another worker take over once a crashed worker’s short lease ends', async () => {
    const row = await enqueueMail(database.db, trialMail('crashed@example.com'))
    await claimDueMail(database.db, 10, 300, 'dead-worker')
    const fast = testTransport()
    const worker = startOutboxWorker({
      db: database.db,
      transport: fast.transport,
      identity,
      settings: DEFAULT_SETTINGS,
      logger: memoryLogger().logger,
      pollMs: 20,
    })
    await expect.poll(() => fast.sent.length, { ...POLL, timeout: 5_000 }).toBe(1)
    await worker.stop()
    expect(fast.sent.map((m) => m.messageId)).toEqual([row.messageId])
  })

  it('masks the address in an SMTP error it stores and logs', async () => {
    await enqueueMail(database.db, trialMail('ann.lee@example.com'))
    const failing = testTransport(
      '550 5.1.1 <ann.lee@example.com>: Recipient address rejected: User unknown',
    )
    const { logger, lines } = memoryLogger()
    await runOutboxPass({
      db: database.db,
      transport: failing.transport,
      identity,
      settings: DEFAULT_SETTINGS,
      logger,
    })
    const [row] = await listMail(database.db)
    expect(row!.lastError).toContain('550 5.1.1')
    expect(row!.lastError).not.toContain('ann.lee@example.com')
    expect(row!.lastError).toContain('a***@example.com')
    expect(JSON.stringify(lines)).not.toContain('ann.lee@example.com')
  })
})
