/**
 * Vitest's globalSetup: migrates once per run what every test file then copies (issue 46).
 *
 * - Embedded: a fresh PGlite spends seconds in its initdb before the first migration (about 20 s
 *   of the 25 s it took to open and migrate one on a loaded machine, migrating the rest), and
 *   every file opened one or more. Here one is opened and migrated, and its data directory dumped
 *   to a file; each test database is loaded from that dump, which skips initdb and migrations.
 * - Postgres: one database migrated here is the template of a database per test file
 *   (`CREATE DATABASE ... TEMPLATE`, a file copy inside the server), instead of a schema migrated
 *   per file. When the role may not create databases, test files migrate a schema each as before.
 *
 * Both are made with the public `migrate` and `migratePostgres`, so they hold whatever the
 * migrator makes of the migrations in this checkout.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { testDatabaseUrl } from './test-env.ts'
import type { Db } from '#src/server/db/client.ts'
import { migrate, migratePostgres } from '#src/server/db/migrate.ts'
import { TEST_SCHEMA, databaseUrlFor, quoteIdent } from './test-database-names.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tar of a migrated PGlite data directory (PGlite's dumpDataDir). */
    pgliteTemplate: string
    /** The same, as the files of an embedded database on disk (copied by seedEmbeddedDataDir). */
    pgliteDataDir: string
    /** The migrated Postgres database each file's database is created from, or '' (none). */
    postgresTemplate: string
    /** Prefix of every database this run creates, so the teardown finds what a crash left. */
    postgresRunPrefix: string
  }
}

async function pgliteTemplate(dir: string): Promise<{ dump: string; dataDir: string }> {
  const client = new PGlite()
  let dump: Blob
  try {
    await migrate(drizzle({ client }) as unknown as Db)
    dump = await client.dumpDataDir('none')
  } finally {
    await client.close()
  }
  const file = join(dir, 'pglite-migrated.tar')
  await writeFile(file, Buffer.from(await dump.arrayBuffer()))
  // Written by PGlite itself, so it is the layout a server finds under DATA_DIR/db.
  const dataDir = join(dir, 'pglite-migrated')
  const onDisk = new PGlite(dataDir, { loadDataDir: dump })
  await onDisk.waitReady
  await onDisk.close()
  return { dump: file, dataDir }
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

async function postgresTemplate(url: string, prefix: string): Promise<string> {
  const name = `${prefix}template`
  try {
    await withAdmin(url, (admin) => admin.query(`create database ${quoteIdent(name)}`))
  } catch (error) {
    // A role without CREATEDB: the files fall back to a migrated schema each.
    if ((error as { code?: string }).code === '42501') return ''
    throw error
  }
  const templateUrl = databaseUrlFor(url, name)
  await withAdmin(templateUrl, (client) => client.query(`create schema ${TEST_SCHEMA}`))
  await migratePostgres({ databaseUrl: templateUrl, searchPath: TEST_SCHEMA })
  return name
}

async function dropRunDatabases(url: string, prefix: string): Promise<void> {
  await withAdmin(url, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where starts_with(datname, $1)`,
      [prefix],
    )
    for (const { datname } of rows)
      await admin.query(`drop database if exists ${quoteIdent(datname)} with (force)`)
  })
}

interface Templates {
  dir: string
  pglite: { dump: string; dataDir: string }
  postgres: string
  prefix: string
}

async function makeTemplates(): Promise<Templates> {
  const dir = await mkdtemp(join(tmpdir(), 'pp-test-run-'))
  const postgresUrl = testDatabaseUrl()
  // Unique per run: several runs may share one Postgres server.
  const prefix = `pp_t${randomBytes(4).toString('hex')}_`
  const [pglite, postgres] = await Promise.all([
    pgliteTemplate(dir),
    postgresUrl ? postgresTemplate(postgresUrl, prefix) : Promise.resolve(''),
  ])
  return { dir, pglite, postgres, prefix }
}

/**
 * Each Vitest project runs its globalSetup, all in this one process: the first makes the
 * templates, the others share them, and the last teardown removes them.
 */
const shared = globalThis as { ppTestTemplates?: { templates: Promise<Templates>; users: number } }

export default async function setup(project: TestProject) {
  shared.ppTestTemplates ??= { templates: makeTemplates(), users: 0 }
  const run = shared.ppTestTemplates
  run.users++
  const { dir, pglite, postgres, prefix } = await run.templates
  project.provide('pgliteTemplate', pglite.dump)
  project.provide('pgliteDataDir', pglite.dataDir)
  project.provide('postgresTemplate', postgres)
  project.provide('postgresRunPrefix', prefix)
  return async () => {
    if (--run.users > 0) return
    shared.ppTestTemplates = undefined
    await rm(dir, { recursive: true, force: true })
    const postgresUrl = testDatabaseUrl()
    if (postgresUrl && postgres) await dropRunDatabases(postgresUrl, prefix)
  }
}
