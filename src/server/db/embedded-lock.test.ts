/**
 * One process at a time on the embedded database's files (embedded-lock.ts, decision 26): a
 * second opener is refused or waits, and a lock whose process died is taken over.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { openDatabase, queryRows, type Database } from './client.ts'
import { EmbeddedDatabaseBusyError, embeddedLockPath, isSocketLive } from './embedded-lock.ts'

let dir: string
const opened: Database[] = []
const open = async (options: Partial<Parameters<typeof openDatabase>[0]> = {}) => {
  const database = await openDatabase({ databaseUrl: null, dataDir: join(dir, 'db'), ...options })
  opened.push(database)
  return database
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pp-lock-'))
})
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close()
  await rm(dir, { recursive: true, force: true })
})

it('a second opener of the same files is refused while the first holds them, and opens after it closed', async () => {
  const first = await open()
  await first.db.execute(sql`create table kept (v text)`)
  await first.db.execute(sql`insert into kept values ('written by the first')`)
  await expect(open()).rejects.toBeInstanceOf(EmbeddedDatabaseBusyError)
  expect(await isSocketLive(embeddedLockPath(join(dir, 'db')))).toBe(true)
  await first.close()

  const second = await open()
  expect(await queryRows<{ v: string }>(second.db, sql`select v from kept`)).toEqual([
    { v: 'written by the first' },
  ])
})

it('a waiting opener says so once and opens when the holder closes', async () => {
  const first = await open()
  let told = 0
  const second = open({ lockWait: { waitMs: 10_000, onWait: () => told++ } })
  await new Promise((resolve) => setTimeout(resolve, 500))
  expect(told).toBe(1)
  await first.close()
  await expect(second).resolves.toMatchObject({ kind: 'embedded' })
  expect(told).toBe(1)
})

it('the lock of a process that was killed is taken over', async () => {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `const { openDatabase } = await import(${JSON.stringify(new URL('./client.ts', import.meta.url).pathname)})
       await openDatabase({ databaseUrl: null, dataDir: ${JSON.stringify(join(dir, 'db'))} })
       console.log('holding')
       setInterval(() => {}, 1000)`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const [line] = (await once(child.stdout!, 'data')) as [Buffer]
  expect(line.toString()).toContain('holding')
  await expect(open()).rejects.toBeInstanceOf(EmbeddedDatabaseBusyError)
  child.kill('SIGKILL')
  await once(child, 'exit')

  const after = await open()
  expect(await queryRows(after.db, sql`select 1 as one`)).toEqual([{ one: 1 }])
})

it('a data directory too deep for a socket path still locks, and opens again after a stop', async () => {
  const deep = join(dir, 'a'.repeat(60), 'b'.repeat(60), 'db')
  const lockPath = embeddedLockPath(deep)
  expect(lockPath.startsWith(tmpdir())).toBe(true)
  const first = await open({ dataDir: deep })
  await expect(open({ dataDir: deep })).rejects.toBeInstanceOf(EmbeddedDatabaseBusyError)
  expect(await isSocketLive(lockPath)).toBe(true)
  await first.close()
  expect(await isSocketLive(lockPath)).toBe(false)
  await expect(open({ dataDir: deep })).resolves.toMatchObject({ kind: 'embedded' })
})
