import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS } from '#src/common/site/settings.ts'
import { claimDueMail, listMail, requeueMail } from './outbox-repository.ts'
import { enqueueMail } from './mail-queue.ts'
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink.ts'
import { memoryLogger } from '#tests/support/test-app.ts'
import { describeEachDatabase } from '#tests/support/test-database.ts'
import { mailIdentity } from './mail-identity.ts'
import {
  retryDelayMs,
  runOutboxPass,
  startOutboxWorker,
  type OutboxWorkerOptions,
} from './outbox-worker.ts'
import { createMailTransport } from './transport.ts'

const POLL = { timeout: 15_000, interval: 25 }

const identity = mailIdentity(
  { mailFrom: '', publicUrl: 'https://trial.example.test' },
  DEFAULT_SETTINGS,
)

function trialMail(to: string, overrides: Record<string, unknown> = {}) {
  return {
    kind: 'trial' as const,
    to,
    payload: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      model: 'basic',
      activationKey: `KEY-${to}`,
      ...overrides,
    },
    messageIdDomain: identity.messageIdDomain,
  }
}

describe('retry delays', () => {
  it('doubles from the base up to the cap', () => {
    const none = () => 0
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 1000, 5000, none))).toEqual([
      1000, 2000, 4000, 5000,
    ])
    expect(retryDelayMs(1, 1000, 5000, () => 1)).toBe(1100)
  })
})

describeEachDatabase('outbox worker on %s', { emptyBeforeEach: true }, (database) => {
  let smtp: SmtpSink

  beforeAll(async () => {
    smtp = await startSmtpSink()
  })
  afterAll(async () => {
    await smtp.close()
  })
  beforeEach(async () => {
    smtp.received.length = 0
    await smtp.start()
  })

  const options = (extra: Partial<OutboxWorkerOptions> = {}): OutboxWorkerOptions => ({
    db: database().db,
    transport: createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent' }),
    identity,
    settings: DEFAULT_SETTINGS,
    logger: memoryLogger().logger,
    pollMs: 20,
    retryBaseMs: 30,
    retryMaxMs: 200,
    ...extra,
  })

  it('sends over SMTP with the stable Message-ID, the right To and safe headers', async () => {
    const row = await enqueueMail(
      database().db,
      trialMail('ada@example.com', {
        firstName: 'Ada\r\nBcc: evil@example.com',
        lastName: '"Quoted" <x>',
      }),
    )
    expect(await runOutboxPass(options())).toBe(1)
    const [mail] = await smtp.waitFor(1)
    expect(mail!.messageId).toBe(row.messageId)
    expect(mail!.to).toEqual(['ada@example.com'])
    // The would-be header stays inside the display name: no extra recipient, no Bcc header.
    expect(mail!.parsed.headerLines.map((h) => h.key)).not.toContain('bcc')
    // Both an HTML and a plain-text part, each with the key.
    expect(mail!.html).toContain('KEY-ada@example.com')
    expect(mail!.text).toContain('KEY-ada@example.com')
    const [stored] = await listMail(database().db)
    expect(stored).toMatchObject({ status: 'sent', attempts: 1, lastError: null })
    expect(stored!.sentAt).toBeInstanceOf(Date)
  })

  it('keeps a link’s token only until its e-mail is sent, and every other payload as it was', async () => {
    const db = database().db
    const token = (name: string) => `${name}-${'t'.repeat(40)}`
    await enqueueMail(db, {
      kind: 'operator-sign-in',
      to: 'ops@example.com',
      payload: { token: token('signin'), validMinutes: 15 },
      messageIdDomain: identity.messageIdDomain,
    })
    const confirm = await enqueueMail(db, {
      kind: 'confirm',
      to: 'ada@example.com',
      payload: { firstName: 'Ada', lastName: 'Lovelace', model: 'basic', token: token('confirm') },
      messageIdDomain: identity.messageIdDomain,
    })
    await enqueueMail(db, trialMail('key@example.com'))
    // Until it is sent, the token is there for the worker to write into the link.
    const queued = new Map((await listMail(db)).map((row) => [row.id, row]))
    expect(queued.get(confirm.id)!.payload.token).toBe(token('confirm'))

    expect(await runOutboxPass(options())).toBe(3)
    const sent = await smtp.waitFor(3)
    expect(sent.find((m) => m.to[0] === 'ops@example.com')!.text).toContain(token('signin'))
    expect(sent.find((m) => m.to[0] === 'ada@example.com')!.text).toContain(token('confirm'))
    const rows = new Map((await listMail(db)).map((row) => [row.to, row]))
    expect(rows.get('ops@example.com')).toMatchObject({
      status: 'sent',
      payload: { validMinutes: 15 },
    })
    expect(rows.get('ops@example.com')!.payload).not.toHaveProperty('token')
    expect(rows.get('ada@example.com')!.payload).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      model: 'basic',
    })
    expect(rows.get('key@example.com')!.payload).toEqual(trialMail('key@example.com').payload)
    expect(JSON.stringify([...rows.values()])).not.toMatch(/signin-t|confirm-t/)
  })

  it('retries with backoff while SMTP is down and delivers each e-mail exactly once when it is back', async () => {
    await smtp.stop()
    const worker = startOutboxWorker(options())
    try {
      for (let i = 0; i < 10; i++) {
        await enqueueMail(database().db, trialMail(`down${i}@example.com`))
        worker.kick()
      }
      // Let every message fail at least once.
      await expect
        .poll(
          async () => (await listMail(database().db)).map((m) => [m.status, m.attempts >= 1]),
          POLL,
        )
        .toEqual(Array.from({ length: 10 }, () => ['failed', true]))
      const failed = await listMail(database().db)
      expect(failed.every((m) => m.lastError && m.nextAttemptAt)).toBe(true)
      await smtp.start()
      await smtp.waitFor(10)
      await expect
        .poll(async () => (await listMail(database().db)).map((m) => m.status), POLL)
        .toEqual(Array.from({ length: 10 }, () => 'sent'))
      // Instead of waiting a while for a duplicate that should never come: one more pass must
      // find nothing due, and stop() waits for the worker's last pass to end.
      expect(await worker.drain()).toBe(0)
      await worker.stop()
      const ids = smtp.received.map((m) => m.messageId)
      expect(ids).toHaveLength(10)
      expect(new Set(ids).size).toBe(10)
      expect(new Set(ids)).toEqual(new Set(failed.map((m) => m.messageId)))
    } finally {
      await worker.stop()
    }
  })

  it('marks a message dead after maxAttempts, and mail retry queues it again', async () => {
    await smtp.stop()
    await enqueueMail(database().db, trialMail('dead@example.com'))
    const worker = startOutboxWorker(options({ maxAttempts: 3, retryBaseMs: 10, retryMaxMs: 20 }))
    try {
      await expect.poll(async () => (await listMail(database().db))[0]!.status, POLL).toBe('dead')
      expect((await listMail(database().db))[0]).toMatchObject({ status: 'dead', attempts: 3 })
    } finally {
      await worker.stop()
    }
    await smtp.start()
    expect(await requeueMail(database().db)).toBe(1)
    expect(await runOutboxPass(options())).toBe(1)
    expect((await listMail(database().db))[0]).toMatchObject({ status: 'sent', attempts: 1 })
    expect(smtp.received).toHaveLength(1)
  })

  it('gives up at once on a message it cannot render', async () => {
    await enqueueMail(database().db, {
      ...trialMail('x@example.com'),
      kind: 'trial',
      payload: { model: 'premium' },
    })
    await runOutboxPass(options())
    expect((await listMail(database().db))[0]).toMatchObject({ status: 'dead' })
  })

  it('takes over a message whose sender vanished mid-send, with the same Message-ID', async () => {
    const row = await enqueueMail(database().db, trialMail('crash@example.com'))
    // A worker claimed it with a 1 ms lease and died before sending; once the lease is over
    // the next pass takes the message over (polled: the lease ends by the database's clock).
    const [claimed] = await claimDueMail(database().db, 10, 1)
    expect(claimed).toMatchObject({ status: 'sending', attempts: 1 })
    await expect.poll(() => runOutboxPass(options()), POLL).toBe(1)
    const [mail] = await smtp.waitFor(1)
    expect(mail!.messageId).toBe(row.messageId)
    expect((await listMail(database().db))[0]).toMatchObject({ status: 'sent', attempts: 2 })
  })

  it('records every message of a busy pass as sent, each once, over at most four connections', async () => {
    for (let i = 0; i < 20; i++) await enqueueMail(database().db, trialMail(`busy${i}@example.com`))
    const sessionsBefore = smtp.sessions
    const pooled = options({ batchSize: 20, concurrency: 4 })
    expect(await runOutboxPass(pooled)).toBe(20)
    // Each connection carries several messages: a new one costs the server's greeting pause.
    expect(smtp.sessions - sessionsBefore).toBeLessThanOrEqual(4)
    pooled.transport.close()
    // The pass resolves once its marks are written: nothing is left leased or due.
    const rows = await listMail(database().db)
    expect(rows.map((m) => [m.status, m.attempts, m.lockedUntil])).toEqual(
      Array.from({ length: 20 }, () => ['sent', 1, null]),
    )
    expect(rows.every((m) => m.sentAt instanceof Date)).toBe(true)
    expect(await runOutboxPass(options())).toBe(0)
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(20)
  })

  it('sends a message again, with the same Message-ID, when its sent mark could not be written', async () => {
    const db = database().db
    const row = await enqueueMail(db, trialMail('unmarked@example.com'))
    // The database refuses the sent mark (as a full disk or a dropped connection would).
    await db.execute(sql`create function refuse_sent() returns trigger language plpgsql as $$
      begin if new.status = 'sent' then raise exception 'refused'; end if; return new; end $$`)
    await db.execute(sql`create trigger refuse_sent before update on mail_outbox
      for each row execute function refuse_sent()`)
    try {
      await expect(runOutboxPass(options({ leaseMs: 300 }))).rejects.toThrow()
    } finally {
      await db.execute(sql`drop trigger refuse_sent on mail_outbox`)
      await db.execute(sql`drop function refuse_sent()`)
    }
    expect((await listMail(db))[0]).toMatchObject({ status: 'sending', attempts: 1 })
    // Once the lease lapses the message is due again; it goes out a second time and is kept.
    await expect.poll(() => runOutboxPass(options()), POLL).toBe(1)
    expect(smtp.received.map((m) => m.messageId)).toEqual([row.messageId, row.messageId])
    expect((await listMail(db))[0]).toMatchObject({ status: 'sent', attempts: 2 })
  })

  it('waits while requests are being answered, and sends as soon as they stop', async () => {
    let answering = true
    // How often the worker has asked whether requests are being answered: it asks before each
    // pass, so a count that keeps growing is a worker holding back, not one that has not looked.
    let asked = 0
    const busy = () => {
      asked++
      return answering
    }
    const worker = startOutboxWorker(options({ busy, maxYieldMs: 60_000 }))
    try {
      await enqueueMail(database().db, trialMail('after-the-burst@example.com'))
      worker.kick()
      // Kicks and polls come and go; the e-mail stays queued while the server is busy.
      const askedAtKick = asked
      await expect.poll(() => asked, POLL).toBeGreaterThan(askedAtKick + 10)
      worker.kick()
      await expect.poll(() => asked, POLL).toBeGreaterThan(askedAtKick + 20)
      expect(smtp.received).toHaveLength(0)
      expect((await listMail(database().db))[0]).toMatchObject({ status: 'pending' })
      answering = false
      await smtp.waitFor(1)
      expect(smtp.received[0]!.to).toContain('after-the-burst@example.com')
    } finally {
      await worker.stop()
    }
  })

  it('sends under endless load too, a batch per maxYieldMs, and stops at once while waiting', async () => {
    for (let i = 0; i < 4; i++) await enqueueMail(database().db, trialMail(`load${i}@example.com`))
    const worker = startOutboxWorker(options({ busy: () => true, maxYieldMs: 100, batchSize: 2 }))
    await smtp.waitFor(4)
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(4)
    const idle = startOutboxWorker(options({ busy: () => true, maxYieldMs: 600_000 }))
    await Promise.all([worker.stop(), idle.stop()])
  })

  it('lets two workers run side by side without sending anything twice', async () => {
    for (let i = 0; i < 30; i++) await enqueueMail(database().db, trialMail(`pair${i}@example.com`))
    const a = startOutboxWorker(options({ batchSize: 3 }))
    const b = startOutboxWorker(options({ batchSize: 3 }))
    try {
      await smtp.waitFor(30)
      // A duplicate would come from a row still due: both workers must find nothing more to
      // do, and stop() waits for each one's last pass, so anything sent twice is in by now.
      await expect
        .poll(async () => (await listMail(database().db)).map((m) => m.status), POLL)
        .toEqual(Array.from({ length: 30 }, () => 'sent'))
      expect(await a.drain()).toBe(0)
      await Promise.all([a.stop(), b.stop()])
      expect(smtp.received).toHaveLength(30)
      expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(30)
    } finally {
      await Promise.all([a.stop(), b.stop()])
    }
  })
})

describe('file transport', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'h1-mail-'))
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  for (const blocking of [false, true]) {
    it(`writes one .eml file per Message-ID under DATA_DIR/mail, owner-only, ${blocking ? 'synchronously (the mail thread)' : 'through the thread pool'}`, async () => {
      const transport = createMailTransport({ smtpUrl: null, dataDir: dir, blocking })
      expect(transport.kind).toBe('files')
      expect(transport.location).toBe(join(dir, 'mail'))
      const mail = {
        from: identity.from,
        replyTo: identity.replyTo,
        to: { name: 'Ada', address: 'ada@example.com' },
        subject: 'Hello',
        text: 'KEY-1',
        html: '<p>KEY-1</p>',
        messageId: '<abc-1@pacepoint.io>',
      }
      await transport.send(mail)
      await transport.send(mail)
      const files = await readdir(join(dir, 'mail'))
      expect(files).toEqual(['abc-1@pacepoint.io.eml'])
      const text = await readFile(join(dir, 'mail', files[0]!), 'utf8')
      expect(text).toMatch(/^Message-ID: <abc-1@pacepoint.io>$/m)
      expect(text).toContain('KEY-1')
      expect((await stat(join(dir, 'mail', files[0]!))).mode & 0o777).toBe(0o600)
      // Someone cleared the folder: the next message makes it again.
      await rm(join(dir, 'mail'), { recursive: true })
      await transport.send({ ...mail, messageId: '<abc-2@pacepoint.io>' })
      expect(await readdir(join(dir, 'mail'))).toEqual(['abc-2@pacepoint.io.eml'])
      expect((await stat(join(dir, 'mail'))).mode & 0o777).toBe(0o700)
    })
  }
})
