/**
 * A fresh, migrated database per test file: PGlite in memory always, and Postgres too when
 * TEST_DATABASE_URL is set. Both are copies of what the run's globalSetup migrated once
 * (test-database-setup.ts): PGlite loaded from a dump of a migrated data directory, Postgres a
 * database of its own created from a migrated template and dropped after. Outside a Vitest run
 * (a benchmark), or when the role may not create databases, each is migrated here instead.
 */
import { randomBytes } from 'node:crypto'
import { cp, mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, inject } from 'vitest'
import { TEST_SCHEMA, databaseUrlFor, quoteIdent } from './test-database-names.ts'
import { testDatabaseUrl } from './test-env.ts'
import { embeddedDataDir, openDatabase, type Database, type Db } from '#src/server/db/client.ts'
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

/** What the run's globalSetup provided, or nothing outside a Vitest run. */
function provided(): {
  pglite: string
  pgliteDataDir: string
  postgres: string
  prefix: string
} | null {
  try {
    return {
      pglite: inject('pgliteTemplate'),
      pgliteDataDir: inject('pgliteDataDir'),
      postgres: inject('postgresTemplate'),
      prefix: inject('postgresRunPrefix'),
    }
  } catch {
    return null
  }
}

/**
 * Fills an embedded database's directory (DATA_DIR/db, or the dataDir openDatabase takes) with
 * the run's migrated files, so opening it skips PGlite's initdb: for tests about what happens
 * to existing files (the lock, a restart), not about a first start. Returns false outside a
 * Vitest run, where the directory is left empty.
 */
export async function seedEmbeddedDataDir(dataDir: string): Promise<boolean> {
  const run = provided()
  if (!run?.pgliteDataDir) return false
  await cp(run.pgliteDataDir, dataDir, { recursive: true })
  return true
}

/**
 * A new DATA_DIR (under the temporary folder, named from `prefix`) whose embedded database holds
 * the run's migrated files: a server or test opening it skips PGlite's initdb and the
 * migrations, seconds per start. For tests that are not about a first start.
 */
export async function seededDataDir(prefix: string): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), prefix))
  await seedEmbeddedDataDir(embeddedDataDir(dataDir))
  return dataDir
}

let pgliteDump: Promise<Blob> | undefined

/**
 * An in-memory PGlite loaded from the run's migrated dump, shaped as openDatabase's embedded
 * database with no data directory (in memory, no lock: nothing else can open it).
 */
async function openMigratedPglite(dumpFile: string): Promise<Database> {
  pgliteDump ??= readFile(dumpFile).then((bytes) => new Blob([bytes]))
  const client = new PGlite({ loadDataDir: await pgliteDump })
  await client.waitReady
  const db = drizzle({ client }) as unknown as Db
  return {
    db,
    kind: 'embedded',
    location: 'memory',
    ping: async (timeoutMs = 2_000) => {
      if (client.closed) throw new Error('The embedded database is closed')
      let timer: NodeJS.Timeout | undefined
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`The embedded database did not answer within ${timeoutMs} ms`)),
          timeoutMs,
        )
      })
      await Promise.race([db.execute(sql`select 1`), late]).finally(() => clearTimeout(timer))
    },
    close: async () => {
      if (!client.closed) await client.close()
    },
  }
}

async function adminQuery(url: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query(text)
  } finally {
    await admin.end()
  }
}

export async function createTestDatabase(
  kind: TestDbKind,
  options: { poolSize?: number } = {},
): Promise<TestDatabase> {
  const run = provided()
  if (kind === 'pglite') {
    if (run?.pglite) return { ...(await openMigratedPglite(run.pglite)), schema: null, url: null }
    const database = await openDatabase({ databaseUrl: null, dataDir: null })
    await migrate(database.db)
    return { ...database, schema: null, url: null }
  }
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set')
  const suffix = randomBytes(6).toString('hex')
  let url = postgresUrl
  let schema = `test_${suffix}`
  let drop: string
  if (run?.postgres) {
    // A database of the file's own, copied from the migrated template.
    const name = `${run.prefix}${suffix}`
    await adminQuery(
      postgresUrl,
      `create database ${quoteIdent(name)} template ${quoteIdent(run.postgres)}`,
    )
    url = databaseUrlFor(postgresUrl, name)
    schema = TEST_SCHEMA
    // Force: a server process a failed test left behind must not keep the database.
    drop = `drop database if exists ${quoteIdent(name)} with (force)`
  } else {
    await adminQuery(postgresUrl, `create schema ${schema}`)
    // As the server does: other files migrating their schemas hold the migrations' lock
    // meanwhile, and a busy machine can keep a statement past the pool's 5 s timeout (seen in CI).
    await migratePostgres({ databaseUrl: postgresUrl, searchPath: schema })
    drop = `drop schema if exists ${schema} cascade`
  }
  const database = await openDatabase({
    databaseUrl: url,
    dataDir: null,
    searchPath: schema,
    poolSize: options.poolSize ?? 20,
  })
  return {
    ...database,
    schema,
    url,
    close: async () => {
      await database.close()
      await adminQuery(postgresUrl, drop)
    },
  }
}

/** Empties every table, for tests that need a known pool. */
export async function resetTables(database: Database): Promise<void> {
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
