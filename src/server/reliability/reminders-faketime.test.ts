/**
 * The whole product under a moved clock (Debian's faketime, which moves the clock of the Node
 * process and of its embedded database): a trial key handed out today gets its 3-day reminder
 * when the server starts a week later, once, across a restart, and the one on the day three
 * days after that.
 */
import { readdir, readFile, rm } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { api } from '#src/common/paths.ts'
import {
  killAllServers,
  placeholderBuild,
  startServerProcess,
  type ServerProcess,
} from '#tests/support/server-process.ts'
import { seededDataDir } from '#tests/support/test-database.ts'

/** Debian's faketime package: its library, preloaded, moves the clock of the process it is in
 * (the `faketime` command does the same, but as a parent process a signal does not reach). */
const FAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1'

describe.skipIf(!existsSync(FAKETIME) && !process.env.CI)('trial reminders under faketime', () => {
  let dataDir: string
  let distDir: string
  beforeAll(async () => {
    dataDir = await seededDataDir('reminders-faketime-')
    distDir = await placeholderBuild()
  })
  afterEach(() => killAllServers())
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
    await rm(distDir, { recursive: true, force: true })
  })

  const start = (offset?: string) =>
    startServerProcess(
      {
        DATA_DIR: dataDir,
        DIST_DIR: distDir,
        ...(offset
          ? { LD_PRELOAD: FAKETIME, FAKETIME: offset, FAKETIME_DONT_FAKE_MONOTONIC: '1' }
          : {}),
      },
      90_000,
    )
  const stop = async (server: ServerProcess) => {
    server.child.kill('SIGTERM')
    await server.exited
  }
  const reminderFiles = async () => {
    const dir = join(dataDir, 'mail')
    const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'))
    const texts = await Promise.all(names.map((n) => readFile(join(dir, n), 'utf8')))
    return texts.filter((t) => /^Subject: Your \w+ trial ends on /m.test(t))
  }

  it('sends each reminder once, at the moved time, across restarts', async () => {
    let server = await start()
    const res = await fetch(server.url + api.trialSubmissions, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Tess',
        last_name: 'Time',
        email: 'tess@example.com',
        model: 'advanced',
        source: 'test',
      }),
    })
    expect(res.status).toBe(201)
    await stop(server)
    expect(await reminderFiles()).toHaveLength(0)

    // A week later: the 3-day reminder goes right after the start.
    server = await start('+7d')
    await expect.poll(reminderFiles, { timeout: 30_000, interval: 200 }).toHaveLength(1)
    await stop(server)
    // Restarted the same day: nothing again.
    server = await start('+7d')
    await new Promise((r) => setTimeout(r, 3_000))
    expect(await reminderFiles()).toHaveLength(1)
    await stop(server)
    // On the day the trial ends: the second one.
    server = await start('+10d')
    await expect.poll(reminderFiles, { timeout: 30_000, interval: 200 }).toHaveLength(2)
    await stop(server)
    const texts = await reminderFiles()
    expect(texts.join('\n')).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m)
  }, 240_000)
})
