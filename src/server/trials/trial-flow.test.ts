/**
 * The trial flow end to end in-process: HTTP in, keys out of the pool, e-mail through a real
 * SMTP server, under load and failures.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { DEFAULT_SETTINGS } from '#src/common/site/settings.ts'
import { queryRows } from '../db/client.ts'
import { insertLicenses } from '../licenses/license-repository.ts'
import { listMail } from '../mail/outbox-repository.ts'
import { mailIdentity } from '../mail/mail-identity.ts'
import { startOutboxWorker, type OutboxWorker } from '../mail/outbox-worker.ts'
import { createMailTransport } from '../mail/transport.ts'
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink.ts'
import { createTestApp, memoryLogger, postJson, trialRequest } from '#tests/support/test-app.ts'
import { describeEachDatabase } from '#tests/support/test-database.ts'

const POLL = { timeout: 15_000, interval: 25 }

describeEachDatabase('trial flow on %s', { poolSize: 20, emptyBeforeEach: true }, (database) => {
  let smtp: SmtpSink
  let worker: OutboxWorker

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

  function start() {
    const config = { mailFrom: '', publicUrl: 'https://trial.example.test' }
    worker = startOutboxWorker({
      db: database().db,
      transport: createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent' }),
      identity: mailIdentity(config, DEFAULT_SETTINGS),
      settings: DEFAULT_SETTINGS,
      logger: memoryLogger().logger,
      pollMs: 50,
      retryBaseMs: 50,
      retryMaxMs: 300,
      maxAttempts: 50,
    })
    return createTestApp(database(), {
      env: { RATE_LIMIT_EMAIL: '5/1h', RATE_LIMIT_IP: '5/1h', TRUST_PROXY: '1' },
      onMailQueued: () => worker.kick(),
    }).app
  }

  /**
   * Rather than wait a while for a second copy that should never come: every queued e-mail is
   * sent, one more pass finds nothing due, and stop() waits for the worker's last pass, so an
   * e-mail sent twice would be in the sink by now.
   */
  async function expectNothingMoreToSend(queued: number) {
    await expect
      .poll(async () => (await listMail(database().db)).map((m) => m.status), POLL)
      .toEqual(Array.from({ length: queued }, () => 'sent'))
    expect(await worker.drain()).toBe(0)
    await worker.stop()
  }

  it('200 concurrent requests against 20 keys: exactly 20 keys out, 20 e-mails, the rest offered the waitlist, no 5xx', async () => {
    const keys = Array.from({ length: 20 }, (_, i) => `LOAD-${String(i).padStart(2, '0')}`)
    await insertLicenses(database().db, 'advanced', keys, 'load')
    const app = start()
    try {
      const responses = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          postJson(
            app,
            '/api/trial-submissions',
            trialRequest({
              email: `load${i}@example.com`,
              model: 'advanced',
              form_elapsed_ms: 5000,
            }),
            {
              'X-Forwarded-For': `10.0.${Math.floor(i / 4)}.${i % 4}`,
            },
          ),
        ),
      )
      const statuses = responses.map((r) => r.status)
      expect(statuses.filter((s) => s >= 500)).toEqual([])
      expect(new Set(statuses)).toEqual(new Set([201]))
      const bodies = (await Promise.all(responses.map((r) => r.json()))) as {
        has_license: boolean
        waitlist_eligible: boolean
      }[]
      expect(bodies.filter((b) => b.has_license)).toHaveLength(20)
      expect(bodies.filter((b) => !b.has_license && b.waitlist_eligible)).toHaveLength(180)

      const assigned = await queryRows<{ activation_key: string; submission_id: string }>(
        database().db,
        sql`select activation_key, submission_id from licenses where status = 'assigned'`,
      )
      expect(assigned).toHaveLength(20)
      expect(new Set(assigned.map((a) => a.activation_key)).size).toBe(20)
      expect(new Set(assigned.map((a) => a.submission_id)).size).toBe(20)
      expect(await (await app.request('/api/license-counts')).json()).toEqual({
        basic: 0,
        advanced: 0,
      })

      const mail = await smtp.waitFor(20, 30_000)
      await expectNothingMoreToSend(20)
      expect(mail).toHaveLength(20)
      const mailedKeys = mail.map((m) => keys.find((k) => m.text.includes(k)))
      expect(new Set(mailedKeys).size).toBe(20)
      expect(new Set(mail.map((m) => m.messageId)).size).toBe(20)
    } finally {
      await worker.stop()
    }
  }, 60_000)

  it('SMTP down while requests arrive, then up: every e-mail arrives, once', async () => {
    await insertLicenses(
      database().db,
      'basic',
      Array.from({ length: 12 }, (_, i) => `DOWN-${i}`),
      'down',
    )
    await smtp.stop()
    const app = start()
    try {
      const responses = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          postJson(
            app,
            '/api/trial-submissions',
            trialRequest({ email: `down${i}@example.com`, model: 'basic' }),
            { 'X-Forwarded-For': `10.1.0.${i}` },
          ),
        ),
      )
      expect(responses.map((r) => r.status)).toEqual(Array(12).fill(201))
      const failedOnce = async () =>
        (await listMail(database().db)).every((m) => m.status === 'failed' && m.attempts >= 1)
      await expect.poll(failedOnce, POLL).toBe(true)
      expect(smtp.received).toHaveLength(0)

      await smtp.start()
      const mail = await smtp.waitFor(12, 30_000)
      await expectNothingMoreToSend(12)
      expect(mail).toHaveLength(12)
      expect(new Set(mail.map((m) => m.messageId)).size).toBe(12)
      expect(new Set(mail.flatMap((m) => m.to))).toEqual(
        new Set(Array.from({ length: 12 }, (_, i) => `down${i}@example.com`)),
      )
    } finally {
      await worker.stop()
    }
  }, 60_000)
})
