/**
 * Backups, restores and the move to Postgres (docs/product.md): a copy made while the site serves,
 * restored into an empty DATA_DIR (or database) with the same rows and the same IP hash secret;
 * keys stay assigned, orders stay, pending mail stays pending and sent mail stays sent, and a
 * repeat request after the restore re-sends the visitor's same key.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli, type CliOptions } from '#src/cli/run-cli.ts'
import { api } from '#src/common/paths.ts'
import { DEFAULT_SETTINGS } from '#src/common/site/settings.ts'
import { executeConsoleCommand } from '../console/console-commands.ts'
import { consoleSocketPath, startConsoleSocket } from '../console/console-socket.ts'
import { insertLicenses } from '../licenses/license-repository.ts'
import { orderDependencies } from '../orders/order-deps.ts'
import { createTestApp, memoryLogger, postJson, testConfig } from '#tests/support/test-app.ts'
import { describeEachDatabase } from '#tests/support/test-database.ts'
import { testDatabaseUrl } from '#tests/support/test-env.ts'
import { embeddedDataDir, openDatabase, queryRows, type Database } from './client.ts'
import { listTables } from './backup-repository.ts'
import { migrate } from './migrate.ts'

const dirs: string[] = []
const newDir = async (name: string) => {
  const dir = await mkdtemp(join(tmpdir(), `backup-${name}-`))
  dirs.push(dir)
  return dir
}
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

async function cli(argv: string[], options: Omit<CliOptions, 'io'>) {
  let stdout = ''
  let stderr = ''
  const code = await runCli(argv, {
    ...options,
    io: { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) },
  })
  return { code, stdout, stderr }
}

const trial = (email: string, model = 'basic') => ({
  first_name: 'Ann',
  last_name: 'Lee',
  email,
  model,
  source: 'test',
})

/** A site with a history: keys given out, mail sent and pending, a paid order, an operator. */
async function fill(database: Database) {
  await insertLicenses(database.db, 'basic', ['BASIC-1', 'BASIC-2', 'BASIC-3'], 'real')
  await insertLicenses(database.db, 'basic', ['PAID-1'], 'real', false, 'paid')
  const { app } = createTestApp(database)
  for (const email of ['ann@example.com', 'bob@example.com'])
    expect((await postJson(app, api.trialSubmissions, trial(email))).status).toBe(201)
  // Bob's e-mail went out; Ann's is still waiting.
  await database.db.execute(
    sql`update mail_outbox set status = 'sent', sent_at = now() where "to" = 'bob@example.com'`,
  )
  const config = testConfig()
  await executeConsoleCommand(
    {
      db: database.db,
      messageIdDomain: 'example.test',
      orders: orderDependencies(config, DEFAULT_SETTINGS, database, memoryLogger().logger),
    },
    {
      name: 'orders add',
      email: 'cy@example.com',
      buyerName: 'Cy Buyer',
      model: 'basic',
      quantity: 1,
      reference: 'INV-1',
    },
  )
  await executeConsoleCommand(
    { db: database.db, messageIdDomain: 'example.test' },
    { name: 'operators add', email: 'ops@example.com' },
  )
  await database.db.execute(
    sql`insert into page_view_counts (day, path, views) values (current_date, '/', 7)`,
  )
}

/** Every row of every table, comparable between two databases. */
async function contents(database: Database): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {}
  for (const table of await listTables(database.db)) {
    const rows = await queryRows<{ row: string }>(
      database.db,
      sql`select to_jsonb(t.*)::text as row from ${sql.identifier(table)} as t order by 1`,
    )
    out[table] = rows.map((r) => r.row)
  }
  return out
}

const mailStates = (database: Database) =>
  queryRows<{ to: string; status: string }>(
    database.db,
    sql`select "to", status from mail_outbox order by "to", created_at`,
  )

const openEmbedded = (dataDir: string) =>
  openDatabase({ databaseUrl: null, dataDir: embeddedDataDir(dataDir) })

/** A repeat request for a key Ann holds: the same key goes out again, no second key is used. */
async function expectSameKeyResent(database: Database) {
  const keyOf = async () =>
    (
      await queryRows<{ key: string }>(
        database.db,
        sql`select l.activation_key as key from licenses l join trial_submissions s on s.id = l.submission_id
            where s.email = 'ann@example.com'`,
      )
    ).map((r) => r.key)
  const [before] = await keyOf()
  expect(before).toMatch(/^BASIC-/)
  const { app } = createTestApp(database)
  expect((await postJson(app, api.trialSubmissions, trial('ann@example.com'))).status).toBe(201)
  expect(await keyOf()).toEqual([before])
  const mail = await queryRows<{ payload: string }>(
    database.db,
    sql`select payload::text as payload from mail_outbox where "to" = 'ann@example.com' order by created_at`,
  )
  expect(mail).toHaveLength(2)
  expect(mail[1]!.payload).toContain(before)
}

describeEachDatabase('backup and restore from %s', (source, kind) => {
  let sourceDir: string

  beforeAll(async () => {
    sourceDir = await newDir('source')
    await fill(source())
  })

  it(
    'restores into an empty DATA_DIR the same rows and the same IP hash secret',
    { timeout: 120_000 },
    async () => {
      // The source keeps its secret in DATA_DIR, as an install without IP_HASH_SECRET does.
      await writeFile(join(sourceDir, 'ip-hash-secret'), 'secret-of-the-source-install-0123\n')
      const file = join(sourceDir, 'site.backup')
      // As of the copy: the backup's own audit entry comes after it.
      const before = await contents(source())
      const made = await cli(['backup', file], {
        config: testConfig({ DATA_DIR: sourceDir, IP_HASH_SECRET: '' }),
        database: source(),
      })
      expect(made.stderr).toBe('')
      expect(made.code).toBe(0)
      expect(made.stdout).toContain('from DATA_DIR/ip-hash-secret')
      expect((await stat(file)).mode & 0o777).toBe(0o600)

      const target = await newDir('restored')
      const config = testConfig({ DATA_DIR: target, IP_HASH_SECRET: '' })
      const refused = await cli(['restore', file], { config })
      expect(refused.code).toBe(2)
      expect(refused.stderr).toContain('add --yes')

      const restored = await cli(['restore', file, '--yes'], { config })
      expect(restored.stderr).toBe('')
      expect(restored.code).toBe(0)
      expect(restored.stdout).toContain(
        `the ${kind === 'pglite' ? 'embedded' : 'postgres'} database`,
      )
      expect((await readFile(join(target, 'ip-hash-secret'), 'utf8')).trim()).toBe(
        'secret-of-the-source-install-0123',
      )

      const copy = await openEmbedded(target)
      try {
        expect(await contents(copy)).toEqual(before)
        expect(await mailStates(copy)).toEqual([
          { to: 'ann@example.com', status: 'pending' },
          { to: 'bob@example.com', status: 'sent' },
          { to: 'cy@example.com', status: 'pending' },
        ])
        await expectSameKeyResent(copy)
      } finally {
        await copy.close()
      }

      // A second restore finds a database there and refuses, touching nothing.
      const again = await cli(['restore', file, '--yes'], { config })
      expect(again.code).toBe(1)
      expect(again.stderr).toContain('the database is not empty')
    },
  )

  it('never overwrites a file, and refuses what is not a backup', async () => {
    const file = join(sourceDir, 'exists.backup')
    await writeFile(file, 'not a backup')
    const config = testConfig({ DATA_DIR: sourceDir })
    const made = await cli(['backup', file], { config, database: source() })
    expect(made.code).toBe(1)
    expect(made.stderr).toContain('exists')
    expect(await readFile(file, 'utf8')).toBe('not a backup')
    const restored = await cli(['restore', file, '--yes'], {
      config: testConfig({ DATA_DIR: await newDir('never') }),
    })
    expect(restored.code).toBe(1)
    expect(restored.stderr).toContain('is not a backup of this site')
  })
})

describe('backup while the server holds the embedded database', () => {
  it(
    'is made by the server over its socket, consistent while requests keep coming',
    { timeout: 120_000 },
    async () => {
      const dataDir = await newDir('serving')
      const database = await openEmbedded(dataDir)
      await migrate(database.db)
      await insertLicenses(
        database.db,
        'basic',
        Array.from({ length: 60 }, (_, i) => `LIVE-${i}`),
        'real',
      )
      const socket = await startConsoleSocket(
        consoleSocketPath(dataDir),
        {
          db: database.db,
          messageIdDomain: 'example.test',
          backup: {
            source: 'embedded',
            ipHashSecret: { value: 'the-servers-secret-0123456789', from: 'environment' },
          },
        },
        memoryLogger().logger,
      )
      const file = join(dataDir, 'live.backup')
      try {
        const { app } = createTestApp(database, { env: { RATE_LIMIT_IP: '1000/1h' } })
        const requests = Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            postJson(app, api.trialSubmissions, trial(`visitor${i}@example.com`)),
          ),
        )
        // No database handed over: the CLI finds the server's socket, as `npm run admin` does.
        // (This process is the server too, busy with the requests: the CLI may wait a moment for
        // the socket to answer, and says so.)
        const made = await cli(['backup', file], { config: testConfig({ DATA_DIR: dataDir }) })
        expect(made.code).toBe(0)
        expect(made.stdout).toContain('from IP_HASH_SECRET')
        for (const res of await requests) expect(res.status).toBe(201)
      } finally {
        await socket.close()
        await database.close()
      }

      const target = await newDir('serving-restored')
      const restored = await cli(['restore', file, '--yes'], {
        config: testConfig({ DATA_DIR: target }),
      })
      expect(restored.stderr).toBe('')
      const copy = await openEmbedded(target)
      try {
        // Whatever moment it caught, every key it shows as given has its visitor and its e-mail.
        const [row] = await queryRows<{ keys: number; orphans: number; unmailed: number }>(
          copy.db,
          sql`select count(*)::int as keys,
                   count(*) filter (where s.id is null)::int as orphans,
                   count(*) filter (where not exists (select 1 from mail_outbox m where m.submission_id = s.id))::int as unmailed
            from licenses l left join trial_submissions s on s.id = l.submission_id
            where l.status = 'assigned'`,
        )
        expect(row).toMatchObject({ orphans: 0, unmailed: 0 })
      } finally {
        await copy.close()
      }
    },
  )
})

const postgresUrl = testDatabaseUrl()

describe.runIf(postgresUrl)('db copy from the embedded database to Postgres', () => {
  const name = `copy_${randomBytes(6).toString('hex')}`
  const targetUrl = postgresUrl
    ? Object.assign(new URL(postgresUrl), { pathname: `/${name}` }).toString()
    : ''
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: postgresUrl! })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  beforeAll(() => admin(`create database ${name}`))
  afterAll(() => admin(`drop database if exists ${name} with (force)`))

  it(
    'moves every row, keys stay assigned, mail keeps its state, a repeat re-sends the same key',
    { timeout: 120_000 },
    async () => {
      const dataDir = await newDir('embedded')
      const embedded = await openEmbedded(dataDir)
      await migrate(embedded.db)
      await fill(embedded)
      const before = await contents(embedded)
      await embedded.close()

      const config = testConfig({ DATA_DIR: dataDir, IP_HASH_SECRET: '' })
      await writeFile(join(dataDir, 'ip-hash-secret'), 'secret-of-the-embedded-install-01\n')
      const copied = await cli(['db', 'copy', '--to', targetUrl], { config })
      expect(copied.stderr).toBe('')
      expect(copied.code).toBe(0)
      expect(copied.stdout).toContain('IP_HASH_SECRET set to the value in')

      const target = await openDatabase({ databaseUrl: targetUrl, dataDir: null })
      try {
        expect(await contents(target)).toEqual(before)
        expect(await mailStates(target)).toEqual([
          { to: 'ann@example.com', status: 'pending' },
          { to: 'bob@example.com', status: 'sent' },
          { to: 'cy@example.com', status: 'pending' },
        ])
        await expectSameKeyResent(target)
      } finally {
        await target.close()
      }

      const again = await cli(['db', 'copy', '--to', targetUrl], { config })
      expect(again.code).toBe(1)
      expect(again.stderr).toContain('the database is not empty')
    },
  )
})
