/**
 * DATA_DIR is owner-only (docs/product.md, "Trust under abuse"): the folder 0700, every file in it
 * 0600, the embedded database's and the mail files included; the IP_HASH_SECRET default is
 * generated once there.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { embeddedDataDir, openDatabase } from '../db/client.ts'
import { migrate } from '../db/migrate.ts'
import { createMailTransport } from '../mail/transport.ts'
import { IP_HASH_SECRET_FILE, loadIpHashSecret, secureDataDir } from './data-dir.ts'

async function modes(dir: string): Promise<Map<string, number>> {
  const out = new Map<string, number>()
  const walk = async (path: string) => {
    const s = await stat(path)
    out.set(path, s.mode & 0o777)
    if (s.isDirectory()) for (const e of await readdir(path)) await walk(join(path, e))
  }
  await walk(dir)
  return out
}

describe('DATA_DIR file modes', () => {
  let root: string
  const umask = process.umask()
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'pacepoint-modes-'))
  })
  afterEach(async () => {
    process.umask(umask)
    await rm(root, { recursive: true, force: true })
  })

  it('makes the folder 0700 and everything in it 0600, old files and new ones', async () => {
    const dataDir = join(root, 'data')
    // What an older version left behind, world-readable.
    await mkdir(join(dataDir, 'mail'), { recursive: true, mode: 0o755 })
    await writeFile(join(dataDir, 'mail', 'old.eml'), 'x', { mode: 0o666 })
    process.umask(0o022)
    await secureDataDir(dataDir)

    const database = await openDatabase({ databaseUrl: null, dataDir: embeddedDataDir(dataDir) })
    await migrate(database.db)
    // PGlite sets its own files' modes (0666): the server tightens again once it is open, as
    // here, and every 10 minutes; the 0700 folder keeps others out in between.
    await secureDataDir(dataDir)
    await database.db.execute(sql`create table later (x text)`)
    await database.close()
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700)
    await secureDataDir(dataDir)
    const transport = createMailTransport({ smtpUrl: null, dataDir })
    await transport.send({
      from: 'a@example.com',
      replyTo: 'a@example.com',
      to: { name: 'B', address: 'b@example.com' },
      subject: 's',
      text: 't',
      html: '<p>t</p>',
      messageId: '<m1@example.com>',
    })
    await loadIpHashSecret(dataDir, null)

    const all = await modes(dataDir)
    expect(all.size).toBeGreaterThan(10)
    for (const [path, mode] of all) {
      const s = await stat(path)
      expect(mode.toString(8), path).toBe(s.isDirectory() ? '700' : '600')
    }
  }, 120_000)

  it('generates the IP hash secret once, 0600, and prefers IP_HASH_SECRET', async () => {
    const dataDir = join(root, 'data')
    const first = await loadIpHashSecret(dataDir, null)
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(await loadIpHashSecret(dataDir, null)).toBe(first)
    const file = join(dataDir, IP_HASH_SECRET_FILE)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect((await readFile(file, 'utf8')).trim()).toBe(first)
    expect(await loadIpHashSecret(dataDir, 'from-the-environment-123')).toBe(
      'from-the-environment-123',
    )
  })
})
