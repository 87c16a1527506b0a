/**
 * Runs one console command: through the running server's console socket when it holds the embedded
 * database, else against the database directly (docs/architecture.md, "Contracts: CLI"). Returns
 * the exit code.
 */
import { readFile } from 'node:fs/promises'
import type { ConsoleCommand } from '#src/server/console/console-command-schema.ts'
import { executeConsoleCommand, type ConsoleResult } from '#src/server/console/console-commands.ts'
import { consoleSocketPath, callConsoleSocket } from '#src/server/console/console-socket.ts'
import { loadSiteSettings, type Config } from '#src/server/config.ts'
import { embeddedDataDir, openDatabase, type Database } from '#src/server/db/client.ts'
import { EmbeddedDatabaseBusyError, isSocketLive } from '#src/server/db/embedded-lock.ts'
import { isDatabaseUnavailable } from '#src/server/db/errors.ts'
import { migrate } from '#src/server/db/migrate.ts'
import { createLogger } from '#src/server/logger.ts'
import { dkimRecord } from '#src/server/mail/dkim.ts'
import { mailIdentity } from '#src/server/mail/mail-identity.ts'
import { startOutboxWorker } from '#src/server/mail/outbox-worker.ts'
import {
  createMailTransport,
  mailDirectory,
  type MailTransport,
} from '#src/server/mail/transport.ts'
import { orderDependencies } from '#src/server/orders/order-deps.ts'
import { readIpHashSecretFile, secureDataDir } from '#src/server/security/data-dir.ts'
import { dbCopyCommand, restoreCommand } from './data-commands.ts'
import { parseCliArgs, USAGE, UsageError } from './parse-args.ts'

interface CliIo {
  stdout(text: string): void
  stderr(text: string): void
}

export interface CliOptions {
  config: Config
  io: CliIo
  /** Tests: an open, migrated database to use instead of opening one (it is not closed). */
  database?: Database
  /** Tests: where queued e-mail goes in direct mode. */
  transport?: MailTransport
}

async function direct(
  options: CliOptions,
  command: ConsoleCommand,
): Promise<ConsoleResult & { via: string }> {
  const { config } = options
  // The CLI may be the first to create DATA_DIR's files: owner-only, as the server makes them.
  if (!options.database && !config.databaseUrl) await secureDataDir(config.dataDir)
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? null : embeddedDataDir(config.dataDir),
      poolSize: 2,
      // An export or an import of a large file may take longer than a web request may.
      queryTimeoutMs: 10 * 60_000,
    }))
  try {
    // A database handed in (tests) was migrated by its owner. Migrating it again would wait for
    // the migrations' lock, which is one per Postgres database: behind other schemas' migrations,
    // longer than its pool's 5 s query timeout allows, and the command failed.
    if (!options.database) await migrate(database.db)
    const settings = loadSiteSettings(config)
    const identity = mailIdentity(config, settings)
    const result = await executeConsoleCommand(
      {
        db: database.db,
        messageIdDomain: identity.messageIdDomain,
        mailDir: mailDirectory(config.dataDir),
        claimBreaker: config.claimBreaker,
        orders: orderDependencies(
          config,
          settings,
          database,
          createLogger({ logLevel: 'silent', logPretty: false }),
        ),
        publicUrl: config.publicUrl,
        goLive: { config, settings },
        backup: {
          source: database.kind,
          ipHashSecret: config.ipHashSecret
            ? { value: config.ipHashSecret, from: 'environment' }
            : await readIpHashSecretFile(config.dataDir).then((value) =>
                value ? { value, from: 'file' as const } : null,
              ),
        },
      },
      command,
    )
    if (result.mailQueued) {
      // No server may be running to send it: deliver what is due now. With Postgres, running
      // servers' workers take rows side by side with this one (SKIP LOCKED), never the same row.
      const transport =
        options.transport ??
        createMailTransport({
          smtpUrl: config.smtpUrl,
          dataDir: config.dataDir,
          dkim: config.dkim,
        })
      const logger = createLogger({ logLevel: 'silent', logPretty: false })
      const worker = startOutboxWorker({
        db: database.db,
        transport,
        identity,
        settings,
        logger,
        pollMs: 60_000,
      })
      try {
        const handled = await worker.drain()
        result.stdout += `Delivery: ${handled} message${handled === 1 ? '' : 's'} handed to ${transport.kind === 'files' ? transport.location : 'SMTP'}; see \`mail status\`.\n`
      } finally {
        await worker.stop()
        if (!options.transport) transport.close()
      }
    }
    return { ...result, via: 'database' }
  } finally {
    if (!options.database) await database.close()
  }
}

/** How long a command waits for a starting server's socket, or for another command to finish. */
const EMBEDDED_BUSY_WAIT_MS = 2 * 60_000

/**
 * Through the server's console socket when one answers, else on the database directly. With the
 * embedded database another process may hold its files without a socket yet (a server still
 * starting) or at all (another console command): the command waits for either, and says so.
 */
async function viaServerOrDirect(options: CliOptions, command: ConsoleCommand) {
  const { config, io } = options
  const socket = consoleSocketPath(config.dataDir)
  const embedded = !config.databaseUrl && !options.database
  const deadline = Date.now() + EMBEDDED_BUSY_WAIT_MS
  let told = false
  for (;;) {
    if (embedded && (await isSocketLive(socket))) return callConsoleSocket(socket, command)
    try {
      return await direct(options, command)
    } catch (error) {
      if (!(error instanceof EmbeddedDatabaseBusyError) || Date.now() >= deadline) throw error
      if (!told)
        io.stderr(
          `admin: ${error.message}; waiting for it (a starting server's console socket, or the other command's end)\n`,
        )
      told = true
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
}

export async function runCli(argv: readonly string[], options: CliOptions): Promise<number> {
  const { io, config } = options
  let request
  try {
    request = parseCliArgs(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr(`admin: ${error.message}\nRun \`npm run admin -- --help\` for the commands.\n`)
    return 2
  }
  if (request.kind === 'help') {
    io.stdout(USAGE)
    return 0
  }

  if (request.kind === 'restore' || request.kind === 'db copy') {
    try {
      return request.kind === 'restore'
        ? await restoreCommand(config, request.file, io)
        : await dbCopyCommand(config, request.to, io)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      io.stderr(
        isDatabaseUnavailable(error)
          ? `admin: the database does not answer (${message})\n`
          : `admin: ${request.kind} failed: ${message}\n`,
      )
      return 1
    }
  }

  let command: ConsoleCommand
  if (request.kind === 'import') {
    let keysText: string
    try {
      keysText = await readFile(request.file, 'utf8')
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      const why =
        code === 'ENOENT'
          ? 'no such file'
          : code === 'EISDIR'
            ? 'it is a directory'
            : code === 'EACCES'
              ? 'permission denied'
              : String(code ?? error)
      io.stderr(`admin: cannot read ${request.file}: ${why}\n`)
      return 1
    }
    command = { ...request.command, keysText }
  } else {
    command = request.command
  }

  // Needs only the key, which is in this environment: no database, no server.
  if (command.name === 'mail dkim-record') {
    if (!config.dkim) {
      io.stderr(
        'admin: DKIM is off: set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (docs/operations.md)\n',
      )
      return 1
    }
    const record = dkimRecord(config.dkim)
    io.stdout(
      `Publish this TXT record in the DNS of ${config.dkim.domainName}:\n\n` +
        `Name:  ${record.name}\nValue: ${record.value}\n\nAs a zone-file line:\n${record.zoneLine}\n\n` +
        `Check it: dig +short TXT ${record.name}\n`,
    )
    return 0
  }

  try {
    const result = await viaServerOrDirect(options, command)
    if (result.stdout) io.stdout(result.stdout)
    if (result.stderr)
      io.stderr(result.stderr.startsWith('admin:') ? result.stderr : `admin: ${result.stderr}`)
    return result.exitCode
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    io.stderr(
      isDatabaseUnavailable(error)
        ? `admin: the database does not answer (${message}); is DATABASE_URL right and the server up?\n`
        : `admin: ${command.name} failed: ${message}\n`,
    )
    return 1
  }
}
