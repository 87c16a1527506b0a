/**
 * Issue 7, faults: the SMTP provider refusing (421 at the greeting, 451 or 550 after the body),
 * dropping the connection in the middle of a message, or never answering. The outbox worker
 * (in-process, with short retry settings) retries with growing delays, delivers each message
 * once when the provider recovers, and marks it dead after the limit, where `mail status`
 * shows it and `mail retry` brings it back. "SMTP down" (connection refused) while submissions
 * arrive is trial-flow.test.ts's case.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS } from '#src/common/site/settings.ts'
import { runCli } from '#src/cli/run-cli.ts'
import { enqueueMail, listMail } from '../db/outbox-repository.ts'
import { mailIdentity } from '../mail/mail-identity.ts'
import { startOutboxWorker, type OutboxWorkerOptions } from '../mail/outbox-worker.ts'
import { createMailTransport } from '../mail/transport.ts'
import { startFaultySmtp, type FaultySmtp, type SmtpFault } from '../testing/faulty-smtp.ts'
import { startSmtpSink, type SmtpSink } from '../testing/smtp-sink.ts'
import { memoryLogger, testConfig } from '../testing/test-app.ts'
import {
  createTestDatabase,
  resetTables,
  TEST_DB_KINDS,
  type TestDatabase,
} from '../testing/test-database.ts'

const identity = mailIdentity(
  { mailFrom: '', publicUrl: 'https://trial.example.test' },
  DEFAULT_SETTINGS,
)
const RETRY_BASE_MS = 100

describe.each(TEST_DB_KINDS)('SMTP faults on %s', (kind) => {
  const ports = kind === 'pglite' ? { sink: 4620, faulty: 4621 } : { sink: 4622, faulty: 4623 }
  let database: TestDatabase
  let sink: SmtpSink
  let smtp: FaultySmtp

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    sink = await startSmtpSink(ports.sink)
    smtp = await startFaultySmtp({ port: ports.faulty, sinkPort: ports.sink })
  })
  afterAll(async () => {
    await smtp?.close()
    await sink?.close()
    await database?.close()
  })
  beforeEach(async () => {
    await resetTables(database)
    sink.received.length = 0
    smtp.connections.length = 0
    smtp.setMode('pass')
  })

  const worker = (extra: Partial<OutboxWorkerOptions> = {}) => {
    const log = memoryLogger()
    const transport = createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent' })
    const w = startOutboxWorker({
      db: database.db,
      transport,
      identity,
      settings: DEFAULT_SETTINGS,
      logger: log.logger,
      pollMs: 20,
      retryBaseMs: RETRY_BASE_MS,
      retryMaxMs: 5_000,
      maxAttempts: 20,
      ...extra,
    })
    return {
      lines: log.lines,
      stop: async () => {
        await w.stop()
        transport.close()
      },
      kick: () => w.kick(),
    }
  }

  const queue = (to: string) =>
    enqueueMail(database.db, {
      kind: 'trial',
      to,
      payload: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        model: 'basic',
        activationKey: `KEY-${to}`,
      },
      messageIdDomain: identity.messageIdDomain,
    })

  async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 20_000) {
    const end = Date.now() + timeoutMs
    while (Date.now() < end) {
      if (await check()) return
      await new Promise((r) => setTimeout(r, 20))
    }
    throw new Error(`timed out waiting for ${what}`)
  }

  const faults: [SmtpFault, RegExp][] = [
    ['refuse', /421/],
    ['reject-temporary', /451/],
    ['drop', /connection|closed|ECONNRESET|socket/i],
  ]
  it.each(faults)(
    '%s: retried with growing delays, then delivered once when the provider recovers',
    async (fault, expectedError) => {
      smtp.setMode(fault)
      const row = await queue(`${fault}@example.com`)
      const w = worker()
      try {
        await until(() => smtp.connections.length >= 4, 'four failed attempts')
        const [failed] = await listMail(database.db)
        expect(failed).toMatchObject({ status: expect.stringMatching(/failed|sending/) })
        expect(failed!.lastError).toMatch(expectedError)
        expect(sink.received).toHaveLength(0)
        // Backoff: each wait at least the base doubled per attempt (jitter only adds).
        const at = smtp.connections.map((c) => c.at)
        const gaps = at.slice(1).map((t, i) => t - at[i]!)
        gaps
          .slice(0, 3)
          .forEach((gap, i) =>
            expect(gap, `gap ${i + 1} of ${gaps.join(', ')}`).toBeGreaterThanOrEqual(
              RETRY_BASE_MS * 2 ** i - 15,
            ),
          )
        expect(w.lines.some((l) => l.msg === 'e-mail failed; will retry')).toBe(true)

        smtp.setMode('pass')
        await sink.waitFor(1, 10_000)
        await until(async () => (await listMail(database.db))[0]!.status === 'sent', 'sent')
        // Nothing more arrives: it went out once, with its own Message-ID and whole.
        await new Promise((r) => setTimeout(r, 300))
        expect(sink.received).toHaveLength(1)
        expect(sink.received[0]!.messageId).toBe(row.messageId)
        expect(sink.received[0]!.decoded).toContain(`KEY-${fault}@example.com`)
        expect((await listMail(database.db))[0]).toMatchObject({ status: 'sent', lastError: null })
      } finally {
        await w.stop()
      }
    },
  )

  it('marks a message dead after the limit; mail status shows it and mail retry delivers it', async () => {
    smtp.setMode('reject-permanent')
    await queue('refused@example.com')
    await queue('fine-later@example.com')
    const w = worker({ maxAttempts: 3, retryBaseMs: 20, retryMaxMs: 40 })
    try {
      await until(
        async () => (await listMail(database.db)).every((m) => m.status === 'dead'),
        'both dead',
      )
    } finally {
      await w.stop()
    }
    expect(await listMail(database.db)).toEqual([
      expect.objectContaining({
        status: 'dead',
        attempts: 3,
        lastError: expect.stringMatching(/550/),
      }),
      expect.objectContaining({ status: 'dead', attempts: 3 }),
    ])
    expect(
      w.lines.filter((l) => typeof l.msg === 'string' && l.msg.startsWith('e-mail gave up (dead)')),
    ).toHaveLength(2)

    const cli = async (...argv: string[]) => {
      let stdout = ''
      let stderr = ''
      const code = await runCli(argv, {
        config: testConfig(),
        io: { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) },
        database,
        transport: createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent' }),
      })
      return { code, stdout, stderr }
    }
    const status = await cli('mail', 'status')
    expect(status.code).toBe(0)
    expect(status.stdout).toMatch(/^dead\s+2$/m)
    expect(status.stdout).toMatch(/^sent\s+0$/m)
    expect(status.stdout).toMatch(/^dead\s+trial\s+refused@example\.com\s+3\s+.*550 5\.7\.1/m)
    expect(status.stdout).toMatch(/2 dead: `npm run admin -- mail retry` queues them again/)

    smtp.setMode('pass')
    const retry = await cli('mail', 'retry')
    expect(retry.stdout).toMatch(/Queued 2 failed or dead messages again/)
    await sink.waitFor(2, 10_000)
    expect(new Set(sink.received.flatMap((m) => m.to))).toEqual(
      new Set(['refused@example.com', 'fine-later@example.com']),
    )
    expect((await cli('mail', 'status')).stdout).toMatch(/^sent\s+2$/m)
  })

  it.runIf(kind === TEST_DB_KINDS[0])(
    'silent: a provider that never answers times out the attempt, which is retried',
    async () => {
      smtp.setMode('silent')
      const row = await queue('silent@example.com')
      const w = worker()
      try {
        await until(
          async () => (await listMail(database.db))[0]!.lastError !== null,
          'the first attempt to time out',
          20_000,
        )
        const [failed] = await listMail(database.db)
        expect(failed).toMatchObject({ status: 'failed', attempts: 1 })
        // nodemailer's greeting timeout (10 s in transport.ts).
        expect(failed!.lastError).toMatch(/greeting never received|timeout/i)
        smtp.setMode('pass')
        const [mail] = await sink.waitFor(1, 10_000)
        expect(mail!.messageId).toBe(row.messageId)
      } finally {
        await w.stop()
      }
    },
    40_000,
  )
})
