/**
 * The console socket (docs/architecture.md, "Contracts: CLI"): PGlite is single-process, so while the
 * server holds the embedded database it serves the operator's commands on a Unix socket in
 * DATA_DIR, readable by the owner only and never on TCP. The CLI tries it first.
 */
import { chmod, unlink } from 'node:fs/promises'
import { createServer, request, type Server } from 'node:http'
import { join } from 'node:path'
import { describeIssues } from '#src/common/trial-schema.ts'
import { isSocketLive, unixSocketPath } from '../db/embedded-lock.ts'
import type { Logger } from '../logger.ts'
import { ConsoleCommandSchema, type ConsoleCommand } from './console-command-schema.ts'
import {
  executeConsoleCommand,
  type ConsoleContext,
  type ConsoleResult,
} from './console-commands.ts'

const MAX_BODY = 64 * 1024 * 1024

export function consoleSocketPath(dataDir: string): string {
  return unixSocketPath(join(dataDir, 'admin.sock'))
}

export interface ConsoleSocket {
  path: string
  close(): Promise<void>
}

export async function startConsoleSocket(
  path: string,
  ctx: ConsoleContext & { onMailQueued?: () => void },
  logger: Logger,
): Promise<ConsoleSocket> {
  if (await isSocketLive(path))
    throw new Error(
      `Another server already serves ${path}; it holds the embedded database in this DATA_DIR`,
    )
  await unlink(path).catch(() => {})

  const server: Server = createServer((req, res) => {
    const reply = (status: number, result: ConsoleResult) => {
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(result))
    }
    if (req.method !== 'POST' || req.url !== '/command')
      return reply(404, { exitCode: 2, stdout: '', stderr: 'unknown admin endpoint\n' })
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY) req.destroy()
      else chunks.push(chunk)
    })
    req.on('end', () => {
      void (async () => {
        let body: unknown
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
        } catch {
          return reply(400, { exitCode: 2, stdout: '', stderr: 'the command is not valid JSON\n' })
        }
        const parsed = ConsoleCommandSchema.safeParse(body)
        if (!parsed.success)
          return reply(400, {
            exitCode: 2,
            stdout: '',
            stderr: `${describeIssues(parsed.error).join('\n')}\n`,
          })
        const command = parsed.data
        try {
          const result = await executeConsoleCommand(ctx, command)
          if (result.mailQueued) ctx.onMailQueued?.()
          logger.info({ command: command.name, exitCode: result.exitCode }, 'console command')
          reply(200, result)
        } catch (error) {
          logger.error({ err: error, command: command.name }, 'console command failed')
          reply(500, {
            exitCode: 1,
            stdout: '',
            stderr: `${command.name} failed: ${error instanceof Error ? error.message : String(error)}\n`,
          })
        }
      })()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(path, () => resolve())
  })
  // Owner only: the socket hands out keys and exports every lead.
  await chmod(path, 0o600)
  logger.info({ path }, 'console socket listening')
  return {
    path,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** Runs a command on the server behind the socket. */
export function callConsoleSocket(
  path: string,
  command: ConsoleCommand,
  timeoutMs = 120_000,
): Promise<ConsoleResult> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(command)
    const req = request(
      {
        socketPath: path,
        path: '/command',
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as ConsoleResult)
          } catch {
            reject(new Error(`the server answered ${res.statusCode} without a result`))
          }
        })
      },
    )
    req.on('timeout', () => req.destroy(new Error('the server did not answer in time')))
    req.on('error', reject)
    req.end(body)
  })
}
