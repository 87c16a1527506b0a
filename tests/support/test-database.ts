/**
 * A fresh, migrated database per test file: PGlite in memory always, and
 * Postgres too when TEST_DATABASE_URL is set, each file in its own schema that is dropped after.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe } from 'vitest'
import { testDatabaseUrl } from './test-env.ts'
import { openDatabase, type Database } from '#src/server/db/client.ts'
import { migrate, migratePostgres } from '#src/server/db/migrate.ts'

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
  // As the server does: other files migrating their schemas hold the migrations' lock meanwhile,
  // and a busy machine can keep a statement past the pool's 5 s timeout (seen in CI).
  await migratePostgres({ databaseUrl: postgresUrl, searchPath: schema })
  const database = await openDatabase({
    databaseUrl: postgresUrl,
    dataDir: null,
    searchPath: schema,
    poolSize: options.poolSize ?? 20,
  })
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
    sql`truncate rate_limit_counters, mail_outbox, trial_submissions, licenses, consent_records, operators, operator_sign_in_tokens, operator_sessions, audit_log, purchase_requests, claim_breaker_episodes, webhook_events, orders, order_keys, pending_refunds, paid_pool_alerts, mail_suppressions, trial_reminders, trial_reminder_scan, trial_reminder_scans, page_view_counts, alert_episodes, sale_notices cascade`,
  )
}

interface TestDatabaseOptions {
  poolSize?: number
  /** Empty every table before each test of the suite (resetTables). */
  emptyBeforeEach?: boolean
}

/**
 * Gives the enclosing describe a fresh migrated database of this kind, opened before its first
 * test and closed after its last. Returns a getter, because the database only exists once the
 * suite's beforeAll ran. Call it first in the describe: Vitest runs afterAll hooks in reverse
 * order, so whatever a later hook starts on the database (an SMTP sink, a worker) stops first.
 */
export function useTestDatabase(
  kind: TestDbKind,
  options: TestDatabaseOptions = {},
): () => TestDatabase {
  let database: TestDatabase | undefined
  beforeAll(async () => {
    database = await createTestDatabase(kind, { poolSize: options.poolSize })
  })
  afterAll(async () => {
    await database?.close()
  })
  const get = () => {
    if (!database)
      throw new Error('the test database is opened in beforeAll: use it in a hook or test')
    return database
  }
  if (options.emptyBeforeEach) beforeEach(() => resetTables(get()))
  return get
}

/**
 * describe.each over TEST_DB_KINDS ('%s' in the name is the kind), each suite with its own
 * database from useTestDatabase.
 */
export function describeEachDatabase(
  name: string,
  body: (database: () => TestDatabase, kind: TestDbKind) => void,
): void
export function describeEachDatabase(
  name: string,
  options: TestDatabaseOptions,
  body: (database: () => TestDatabase, kind: TestDbKind) => void,
): void
export function describeEachDatabase(
  name: string,
  ...args:
    | [body: (database: () => TestDatabase, kind: TestDbKind) => void]
    | [TestDatabaseOptions, (database: () => TestDatabase, kind: TestDbKind) => void]
): void {
  const [options, body] = args.length === 1 ? [{}, args[0]] : args
  describe.each(TEST_DB_KINDS)(name, (kind) => {
    body(useTestDatabase(kind, options), kind)
  })
}
