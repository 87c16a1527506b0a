/**
 * The Postgres pool's session settings (Postgres only: PGlite has no commit to the disk to skip).
 * The mail thread's pool commits without waiting for the disk; that must hold from a
 * connection's first query on, even when many queries start at once, and must not leak into the
 * request path's pool, whose commits are the leads themselves.
 */
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { testDatabaseUrl } from '../config.ts'
import { openDatabase, queryRows, type Database } from './client.ts'

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
