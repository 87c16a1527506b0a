/**
 * `npm start`'s server as a process: a fresh embedded database gets marked demo keys, a trial
 * e-mail lands under DATA_DIR/mail, the CLI goes through the console socket while the server
 * holds the database, a second server on the same files is refused, SIGTERM stops it cleanly,
 * and a restart keeps the data without adding demo keys again.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { CLIENT_ENTRIES, DOCUMENT_ROUTES } from '#src/common/site/routes.ts'
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink.ts'
import { embeddedDataDir } from '#src/server/db/client.ts'
import {
  seedEmbeddedDataDir,
  TEST_DB_KINDS,
  useTestDatabase,
} from '#tests/support/test-database.ts'
import { testEnvironment } from '#tests/support/test-env.ts'

const exec = promisify(execFile)

interface Running {
  child: ChildProcess
  url: string
  logs: Record<string, unknown>[]
  exited: Promise<number | null>
}

let dataDir: string
let distDir: string
let extraEnv: Record<string, string> = {}
const env = () => ({
  ...testEnvironment().inherited,
  DATA_DIR: dataDir,
  DIST_DIR: distDir,
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'info',
  LOG_PRETTY: '',
  DATABASE_URL: '',
  SMTP_URL: '',
  PUBLIC_URL: 'https://trial.example.test',
  // The build here has the shipped placeholder company; refusing it has a test of its own.
  ALLOW_PLACEHOLDER_SETTINGS: '1',
  ...extraEnv,
})

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'h1-server-data-'))
  distDir = await mkdtemp(join(tmpdir(), 'h1-server-dist-'))
  await mkdir(join(distDir, 'site'), { recursive: true })
  for (const doc of [...DOCUMENT_ROUTES, ...CLIENT_ENTRIES])
    await writeFile(
      join(distDir, 'site', `${doc.name}.html`),
      `<!doctype html><title>${doc.name}</title>`,
    )
})
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true })
  await rm(distDir, { recursive: true, force: true })
})

function start(): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    env: env(),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: Record<string, unknown>[] = []
  let stderr = ''
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  )
  return new Promise((resolve, reject) => {
    let buffer = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString()
      let nl
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl)
        buffer = buffer.slice(nl + 1)
        try {
          const entry = JSON.parse(line) as Record<string, unknown>
          logs.push(entry)
          if (entry.msg === 'listening') resolve({ child, url: entry.url as string, logs, exited })
        } catch {
          // not a log line
        }
      }
    })
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    void exited.then((code) =>
      reject(new Error(`server exited with ${code} before listening: ${stderr}`)),
    )
  })
}

const admin = async (args: string[]) => {
  try {
    const { stdout, stderr } = await exec(
      process.execPath,
      ['--import', 'tsx', 'src/cli/index.ts', ...args],
      { env: env() },
    )
    return { code: 0, stdout, stderr }
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr }
  }
}

describe('placeholder company and contact settings', () => {
  it('refuse to start a site at an https PUBLIC_URL unless ALLOW_PLACEHOLDER_SETTINGS=1', async () => {
    extraEnv = { ALLOW_PLACEHOLDER_SETTINGS: '' }
    try {
      await expect(start()).rejects.toThrow(
        /exited with 1 before listening: PUBLIC_URL is https:\/\/trial\.example\.test, but these company and contact settings are still placeholders: SITE_COMPANY_LEGAL_NAME, SITE_COMPANY_ADDRESS, SITE_PEOPLE\..*ALLOW_PLACEHOLDER_SETTINGS=1/s,
      )
      // Replaced, the same site starts (on a copy of a migrated database: the first start on
      // empty files has the test below).
      await seedEmbeddedDataDir(embeddedDataDir(join(dataDir, 'placeholders')))
      extraEnv = {
        // Its own database: the next test starts from a fresh one.
        DATA_DIR: join(dataDir, 'placeholders'),
        ALLOW_PLACEHOLDER_SETTINGS: '',
        SITE_COMPANY_LEGAL_NAME: 'Example Models s.r.o.',
        SITE_COMPANY_ADDRESS: 'Na Příkopě 1, 110 00 Praha 1',
        SITE_PEOPLE: '[]',
      }
      const server = await start()
      server.child.kill('SIGTERM')
      expect(await server.exited).toBe(0)
    } finally {
      extraEnv = {}
    }
  }, 60_000)
})

describe('the server process on the embedded database', () => {
  it('starts, serves the trial flow, shares its database through the console socket and stops on SIGTERM', async () => {
    const server = await start()
    try {
      const demo = server.logs.find(
        (l) => typeof l.msg === 'string' && l.msg.includes('DEMO license keys'),
      )
      expect(demo).toMatchObject({ level: 40, demoKeys: { basic: 5, advanced: 5 } })
      expect(
        server.logs.find((l) => typeof l.msg === 'string' && l.msg.startsWith('no SMTP_URL')),
      ).toMatchObject({ directory: join(dataDir, 'mail') })
      // The shipped company and contact details are placeholders: the operator is told so.
      expect(
        server.logs.find((l) => typeof l.msg === 'string' && l.msg.includes('placeholder company')),
      ).toMatchObject({ level: 40, settings: expect.arrayContaining(['SITE_COMPANY_LEGAL_NAME']) })

      expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
      expect(await (await fetch(`${server.url}/api/license-counts`)).json()).toEqual({
        basic: 5,
        advanced: 5,
      })
      const res = await fetch(`${server.url}/api/trial-submissions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          first_name: 'Ada',
          last_name: 'Lovelace',
          email: 'ada@example.com',
          model: 'basic',
          source: 'test',
        }),
      })
      expect(res.status).toBe(201)
      expect(await res.json()).toMatchObject({ has_license: true })

      const mailDir = join(dataDir, 'mail')
      const emlCount = async () =>
        existsSync(mailDir) ? (await readdir(mailDir)).filter((f) => f.endsWith('.eml')).length : 0
      await expect.poll(emlCount, { timeout: 10_000, interval: 100 }).toBeGreaterThan(0)
      const files = (await readdir(mailDir)).filter((f) => f.endsWith('.eml'))
      expect(files).toHaveLength(1)
      const eml = await readFile(join(mailDir, files[0]!), 'utf8')
      expect(eml).toMatch(/^To: Ada Lovelace <ada@example.com>$/m)
      expect(eml).toMatch(/DEMO-BASIC-/)

      // The server holds PGlite, so the CLI must go through the socket.
      const stats = await admin(['licenses', 'stats'])
      expect(stats.stderr).toBe('')
      expect(stats.stdout).toMatch(/^Basic\s+4\s+1\s+0\s+5\s+4 of 5 available$/m)
      expect(stats.stdout).toMatch(/DEMO keys/)
      expect(
        server.logs.some((l) => l.msg === 'console command' && l.command === 'licenses stats'),
      ).toBe(true)

      // A second server on the same files would corrupt them: refused.
      await expect(start()).rejects.toThrow(/Another server is running/)
    } finally {
      server.child.kill('SIGTERM')
    }
    expect(await server.exited).toBe(0)
    expect(server.logs.some((l) => l.msg === 'stopped')).toBe(true)

    // Restart: the data is still there and no second set of demo keys appears.
    const again = await start()
    try {
      expect(
        again.logs.some((l) => typeof l.msg === 'string' && l.msg.includes('DEMO license keys')),
      ).toBe(false)
      expect(await (await fetch(`${again.url}/api/license-counts`)).json()).toEqual({
        basic: 4,
        advanced: 5,
      })
    } finally {
      again.child.kill('SIGTERM')
    }
    expect(await again.exited).toBe(0)
  }, 180_000)
})

describe.runIf(TEST_DB_KINDS.includes('postgres'))(
  'the server process on Postgres with SMTP',
  () => {
    const database = useTestDatabase('postgres')
    let smtp: SmtpSink
    beforeAll(async () => {
      const { db, schema, url: databaseUrl } = database()
      // Start from an empty schema: the server migrates it itself.
      await db.execute(sql.raw(`drop schema ${schema} cascade`))
      await db.execute(sql.raw(`create schema ${schema}`))
      smtp = await startSmtpSink()
      const url = new URL(databaseUrl!)
      url.searchParams.set('options', `-c search_path=${schema}`)
      extraEnv = { DATABASE_URL: url.toString(), SMTP_URL: smtp.url, DATA_DIR: join(dataDir, 'pg') }
    })
    afterAll(async () => {
      extraEnv = {}
      await smtp.close()
    })

    it('migrates, loads no demo keys, opens no socket, and mails the key over SMTP', async () => {
      const server = await start()
      try {
        expect(server.logs.find((l) => l.msg === 'database open')).toMatchObject({
          database: 'postgres',
        })
        expect(server.logs.some((l) => typeof l.msg === 'string' && l.msg.includes('DEMO'))).toBe(
          false,
        )
        expect(existsSync(join(dataDir, 'pg', 'admin.sock'))).toBe(false)
        expect(await (await fetch(`${server.url}/api/license-counts`)).json()).toEqual({
          basic: 0,
          advanced: 0,
        })

        // With Postgres the CLI talks to the database directly, next to the running server.
        const file = join(dataDir, 'pg-keys.txt')
        await writeFile(file, 'REAL-1\nREAL-2\n')
        const imported = await admin(['licenses', 'import', '--model', 'advanced', file])
        expect(imported.stdout).toMatch(/Imported 2 Advanced keys/)

        // The server's count cache lives a second; then the import shows.
        await expect
          .poll(async () => (await fetch(`${server.url}/api/license-counts`)).json(), {
            timeout: 10_000,
            interval: 100,
          })
          .toEqual({ basic: 0, advanced: 2 })
        const res = await fetch(`${server.url}/api/trial-submissions`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            first_name: 'Grace',
            last_name: 'Hopper',
            email: 'grace@example.com',
            model: 'advanced',
            source: 'test',
          }),
        })
        expect(res.status).toBe(201)
        const [mail] = await smtp.waitFor(1, 20_000)
        expect(mail!.to).toEqual(['grace@example.com'])
        expect(mail!.text).toContain('REAL-1')
        // Rendered in the mail thread (it loads the React templates itself), not by the
        // main thread's fallback.
        expect(mail!.html).toContain('class="pp-key')
        expect(server.logs.map((l) => l.msg)).not.toContain(
          'the mail thread failed; sending from the main thread',
        )
      } finally {
        server.child.kill('SIGTERM')
      }
      expect(await server.exited).toBe(0)
    }, 120_000)
  },
)
