/**
 * DATA_DIR holds every address and key we have: owner-only (docs/product.md, "Trust under abuse").
 * The directory is 0700 and everything in it 0600 (0700 for folders). The process runs with umask
 * 077, so what we write is owner-only from the start; PGlite sets its own files' modes (0666), so
 * the server calls secureDataDir again once the database is open and every 10 minutes; in between
 * the 0700 folder keeps other users out. The IP_HASH_SECRET default is generated once here.
 */
import { randomBytes } from 'node:crypto'
import { chmod, lstat, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

export const IP_HASH_SECRET_FILE = 'ip-hash-secret'

/** Creates DATA_DIR if needed and makes it and everything under it owner-only. */
export async function secureDataDir(dataDir: string): Promise<void> {
  // Files created from now on (PGlite's, the .eml files, the socket) are owner-only.
  process.umask(0o077)
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  await tighten(dataDir)
}

async function tighten(path: string): Promise<void> {
  const stat = await lstat(path)
  if (stat.isSymbolicLink()) return
  if (stat.isDirectory()) {
    if ((stat.mode & 0o777) !== 0o700) await chmod(path, 0o700)
    for (const entry of await readdir(path)) await tighten(join(path, entry))
  } else if (stat.isFile() && (stat.mode & 0o777) !== 0o600) {
    await chmod(path, 0o600)
  }
}

/**
 * The secret that keys the HMAC of client addresses: IP_HASH_SECRET when set, else the one in
 * DATA_DIR/ip-hash-secret, created (256 random bits, mode 0600) on first use. Several processes
 * starting at once agree: only one creation wins, the others read it.
 */
export async function loadIpHashSecret(
  dataDir: string,
  configured: string | null,
): Promise<string> {
  if (configured) return configured
  const file = join(dataDir, IP_HASH_SECRET_FILE)
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  try {
    await writeFile(file, randomBytes(32).toString('base64url') + '\n', {
      mode: 0o600,
      flag: 'wx',
    })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const secret = (await readFile(file, 'utf8')).trim()
  if (secret.length < 16) throw new Error(`${file} is too short to be a secret; delete it`)
  return secret
}

/** DATA_DIR/ip-hash-secret if it exists, without making one (a backup, a restore). */
export async function readIpHashSecretFile(dataDir: string): Promise<string | null> {
  try {
    return (await readFile(join(dataDir, IP_HASH_SECRET_FILE), 'utf8')).trim() || null
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/** Writes DATA_DIR/ip-hash-secret (a restore), owner-only; never replaces one. */
export async function writeIpHashSecretFile(dataDir: string, secret: string): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  await writeFile(join(dataDir, IP_HASH_SECRET_FILE), secret + '\n', { mode: 0o600, flag: 'wx' })
}
