/**
 * Trial reminders with a moved clock (the pass takes the time; nothing waits): each reminder
 * once, 3 days before the trial's end and on the day, with the Buy link, the price and the
 * RFC 8058 headers; stale ones skipped; the one-click stop honoured at once; suppressed
 * addresses and buyers of the model skipped; two passes at once send once; the first pass over
 * trials handed out before it sends only what is due and not stale.
 */
import { sql } from 'drizzle-orm'
import type { Hono } from 'hono'
import { beforeEach, expect, it } from 'vitest'
import { api } from '#src/common/paths.ts'
import { DEFAULT_SETTINGS } from '#src/common/site/settings.ts'
import { queryRows } from '../db/client.ts'
import { insertLicenses } from '../licenses/license-repository.ts'
import { listMail } from '../mail/outbox-repository.ts'
import { suppressAddress } from '../mail/suppression-repository.ts'
import { renderOutboxMail } from '../mail/templates.ts'
import { createTestApp, memoryLogger, postJson, trialRequest } from '#tests/support/test-app.ts'
import { describeEachDatabase } from '#tests/support/test-database.ts'
import { runReminderPass, type ReminderDeps } from './reminder-service.ts'

const DAY = 86_400_000

describeEachDatabase('trial reminders on %s', { emptyBeforeEach: true }, (database) => {
  let app: Hono
  let deps: ReminderDeps
  let issuedAt: Date

  beforeEach(async () => {
    await insertLicenses(database().db, 'advanced', ['A-1', 'A-2', 'A-3', 'A-4'], 'b1')
    app = createTestApp(database(), {
      env: { RATE_LIMIT_EMAIL: '100/1h', RATE_LIMIT_IP: '1000/1h' },
    }).app
    deps = {
      db: database().db,
      offsets: [3, 0],
      messageIdDomain: 'trial.example.test',
      logger: memoryLogger().logger,
    }
  })

  async function trial(email: string) {
    const res = await postJson(app, api.trialSubmissions, trialRequest({ email }))
    expect(res.status).toBe(201)
    const [row] = await queryRows<{ assigned_at: Date }>(
      database().db,
      sql`select l.assigned_at from licenses l join trial_submissions s on s.license_id = l.id
           where s.email = ${email}`,
    )
    issuedAt = new Date(row!.assigned_at)
    return (await res.json()) as { submission_id: string; waitlist_token: string }
  }

  const reminders = async () =>
    (await listMail(database().db)).filter((m) => m.kind === 'trial-reminder')
  /** The moment `days` after the key was issued, plus a minute. */
  const at = (days: number) => new Date(issuedAt.getTime() + days * DAY + 60_000)

  it('sends each reminder once: 3 days before the end and on the day, with price, Buy link and one-click stop', async () => {
    await trial('ann@example.com')
    expect(await runReminderPass(deps, at(0))).toMatchObject({ queued: 0 })
    expect(await reminders()).toHaveLength(0)

    expect((await runReminderPass(deps, at(7))).queued).toBe(1)
    expect((await runReminderPass(deps, at(7))).queued).toBe(0)
    const [first] = await reminders()
    expect(first!.to).toBe('ann@example.com')
    const ends = new Date(issuedAt.getTime() + 10 * DAY)
    const rendered = renderOutboxMail(
      first!.kind,
      first!.payload,
      DEFAULT_SETTINGS,
      'https://trial.example.test',
    )
    const day = ends.getUTCDate()
    const month = ends.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })
    expect(rendered.subject).toBe(`Your Advanced trial ends on ${day} ${month}`)
    expect(rendered.text).toMatch(/\$[\d,]+/)
    expect(rendered.text).toMatch(/stop reminders/i)
    expect(rendered.headers!['List-Unsubscribe']).toMatch(
      /^<https:\/\/trial\.example\.test\/api\/reminders\/stop\?token=[\w-]+>$/,
    )
    expect(rendered.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')

    expect((await runReminderPass(deps, at(10))).queued).toBe(1)
    expect((await runReminderPass(deps, at(11))).queued).toBe(0)
    const all = await reminders()
    expect(all).toHaveLength(2)
    expect(all[1]!.payload.today).toBe(true)
  })

  it('skips a reminder whose moment passed a day or more ago', async () => {
    await trial('bob@example.com')
    await runReminderPass(deps, at(0))
    // Down from day 6 to day 9: the 3-day notice is stale; the one on the day still goes.
    expect(await runReminderPass(deps, at(9))).toMatchObject({ queued: 0, skipped: 1 })
    expect((await runReminderPass(deps, at(10))).queued).toBe(1)
  })

  it('honours the one-click stop at once: a POST without cookie or page', async () => {
    await trial('carol@example.com')
    await runReminderPass(deps, at(0))
    await runReminderPass(deps, at(7))
    const [first] = await reminders()
    const token = first!.payload.stopToken as string
    const res = await app.request(`${api.reminderStop}?token=${token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'stopped' })
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(await runReminderPass(deps, at(10))).toMatchObject({ queued: 0, skipped: 1 })
    // The plain link shows a button and stops nothing by itself; an unknown token is 404.
    const page = await app.request(`${api.reminderStop}?token=${token}`)
    expect(await page.text()).toMatch(/<form action="[^"]+" method="post">/)
    const unknown = await app.request(`${api.reminderStop}?token=${'x'.repeat(43)}`, {
      method: 'POST',
    })
    expect(unknown.status).toBe(404)
  })

  it('skips a suppressed address, and an address with a paid order for the model, not one for the other model', async () => {
    await trial('dan@example.com')
    await trial('erin@example.com')
    await trial('frank@example.com')
    await runReminderPass(deps, at(0))
    await suppressAddress(database().db, 'dan@example.com', 'dan@example.com', '550 5.1.1')
    const order = (email: string, model: string) =>
      database().db.execute(
        sql`insert into orders (provider, provider_order_id, status, email, email_canonical, model, reference, paid_at)
            values ('invoice', ${email}, 'fulfilled', ${email}, ${email}, ${model}, ${email}, now())`,
      )
    await order('erin@example.com', 'advanced')
    await order('frank@example.com', 'basic')
    expect(await runReminderPass(deps, at(7))).toMatchObject({ queued: 1, skipped: 2 })
    const reasons = await queryRows<{ skip_reason: string }>(
      database().db,
      sql`select skip_reason from trial_reminders where status = 'skipped' order by skip_reason`,
    )
    expect(reasons.map((r) => r.skip_reason)).toEqual(['paid', 'suppressed'])
    expect((await reminders()).map((m) => m.to)).toEqual(['frank@example.com'])
  })

  it('sends to the corrected address', async () => {
    // A slip the server cannot tell (gnail.com would be told the correction at once).
    const ann = await trial('ann@exmaple.com')
    await runReminderPass(deps, at(0))
    const res = await app.request(api.emailCorrection(ann.submission_id), {
      method: 'PATCH',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${ann.waitlist_token}`,
      },
      body: JSON.stringify({ email: 'ann@gmail.com' }),
    })
    expect(res.status).toBe(200)
    await runReminderPass(deps, at(7))
    expect((await reminders()).map((m) => m.to)).toEqual(['ann@gmail.com'])
  })

  it('sends each reminder once when passes run side by side', async () => {
    await trial('fay@example.com')
    await trial('gus@example.com')
    await runReminderPass(deps, at(0))
    const results = await Promise.all([
      runReminderPass(deps, at(7)),
      runReminderPass(deps, at(7)),
      runReminderPass(deps, at(7)),
    ])
    expect(results.reduce((n, r) => n + r.queued, 0)).toBe(2)
    expect(await reminders()).toHaveLength(2)
  })

  it('sends, on the first pass over trials handed out before it, each reminder due now once and none already stale', async () => {
    // Three trials whose keys were handed out before reminders ran at all (the upgrade that
    // brought them, or a long downtime), the first pass at noon UTC.
    const midnight = Date.UTC(2031, 2, 10)
    const noon = new Date(midnight + DAY / 2)
    const handedOut = async (email: string, assignedAt: number) => {
      await trial(email)
      await database().db.execute(
        sql`update licenses set assigned_at = ${new Date(assignedAt)}
             where submission_id = (select id from trial_submissions where email = ${email})`,
      )
    }
    // Ends in 3 days: its notice was due at 00:00 today.
    await handedOut('due@example.com', noon.getTime() - 7 * DAY - 2 * 3_600_000)
    // Its 3-day notice was due 36 hours ago: stale; its notice on the day is tomorrow.
    await handedOut('stale@example.com', midnight - 8 * DAY - 6 * 3_600_000)
    // Handed out two days ago: nothing due yet.
    await handedOut('fresh@example.com', noon.getTime() - 2 * DAY)

    expect(await runReminderPass(deps, noon)).toMatchObject({ queued: 1, skipped: 0 })
    expect(await runReminderPass(deps, noon)).toMatchObject({ queued: 0, skipped: 0 })
    expect((await reminders()).map((m) => m.to)).toEqual(['due@example.com'])

    // Tomorrow just after midnight: the stale trial's notice on the day, and nothing else.
    expect((await runReminderPass(deps, new Date(midnight + DAY + 60_000))).queued).toBe(1)
    expect((await reminders()).map((m) => [m.to, m.payload.today])).toEqual([
      ['due@example.com', false],
      ['stale@example.com', true],
    ])
  })

  it('is off with TRIAL_REMINDERS=off', async () => {
    await trial('hal@example.com')
    expect(await runReminderPass({ ...deps, offsets: [] }, at(7))).toMatchObject({ queued: 0 })
  })
})
