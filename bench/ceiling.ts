/**
 * Ceilings the server is judged against, measured in the same run because these machines are
 * shared and noisy:
 * - the driver ceiling: the submission's transaction (insert the submission, claim a key with
 *   FOR UPDATE SKIP LOCKED, link it, queue the outbox row) issued straight through
 *   node-postgres or PGlite at the same concurrency, with no HTTP, validation or rate limits;
 * - the static ceiling: `/` from our server vs a minimal node:http server sending the same
 *   bytes with the same Content-Encoding.
 */
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import pg from 'pg'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { openDatabase, type Db } from '#src/server/db/client.ts'
import { migrate } from '#src/server/db/migrate.ts'
import { seedKeyPool } from './bench-database.ts'
import { readPostgresCpuMs } from './memory.ts'
import { runLoad, type LoadResult } from './load.ts'

type Driver = 'node-postgres' | 'pglite'

export interface CeilingRun {
  driver: Driver
  connections: number
  transactions: number
  txPerS: number
  p50Ms: number
  p99Ms: number
  errors: number
  firstError?: string
  /** Transactions that found the pool empty: the pool was too small for the run. */
  withoutKey: number
  /** This process's CPU time per transaction: for PGlite the whole database, for pg the driver. */
  cpuMsPerTx: number | null
  /** node-postgres: every local postgres process's CPU time per transaction (null: not local). */
  postgresCpuMsPerTx?: number | null
}

/** The p-th percentile (0-100) of ascending values, nearest rank; 0 for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits

export function summarizeLatencies(
  latenciesMs: number[],
  seconds: number,
): { transactions: number; txPerS: number; p50Ms: number; p99Ms: number } {
  const sorted = [...latenciesMs].sort((a, b) => a - b)
  return {
    transactions: sorted.length,
    txPerS: seconds > 0 ? round(sorted.length / seconds) : 0,
    p50Ms: round(percentile(sorted, 50), 2),
    p99Ms: round(percentile(sorted, 99), 2),
  }
}

/** Runs one transaction; resolves true when a key was claimed. */
type Work = (n: number) => Promise<boolean>

interface Query {
  (text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>
}

/**
 * The work of submitTrial's transaction (src/server/trials/trial-service.ts) in the same
 * statements: claim a key in one statement (lock the first free one, skipping keys other
 * transactions hold, and assign it to the new submission's id; the owner reference is checked
 * at commit, migration 0002), insert the submission carrying its key, queue the outbox row.
 * What only the server adds (the per-e-mail advisory lock, the first-request probe, the
 * rate-limit counts and their own commit before it, HTTP, validation, the mail itself) is left
 * out: that is what the ratio prices.
 */
async function submissionTransaction(query: Query, n: number): Promise<boolean> {
  const submissionId = randomUUID()
  const email = `ceiling-${process.pid}-${n}@bench.example`
  const { rows: claimed } = await query(
    `update licenses set status = 'assigned', submission_id = $1, assigned_at = now()
     where id = (select id from licenses where model = 'basic' and status = 'available'
                 order by demo, seq limit 1 for update skip locked)
     returning *`,
    [submissionId],
  )
  const license = claimed[0]
  await query(
    `insert into trial_submissions (id, first_name, last_name, email, model, source, license_id,
       waitlist_token_hash, ip_hash, user_agent, terms_version)
     values ($1, 'Bench', 'Ceiling', $2, 'basic', 'bench', $3, $4, $5, 'bench', '2025-08-01') returning *`,
    [submissionId, email, license?.id ?? null, 'x'.repeat(64), 'y'.repeat(64)],
  )
  if (!license) return false
  const outboxId = randomUUID()
  await query(
    // Due never: the server under test is still up, and its outbox worker would otherwise
    // send the ceiling's e-mails during the ceiling's own window, work the ceiling never pays
    // for in ours (the same insert, the same indexes).
    `insert into mail_outbox (id, kind, "to", payload, submission_id, message_id, next_attempt_at)
     values ($1, 'trial', $2, $3, $4, $5, 'infinity') returning *`,
    [
      outboxId,
      email,
      JSON.stringify({
        firstName: 'Bench',
        lastName: 'Ceiling',
        model: 'basic',
        activationKey: license.activation_key,
      }),
      submissionId,
      `<${outboxId}@bench.example>`,
    ],
  )
  return true
}

/** Across runs, so every ceiling submission has its own e-mail as the server's do. */
let sequence = 0

/** `connections` loops issuing work back to back; a warm-up first, then the measured window. */
async function drive(work: Work, connections: number, warmupS: number, durationS: number) {
  let errors = 0
  let firstError: string | undefined
  let withoutKey = 0
  const latencies: number[] = []
  const warmupEnd = performance.now() + warmupS * 1000
  const end = warmupEnd + durationS * 1000
  let measuring = false
  let cpuAtStart: NodeJS.CpuUsage | null = null
  let postgresAtStart: number | null = null
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (;;) {
        const started = performance.now()
        if (started >= end) return
        if (started >= warmupEnd && !cpuAtStart) {
          cpuAtStart = process.cpuUsage()
          postgresAtStart = readPostgresCpuMs()
        }
        try {
          const claimed = await work(sequence++)
          // Only transactions that started inside the window count, so the rate is not skewed.
          if (started >= warmupEnd) {
            measuring = true
            latencies.push(performance.now() - started)
            if (!claimed) withoutKey++
          }
        } catch (error) {
          if (started >= warmupEnd) errors++
          firstError ??= error instanceof Error ? error.message : String(error)
        }
      }
    }),
  )
  const cpu = cpuAtStart ? process.cpuUsage(cpuAtStart) : null
  const seconds = measuring ? (performance.now() - warmupEnd) / 1000 : 0
  const cpuMsPerTx =
    cpu && latencies.length
      ? Math.round(((cpu.user + cpu.system) / 1000 / latencies.length) * 100) / 100
      : null
  const postgresNow = postgresAtStart === null ? null : readPostgresCpuMs()
  const postgresCpuMsPerTx =
    postgresNow !== null && postgresAtStart !== null && latencies.length
      ? Math.round(((postgresNow - postgresAtStart) / latencies.length) * 100) / 100
      : null
  return {
    ...summarizeLatencies(latencies, seconds),
    postgresCpuMsPerTx,
    errors,
    ...(firstError ? { firstError } : {}),
    withoutKey,
    cpuMsPerTx,
  }
}

interface CeilingOptions {
  connections: readonly number[]
  warmupS: number
  durationS: number
  poolSize: number
}

/** A database set up for the ceiling, run at one connection count at a time. */
export interface Ceiling {
  run(connections: number, warmupS: number, durationS: number): Promise<CeilingRun>
  close(): Promise<void>
}

/** The ceiling on Postgres, in its own schema of the (fresh) bench database. */
export async function openPostgresCeiling(url: string, poolSize: number): Promise<Ceiling> {
  const schema = 'bench_ceiling'
  const setup = new pg.Client({ connectionString: url })
  await setup.connect()
  await setup.query(`drop schema if exists ${schema} cascade`)
  await setup.query(`create schema ${schema}`)
  await setup.end()
  const database = await openDatabase({ databaseUrl: url, dataDir: null, searchPath: schema })
  await migrate(database.db)
  await seedKeyPool(database.db, poolSize)
  await database.close()
  return {
    async run(connections, warmupS, durationS) {
      // As many connections as clients, so none waits for one: this is the ceiling.
      const pool = new pg.Pool({
        connectionString: url,
        max: connections,
        options: `-c search_path=${schema}`,
      })
      const work: Work = async (n) => {
        const client = await pool.connect()
        try {
          await client.query('begin')
          const claimed = await submissionTransaction(
            (text, params) => client.query(text, params),
            n,
          )
          await client.query('commit')
          return claimed
        } catch (error) {
          await client.query('rollback').catch(() => undefined)
          throw error
        } finally {
          client.release()
        }
      }
      try {
        return {
          driver: 'node-postgres',
          connections,
          ...(await drive(work, connections, warmupS, durationS)),
        }
      } finally {
        await pool.end()
      }
    },
    close: async () => undefined,
  }
}

/**
 * The ceiling on PGlite, on disk like the server's, in this process. PGlite runs one
 * transaction at a time, so more connections only queue; they are measured anyway, because
 * that queue is what the server's requests wait in too.
 */
export async function openPgliteCeiling(poolSize: number): Promise<Ceiling> {
  const dir = mkdtempSync(join(tmpdir(), 'pacepoint-ceiling-'))
  const client = new PGlite(dir)
  await client.waitReady
  // The same client for set-up and run: opening PGlite on disk costs seconds.
  const db = drizzlePglite({ client }) as unknown as Db
  await migrate(db)
  await seedKeyPool(db, poolSize)
  const work: Work = (n) =>
    client.transaction((tx: Transaction) =>
      submissionTransaction((text, params) => tx.query<Record<string, unknown>>(text, params), n),
    )
  return {
    run: async (connections, warmupS, durationS) => ({
      driver: 'pglite',
      connections,
      ...(await drive(work, connections, warmupS, durationS)),
      // PGlite runs in this process: its CPU is cpuMsPerTx.
      postgresCpuMsPerTx: null,
    }),
    close: async () => {
      await client.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Every connection count in turn (tests; the bench interleaves them with the server's runs). */
export async function runCeiling(ceiling: Ceiling, options: CeilingOptions): Promise<CeilingRun[]> {
  const runs: CeilingRun[] = []
  try {
    for (const c of options.connections)
      runs.push(await ceiling.run(c, options.warmupS, options.durationS))
  } finally {
    await ceiling.close()
  }
  return runs
}

// ---- Static ceiling ----

export interface StaticComparison {
  path: string
  contentEncoding: string | null
  bodyBytes: number
  server: LoadResult
  minimal: LoadResult
  /** Our server's requests/s as a share of the minimal server's. */
  ratio: number
}

/** What a browser sends, so both servers pick the same (brotli) body. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' }

/** GET without decoding: the bytes as sent, compressed or not. */
export function fetchRaw(
  url: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: BROWSER_HEADERS }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        )
        res.on('error', reject)
      })
      .on('error', reject)
  })
}

async function waitUntilUp(url: string, child: { exitCode: number | null }): Promise<void> {
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`static server exited with ${child.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('static server did not start within 30 s')
    await new Promise((r) => setTimeout(r, 100))
  }
}

/**
 * GET `path` from our server and from bench/static-server.ts serving the very bytes our server
 * sent (already compressed, same headers that matter), both in their own process, at the same
 * concurrency.
 */
export async function staticCeiling(
  serverBaseUrl: string,
  port: number,
  options: { path?: string; connections: number; warmupS: number; durationS: number },
): Promise<StaticComparison> {
  const path = options.path ?? '/'
  const sample = await fetchRaw(`${serverBaseUrl}${path}`)
  if (sample.status !== 200) throw new Error(`GET ${path} answered ${sample.status}`)
  const dir = mkdtempSync(join(tmpdir(), 'pacepoint-static-'))
  const file = join(dir, 'body')
  writeFileSync(file, sample.body)
  const headers: Record<string, string> = {}
  for (const name of ['content-type', 'content-encoding', 'cache-control', 'etag', 'vary']) {
    const value = sample.headers[name]
    if (typeof value === 'string') headers[name] = value
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/static-server.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      STATIC_FILE: file,
      STATIC_HEADERS: JSON.stringify(headers),
      STATIC_PORT: String(port),
    },
  })
  const minimalUrl = `http://127.0.0.1:${port}`
  try {
    await waitUntilUp(minimalUrl, child)
    const load = {
      connections: options.connections,
      warmupS: options.warmupS,
      durationS: options.durationS,
      headers: BROWSER_HEADERS,
    }
    const server = await runLoad({ ...load, url: `${serverBaseUrl}${path}` })
    const minimal = await runLoad({ ...load, url: `${minimalUrl}${path}` })
    return {
      path,
      contentEncoding: headers['content-encoding'] ?? null,
      bodyBytes: sample.body.length,
      server,
      minimal,
      ratio: ratioOf(server.rps, minimal.rps),
    }
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
    }
    rmSync(dir, { recursive: true, force: true })
  }
}

/** a / b to three places; 0 when b is 0 (no ceiling measured). */
export function ratioOf(a: number, b: number): number {
  return b > 0 ? Math.round((a / b) * 1000) / 1000 : 0
}
