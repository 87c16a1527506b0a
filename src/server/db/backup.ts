/**
 * Backups, restores and the move from the embedded database to Postgres (docs/product.md;
 * docs/operations.md, "Backups and moves"; docs/decisions/0027).
 *
 * One format for both databases: gzipped JSON lines. A header (what made it, the migrations the
 * copy's tables are at, the IP hash secret a restore needs), then each table's rows in pages, in
 * an order that puts a row after the rows it points at, then a footer with every table's count.
 * The rows are read in one REPEATABLE READ transaction, so the copy is one moment of the
 * database while it keeps serving (PGlite has one connection: its server's queries wait meanwhile).
 *
 * A restore migrates an empty database to exactly the migrations of the copy, writes the rows
 * as they were (ids, statuses, leases and all: a key stays assigned, a sent e-mail stays sent, a
 * pending one stays pending), then applies this release's later migrations, all in one
 * transaction: it lands whole or not at all.
 */
import { once } from 'node:events'
import { createReadStream, createWriteStream, existsSync } from 'node:fs'
import { link, rm } from 'node:fs/promises'
import { createInterface } from 'node:readline'
import { createGunzip, createGzip } from 'node:zlib'
import type { Db } from './client.ts'
import {
  countRows,
  countSchemaTables,
  deferConstraints,
  insertRowsFromJson,
  listAppliedMigrations,
  listColumns,
  listForeignKeys,
  listSequenceColumns,
  listTables,
  readRowsAfter,
  resetSequence,
  type ForeignKey,
} from './backup-repository.ts'
import { loadMigrations, migrate } from './migrate.ts'

const FORMAT = 'pacepoint-backup'
const PAGE_ROWS = 1_000

/** The IP hash secret the copy was made with, and where that install kept it. */
export interface BackupSecret {
  value: string
  /** `file`: DATA_DIR/ip-hash-secret; `environment`: IP_HASH_SECRET. */
  from: 'file' | 'environment'
}

interface BackupHeader {
  format: typeof FORMAT
  version: 1
  createdAt: string
  source: 'embedded' | 'postgres'
  /** Migration versions applied in the copied database. */
  migrations: string[]
  ipHashSecret: BackupSecret | null
  tables: { name: string; columns: string[] }[]
}

type BackupLine =
  | { header: BackupHeader }
  | { table: string; rows: Record<string, unknown>[] }
  | { end: true; rows: Record<string, number> }

/** A backup that cannot be made or restored as asked; the message says why. */
export class BackupError extends Error {}

/**
 * Tables ordered so that each comes after those its foreign keys point at. A deferrable key is
 * checked at commit, so it does not order (the licenses and trial requests point at each other).
 */
function dependencyOrder(tables: readonly string[], keys: readonly ForeignKey[]): string[] {
  const unquote = (name: string) => name.replace(/^"|"$/g, '')
  const needs = new Map(tables.map((t) => [t, new Set<string>()]))
  for (const key of keys) {
    const table = unquote(key.table)
    const parent = unquote(key.references)
    if (key.deferrable || table === parent || !needs.has(parent)) continue
    needs.get(table)?.add(parent)
  }
  const order: string[] = []
  const placed = new Set<string>()
  while (order.length < tables.length) {
    const ready = [...needs.keys()]
      .filter((t) => !placed.has(t) && [...needs.get(t)!].every((p) => placed.has(p)))
      .sort()
    if (ready.length === 0)
      throw new BackupError(
        `the tables ${[...needs.keys()].filter((t) => !placed.has(t)).join(', ')} point at each other without a deferrable key`,
      )
    for (const t of ready) {
      placed.add(t)
      order.push(t)
    }
  }
  return order
}

/**
 * Writes a consistent copy of every table to `file` (mode 0600: it holds every lead and the
 * secret). The file appears only once complete; an existing file is never overwritten.
 */
export async function writeBackup(
  db: Db,
  file: string,
  options: { source: 'embedded' | 'postgres'; ipHashSecret: BackupSecret | null },
): Promise<{ tables: number; rows: number }> {
  const partial = `${file}.partial`
  if (existsSync(file)) throw Object.assign(new Error(`${file} exists`), { code: 'EEXIST' })
  const out = createWriteStream(partial, { flags: 'wx', mode: 0o600 })
  await once(out, 'open')
  const gzip = createGzip()
  gzip.pipe(out)
  const write = async (line: BackupLine) => {
    if (!gzip.write(JSON.stringify(line) + '\n')) await once(gzip, 'drain')
  }
  try {
    const counts = await db.transaction(
      async (tx) => {
        const order = dependencyOrder(await listTables(tx), await listForeignKeys(tx))
        const tables = []
        for (const name of order) tables.push({ name, columns: await listColumns(tx, name) })
        await write({
          header: {
            format: FORMAT,
            version: 1,
            createdAt: new Date().toISOString(),
            source: options.source,
            migrations: await listAppliedMigrations(tx),
            ipHashSecret: options.ipHashSecret,
            tables,
          },
        })
        const counts: Record<string, number> = {}
        for (const { name } of tables) {
          counts[name] = 0
          let after = '(0,0)'
          for (;;) {
            const page = await readRowsAfter(tx, name, after, PAGE_ROWS)
            if (page.length === 0) break
            await write({ table: name, rows: page.map((p) => p.row) })
            counts[name] += page.length
            after = page.at(-1)!.ctid
          }
        }
        return counts
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
    await write({ end: true, rows: counts })
    gzip.end()
    await once(out, 'close')
    // Linked, not renamed: a file that appeared meanwhile under that name is not replaced.
    await link(partial, file)
    await rm(partial, { force: true })
    return {
      tables: Object.keys(counts).length,
      rows: Object.values(counts).reduce((a, b) => a + b, 0),
    }
  } catch (error) {
    gzip.destroy()
    out.destroy()
    await rm(partial, { force: true })
    throw error
  }
}

async function* readLines(file: string): AsyncGenerator<BackupLine> {
  const input = createReadStream(file).pipe(createGunzip())
  const lines = createInterface({ input, crlfDelay: Infinity })
  try {
    for await (const line of lines) {
      if (line.trim() === '') continue
      try {
        yield JSON.parse(line) as BackupLine
      } catch {
        throw new BackupError(`${file} is not a backup of this site (a line is not JSON)`)
      }
    }
  } catch (error) {
    if (error instanceof BackupError) throw error
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') throw new BackupError(`${file}: no such file`)
    if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR')
      throw new BackupError(`${file} is not a backup of this site (not gzip, or cut short)`)
    throw error
  }
}

interface RestoreResult {
  header: BackupHeader
  tables: number
  rows: number
  /** Migrations of this release applied after the copy's rows went in. */
  upgraded: string[]
}

/** The header of a backup file, checked; BackupError when the file is not one. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const lines = readLines(file)
  try {
    return headerOf(file, await lines.next())
  } finally {
    await lines.return(undefined)
  }
}

function headerOf(file: string, first: IteratorResult<BackupLine>): BackupHeader {
  const header = !first.done && 'header' in first.value ? first.value.header : null
  if (!header || header.format !== FORMAT)
    throw new BackupError(`${file} is not a backup of this site (no backup header)`)
  if (header.version !== 1)
    throw new BackupError(`${file} is backup format ${header.version}; this release reads 1`)
  return header
}

/**
 * Restores a backup into an empty database (no table in its schema): refuses anything else,
 * before writing a thing. The caller handles the IP hash secret (header.ipHashSecret).
 */
export async function restoreBackup(db: Db, file: string): Promise<RestoreResult> {
  const lines = readLines(file)
  const header = headerOf(file, await lines.next())
  const migrations = await loadMigrations()
  const known = new Set(migrations.map((m) => m.version))
  const unknown = header.migrations.filter((v) => !known.has(v))
  if (unknown.length)
    throw new BackupError(
      `${file} was made by a newer release (migrations ${unknown.join(', ')} are unknown here); restore it with that release`,
    )
  const columns = new Map(header.tables.map((t) => [t.name, t.columns]))
  const copied = new Set(header.migrations)

  return db.transaction(async (tx) => {
    const existing = await countSchemaTables(tx)
    if (existing > 0)
      throw new BackupError(
        `the database is not empty (${existing} table${existing === 1 ? '' : 's'}); restore into an empty one`,
      )
    // The schema the rows were copied from; this release's later migrations follow the rows.
    await migrate(
      tx,
      migrations.filter((m) => copied.has(m.version)),
    )
    await deferConstraints(tx)
    let footer: Record<string, number> | null = null
    const counts: Record<string, number> = {}
    for await (const line of lines) {
      if ('end' in line) {
        footer = line.rows
        break
      }
      if (!('table' in line)) throw new BackupError(`${file} has a second header`)
      const cols = columns.get(line.table)
      if (!cols)
        throw new BackupError(`${file} holds rows of ${line.table}, which its header lacks`)
      await insertRowsFromJson(tx, line.table, cols, line.rows)
      counts[line.table] = (counts[line.table] ?? 0) + line.rows.length
    }
    if (!footer) throw new BackupError(`${file} is cut short (no footer): it is not a whole backup`)
    for (const { name } of header.tables) {
      const n = await countRows(tx, name)
      if (n !== (footer[name] ?? 0) || n !== (counts[name] ?? 0))
        throw new BackupError(
          `${name}: ${n} rows restored, the backup says ${footer[name] ?? 0}; nothing was restored`,
        )
    }
    for (const { table, column } of await listSequenceColumns(tx))
      await resetSequence(tx, table, column)
    const upgraded = await migrate(tx, migrations)
    return {
      header,
      tables: header.tables.length,
      rows: Object.values(counts).reduce((a, b) => a + b, 0),
      upgraded: upgraded.filter((name) => !name.startsWith('function ')),
    }
  })
}
