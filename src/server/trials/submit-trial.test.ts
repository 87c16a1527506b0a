/**
 * What submit_trial (migration 0070) reads to tell a first request from a repeat: its probe is
 * planned once per connection and cached, so the plan made while the tables were empty must
 * still be an index lookup once they have grown (decision 17). The behaviours (claim, repeat,
 * waitlist, breaker) are held by the trial tests.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { describeEachDatabase } from '#tests/support/test-database.ts'
import { queryRows, type Db } from '../db/client.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

function submitTrial(tx: Tx, email: string) {
  return tx.execute(sql`select outcome from submit_trial(${randomUUID()}::uuid, 'Ada', 'Lovelace',
    ${email}, ${email}, 'basic', 'test', 'token-hash', 'ip-hash', 'agent', 'v1', 30::int,
    'example.test', null::int[], null::float8[])`)
}

interface TableReads {
  seq_tup_read: number
  idx_scan: number
  idx_tup_fetch: number
}

/** What this transaction has read from trial_submissions so far. */
async function submissionReads(tx: Tx): Promise<TableReads> {
  const [row] = await queryRows<TableReads>(
    tx as unknown as Db,
    sql`select coalesce(seq_tup_read, 0)::int as seq_tup_read, coalesce(idx_scan, 0)::int as idx_scan,
      coalesce(idx_tup_fetch, 0)::int as idx_tup_fetch
    from pg_stat_xact_user_tables
    where relname = 'trial_submissions' and schemaname = current_schema()`,
  )
  return row!
}

async function addSubmissions(tx: Tx | Db, prefix: string, count: number) {
  await tx.execute(sql`insert into trial_submissions (first_name, last_name, email,
      email_canonical, model, source, waitlist_token_hash)
    select 'Grace', 'Hopper', ${prefix} || n || '@example.com', ${prefix} || n || '@example.com',
      'basic', 'test', ${prefix} || n
    from generate_series(1, ${count}::int) as n`)
}

const histories = [
  { name: 'empty', before: async () => {} },
  {
    // Statistics of a small table make a sequential scan its cheapest plan.
    name: 'small and analyzed',
    before: async (db: Db) => {
      await addSubmissions(db, 'first', 3)
      await db.execute(sql`analyze trial_submissions`)
    },
  },
]

// Each history on a database of its own: rows rolled back still take the table's pages.
for (const history of histories)
  describeEachDatabase(`submit_trial on %s, the table ${history.name}`, {}, (database) => {
    it('tells a first request by one index probe once the table has grown', async () => {
      await history.before(database().db)
      // One transaction is one connection: the function's plans are made on its first calls
      // and kept for the calls after the table has grown (no statistics gathered meanwhile, as
      // in the minute before autovacuum comes round during a burst).
      await database().db.transaction(async (tx) => {
        for (let i = 0; i < 8; i++) await submitTrial(tx, `early${i}@example.com`)
        await addSubmissions(tx, 'g', 20_000)

        const before = await submissionReads(tx)
        await submitTrial(tx, 'newcomer@example.com')
        const after = await submissionReads(tx)
        // The probe went through an index (the counters work on this database) ...
        expect(after.idx_scan - before.idx_scan).toBeGreaterThanOrEqual(1)
        // ... and read next to nothing: a plan that scanned the table would read 20,000 rows.
        expect(after.seq_tup_read - before.seq_tup_read).toBe(0)
        expect(after.idx_tup_fetch - before.idx_tup_fetch).toBeLessThan(10)
      })
    })
  })
