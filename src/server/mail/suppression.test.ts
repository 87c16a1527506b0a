/**
 * The suppression list: an address the receiving server refuses for good (550 5.1.1 to RCPT TO)
 * goes on it and its message is dead at once, without retries; notices to it (a waitlist
 * notice, a reminder) are not sent; a refusal of the content (5.7.1 after the body) is not the
 * address's fault; the console's Mail page shows the list; `leads delete` clears the address.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { DEFAULT_SETTINGS } from '#src/common/site/settings.ts'
import { consoleMail } from '../console/console-queries.ts'
import { listMail } from './outbox-repository.ts'
import { enqueueMail } from './mail-queue.ts'
import { listSuppressions } from './suppression-repository.ts'
import { deletePersonData } from '../privacy/retention.ts'
import { startFaultySmtp, type FaultySmtp } from '#tests/support/faulty-smtp.ts'
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink.ts'
import { memoryLogger } from '#tests/support/test-app.ts'
import { describeEachDatabase } from '#tests/support/test-database.ts'
import { mailIdentity } from './mail-identity.ts'
import { runOutboxPass } from './outbox-worker.ts'
import { createMailTransport } from './transport.ts'

const identity = mailIdentity(
  { mailFrom: '', publicUrl: 'https://trial.example.test' },
  DEFAULT_SETTINGS,
)

describeEachDatabase('the suppression list on %s', { emptyBeforeEach: true }, (database) => {
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

  async function pass() {
    const transport = createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent' })
    try {
      return await runOutboxPass({
        db: database().db,
        transport,
        identity,
        settings: DEFAULT_SETTINGS,
        logger: memoryLogger().logger,
      })
    } finally {
      transport.close()
    }
  }

  const queue = (kind: 'trial' | 'waitlist', to: string) =>
    enqueueMail(database().db, {
      kind,
      to,
      payload: { firstName: 'Ann', lastName: 'Example', model: 'basic', activationKey: 'KEY-1' },
      messageIdDomain: 'trial.example.test',
    })

  it('puts a permanently refused address on the list, gives up at once, and skips its notices', async () => {
    smtp.setMode('reject-recipient')
    const key = await queue('trial', 'Ann.Gone@example.com')
    await pass()
    const [row] = (await listMail(database().db)).filter((m) => m.id === key.id)
    expect(row!.status).toBe('dead')
    expect(row!.attempts).toBe(1)
    const list = await listSuppressions(database().db, 10)
    expect(list.map((r) => r.emailCanonical)).toEqual(['ann.gone@example.com'])
    expect(list[0]!.reason).toMatch(/550/)

    // A waitlist notice to it is not even attempted; a key to another address goes out.
    smtp.setMode('pass')
    smtp.connections.length = 0
    const notice = await queue('waitlist', 'ann.gone@example.com')
    await queue('trial', 'bob@example.com')
    await pass()
    const after = await listMail(database().db)
    const skipped = after.find((m) => m.id === notice.id)!
    expect(skipped.status).toBe('dead')
    expect(skipped.lastError).toMatch(/suppression list/)
    expect(sink.received.map((m) => m.to)).toEqual([['bob@example.com']])

    // The console shows it, masked.
    const mail = await consoleMail(database().db)
    expect(mail.suppressedTotal).toBe(1)
    expect(mail.suppressed[0]!.email).toBe('a***@example.com')

    // A deletion request removes the address from the list.
    const deleted = await deletePersonData(database().db, 'ann.gone@example.com')
    expect(deleted.suppressions).toBe(1)
    expect(await listSuppressions(database().db, 10)).toEqual([])
  })

  it('does not suppress for a refusal of the message itself (5.7.1 policy after the body)', async () => {
    smtp.setMode('reject-permanent')
    await queue('trial', 'carol@example.com')
    await pass()
    expect((await listMail(database().db))[0]!.status).toBe('failed')
    expect(await listSuppressions(database().db, 10)).toEqual([])
  })
})
