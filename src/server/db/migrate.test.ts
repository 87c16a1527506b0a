import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, describeEachDatabase } from '../testing/test-database.ts'
import { openDatabase, queryRows } from './client.ts'
import { loadMigrations, migrate, splitStatements } from './migrate.ts'

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
