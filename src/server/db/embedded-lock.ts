/**
 * One process at a time on the embedded database's files. PGlite keeps the database in the
 * memory of the process that opened it and writes its files back as it goes; a second process on
 * the same files (an console command run while the server was still starting, before its admin
 * socket answered) worked on its own copy, and whichever wrote last won: an import reported
 * "Imported 2 paid keys" and the keys were gone (decision 26).
 *
 * The lock is a Unix socket next to the files (DATA_DIR/db.lock), listened on by the process
 * that holds them. A socket that answers is held; one that does not belongs to a process that
 * died (a crash, SIGKILL), and is taken over: no stale lock outlives its process, and no process
 * id can be reused by another.
 */
import { createHash } from 'node:crypto'
import { realpathSync } from 'node:fs'
import { unlink } from 'node:fs/promises'
import { connect, createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'

/** Thrown when another live process holds the embedded database's files. */
export class EmbeddedDatabaseBusyError extends Error {
  constructor(dataDir: string) {
    super(
      `another process holds the embedded database in ${dataDir} (a server, or an console command)`,
    )
  }
}

/**
 * A Unix socket's path holds at most 107 bytes on Linux (103 on macOS); a longer one is cut
 * short without an error, so a socket would listen under a name nobody removes or finds. Past
 * this length the socket goes in the temporary directory instead, named by a hash of the path it
 * stands for: the same for every process that looks for it.
 */
const MAX_SOCKET_PATH_BYTES = 100

export function unixSocketPath(preferred: string): string {
  if (Buffer.byteLength(preferred) <= MAX_SOCKET_PATH_BYTES) return preferred
  let dir = dirname(preferred)
  try {
    dir = realpathSync(dir)
  } catch {
    dir = resolve(dir)
  }
  const key = createHash('sha256')
    .update(join(dir, basename(preferred)))
    .digest('hex')
  return join(tmpdir(), `pacepoint-${key.slice(0, 20)}.sock`)
}

/** The lock's socket for an embedded database directory: beside it, not inside PGlite's files. */
export function embeddedLockPath(dataDir: string): string {
  return unixSocketPath(`${dataDir.replace(/\/+$/, '')}.lock`)
}

/** True when something listens on the Unix socket at path and accepts a connection. */
export function isSocketLive(path: string, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ path })
    const done = (live: boolean) => {
      socket.destroy()
      resolve(live)
    }
    socket.setTimeout(timeoutMs, () => done(false))
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
  })
}

function listen(path: string): Promise<Server | null> {
  const server = createServer((socket) => socket.destroy())
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(null) : reject(error),
    )
    server.listen(path, () => {
      // The lock must not keep a process alive that has nothing else to do.
      server.unref()
      resolve(server)
    })
  })
}

export interface EmbeddedLock {
  release(): Promise<void>
}

/** Takes the lock, or null while a live process holds it. */
async function tryLock(path: string): Promise<EmbeddedLock | null> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const server = await listen(path)
    if (server)
      return {
        release: () => new Promise<void>((resolve) => server.close(() => resolve())),
      }
    if (await isSocketLive(path)) return null
    // Left by a process that died: its socket file stays, nobody listens on it.
    await unlink(path).catch(() => {})
  }
  return null
}

/**
 * Takes the lock of the embedded database in dataDir, waiting up to waitMs while another live
 * process holds it (onWait is told once, when the wait begins); then EmbeddedDatabaseBusyError.
 */
export async function lockEmbeddedDatabase(
  dataDir: string,
  options: { waitMs?: number; onWait?: () => void; pollMs?: number } = {},
): Promise<EmbeddedLock> {
  const { waitMs = 0, onWait, pollMs = 200 } = options
  const path = embeddedLockPath(dataDir)
  const deadline = Date.now() + waitMs
  let told = false
  for (;;) {
    const lock = await tryLock(path)
    if (lock) return lock
    if (Date.now() >= deadline) throw new EmbeddedDatabaseBusyError(dataDir)
    if (!told) onWait?.()
    told = true
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
}
