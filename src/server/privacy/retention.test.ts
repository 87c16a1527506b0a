/** The retention periods of the privacy policy, and a person's deletion request. */
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { parseCliArgs, UsageError } from '#src/cli/parse-args.ts'
import { executeConsoleCommand } from '../console/console-commands.ts'
import { queryRows } from '../db/client.ts'
import { describeEachDatabase } from '#tests/support/test-database.ts'
import { applyRetention, deletePersonData } from './retention.ts'

const NOW = new Date('2026-11-21T12:00:00Z')
const ago = (days: number) => new Date(NOW.getTime() - days * 86_400_000)

describeEachDatabase('retention on %s', { emptyBeforeEach: true }, (database) => {
  let seq = 0

  async function submission(email: string, createdAt: Date, withKey = false): Promise<string> {
    const [row] = await queryRows<{ id: string }>(
      database().db,
      sql`insert into trial_submissions (first_name, last_name, email, model, source, waitlist_token_hash, created_at)
          values ('Ann', 'Lee', ${email}, 'basic', 'test', 'h', ${createdAt}) returning id`,
    )
    const id = row!.id
    if (withKey) {
      await database().db.execute(
        sql`insert into licenses (model, activation_key, status, submission_id, assigned_at, batch)
            values ('basic', ${`KEY-${++seq}`}, 'assigned', ${id}::uuid, ${createdAt}, 'test')`,
      )
    }
    await mail(email, 'sent', createdAt, id)
    return id
  }

  async function mail(
    to: string,
    status: string,
    settledAt: Date,
    submissionId: string | null = null,
  ) {
    await database().db.execute(
      sql`insert into mail_outbox (kind, "to", payload, status, sent_at, updated_at, message_id, submission_id)
          values ('trial', ${to}, '{}'::jsonb, ${status}, ${status === 'sent' ? settledAt : null}, ${settledAt},
                  ${`<m${++seq}@test>`}, ${submissionId}::uuid)`,
    )
  }

  async function consent(recordedAt: Date) {
    await database().db.execute(
      sql`insert into consent_records (consent_id, functional, media, marketing, policy_version, decided_at, recorded_at)
          values (${`visitor-${++seq}`}, true, false, false, '2025-08-01', ${recordedAt}, ${recordedAt})`,
    )
  }

  const count = async (table: string) =>
    (
      await queryRows<{ n: number }>(
        database().db,
        sql.raw(`select count(*)::int as n from ${table}`),
      )
    )[0]!.n

  it('deletes trial requests 24 months after the person last asked, and their e-mails', async () => {
    await submission('gone@example.com', ago(800), true)
    await submission('stays@example.com', ago(800))
    await submission('stays@example.com', ago(30))
    await submission('recent@example.com', ago(10))

    const deleted = await applyRetention(database().db, NOW)
    expect(deleted.submissions).toBe(1)
    const emails = await queryRows<{ email: string }>(
      database().db,
      sql`select email from trial_submissions order by email`,
    )
    expect(emails.map((r) => r.email)).toEqual([
      'recent@example.com',
      'stays@example.com',
      'stays@example.com',
    ])
    // The key stays assigned in the pool's history, with no one attached.
    const keys = await queryRows<{ status: string; submission_id: string | null; erased: boolean }>(
      database().db,
      sql`select status, submission_id, owner_erased_at is not null as erased from licenses`,
    )
    expect(keys).toEqual([{ status: 'assigned', submission_id: null, erased: true }])
    // gone@'s e-mail goes with its request; stays@'s old one is past the 90 days for sent mail.
    expect(deleted.mail).toBe(2)
    expect(await count('mail_outbox')).toBe(2)
  })

  it('deletes settled e-mail after 90 days, never e-mail still to be sent', async () => {
    await mail('a@example.com', 'sent', ago(91))
    await mail('b@example.com', 'dead', ago(120))
    await mail('c@example.com', 'sent', ago(89))
    await mail('d@example.com', 'pending', ago(400))
    await mail('e@example.com', 'failed', ago(400))

    expect((await applyRetention(database().db, NOW)).mail).toBe(2)
    const left = await queryRows<{ to: string }>(
      database().db,
      sql`select "to" from mail_outbox order by "to"`,
    )
    expect(left.map((r) => r.to)).toEqual(['c@example.com', 'd@example.com', 'e@example.com'])
  })

  it('deletes consent records after 3 years', async () => {
    await consent(ago(3 * 366))
    await consent(ago(365))
    expect((await applyRetention(database().db, NOW)).consents).toBe(1)
    expect(await count('consent_records')).toBe(1)
  })

  it('deletes invoice requests 24 months after they were made', async () => {
    for (const [email, createdAt] of [
      ['old@example.com', ago(2 * 366)],
      ['new@example.com', ago(30)],
    ] as const) {
      await database().db.execute(
        sql`insert into purchase_requests (first_name, last_name, email, email_canonical, company, model, created_at)
            values ('Ann', 'Lee', ${email}, ${email}, 'Lee Office', 'basic', ${createdAt})`,
      )
    }
    expect((await applyRetention(database().db, NOW)).purchaseRequests).toBe(1)
    const left = await queryRows<{ email: string }>(
      database().db,
      sql`select email from purchase_requests`,
    )
    expect(left.map((r) => r.email)).toEqual(['new@example.com'])
  })

  it('deletes paid orders 10 years after payment, with their stored events; the keys stay in the pool', async () => {
    for (const [ref, paidAt] of [
      ['old', ago(10 * 366)],
      ['new', ago(9 * 365)],
    ] as const) {
      const [license] = await queryRows<{ id: string }>(
        database().db,
        sql`insert into licenses (model, activation_key, status, batch, pool)
            values ('basic', ${`PAID-${ref}`}, 'assigned', 'paid', 'paid') returning id`,
      )
      const [order] = await queryRows<{ id: string }>(
        database().db,
        sql`insert into orders (provider, provider_order_id, status, name, email, model, reference, paid_at, created_at)
            values ('invoice', ${ref}, 'fulfilled', 'Ann Lee', 'ann@example.com', 'basic', ${ref}, ${paidAt}, ${paidAt})
            returning id`,
      )
      await database().db.execute(
        sql`insert into order_keys (order_id, license_id) values (${order!.id}::uuid, ${license!.id}::uuid)`,
      )
      await database().db.execute(
        sql`insert into webhook_events (provider, event_id, event_type, payload, received_at)
            values ('stripe', ${`evt_${ref}`}, 'checkout.session.completed', '{}'::jsonb, ${paidAt})`,
      )
    }
    expect((await applyRetention(database().db, NOW)).orders).toBe(1)
    const left = await queryRows<{ reference: string }>(
      database().db,
      sql`select reference from orders`,
    )
    expect(left.map((r) => r.reference)).toEqual(['new'])
    expect(await count('order_keys')).toBe(1)
    expect(await count('webhook_events')).toBe(1)
    expect(await count('licenses')).toBe(2)
  })

  it('deletes page-view counts after 25 months, the audit log after 3 years, ended alert episodes after a year', async () => {
    const day = (daysAgo: number) => ago(daysAgo).toISOString().slice(0, 10)
    for (const [path, daysAgo] of [
      ['/gone', 25 * 31 + 2],
      ['/kept', 25 * 30 - 5],
    ] as const)
      await database().db.execute(
        sql`insert into page_view_counts (day, path, views) values (${day(daysAgo)}::date, ${path}, 3)`,
      )
    for (const [action, at] of [
      ['old', ago(3 * 366)],
      ['recent', ago(3 * 365 - 5)],
    ] as const)
      await database().db.execute(
        sql`insert into audit_log (actor, action, at) values ('cli', ${action}, ${at})`,
      )
    for (const table of ['claim_breaker_episodes', 'supply_alert_episodes']) {
      const extra = table === 'claim_breaker_episodes' ? 'claims_at_start' : 'days_at_start'
      for (const [model, started, ended] of [
        ['basic', ago(800), ago(370)], // ended over a year ago: goes
        ['advanced', ago(800), ago(300)], // ended within the year: stays
      ] as const)
        await database().db.execute(
          sql`insert into ${sql.identifier(table)} (model, started_at, ended_at, ${sql.identifier(extra)})
              values (${model}, ${started}, ${ended}, 1)`,
        )
      // Still open after two years: an episode under way is never pruned.
      await database().db.execute(
        sql`insert into ${sql.identifier(table)} (model, started_at, ${sql.identifier(extra)})
            values ('basic', ${ago(730)}, 1)`,
      )
    }

    for (const [subject, ended] of [
      ['gone', ago(370)],
      ['kept', ago(300)],
      ['open', null],
    ] as const)
      await database().db.execute(
        sql`insert into alert_episodes (kind, subject, text, started_at, ended_at)
            values ('mail-dead', ${subject}, 'x', ${ago(800)}, ${ended})`,
      )

    const deleted = await applyRetention(database().db, NOW)
    expect(deleted).toMatchObject({ pageViews: 1, auditEntries: 1, alertEpisodes: 3 })
    expect(
      (
        await queryRows<{ subject: string }>(
          database().db,
          sql`select subject from alert_episodes order by subject`,
        )
      ).map((r) => r.subject),
    ).toEqual(['kept', 'open'])
    expect(
      (
        await queryRows<{ path: string }>(database().db, sql`select path from page_view_counts`)
      ).map((r) => r.path),
    ).toEqual(['/kept'])
    expect(
      (await queryRows<{ action: string }>(database().db, sql`select action from audit_log`)).map(
        (r) => r.action,
      ),
    ).toEqual(['recent'])
    for (const table of ['claim_breaker_episodes', 'supply_alert_episodes']) {
      const left = await queryRows<{ model: string; open: boolean }>(
        database().db,
        sql`select model, ended_at is null as open from ${sql.identifier(table)} order by model, open`,
      )
      expect(left).toEqual([
        { model: 'advanced', open: false },
        { model: 'basic', open: true },
      ])
    }
    // A second pass finds nothing more.
    expect(await applyRetention(database().db, NOW)).toMatchObject({
      pageViews: 0,
      auditEntries: 0,
      alertEpisodes: 0,
    })
  })

  it('deletes one person on request, through the console command', async () => {
    await submission('ann@example.com', ago(5), true)
    await submission('ann@example.com', ago(2))
    await submission('bob@example.com', ago(2))

    const result = await executeConsoleCommand(
      { db: database().db, messageIdDomain: 'test' },
      { name: 'leads delete', email: 'Ann@Example.com' },
    )
    expect(result.exitCode).toBe(0)
    expect(result.stdout).toContain('Deleted 2 trial requests and 2 e-mails of Ann@Example.com')
    expect(await count('trial_submissions')).toBe(1)
    expect(await count('mail_outbox')).toBe(1)
    expect(await count('licenses')).toBe(1)
    expect((await deletePersonData(database().db, 'ann@example.com')).submissions).toBe(0)
  })
})

describe('leads delete on the command line', () => {
  it('refuses without --yes, and without an address', () => {
    expect(() => parseCliArgs(['leads', 'delete', '--email', 'a@b.co'])).toThrow(/add --yes/)
    expect(() => parseCliArgs(['leads', 'delete', '--yes'])).toThrow(UsageError)
    expect(parseCliArgs(['leads', 'delete', '--email', 'a@b.co', '--yes'])).toEqual({
      kind: 'command',
      command: { name: 'leads delete', email: 'a@b.co' },
    })
  })
})
