/**
 * `restore FILE --yes` and `db copy --to postgres://...` (docs/operations.md, "Backups and
 * moves"): command-line only, since both need the database to themselves. A backup itself is a
 * console command (console-commands.ts): a running server makes it over its socket.
 */
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Config } from '#src/server/config.ts'
import { consoleSocketPath } from '#src/server/console/console-socket.ts'
import {
  BackupError,
  readBackupHeader,
  restoreBackup,
  writeBackup,
  type BackupSecret,
} from '#src/server/db/backup.ts'
import { embeddedDataDir, openDatabase, type Database } from '#src/server/db/client.ts'
import { EmbeddedDatabaseBusyError, isSocketLive } from '#src/server/db/embedded-lock.ts'
import {
  readIpHashSecretFile,
  secureDataDir,
  writeIpHashSecretFile,
} from '#src/server/security/data-dir.ts'

interface Io {
  stdout(text: string): void
  stderr(text: string): void
}

/** Long enough for a large table's rows in one statement, and the migrations. */
const QUERY_TIMEOUT_MS = 30 * 60_000

const fail = (io: Io, message: string) => {
  io.stderr(`admin: ${message}\n`)
  return 1
}

const serverRunning = (config: Config) => isSocketLive(consoleSocketPath(config.dataDir))

async function openTarget(config: Config, url: string | null): Promise<Database> {
  if (url)
    return openDatabase({
      databaseUrl: url,
      dataDir: null,
      poolSize: 1,
      queryTimeoutMs: QUERY_TIMEOUT_MS,
    })
  await secureDataDir(config.dataDir)
  return openDatabase({ databaseUrl: null, dataDir: embeddedDataDir(config.dataDir) })
}

export async function restoreCommand(config: Config, file: string, io: Io): Promise<number> {
  if (!config.databaseUrl && (await serverRunning(config)))
    return fail(
      io,
      `a server runs on ${config.dataDir}; a restore goes into an empty DATA_DIR: point DATA_DIR at a new folder, or stop the server`,
    )
  let header
  try {
    header = await readBackupHeader(file)
  } catch (error) {
    if (error instanceof BackupError) return fail(io, error.message)
    throw error
  }
  // The secret the restored hashes were made with must be the one the site uses afterwards.
  const secret = header.ipHashSecret
  const existingSecret = await readIpHashSecretFile(config.dataDir)
  if (
    secret &&
    !config.ipHashSecretConfigured &&
    existingSecret !== null &&
    existingSecret !== secret.value
  )
    return fail(
      io,
      `${join(config.dataDir, 'ip-hash-secret')} is not the backup's IP hash secret; restore into an empty DATA_DIR`,
    )

  let database: Database
  try {
    database = await openTarget(config, config.databaseUrl)
  } catch (error) {
    if (error instanceof EmbeddedDatabaseBusyError) return fail(io, error.message)
    throw error
  }
  let result
  try {
    result = await restoreBackup(database.db, file)
  } catch (error) {
    if (error instanceof BackupError)
      return fail(io, `${database.kind === 'embedded' ? 'DATA_DIR: ' : ''}${error.message}`)
    throw error
  } finally {
    await database.close()
  }
  if (database.kind === 'embedded') await secureDataDir(config.dataDir)

  let secretNote = ''
  if (!secret)
    secretNote = 'The backup holds no IP hash secret: stored client-address hashes start over.'
  else if (config.ipHashSecretConfigured)
    secretNote =
      config.ipHashSecret === secret.value
        ? 'IP_HASH_SECRET is the backup’s IP hash secret.'
        : 'IP_HASH_SECRET differs from the backup’s IP hash secret: per-address limits start over and old hashes no longer match new ones.'
  else if (existingSecret === secret.value)
    secretNote = 'DATA_DIR/ip-hash-secret is the backup’s IP hash secret.'
  else {
    await writeIpHashSecretFile(config.dataDir, secret.value)
    secretNote = `The backup’s IP hash secret is in ${join(config.dataDir, 'ip-hash-secret')}.`
  }
  io.stdout(
    `Restored ${result.rows} row${result.rows === 1 ? '' : 's'} of ${result.tables} tables into ${database.location} ` +
      `from ${file} (the ${header.source} database as of ${header.createdAt}).\n` +
      (result.upgraded.length
        ? `Applied this release's later migrations: ${result.upgraded.join(', ')}.\n`
        : '') +
      `${secretNote}\nE-mails keep their state: sent ones are not sent again, pending ones go out once a server starts.\n`,
  )
  return 0
}

export async function dbCopyCommand(config: Config, to: string, io: Io): Promise<number> {
  if (config.databaseUrl)
    return fail(
      io,
      'db copy moves the embedded database in DATA_DIR; DATABASE_URL is set, so there is none here (unset it for the copy)',
    )
  if (!existsSync(embeddedDataDir(config.dataDir)))
    return fail(io, `there is no embedded database in ${config.dataDir} to copy`)
  if (await serverRunning(config))
    return fail(
      io,
      `a server runs on ${config.dataDir}: stop it first, or what it records after the copy stays behind`,
    )
  const secret: BackupSecret | null = config.ipHashSecret
    ? { value: config.ipHashSecret, from: 'environment' }
    : await readIpHashSecretFile(config.dataDir).then((value) =>
        value ? { value, from: 'file' as const } : null,
      )
  const file = join(tmpdir(), `pacepoint-copy-${randomBytes(8).toString('hex')}.jsonl.gz`)
  try {
    let source: Database
    try {
      source = await openTarget(config, null)
    } catch (error) {
      if (error instanceof EmbeddedDatabaseBusyError) return fail(io, error.message)
      throw error
    }
    try {
      await writeBackup(source.db, file, { source: 'embedded', ipHashSecret: secret })
    } finally {
      await source.close()
    }
    const target = await openTarget(config, to)
    let result
    try {
      result = await restoreBackup(target.db, file)
    } catch (error) {
      if (error instanceof BackupError) return fail(io, `${target.location}: ${error.message}`)
      throw error
    } finally {
      await target.close()
    }
    io.stdout(
      `Copied ${result.rows} row${result.rows === 1 ? '' : 's'} of ${result.tables} tables from ${config.dataDir} to ${target.location}.\n` +
        'Keys stay assigned, orders stay, and e-mails keep their state (nothing is sent again).\n' +
        `Next: start the servers with DATABASE_URL set to it${
          secret?.from === 'file'
            ? ` and IP_HASH_SECRET set to the value in ${join(config.dataDir, 'ip-hash-secret')} (on every instance)`
            : ''
        }. The embedded database is left as it was; keep it until the site runs on Postgres.\n`,
    )
    return 0
  } finally {
    await rm(file, { force: true })
  }
}
