import { createHash } from 'node:crypto'
import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { placeholderBuild, startServerProcess } from '#tests/support/server-process.ts'
import {
  createTestDatabase,
  describeEachDatabase,
  seededDataDir,
} from '#tests/support/test-database.ts'
import { embeddedDataDir, openDatabase, queryRows, type Database } from './client.ts'
import {
  ChangedMigrationError,
  loadMigrations,
  migrate,
  migratePostgres,
  splitStatements,
  type Migration,
} from './migrate.ts'

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url))

/** A migration of the tests' own, for the checksum cases. */
function probe(version: string, table: string, sha256 = `sha-of-${table}`): Migration {
  return {
    version,
    name: `${version}_${table}`,
    sha256,
    statements: [`create table ${table} (x int)`],
  }
}

describe('splitStatements', () => {
  it('splits at breakpoint lines only, keeps semicolons inside a statement, drops comment-only pieces', () => {
    expect(
      splitStatements(
        [
          '-- header',
          'CREATE TABLE a (x int);',
          '--> statement-breakpoint',
          'CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $$ BEGIN RETURN 1; END $$;',
          '--> statement-breakpoint',
          '-- trailing',
          '',
        ].join('\n'),
      ),
    ).toEqual([
      '-- header\nCREATE TABLE a (x int);',
      'CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $$ BEGIN RETURN 1; END $$;',
    ])
  })
})

describe('the migrations', () => {
  it('are numbered files in order', async () => {
    const migrations = await loadMigrations()
    expect(migrations.length).toBeGreaterThan(0)
    expect(migrations.map((m) => m.version)).toEqual([...migrations.map((m) => m.version)].sort())
    expect(migrations[0]!.name).toBe('0001_initial')
  })
})

describeEachDatabase('migrate on %s', (database, kind) => {
  const opened: { close(): Promise<void> }[] = []
  afterAll(async () => {
    for (const d of opened.reverse()) await d.close()
  })

  /**
   * The checksum cases use migrations of their own (9001 and up) on the suite's database, where
   * this release's applied migrations look like another release's; each removes its own after.
   */
  async function withProbes(work: (db: Database['db']) => Promise<void>) {
    const { db } = database()
    try {
      await work(db)
    } finally {
      await db.execute(sql`drop table if exists probe_a, probe_b`)
      await db.execute(sql`delete from schema_migrations where version >= '9000'`)
    }
  }

  const recorded = (db: Database['db']) =>
    queryRows<{ version: string; name: string; sha256: string | null }>(
      db,
      sql`select version, name, sha256 from schema_migrations order by version`,
    )
  const probes = async (db: Database['db']) =>
    (await recorded(db)).filter((r) => r.version >= '9000')

  it("records each applied file's SHA-256, the hash of its bytes", async () => {
    const rows = await recorded(database().db)
    expect(rows.length).toBe((await loadMigrations()).length)
    for (const row of rows) {
      const bytes = await readFile(join(MIGRATIONS_DIR, `${row.name}.sql`))
      expect(row.sha256, row.name).toBe(createHash('sha256').update(bytes).digest('hex'))
    }
  })

  it('refuses to go on, naming the file, when an applied migration changed, and applies nothing', async () => {
    await withProbes(async (db) => {
      expect(await migrate(db, [probe('9001', 'probe_a')])).toEqual(['9001_probe_a'])
      const edited = { ...probe('9001', 'probe_a'), sha256: 'edited' }
      const error = await migrate(db, [edited, probe('9002', 'probe_b')]).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ChangedMigrationError)
      expect((error as Error).message).toMatch(
        /^Migration 9001_probe_a\.sql has changed since it was applied/,
      )
      expect((error as Error).message).toContain('never edited')
      // The migration after it did not run.
      expect((await recorded(db)).map((r) => r.version).filter((v) => v >= '9000')).toEqual([
        '9001',
      ])
      await expect(db.execute(sql`select count(*) from probe_b`)).rejects.toThrow()
      // A file renamed under the same version is a changed migration too.
      const renamed = { ...probe('9001', 'probe_a'), name: '9001_probe_renamed' }
      await expect(migrate(db, [renamed])).rejects.toThrow(
        /Migration 9001_probe_renamed\.sql has changed.*applied as 9001_probe_a/,
      )
    })
  })

  it('takes the files as they are now as the baseline of a database migrated before checksums', async () => {
    await withProbes(async (db) => {
      const ours = [probe('9001', 'probe_a'), probe('9002', 'probe_b')]
      // As the releases up to c8ea3ff left it: their migrator kept (version, name) only.
      await migrate(db, ours.slice(0, 1))
      await db.execute(sql`alter table schema_migrations drop column sha256`)
      expect(await migrate(db, ours)).toEqual(['9002_probe_b'])
      expect(await probes(db)).toEqual([
        { version: '9001', name: '9001_probe_a', sha256: 'sha-of-probe_a' },
        { version: '9002', name: '9002_probe_b', sha256: 'sha-of-probe_b' },
      ])
      // From then on an edit is refused.
      await expect(migrate(db, [{ ...ours[0]!, sha256: 'edited' }])).rejects.toThrow(
        ChangedMigrationError,
      )
      // And this release's own rows, without a hash since the column went, get theirs again.
      await migrate(db)
      expect((await recorded(db)).filter((r) => r.sha256 === null)).toEqual([])
    })
  })

  it("leaves a later release's migrations alone, and an earlier migrator's rows get their hash", async () => {
    await withProbes(async (db) => {
      await migrate(db, [probe('9001', 'probe_a')])
      // A later release applied 9500 (this release has no such file); an earlier release's
      // migrator, which knows nothing of checksums, recorded 9002 as (version, name) only.
      await db.execute(
        sql`insert into schema_migrations (version, name, sha256) values ('9500', '9500_later', 'later')`,
      )
      await db.execute(sql`create table probe_b (x int)`)
      await db.execute(
        sql`insert into schema_migrations (version, name) values ('9002', '9002_probe_b')`,
      )
      expect(await migrate(db, [probe('9001', 'probe_a'), probe('9002', 'probe_b')])).toEqual([])
      expect(await probes(db)).toEqual([
        { version: '9001', name: '9001_probe_a', sha256: 'sha-of-probe_a' },
        { version: '9002', name: '9002_probe_b', sha256: 'sha-of-probe_b' },
        { version: '9500', name: '9500_later', sha256: 'later' },
      ])
    })
  })

  it('applies each file once and records it; a second run does nothing', async () => {
    const { db } = database()
    expect(await migrate(db)).toEqual([])
    const rows = await queryRows<{ version: string }>(
      db,
      sql`select version from schema_migrations order by version`,
    )
    expect(rows.map((r) => r.version)).toEqual((await loadMigrations()).map((m) => m.version))
    for (const table of ['trial_submissions', 'licenses', 'mail_outbox', 'rate_limit_counters']) {
      await expect(db.execute(sql.raw(`select count(*) from ${table}`))).resolves.toBeTruthy()
    }
  })

  it.runIf(kind === 'postgres')(
    'lets several instances start at once: the advisory lock makes them take turns',
    async () => {
      // A fresh schema with nothing migrated, and four "instances" migrating it together.
      const holder = await createTestDatabase('postgres')
      opened.push(holder)
      await holder.db.execute(sql.raw(`drop schema ${holder.schema} cascade`))
      await holder.db.execute(sql.raw(`create schema ${holder.schema}`))
      const instances = await Promise.all(
        Array.from({ length: 4 }, () =>
          openDatabase({
            databaseUrl: holder.url,
            dataDir: null,
            searchPath: holder.schema!,
            poolSize: 1,
            // As migratePostgres opens them: the three that wait for the lock may wait longer
            // than a request's 5 s on a busy machine.
            queryTimeoutMs: 60_000,
          }),
        ),
      )
      opened.push(...instances)
      const results = await Promise.all(instances.map((i) => migrate(i.db)))
      expect(results.filter((r) => r.length > 0)).toHaveLength(1)
      const rows = await queryRows<{ n: number }>(
        holder.db,
        sql`select count(*)::int as n from schema_migrations`,
      )
      expect(rows[0]!.n).toBe((await loadMigrations()).length)
    },
  )

  it.runIf(kind === 'postgres')(
    'tries again when Postgres breaks a deadlock with the running release by rolling the migrator back',
    async () => {
      const holder = await createTestDatabase('postgres')
      opened.push(holder)
      await holder.db.execute(sql`create table busy (v int)`)
      const connect = () =>
        openDatabase({
          databaseUrl: holder.url!,
          dataDir: null,
          searchPath: holder.schema!,
          poolSize: 1,
          queryTimeoutMs: 30_000,
        })
      const [release, migrator] = await Promise.all([connect(), connect()])
      opened.push(release, migrator)
      const indexBuilt = async () => {
        for (;;) {
          const [row] = await queryRows<{ n: number }>(
            holder.db,
            sql`select count(*)::int as n from pg_locks l join pg_class c on c.oid = l.relation
                where l.granted and l.mode = 'ShareLock' and c.relname = 'busy'`,
          )
          if (row!.n > 0) return
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
      }
      // The running release reads the table in a transaction; the migration builds an index on
      // it (reads may go on); the release then writes the table, which waits for the index's
      // lock; the migration then alters the table, which waits for the release's read: each
      // waits on the other. Whoever waited past its deadlock_timeout first is rolled back; as in the
      // side-by-side test's failure, here it is the migrator (the release waits 20 s).
      let readDone: () => void = () => {}
      const read = new Promise<void>((resolve) => (readDone = resolve))
      const releaseWork = release.db.transaction(async (tx) => {
        await tx.execute(sql`set local deadlock_timeout = '20s'`)
        await tx.execute(sql`select count(*) from busy`)
        readDone()
        await indexBuilt()
        await tx.execute(sql`insert into busy values (1)`)
      })
      await read
      const applied = migrate(migrator.db, [
        {
          version: '9002',
          name: '9002_busy',
          sha256: 'busy',
          statements: [
            'create index busy_v on busy (v)',
            'select pg_sleep(0.5)',
            'alter table busy add constraint busy_v_positive check (v > 0)',
          ],
        },
      ])
      await releaseWork
      expect(await applied).toEqual(['9002_busy'])
      const rows = await queryRows<{ v: number }>(holder.db, sql`select v from busy`)
      expect(rows).toEqual([{ v: 1 }])
      await expect(holder.db.execute(sql`insert into busy values (-1)`)).rejects.toThrow()
    },
    30_000,
  )

  it.runIf(kind === 'postgres')(
    'a migration longer than a request may take still applies (its own connection, no 5 s timeout)',
    async () => {
      const holder = await createTestDatabase('postgres')
      opened.push(holder)
      // A pool like the ones openDatabase gives requests (those drop a connection whose query
      // passes 5 s), with its timeout shortened so the test need not wait 5 s to show it.
      const requestPool = await openDatabase({
        databaseUrl: holder.url!,
        dataDir: null,
        searchPath: holder.schema!,
        poolSize: 1,
        queryTimeoutMs: 300,
      })
      opened.push(requestPool)
      const slow = {
        version: '9999',
        name: '9999_slow',
        sha256: 'slow',
        statements: ['select pg_sleep(0.6)', 'create table slow_done (x int)'],
      }
      await expect(migrate(requestPool.db, [slow])).rejects.toThrow()
      expect(
        await migratePostgres({
          databaseUrl: holder.url!,
          searchPath: holder.schema!,
          migrations: [slow],
        }),
      ).toEqual(['9999_slow'])
      await expect(holder.db.execute(sql`select count(*) from slow_done`)).resolves.toBeTruthy()
    },
    20_000,
  )

  it('creates no database routine: every rule is TypeScript (decision 27)', async () => {
    const { db } = database()
    const routines = await queryRows<{ name: string }>(
      db,
      sql`select p.proname as name
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = current_schema()`,
    )
    expect(routines.map((r) => r.name)).toEqual([])
  })

  it("leaves the previous release's routines and their table alone, for it may run beside this one", async () => {
    const { db } = database()
    // As the previous release left them: a routine it calls, and the table that records it.
    await db.execute(sql`create table if not exists schema_functions (
        name text primary key, hash text not null, applied_at timestamptz not null default now())`)
    await db.execute(
      sql.raw(
        'create function previous_release_probe() returns int language sql as $$ select 7 $$',
      ),
    )
    await db.execute(
      sql`insert into schema_functions (name, hash) values ('previous_release_probe', 'h')`,
    )
    const next = {
      version: '9998',
      name: '9998_added',
      sha256: 'sha-of-added_later',
      statements: ['create table added_later (x int)'],
    }
    expect(await migrate(db, [...(await loadMigrations()), next])).toEqual(['9998_added'])
    const [row] = await queryRows<{ answer: number; recorded: number }>(
      db,
      sql`select previous_release_probe() as answer,
            (select count(*)::int from schema_functions) as recorded`,
    )
    expect(row).toEqual({ answer: 7, recorded: 1 })
    await db.execute(sql`drop function previous_release_probe()`)
    await db.execute(sql`drop table schema_functions, added_later`)
    await db.execute(sql`delete from schema_migrations where version = '9998'`)
  })

  it('0060 folds each rate-limit key into one row, keeping the count of the window just before', async () => {
    const fresh =
      kind === 'postgres'
        ? await createTestDatabase('postgres')
        : await openDatabase({ databaseUrl: null, dataDir: null })
    opened.push(fresh)
    const { db } = fresh
    if ('schema' in fresh && fresh.schema) {
      await db.execute(sql.raw(`drop schema ${fresh.schema} cascade`))
      await db.execute(sql.raw(`create schema ${fresh.schema}`))
    }
    const all = await loadMigrations()
    await migrate(
      db,
      all.filter((m) => m.version < '0060'),
    )
    // Hour-long windows: a key with the window before its latest, one with a gap, one alone.
    await db.execute(sql`
      insert into rate_limit_counters (key, window_start, hits, expires_at) values
        ('a', '2026-11-01T10:00Z', 5, '2026-11-01T12:00Z'),
        ('a', '2026-11-01T11:00Z', 2, '2026-11-01T13:00Z'),
        ('b', '2026-11-01T09:00Z', 4, '2026-11-01T11:00Z'),
        ('b', '2026-11-01T11:00Z', 1, '2026-11-01T13:00Z'),
        ('c', '2026-11-01T11:00Z', 3, '2026-11-01T13:00Z')`)
    expect(await migrate(db)).toContain('0060_rate_limit_one_row_per_key')
    const rows = await queryRows<{ key: string; start: string; hits: number; previous: number }>(
      db,
      sql`select key, to_char(window_start at time zone 'UTC', 'HH24:MI') as start, hits,
        previous_hits as previous from rate_limit_counters order by key`,
    )
    expect(rows).toEqual([
      { key: 'a', start: '11:00', hits: 2, previous: 5 },
      { key: 'b', start: '11:00', hits: 1, previous: 0 },
      { key: 'c', start: '11:00', hits: 3, previous: 0 },
    ])
  })

  it('rolls a failing migration back whole', async () => {
    // Last in the suite: it empties the suite's database to start from nothing.
    const { db, schema } = database()
    await db.execute(sql.raw(`drop schema ${schema ?? 'public'} cascade`))
    await db.execute(sql.raw(`create schema ${schema ?? 'public'}`))
    const broken = [
      {
        version: '0001',
        name: '0001_broken',
        sha256: 'broken',
        statements: ['create table t (x int)', 'create table t (x int)'],
      },
    ]
    await expect(migrate(db, broken)).rejects.toThrow()
    const tables = await queryRows(
      db,
      sql`select 1 from information_schema.tables where table_schema = current_schema() and table_name in ('t', 'schema_migrations')`,
    )
    expect(tables).toHaveLength(0)
  })
})

describe('the server', () => {
  const dirs: string[] = []
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true })
  })

  it('refuses to start, naming the file, when a shipped migration changed since it was applied', async () => {
    const dataDir = await seededDataDir('changed-migration-')
    const dist = await placeholderBuild()
    dirs.push(dataDir, dist)
    const database = await openDatabase({ databaseUrl: null, dataDir: embeddedDataDir(dataDir) })
    await migrate(database.db)
    // What the database holds for 0001 is no longer what the file says: as if it were edited.
    await database.db.execute(
      sql`update schema_migrations set sha256 = repeat('0', 64) where version = '0001'`,
    )
    await database.close()
    const start = startServerProcess({ DATA_DIR: dataDir, DIST_DIR: dist })
    await expect(start).rejects.toThrow(
      /server exited \(1\) before listening: Migration 0001_initial\.sql has changed since it was applied \(its SHA-256 was 000000000000… when applied/,
    )
  }, 60_000)
})
