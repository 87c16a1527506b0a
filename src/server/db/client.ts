/**
 * Opens the database: PGlite (Postgres in WebAssembly) under DATA_DIR/db by default, or a Postgres
 * server when DATABASE_URL is set (docs/architecture.md, "Database, migrations and functions").
 * Both speak the same SQL and the rest of the server sees one Drizzle database, so no code path
 * depends on which one runs.
 */
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql, type SQL } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { lockEmbeddedDatabase, type EmbeddedLock } from './embedded-lock.ts'

/** The query builder; a transaction is one too, so repositories take either. */
export type Db = PgDatabase<PgQueryResultHKT>

export interface Database {
  db: Db
  /** embedded: PGlite in this process (one process at a time); postgres: a server. */
  kind: 'embedded' | 'postgres'
  /** Where the data lives, for logs; never carries a password. */
  location: string
  /** Resolves when the database answers a query, rejects otherwise. */
  ping(timeoutMs?: number): Promise<void>
  close(): Promise<void>
}

interface OpenDatabaseOptions {
  /** A postgres:// URL, or null for the embedded database. */
  databaseUrl: string | null
  /** Embedded only: the directory for the data files; null keeps them in memory (tests). */
  dataDir: string | null
  /** Postgres only: the schema to work in (tests isolate each file in its own). */
  searchPath?: string
  /** Postgres only: connections in the pool. */
  poolSize?: number
  /** Postgres only: how long a query may take before it fails (QUERY_TIMEOUT_MS by default). */
  queryTimeoutMs?: number
  /** Postgres only: how long to wait for a connection (5 s by default, so requests fail fast). */
  connectTimeoutMs?: number
  /** Postgres only: errors of idle pooled connections (a restarted server), which must not crash us. */
  onPoolError?: (error: Error) => void
  /**
   * Postgres only: commit without waiting for the disk (synchronous_commit off for the pool's
   * sessions). For bookkeeping whose loss in a database crash costs nothing that matters, such
   * as the outbox worker's leases and sent marks (a message may go out again).
   */
  asyncCommit?: boolean
  /**
   * Embedded only: how long to wait while another process holds the files (embedded-lock.ts),
   * and what to say when the wait begins. Without it, EmbeddedDatabaseBusyError at once.
   */
  lockWait?: { waitMs: number; onWait?: () => void }
}

/** The embedded database's files under DATA_DIR. */
export function embeddedDataDir(dataDir: string): string {
  return join(dataDir, 'db')
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return 'postgres://(unparsable URL)'
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** A query that has not answered by then fails (503), instead of hanging the request. */
const QUERY_TIMEOUT_MS = 5_000

const READ_TIMEOUT = 'Query read timeout'

/**
 * A pg client that drops its connection when a query times out: after a network partition the
 * query may never have reached the server, and every later query on that connection would queue
 * behind it forever. A dropped connection is not queryable, so the pool replaces it.
 */
class DroppingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config)
    // A connection lost while checked out fails its query, which the caller handles; the
    // event itself must not crash the process (the pool listens only while a client is idle).
    this.on('error', () => {})
  }

  // pg's query() has many overloads; this wrapper only watches the promise form drizzle uses.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const result = (super.query as (...a: any[]) => any)(...args)
    if (result && typeof result.then === 'function') {
      ;(result as Promise<unknown>).catch((error: unknown) => {
        if (error instanceof Error && error.message === READ_TIMEOUT) {
          ;(
            this as unknown as { connection: { stream: { destroy(): void } } }
          ).connection.stream.destroy()
        }
      })
    }
    return result
  }
}

/**
 * A DroppingClient whose commits do not wait for the disk (`asyncCommit`). The setting is made
 * before the pool hands the connection out, so it applies to the first query and never runs
 * beside one (pg 9 drops queries issued while another runs). A session setting, not a startup
 * option: a URL's own `options` would replace ours, and some poolers refuse startup options.
 */
class AsyncCommitClient extends DroppingClient {
  // pg's connect() has a callback form (the pool's) and a promise form.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override connect(callback?: (...args: any[]) => void): any {
    const ready = super
      .connect()
      .then(() => super.query('SET synchronous_commit = off'))
      .then(() => this)
    if (!callback) return ready
    ready.then(
      (client) => callback(null, client),
      (error: Error) => callback(error),
    )
  }
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      Client: options.asyncCommit ? AsyncCommitClient : DroppingClient,
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // Fail fast when the server is down or silent, so requests answer 503 instead of hanging.
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      query_timeout: options.queryTimeoutMs ?? QUERY_TIMEOUT_MS,
      keepAlive: true,
      idleTimeoutMillis: 30_000,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    })
    pool.on('error', (error) => options.onPoolError?.(error))
    const db = drizzlePg({ client: pool }) as unknown as Db
    let closed = false
    return {
      db,
      kind: 'postgres',
      location:
        redactUrl(options.databaseUrl) +
        (options.searchPath ? ` (schema ${options.searchPath})` : ''),
      ping: (timeoutMs = 2_000) =>
        withTimeout(
          db.execute(sql`select 1`).then(() => undefined),
          timeoutMs,
          'Postgres',
        ),
      close: async () => {
        if (closed) return
        closed = true
        await pool.end()
      },
    }
  }

  let lock: EmbeddedLock | null = null
  if (options.dataDir) {
    await mkdir(options.dataDir, { recursive: true })
    lock = await lockEmbeddedDatabase(options.dataDir, options.lockWait)
  }
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite()
  try {
    await client.waitReady
  } catch (error) {
    await lock?.release()
    throw error
  }
  const db = drizzlePglite({ client }) as unknown as Db
  return {
    db,
    kind: 'embedded',
    location: options.dataDir ?? 'memory',
    ping: (timeoutMs = 2_000) => {
      if (client.closed) return Promise.reject(new Error('The embedded database is closed'))
      return withTimeout(
        db.execute(sql`select 1`).then(() => undefined),
        timeoutMs,
        'The embedded database',
      )
    },
    close: async () => {
      if (!client.closed) await client.close()
      await lock?.release()
      lock = null
    },
  }
}

/**
 * A hot statement of fixed text, run by name: on Postgres each connection parses and plans it
 * once and afterwards only binds values; PGlite runs it as any query. It goes straight to the
 * pool, so it is for statements that run outside a transaction. Only for statements whose plan
 * has no choice to make, such as the rate-limit upsert: Postgres keeps one generic plan per
 * connection, and a plan made while a table was small reads the whole table long after it has
 * grown (the rate limits' join, prepared, went from 1.5 to 13 ms of server CPU a request over
 * 48,000 requests; decision 13).
 */
export async function queryPrepared<T>(
  db: Db,
  statement: { name: string; text: string },
  values: readonly unknown[],
): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client
  if (client instanceof pg.Pool)
    return (await client.query<T & pg.QueryResultRow>({ ...statement, values: [...values] })).rows
  if (client instanceof PGlite) return (await client.query<T>(statement.text, [...values])).rows
  throw new Error(
    `${statement.name}: a prepared statement runs on the database, not in a transaction`,
  )
}

/** The rows of a raw query; both drivers put them under .rows. */
export async function queryRows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/** `now` less a period, in SQL: a retention period's cutoff (calendar months and years). */
export function periodBefore(
  now: Date,
  period: { years?: number; months?: number; days?: number },
): SQL {
  return sql`(${now}::timestamptz - make_interval(years => ${period.years ?? 0}, months => ${period.months ?? 0}, days => ${period.days ?? 0}))`
}

/** Runs one delete statement (no `returning` of its own) and says how many rows it removed. */
export async function deleteCounted(db: Db, statement: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with gone as (${statement} returning 1) select count(*)::int as n from gone`,
  )
  return row?.n ?? 0
}
