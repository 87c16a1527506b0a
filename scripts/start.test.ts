/**
 * `npm start` under a supervisor (DESIGN.md §21): SIGTERM sent to the npm process alone, not to
 * its group, stops the server within its drain time, and nothing keeps the port or the embedded
 * database afterwards.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { embeddedDataDir, openDatabase } from '#src/server/db/client.ts'
import { placeholderBuild } from '#tests/support/server-process.ts'
import { testEnvironment } from '#tests/support/test-env.ts'

const cleanup: string[] = []
/** A server left running by a failed run is killed, so it holds no port after the test. */
const servers: number[] = []
afterAll(async () => {
  for (const pid of servers) if (alive(pid)) process.kill(pid, 'SIGKILL')
  for (const dir of cleanup) await rm(dir, { recursive: true, force: true })
})

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

const portAnswers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })

it('stops the server when only the npm process gets SIGTERM', { timeout: 120_000 }, async () => {
  const dist = await placeholderBuild()
  // An existing build: npm start serves it instead of building.
  await writeFile(join(dist, 'build.json'), '{}')
  const dataDir = await mkdtemp(join(tmpdir(), 'npm-start-'))
  cleanup.push(dist, dataDir)
  const { inherited } = testEnvironment()
  const npm = spawn('npm', ['start', '--silent'], {
    env: {
      PATH: inherited.PATH ?? '',
      HOME: inherited.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DIST_DIR: dist,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)))
  let serverPid = 0
  let port = 0
  let stderr = ''
  npm.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  await new Promise<void>((resolve, reject) => {
    let buffer = ''
    npm.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      for (const line of buffer.split('\n')) {
        if (!line.includes('"listening"')) continue
        const entry = JSON.parse(line) as { pid: number; url: string }
        serverPid = entry.pid
        servers.push(serverPid)
        port = Number(new URL(entry.url).port)
        resolve()
      }
    })
    void exited.then((code) => reject(new Error(`npm start exited (${code}): ${stderr}`)))
  })
  expect(serverPid).not.toBe(npm.pid)
  expect(await portAnswers(port)).toBe(true)

  const signalledAt = Date.now()
  process.kill(npm.pid!, 'SIGTERM')
  expect(await exited).toBe(0)
  // The drain time: one second of lingering, then in-flight requests, then the cleanup.
  expect(Date.now() - signalledAt).toBeLessThan(12_000)
  expect(alive(serverPid)).toBe(false)
  expect(await portAnswers(port)).toBe(false)
  // The embedded database is free: another process opens it at once.
  const database = await openDatabase({ databaseUrl: null, dataDir: embeddedDataDir(dataDir) })
  await database.close()
})
