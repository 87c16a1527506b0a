/** Databases for the API bench: a fresh Postgres database per run, and a large key pool. */
import { sql } from 'drizzle-orm'
import pg from 'pg'
import type { Db } from '#src/server/db/client.ts'

/**
 * Bench keys for the model the bench asks for (basic), made by the database itself: tens of
 * thousands of rows in a second or two, where the CLI's import would parse a file first.
 */
export async function seedKeyPool(db: Db, size: number): Promise<void> {
  await db.execute(sql`
    insert into licenses (model, activation_key, batch)
    select 'basic', 'BENCH-BASIC-' || g, 'bench'
    from generate_series(1, ${size}::int) g`)
}

/**
 * A fresh database on the Postgres server of `url`, dropped by the returned function; named
 * after this process, so parallel benches (or a test beside a bench) never share one.
 */
export async function createBenchDatabase(
  url: string,
  suffix = '',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `pacepoint_bench_${process.pid}${suffix ? `_${suffix}` : ''}`
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await admin(`drop database if exists ${name} with (force)`)
  await admin(`create database ${name}`)
  const benchUrl = new URL(url)
  benchUrl.pathname = `/${name}`
  return {
    url: benchUrl.toString(),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  }
}
