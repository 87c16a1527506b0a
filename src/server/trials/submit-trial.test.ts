/**
 * What a trial request reads to tell a first request from a repeat (findValidLicense): an index
 * lookup of the address's few rows however large the table has grown, even before any
 * statistics were gathered about that growth, as in the minute before autovacuum comes round
 * during a burst. The behaviours (claim, repeat, waitlist, breaker) are held by the trial tests.
 */
import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { TRIAL_VALID_DAYS } from '#src/common/models.ts'
import { describeEachDatabase } from '#tests/support/test-database.ts'
import { queryRows, type Db } from '../db/client.ts'
import { findValidLicense } from '../licenses/license-service.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

const lookUp = (tx: Tx, email: string) => findValidLicense(tx, email, 'basic', TRIAL_VALID_DAYS)

interface TableReads {
  seq_tup_read: number
  idx_scan: number
  idx_tup_fetch: number
  /** Index entries read, bitmap scans' too (which idx_tup_fetch leaves out). */
  idx_tup_read: number
}

/** What this transaction has read from the submissions and the keys so far. */
async function lookupReads(tx: Tx): Promise<TableReads> {
  const [row] = await queryRows<TableReads>(
    tx as unknown as Db,
    sql`select coalesce(sum(seq_tup_read), 0)::int as seq_tup_read,
      coalesce(sum(idx_scan), 0)::int as idx_scan, coalesce(sum(idx_tup_fetch), 0)::int as idx_tup_fetch,
      (select coalesce(sum(pg_stat_get_xact_tuples_returned(indexrelid)), 0)::int from pg_index
        where indrelid in ('trial_submissions'::regclass, 'licenses'::regclass)) as idx_tup_read
    from pg_stat_xact_user_tables
    where relname in ('trial_submissions', 'licenses') and schemaname = current_schema()`,
  )
  return row!
}

/** Visitors who each got a key today, as after a burst of requests. */
async function addSubmissions(tx: Tx | Db, prefix: string, count: number) {
  await tx.execute(sql`with s as (
      insert into trial_submissions (first_name, last_name, email, email_canonical, model, source,
        waitlist_token_hash)
      select 'Grace', 'Hopper', ${prefix} || n || '@example.com', ${prefix} || n || '@example.com',
        'basic', 'test', ${prefix} || n
      from generate_series(1, ${count}::int) as n
      returning id, email)
    insert into licenses (model, activation_key, batch, status, submission_id, assigned_at)
    select 'basic', 'K-' || s.email, 'test', 'assigned', s.id, now() from s`)
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
  describeEachDatabase(`the repeat lookup on %s, the table ${history.name}`, {}, (database) => {
    it('tells a first request by one index probe once the table has grown', async () => {
      await history.before(database().db)
      // One transaction is one connection: lookups made while the table was small, then the
      // table grown with no statistics gathered meanwhile.
      await database().db.transaction(async (tx) => {
        for (let i = 0; i < 8; i++) expect(await lookUp(tx, `early${i}@example.com`)).toBeNull()
        await addSubmissions(tx, 'g', 20_000)

        const before = await lookupReads(tx)
        expect(await lookUp(tx, 'newcomer@example.com')).toBeNull()
        const after = await lookupReads(tx)
        // The lookup went through an index (the counters work on this database) ...
        expect(after.idx_scan - before.idx_scan).toBeGreaterThanOrEqual(1)
        // ... and read next to nothing: a plan that scanned either table would read 20,000 rows.
        expect(after.seq_tup_read - before.seq_tup_read).toBe(0)
        expect(after.idx_tup_fetch - before.idx_tup_fetch).toBeLessThan(10)
        // And a repeat is still found among them, reading its own rows only: not every key
        // claimed in the last 30 days (20,000 of them here).
        const beforeRepeat = await lookupReads(tx)
        expect(await lookUp(tx, 'g77@example.com')).toMatchObject({
          activationKey: 'K-g77@example.com',
        })
        const afterRepeat = await lookupReads(tx)
        expect(afterRepeat.seq_tup_read - beforeRepeat.seq_tup_read).toBe(0)
        expect(afterRepeat.idx_tup_read - beforeRepeat.idx_tup_read).toBeLessThan(10)
      })
    })
  })
