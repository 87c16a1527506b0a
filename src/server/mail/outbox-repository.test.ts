/**
 * Which messages a worker claims, and what a claim reads to find them (docs/architecture.md,
 * "The outbox"; docs/product.md, "Trust under abuse").
 */
import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-database.ts'
import { queryRows } from '../db/client.ts'
import { claimDueMail, listMail } from './outbox-repository.ts'
import { enqueueMail } from './mail-queue.ts'

function mail(to: string) {
  return {
    kind: 'trial' as const,
    to,
    payload: { firstName: 'Ada', lastName: 'Lovelace', model: 'basic', activationKey: 'K' },
    messageIdDomain: 'example.test',
  }
}

interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  'Actual Rows': number
  'Actual Loops': number
  Plans?: PlanNode[]
}

/** Every node of a plan, depth first. */
function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)]
}

describeEachDatabase('claiming due mail on %s', { emptyBeforeEach: true }, (database) => {
  it("takes a crashed worker's messages first, then the longest due, at most the limit, never one not yet due or still leased", async () => {
    const db = database().db
    const ids: Record<string, string> = {}
    for (const name of ['later', 'first', 'second', 'third', 'leased', 'crashed', 'retry'])
      ids[name] = (await enqueueMail(db, mail(`${name}@example.com`))).id
    const set = async (name: string, assignments: ReturnType<typeof sql>) =>
      db.execute(sql`update mail_outbox set ${assignments} where id = ${ids[name]}`)
    await set('first', sql`next_attempt_at = now() - interval '3 minutes'`)
    await set('second', sql`next_attempt_at = now() - interval '2 minutes'`)
    await set('third', sql`next_attempt_at = now() - interval '1 minute'`)
    await set('later', sql`next_attempt_at = now() - interval '10 seconds'`)
    // A failed attempt waits for its retry; one worker is sending, another died mid-send.
    await set('retry', sql`status = 'failed', next_attempt_at = now() + interval '1 hour'`)
    await set('leased', sql`status = 'sending', locked_until = now() + interval '1 hour'`)
    await set('crashed', sql`status = 'sending', locked_until = now() - interval '1 minute'`)

    const claimed = await claimDueMail(db, 3, 60_000, 'worker-a')
    expect(claimed.map((row) => row.to).sort()).toEqual(
      ['crashed@example.com', 'first@example.com', 'second@example.com'].sort(),
    )
    expect(claimed.every((row) => row.status === 'sending' && row.leaseOwner === 'worker-a')).toBe(
      true,
    )
    const rest = await claimDueMail(db, 10, 60_000, 'worker-b')
    expect(rest.map((row) => row.to).sort()).toEqual(['later@example.com', 'third@example.com'])
    expect(await claimDueMail(db, 10, 60_000, 'worker-c')).toEqual([])
    const byTo = new Map((await listMail(db)).map((row) => [row.to, row]))
    expect(byTo.get('retry@example.com')).toMatchObject({ status: 'failed', attempts: 0 })
    expect(byTo.get('leased@example.com')).toMatchObject({ status: 'sending', attempts: 0 })
  })

  it('gives two workers claiming at once different messages', async () => {
    const db = database().db
    for (let i = 0; i < 10; i++) await enqueueMail(db, mail(`side${i}@example.com`))
    const [a, b] = await Promise.all([
      claimDueMail(db, 5, 60_000, 'a'),
      claimDueMail(db, 5, 60_000, 'b'),
    ])
    const ids = [...a!, ...b!].map((row) => row.id)
    expect(ids).toHaveLength(10)
    expect(new Set(ids).size).toBe(10)
  })

  it('reads about as many rows as it claims, however long the queue and its history', async () => {
    const db = database().db
    await db.execute(sql`insert into mail_outbox (id, kind, "to", payload, message_id, next_attempt_at)
      select gen_random_uuid(), 'trial', 'q' || n || '@example.com', '{}'::jsonb,
        '<q' || n || '@example.test>', now() - n * interval '1 second'
      from generate_series(1, 2000) as n`)
    // And the history a live site keeps: messages sent long ago.
    await db.execute(sql`insert into mail_outbox (id, kind, "to", payload, message_id, status, sent_at)
      select gen_random_uuid(), 'trial', 's' || n || '@example.com', '{}'::jsonb,
        '<s' || n || '@example.test>', 'sent', now() - interval '1 day'
      from generate_series(1, 20000) as n`)
    await db.execute(sql`analyze mail_outbox`)
    const [explained] = await queryRows<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
      db,
      sql`explain (analyze, format json) ${claimDueMail(db, 20, 60_000, 'w').getSQL()}`,
    )
    const scans = nodesOf(explained!['QUERY PLAN'][0]!.Plan).filter(
      (node) => node['Relation Name'] === 'mail_outbox' && / Scan$/.test(node['Node Type']),
    )
    expect(scans.length).toBeGreaterThan(0)
    // A lookup that read every due row to sort them would read 2,000 here.
    for (const scan of scans) expect(scan['Actual Rows'] * scan['Actual Loops']).toBeLessThan(60)
    expect((await listMail(db)).filter((row) => row.status === 'sending')).toHaveLength(20)
  })
})
