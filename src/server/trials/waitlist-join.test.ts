/**
 * Joining the waitlist is confirmed by e-mail: queued in the transaction that sets
 * the flag, once per submission however often it is set, naming the model and offering the
 * other while it has keys. Delivered through the outbox worker to .eml files, read back with
 * mailparser as a mail client would.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type { Hono } from 'hono'
import { simpleParser, type ParsedMail } from 'mailparser'
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest'
import { api } from '#src/common/paths.ts'
import { DEFAULT_SETTINGS } from '#src/common/site/settings.ts'
import { queryRows } from '../db/client.ts'
import { insertLicenses } from '../licenses/license-repository.ts'
import { listMail } from '../mail/outbox-repository.ts'
import { findSubmission } from './submission-repository.ts'
import { mailIdentity } from '../mail/mail-identity.ts'
import { runOutboxPass } from '../mail/outbox-worker.ts'
import { createMailTransport, mailDirectory } from '../mail/transport.ts'
import { createTestApp, memoryLogger, postJson, trialRequest } from '#tests/support/test-app.ts'
import { describeEachDatabase } from '#tests/support/test-database.ts'

const PUBLIC_URL = 'https://trial.example.test'

interface Joiner {
  submission_id: string
  waitlist_token: string
  email: string
}

describeEachDatabase('joining the waitlist on %s', { emptyBeforeEach: true }, (database) => {
  let dir: string
  let app: Hono
  let kicks: number

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'waitlist-join-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })
  beforeEach(async () => {
    await rm(mailDirectory(dir), { recursive: true, force: true })
    kicks = 0
    app = createTestApp(database(), {
      env: { RATE_LIMIT_EMAIL: '100/1h', RATE_LIMIT_IP: '1000/1h' },
      onMailQueued: () => kicks++,
    }).app
  })

  /** A visitor who asked for a Basic trial while the Basic pool was empty. */
  async function waiting(email = `wanda.${Math.random().toString(36).slice(2)}@example.com`) {
    const res = await postJson(
      app,
      api.trialSubmissions,
      trialRequest({ email, model: 'basic', first_name: 'Wanda', last_name: 'Waiting' }),
    )
    const body = (await res.json()) as Omit<Joiner, 'email'> & { waitlist_eligible: boolean }
    expect(body.waitlist_eligible).toBe(true)
    kicks = 0 // counted from the join on: the worker is woken when a join queued mail
    return { ...body, email }
  }

  const join_ = (who: Joiner, waitlist = true) =>
    app.request(api.waitlist(who.submission_id), {
      method: 'PATCH',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${who.waitlist_token}`,
      },
      body: JSON.stringify({ waitlist }),
    })

  const joinMail = async () =>
    (await listMail(database().db)).filter((m) => m.kind === 'waitlist-joined')

  /** Sends what the outbox holds, as the server's worker would, and parses each .eml file. */
  async function deliver(): Promise<ParsedMail[]> {
    await runOutboxPass({
      db: database().db,
      transport: createMailTransport({ smtpUrl: null, dataDir: dir }),
      identity: mailIdentity({ mailFrom: '', publicUrl: PUBLIC_URL }, DEFAULT_SETTINGS),
      settings: DEFAULT_SETTINGS,
      logger: memoryLogger().logger,
    })
    const files = (await readdir(mailDirectory(dir))).filter((f) => f.endsWith('.eml'))
    return Promise.all(
      files.map(async (f) => simpleParser(await readFile(join(mailDirectory(dir), f)))),
    )
  }

  it('confirms the first join by e-mail: the model, a key by e-mail later, the other model while it has keys', async () => {
    await insertLicenses(database().db, 'advanced', ['ADV-1'], 'test')
    const wanda = await waiting()
    const res = await join_(wanda)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ submission_id: wanda.submission_id, waitlist: true })
    const queued = await joinMail()
    expect(queued).toHaveLength(1)
    expect(queued[0]).toMatchObject({
      to: wanda.email,
      status: 'pending',
      submissionId: wanda.submission_id,
      payload: { model: 'basic', otherModel: 'advanced', firstName: 'Wanda' },
    })
    expect(kicks).toBe(1)

    const [mail, ...more] = await deliver()
    expect(more).toHaveLength(0)
    expect(mail!.messageId).toBe(queued[0]!.messageId)
    expect(mail!.to && !Array.isArray(mail!.to) ? mail!.to.value[0]!.address : null).toBe(
      wanda.email,
    )
    expect(mail!.subject).toBe('You are on the PacePoint Basic waitlist')
    const text = mail!.text!
    expect(text).toContain('Hello Wanda,')
    expect(text).toContain('You are on the waitlist for the Basic model.')
    expect(text).toContain('when keys are back, you get yours by e-mail')
    expect(text).toContain(`Request the Advanced trial: ${PUBLIC_URL}/#trial-form-advanced`)
    expect(mail!.html).toContain(`href="${PUBLIC_URL}/#trial-form-advanced"`)
    expect(mail!.html).toContain('Basic model')
    expect((await listMail(database().db)).map((m) => m.status)).toEqual(['sent'])
  })

  it('mails once per submission: joining again, or leaving and coming back, sends nothing more', async () => {
    const wanda = await waiting()
    for (const waitlist of [true, true, false, true, false, true]) {
      expect((await join_(wanda, waitlist)).status).toBe(200)
    }
    expect((await findSubmission(database().db, wanda.submission_id))!.waitlist).toBe(true)
    expect(await joinMail()).toHaveLength(1)
    expect(kicks).toBe(1)
    // Leaving before ever joining mails nothing either.
    const other = await waiting()
    expect((await join_(other, false)).status).toBe(200)
    expect(await joinMail()).toHaveLength(1)
    expect(kicks).toBe(0)
  })

  it('mails once when the same join arrives many times at once', async () => {
    const wanda = await waiting()
    const answers = await Promise.all(Array.from({ length: 8 }, () => join_(wanda)))
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 8 }, () => 200))
    expect(await joinMail()).toHaveLength(1)
  })

  it('offers no other model when that pool is empty too', async () => {
    const wanda = await waiting()
    await join_(wanda)
    expect((await joinMail())[0]!.payload.otherModel).toBeNull()
    const [mail] = await deliver()
    expect(mail!.text).toContain('waitlist for the Basic model')
    expect(mail!.text).not.toContain('Advanced')
  })

  it('commits the flag and its e-mail together or not at all', async () => {
    const wanda = await waiting()
    // The outbox refuses this kind for a moment: the join fails as a whole.
    await database().db.execute(
      sql`alter table mail_outbox add constraint no_join_mail check (kind <> 'waitlist-joined')`,
    )
    try {
      expect((await join_(wanda)).status).toBe(500)
    } finally {
      await database().db.execute(sql`alter table mail_outbox drop constraint no_join_mail`)
    }
    const [row] = await queryRows<{ waitlist: boolean; joined: string | null }>(
      database().db,
      sql`select waitlist, waitlist_joined_at as joined from trial_submissions where id = ${wanda.submission_id}`,
    )
    expect(row).toEqual({ waitlist: false, joined: null })
    expect(await joinMail()).toHaveLength(0)
    // Asked again, it goes through, e-mail and all.
    expect((await join_(wanda)).status).toBe(200)
    expect(await joinMail()).toHaveLength(1)
  })

  it('sends no confirmation to an address that holds a valid key of the model', async () => {
    await insertLicenses(database().db, 'basic', ['B-1'], 'test')
    const email = 'had.a.key@example.com'
    const first = await postJson(app, api.trialSubmissions, trialRequest({ email, model: 'basic' }))
    expect(((await first.json()) as { has_license: boolean }).has_license).toBe(true)
    // The pool is empty now: asking again looks like anyone's empty-pool answer (docs/product.md,
    // "Trust under abuse").
    const again = await waiting(email)
    expect((await join_(again)).status).toBe(200)
    expect(await joinMail()).toHaveLength(0)
  })

  it('answers 404 to a stranger and queues nothing', async () => {
    const wanda = await waiting()
    const res = await join_({ ...wanda, waitlist_token: 'x'.repeat(43) })
    expect(res.status).toBe(404)
    expect(await joinMail()).toHaveLength(0)
  })
})
