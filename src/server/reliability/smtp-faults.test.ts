/**
 * Faults: the SMTP provider refusing (421 at the greeting, 451 or 550 after the body),
 * dropping the connection in the middle of a message, or never answering. The outbox worker
 * (in-process, with short retry settings) retries with growing delays, delivers each message
 * once when the provider recovers, and marks it dead after the limit, where `mail status`
 * shows it and `mail retry` brings it back. "SMTP down" (connection refused) while submissions
 * arrive is trial-flow.test.ts's case.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { DEFAULT_SETTINGS } from '#src/common/site/settings.ts'
import { runCli } from '#src/cli/run-cli.ts'
import { listMail } from '../mail/outbox-repository.ts'
import { enqueueMail } from '../mail/mail-queue.ts'
import { mailIdentity } from '../mail/mail-identity.ts'
import { startOutboxWorker, type OutboxWorkerOptions } from '../mail/outbox-worker.ts'
import { createMailTransport } from '../mail/transport.ts'
import { startFaultySmtp, type FaultySmtp, type SmtpFault } from '#tests/support/faulty-smtp.ts'
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink.ts'
import { memoryLogger, testConfig } from '#tests/support/test-app.ts'
import { describeEachDatabase, TEST_DB_KINDS } from '#tests/support/test-database.ts'

const identity = mailIdentity(
  { mailFrom: '', publicUrl: 'https://trial.example.test' },
  DEFAULT_SETTINGS,
)
const RETRY_BASE_MS = 100
const POLL = { timeout: 20_000, interval: 20 }

describeEachDatabase('SMTP faults on %s', { emptyBeforeEach: true }, (database, kind) => {
  let sink: SmtpSink
  let smtp: FaultySmtp

  beforeAll(async () => {
    sink = await startSmtpSink()
    smtp = await startFaultySmtp({ sinkPort: sink.port })
  })
  afterAll(async () => {
    await smtp?.close()
    await sink?.close()
  })
  beforeEach(() => {
    sink.received.length = 0
    smtp.connections.length = 0
    smtp.setMode('pass')
  })

  const worker = (extra: Partial<OutboxWorkerOptions> = {}) => {
    const log = memoryLogger()
    const transport = createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent' })
    const w = startOutboxWorker({
      db: database().db,
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
      drain: () => w.drain(),
    }
  }

  const queue = (to: string) =>
    enqueueMail(database().db, {
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
        await expect
          .poll(() => smtp.connections.length, { message: 'four failed attempts', ...POLL })
          .toBeGreaterThanOrEqual(4)
        const [failed] = await listMail(database().db)
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
        await expect.poll(async () => (await listMail(database().db))[0]!.status, POLL).toBe('sent')
        // Nothing more arrives: it went out once, with its own Message-ID and whole. Rather
        // than wait a while for nothing, ask for one more pass (it must find nothing due) and
        // stop the worker, which waits for its last pass: a second delivery would be in by now.
        expect(await w.drain()).toBe(0)
        await w.stop()
        expect(sink.received).toHaveLength(1)
        expect(sink.received[0]!.messageId).toBe(row.messageId)
        expect(sink.received[0]!.text).toContain(`KEY-${fault}@example.com`)
        expect((await listMail(database().db))[0]).toMatchObject({
          status: 'sent',
          lastError: null,
        })
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
      await expect
        .poll(async () => (await listMail(database().db)).map((m) => m.status), POLL)
        .toEqual(['dead', 'dead'])
    } finally {
      await w.stop()
    }
    expect(await listMail(database().db)).toEqual([
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
        database: database(),
        transport: createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent' }),
      })
      // A failure shows what the CLI said, not only its exit code.
      expect({ code, stderr }, argv.join(' ')).toEqual({ code: 0, stderr: '' })
      return { code, stdout, stderr }
    }
    const status = await cli('mail', 'status')
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
        await expect
          .poll(async () => (await listMail(database().db))[0]!.lastError, {
            message: 'the first attempt to time out',
            ...POLL,
          })
          .not.toBeNull()
        const [failed] = await listMail(database().db)
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
