/**
 * Prepared statements on both databases, and the Postgres pool's session settings (Postgres only: PGlite has no commit to the disk to skip).
 * The mail thread's pool commits without waiting for the disk; that must hold from a
 * connection's first query on, even when many queries start at once, and must not leak into the
 * request path's pool, whose commits are the leads themselves.
 */
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { testDatabaseUrl } from '#tests/support/test-env.ts'
import { describeEachDatabase } from '#tests/support/test-database.ts'
import { openDatabase, queryPrepared, queryRows, type Database } from './client.ts'

const url = testDatabaseUrl()

describe.skipIf(!url)('the Postgres pool', () => {
  const opened: Database[] = []
  afterEach(async () => {
    for (const database of opened.splice(0)) await database.close()
  })

  async function settingsOfParallelQueries(asyncCommit: boolean): Promise<string[]> {
    const database = await openDatabase({
      databaseUrl: url,
      dataDir: null,
      asyncCommit,
      poolSize: 4,
    })
    opened.push(database)
    // More queries than connections, all at once: each new connection is handed out at once.
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        queryRows<{ synchronous_commit: string }>(database.db, sql`show synchronous_commit`),
      ),
    )
    return answers.map((rows) => rows[0]!.synchronous_commit)
  }

  it('with asyncCommit, commits without waiting for the disk from the first query on', async () => {
    const warnings: string[] = []
    const onWarning = (warning: Error) => warnings.push(warning.message)
    process.on('warning', onWarning)
    try {
      expect(new Set(await settingsOfParallelQueries(true))).toEqual(new Set(['off']))
    } finally {
      process.off('warning', onWarning)
    }
    // The setting is made before the connection is handed out, never beside a query.
    expect(warnings.filter((w) => /already executing a query/.test(w))).toEqual([])
  })

  it('without it, every commit waits for the disk', async () => {
    expect(new Set(await settingsOfParallelQueries(false))).toEqual(new Set(['on']))
  })
})

describeEachDatabase('prepared statements on %s', (database) => {
  const statement = { name: 'client-test-sum', text: 'select $1::int + $2::int as sum' }

  it('answer with their rows, the same statement again and again', async () => {
    for (const [a, b] of [
      [1, 2],
      [40, 2],
    ])
      expect(await queryPrepared(database().db, statement, [a, b])).toEqual([{ sum: a! + b! }])
  })

  it('refuse to run inside a transaction, whose connection they would not use', async () => {
    await expect(
      database().db.transaction((tx) => queryPrepared(tx, statement, [1, 1])),
    ).rejects.toThrow(/not in a transaction/)
  })
})

describe.skipIf(!url)('a prepared statement on Postgres', () => {
  it('is parsed once per connection and kept there', async () => {
    const database = await openDatabase({ databaseUrl: url, dataDir: null, poolSize: 1 })
    try {
      const statement = { name: 'client-test-kept', text: 'select 1 as one' }
      await queryPrepared(database.db, statement, [])
      await queryPrepared(database.db, statement, [])
      const kept = await queryRows<{ name: string }>(
        database.db,
        sql`select name from pg_prepared_statements where name = 'client-test-kept'`,
      )
      expect(kept).toEqual([{ name: 'client-test-kept' }])
    } finally {
      await database.close()
    }
  })
})
