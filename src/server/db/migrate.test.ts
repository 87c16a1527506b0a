import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, describeEachDatabase } from '#tests/support/test-database.ts'
import { openDatabase, queryRows } from './client.ts'
import { loadMigrations, migrate, migratePostgres, splitStatements } from './migrate.ts'

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
