/**
 * A fresh, migrated database per test file (STYLE.md "Tests"): PGlite in memory always, and
 * Postgres too when TEST_DATABASE_URL is set, each file in its own schema that is dropped after.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { testDatabaseUrl } from '../config.ts'
import { openDatabase, type Database } from '../db/client.ts'
import { migrate } from '../db/migrate.ts'

export type TestDbKind = 'pglite' | 'postgres'

const postgresUrl = testDatabaseUrl()

/** The databases every integration suite runs against, for describe.each. */
export const TEST_DB_KINDS: TestDbKind[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite']

export interface TestDatabase extends Database {
  /** Postgres: the schema this file works in (for a second connection, e.g. the CLI's). */
  schema: string | null
  url: string | null
}

export async function createTestDatabase(
  kind: TestDbKind,
  options: { poolSize?: number } = {},
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ databaseUrl: null, dataDir: null })
    await migrate(database.db)
    return { ...database, schema: null, url: null }
  }
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set')
  const schema = `test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: postgresUrl })
  await admin.connect()
  await admin.query(`create schema ${schema}`)
  await admin.end()
  const database = await openDatabase({
    databaseUrl: postgresUrl,
    dataDir: null,
    searchPath: schema,
    poolSize: options.poolSize ?? 20,
  })
  await migrate(database.db)
  return {
    ...database,
    schema,
    url: postgresUrl,
    close: async () => {
      await database.close()
      const cleanup = new pg.Client({ connectionString: postgresUrl })
      await cleanup.connect()
      await cleanup.query(`drop schema if exists ${schema} cascade`)
      await cleanup.end()
    },
  }
}

/** Empties every table, for tests that need a known pool. */
export async function resetTables(database: Database): Promise<void> {
  const { sql } = await import('drizzle-orm')
  await database.db.execute(
    sql`truncate rate_limit_counters, mail_outbox, trial_submissions, licenses, consent_records cascade`,
  )
}
