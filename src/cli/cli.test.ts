/**
 * The admin CLI (docs/architecture.md, "Contracts: CLI") on both paths: directly against the
 * database (embedded and Postgres), and through the console socket of a server that holds the
 * embedded database. A few cases also run the real `npm run admin` entry in a child process.
 */
import { execFile, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { parse as parseCsv } from 'csv-parse/sync'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  consoleSocketPath,
  callConsoleSocket,
  startConsoleSocket,
  type ConsoleSocket,
} from '#src/server/console/console-socket.ts'
import { embeddedDataDir, openDatabase, queryRows } from '#src/server/db/client.ts'
import { migrate } from '#src/server/db/migrate.ts'
import { insertLicenses } from '#src/server/licenses/license-repository.ts'
import { listMail } from '#src/server/mail/outbox-repository.ts'
import { enqueueMail } from '#src/server/mail/mail-queue.ts'
import { insertSubmission } from '#src/server/trials/submission-repository.ts'
import { LicenseCountsCache, seedDemoLicenses } from '#src/server/licenses/license-service.ts'
import { createMailTransport } from '#src/server/mail/transport.ts'
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink.ts'
import { memoryLogger, testConfig } from '#tests/support/test-app.ts'
import {
  createTestDatabase,
  seedEmbeddedDataDir,
  TEST_DB_KINDS,
  useTestDatabase,
  type TestDatabase,
  type TestDbKind,
} from '#tests/support/test-database.ts'
import { runCli, type CliOptions } from './run-cli.ts'
import { testEnvironment } from '#tests/support/test-env.ts'

const run = promisify(execFile)

interface Outcome {
  code: number
  stdout: string
  stderr: string
}

async function cli(argv: string[], options: Omit<CliOptions, 'io'>): Promise<Outcome> {
  let stdout = ''
  let stderr = ''
  const code = await runCli(argv, {
    ...options,
    io: { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) },
  })
  return { code, stdout, stderr }
}

let seq = 0
async function waitingVisitor(
  database: TestDatabase,
  email: string,
  model: 'basic' | 'advanced',
  minutesAgo: number,
) {
  return insertSubmission(database.db, {
    firstName: 'Wait',
    lastName: `Er${++seq}`,
    email,
    model,
    source: 'test',
    waitlist: true,
    waitlistTokenHash: 'x',
    createdAt: new Date(Date.now() - minutesAgo * 60_000),
  })
}

const POLL = { timeout: 15_000, interval: 25 }

type Path = 'direct' | 'socket'
const PATHS: [TestDbKind, Path][] = [
  ...TEST_DB_KINDS.map((kind): [TestDbKind, Path] => [kind, 'direct']),
  ['pglite', 'socket'],
]

describe.each(PATHS)('admin CLI on %s, %s', (kind, path) => {
  const database = useTestDatabase(kind, { emptyBeforeEach: true })
  let dir: string
  let smtp: SmtpSink
  let socket: ConsoleSocket | null = null
  let options: Omit<CliOptions, 'io'>
  const counts = { value: null as LicenseCountsCache | null }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'h1-cli-'))
    smtp = await startSmtpSink()
    const transport = createMailTransport({ smtpUrl: smtp.url, dataDir: dir })
    const config = testConfig({ DATA_DIR: dir })
    if (path === 'socket') {
      counts.value = new LicenseCountsCache(database().db)
      // The server's side: it holds the database; its worker would send what commands queue.
      const { runOutboxPass } = await import('#src/server/mail/outbox-worker.ts')
      const { mailIdentity } = await import('#src/server/mail/mail-identity.ts')
      const { DEFAULT_SETTINGS } = await import('#src/common/site/settings.ts')
      const identity = mailIdentity(config, DEFAULT_SETTINGS)
      socket = await startConsoleSocket(
        consoleSocketPath(dir),
        {
          db: database().db,
          messageIdDomain: identity.messageIdDomain,
          counts: counts.value,
          onMailQueued: () =>
            void runOutboxPass({
              db: database().db,
              transport,
              identity,
              settings: DEFAULT_SETTINGS,
              logger: memoryLogger().logger,
            }),
        },
        memoryLogger().logger,
      )
      // No database handed over: the CLI must find the socket by itself.
      options = { config }
    } else {
      options = { config, database: database(), transport }
    }
  })
  afterAll(async () => {
    await socket?.close()
    await smtp.close()
    await rm(dir, { recursive: true, force: true })
  })
  beforeEach(() => {
    smtp.received.length = 0
  })

  if (path === 'socket') {
    it('serves on DATA_DIR/admin.sock, owner only', async () => {
      const info = await stat(consoleSocketPath(dir))
      expect(info.isSocket()).toBe(true)
      expect(info.mode & 0o777).toBe(0o600)
    })

    it('refuses a malformed command with the words the command line uses', async () => {
      const bad = (command: unknown) => callConsoleSocket(consoleSocketPath(dir), command as never)
      expect(await bad({ name: 'leads export', format: 'xlsx' })).toMatchObject({
        exitCode: 2,
        stderr: 'unknown format "xlsx"; use csv or json\n',
      })
      const fromCli = await cli(['leads', 'export', '--format', 'xlsx'], options)
      expect(fromCli.stderr).toContain('unknown format "xlsx"; use csv or json')
      expect(await bad({ name: 'operators add', email: 'not-an-address' })).toMatchObject({
        exitCode: 2,
        stderr: '"not-an-address" is not an e-mail address\n',
      })
      expect(await bad({ name: 'licenses burn' })).toMatchObject({
        exitCode: 2,
        stderr: 'unknown command "licenses burn"\n',
      })
      expect(await bad(['mail status'])).toMatchObject({
        exitCode: 2,
        stderr: 'command must be a JSON object\n',
      })
    })
  }

  it('licenses import: loads the keys, skips and counts duplicates', async () => {
    await insertLicenses(database().db, 'basic', ['OLD-1'], 'earlier')
    const file = join(dir, 'keys.txt')
    await writeFile(file, '# batch 7\nK-1\r\nK-2\n\n  K-3  \nK-2\nOLD-1\n')
    const res = await cli(['licenses', 'import', '--model', 'basic', file], options)
    expect(res).toMatchObject({ code: 0, stderr: '' })
    expect(res.stdout).toMatch(
      /Imported 3 Basic keys from keys.txt \(5 read, 2 duplicates skipped\)/,
    )
    const rows = await queryRows<{ activation_key: string }>(
      database().db,
      sql`select activation_key from licenses where model = 'basic' order by seq`,
    )
    expect(rows.map((r) => r.activation_key)).toEqual(['OLD-1', 'K-1', 'K-2', 'K-3'])
    if (counts.value) expect(await counts.value.get()).toEqual({ basic: 4, advanced: 0 })
  })

  it('licenses import: clear errors for a missing file, an unknown model, a missing model, a bad key line', async () => {
    const missing = await cli(
      ['licenses', 'import', '--model', 'basic', join(dir, 'nope.txt')],
      options,
    )
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/cannot read .*nope.txt: no such file/)
    const unknown = await cli(['licenses', 'import', '--model', 'premium', 'x.txt'], options)
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/unknown model "premium"; use basic or advanced/)
    const noModel = await cli(['licenses', 'import', 'x.txt'], options)
    expect(noModel.code).toBe(2)
    expect(noModel.stderr).toMatch(/--model is required/)
    const bad = join(dir, 'bad.txt')
    await writeFile(bad, 'GOOD-1\nthis is a sentence\n')
    const badLine = await cli(['licenses', 'import', '--model', 'advanced', bad], options)
    expect(badLine.code).toBe(1)
    expect(badLine.stderr).toMatch(/line 2 is not a key/)
    expect(await queryRows(database().db, sql`select 1 from licenses`)).toHaveLength(0)
  })

  it('licenses stats: counts per model and state, demo keys marked', async () => {
    await seedDemoLicenses(database().db, 5)
    await insertLicenses(database().db, 'advanced', ['A-1', 'A-2'], 'real')
    await database().db.execute(
      sql`update licenses set status = 'assigned', submission_id = null where false`,
    )
    const res = await cli(['licenses', 'stats'], options)
    expect(res.code).toBe(0)
    expect(res.stdout).toMatch(/^Basic\s+5\s+0\s+0\s+5\s+5 of 5 available$/m)
    expect(res.stdout).toMatch(/^Advanced\s+7\s+0\s+0\s+7\s+5 of 5 available$/m)
    expect(res.stdout).toMatch(/DEMO keys were loaded/)
  })

  it('leads export: formula-safe CSV by default, JSON on request', async () => {
    await insertSubmission(database().db, {
      firstName: '=HYPERLINK("http://x")',
      lastName: '@risk',
      email: 'lead@example.com',
      model: 'basic',
      source: 'web',
      waitlistTokenHash: 'x',
    })
    const csv = await cli(['leads', 'export'], options)
    expect(csv.code).toBe(0)
    const [header, ...rows] = parseCsv(csv.stdout) as string[][]
    expect(header!.slice(0, 5)).toEqual([
      'submission_id',
      'created_at',
      'first_name',
      'last_name',
      'email',
    ])
    expect(rows).toHaveLength(1)
    expect(csv.stdout).toContain(`"'=HYPERLINK(""http://x"")","'@risk","lead@example.com"`)
    const json = await cli(['leads', 'export', '--format', 'json'], options)
    expect(JSON.parse(json.stdout)).toMatchObject([
      { first_name: '=HYPERLINK("http://x")', email: 'lead@example.com' },
    ])
    const bad = await cli(['leads', 'export', '--format', 'xlsx'], options)
    expect(bad).toMatchObject({ code: 2 })
    expect(bad.stderr).toMatch(/unknown format "xlsx"/)
  })

  it('waitlist list and notify: oldest first, a key while the pool lasts, one e-mail each, never twice', async () => {
    expect((await cli(['waitlist', 'list'], options)).stdout).toMatch(/Nobody is waiting/)
    const oldest = await waitingVisitor(database(), 'first@example.com', 'basic', 30)
    await waitingVisitor(database(), 'second@example.com', 'basic', 20)
    await waitingVisitor(database(), 'second@example.com', 'basic', 15)
    await waitingVisitor(database(), 'third@example.com', 'basic', 10)
    await waitingVisitor(database(), 'other@example.com', 'advanced', 40)
    const list = await cli(['waitlist', 'list', '--model', 'basic'], options)
    expect(list.code).toBe(0)
    expect(list.stdout.indexOf('first@example.com')).toBeLessThan(
      list.stdout.indexOf('third@example.com'),
    )
    expect(list.stdout).not.toContain('other@example.com')
    expect(list.stdout).toMatch(/4 waiting/)

    await insertLicenses(database().db, 'basic', ['W-1', 'W-2'], 'refill')
    const notify = await cli(['waitlist', 'notify', '--model', 'basic'], options)
    expect(notify.code).toBe(0)
    expect(notify.stdout).toMatch(/Notified 3 waiting Basic visitors: 2 with a key, 1 without/)
    const mail = await smtp.waitFor(3)
    // Rather than wait a while for a fourth e-mail that should never come: once all three rows
    // are sent, nothing can claim and send them again.
    await expect
      .poll(async () => (await listMail(database().db)).map((m) => m.status), POLL)
      .toEqual(['sent', 'sent', 'sent'])
    expect(mail.map((m) => m.to[0]).sort()).toEqual([
      'first@example.com',
      'second@example.com',
      'third@example.com',
    ])
    expect(mail.find((m) => m.to[0] === 'first@example.com')!.text).toContain('W-1')
    expect(mail.find((m) => m.to[0] === 'second@example.com')!.text).toContain('W-2')
    const [firstRow] = await queryRows<{ license_id: string | null }>(
      database().db,
      sql`select license_id from trial_submissions where id = ${oldest.id}`,
    )
    expect(firstRow!.license_id).toBeTruthy()

    const again = await cli(['waitlist', 'notify', '--model', 'basic'], options)
    expect(again.stdout).toMatch(/Notified 0/)
    expect((await listMail(database().db)).length).toBe(3)
    expect((await cli(['waitlist', 'list', '--model', 'basic'], options)).stdout).toMatch(
      /Nobody is waiting/,
    )
    const noModel = await cli(['waitlist', 'notify'], options)
    expect(noModel.code).toBe(2)
  })

  it('mail status and mail retry', async () => {
    const row = await enqueueMail(database().db, {
      kind: 'trial',
      to: 'dead@example.com',
      payload: { model: 'basic', firstName: 'D', lastName: 'E', activationKey: 'K' },
      messageIdDomain: 'example.com',
    })
    await database().db.execute(
      sql`update mail_outbox set status = 'dead', attempts = 8, last_error = 'connect ECONNREFUSED' where id = ${row.id}`,
    )
    const status = await cli(['mail', 'status'], options)
    expect(status.code).toBe(0)
    expect(status.stdout).toMatch(/^dead\s+1$/m)
    expect(status.stdout).toMatch(/dead\s+trial\s+dead@example.com\s+8\s+connect ECONNREFUSED/)
    const retry = await cli(['mail', 'retry'], options)
    expect(retry.code).toBe(0)
    expect(retry.stdout).toMatch(/Queued 1 failed or dead message again/)
    await smtp.waitFor(1)
    await expect
      .poll(async () => (await listMail(database().db))[0], POLL)
      .toMatchObject({ status: 'sent', attempts: 1 })
    expect((await cli(['mail', 'status'], options)).stdout).toMatch(/^sent\s+1$/m)
  })

  it('operators add, list and remove: who may sign in to the console, audited as the CLI', async () => {
    const added = await cli(['operators', 'add', ' Ops@Example.com '], options)
    expect(added).toMatchObject({ code: 0, stderr: '' })
    expect(added.stdout).toMatch(/Added operator ops@example.com/)
    const again = await cli(['operators', 'add', 'ops@example.com'], options)
    expect(again.stdout).toMatch(/ops@example.com is an operator already/)
    await cli(['operators', 'add', 'second@example.com'], options)
    const list = await cli(['operators', 'list'], options)
    expect(list.stdout).toMatch(/^ops@example.com\s+\d{4}-\d{2}-\d{2}T/m)
    expect(list.stdout).toMatch(/^second@example.com\s/m)
    expect(list.stdout).toMatch(/2 operators\./)
    const removed = await cli(['operators', 'remove', 'ops@example.com'], options)
    expect(removed).toMatchObject({ code: 0 })
    expect(removed.stdout).toMatch(/Removed operator ops@example.com/)
    const gone = await cli(['operators', 'remove', 'ops@example.com'], options)
    expect(gone.code).toBe(1)
    expect(gone.stderr).toMatch(/ops@example.com is not an operator/)
    expect((await cli(['operators', 'list'], options)).stdout).not.toMatch(/ops@example.com/)
    const bad = await cli(['operators', 'add', 'not-an-address'], options)
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/"not-an-address" is not an e-mail address/)
    expect((await cli(['operators', 'add'], options)).code).toBe(2)
    const audit = await queryRows<{ actor: string; action: string }>(
      database().db,
      sql`select actor, action from audit_log where action like 'operators%' order by id`,
    )
    expect(audit.map((a) => `${a.actor} ${a.action}`)).toEqual([
      'cli operators add',
      'cli operators add',
      'cli operators add',
      'cli operators remove',
    ])
  })

  it('help and usage errors', async () => {
    const help = await cli(['--help'], options)
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(
      /licenses import --model basic\|advanced \[--pool trial\|paid\] FILE/,
    )
    expect((await cli([], options)).code).toBe(0)
    const unknown = await cli(['licenses', 'burn'], options)
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/unknown command "licenses burn"/)
    const flag = await cli(['licenses', 'stats', '--force'], options)
    expect(flag.code).toBe(2)
    expect(flag.stderr).toMatch(/--force/)
    const extra = await cli(['mail', 'status', '--model', 'basic'], options)
    expect(extra.code).toBe(2)
  })
})

describe('admin CLI as a process (npm run admin)', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'h1-cli-proc-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  const admin = async (args: string[], env: Record<string, string> = {}) => {
    try {
      const { stdout, stderr } = await run(
        process.execPath,
        ['--import', 'tsx', 'src/cli/index.ts', ...args],
        {
          env: {
            ...testEnvironment().inherited,
            DATA_DIR: dir,
            LOG_LEVEL: 'silent',
            DATABASE_URL: '',
            TEST_DATABASE_URL: '',
            ...env,
          },
        },
      )
      return { code: 0, stdout, stderr }
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string }
      return { code: e.code, stdout: e.stdout, stderr: e.stderr }
    }
  }

  it('prints help, and exits 2 on bad flags and 1 on a missing file', async () => {
    const [help, bad, missing] = await Promise.all([
      admin(['--help']),
      admin(['licenses', 'import', '--model', 'gold', 'keys.txt']),
      admin(['licenses', 'import', '--model', 'basic', join(dir, 'missing.txt')]),
    ])
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(/Usage: npm run admin/)
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/unknown model "gold"/)
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/no such file/)
  }, 60_000)

  it('opens the embedded database under DATA_DIR itself when no server holds it', async () => {
    const file = join(dir, 'keys.txt')
    await writeFile(file, 'P-1\nP-2\n')
    const imported = await admin(['licenses', 'import', '--model', 'advanced', file])
    expect(imported.stderr).toBe('')
    expect(imported.stdout).toMatch(/Imported 2 Advanced keys/)
    const stats = await admin(['licenses', 'stats'])
    expect(stats.stdout).toMatch(/^Advanced\s+2\s+0\s+0\s+2/m)
  }, 120_000)

  it('a command run while a server is starting waits for its socket, and its work is kept', async () => {
    // The server's side, before its console socket listens: it holds the files (decision 26).
    const serverDir = join(dir, 'starting')
    await seedEmbeddedDataDir(embeddedDataDir(serverDir))
    const held = await openDatabase({ databaseUrl: null, dataDir: embeddedDataDir(serverDir) })
    let socket: ConsoleSocket | null = null
    try {
      await migrate(held.db)
      const file = join(dir, 'late-keys.txt')
      await writeFile(file, 'S-1\nS-2\n')
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'src/cli/index.ts', 'licenses', 'import', '--model', 'advanced', file],
        {
          env: {
            ...testEnvironment().inherited,
            DATA_DIR: serverDir,
            LOG_LEVEL: 'silent',
            DATABASE_URL: '',
          },
        },
      )
      let stdout = ''
      let stderr = ''
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      const exited = once(child, 'exit')
      await expect
        .poll(() => stderr, { timeout: 60_000, interval: 50 })
        .toMatch(/another process holds the embedded database.*waiting/)
      socket = await startConsoleSocket(
        consoleSocketPath(serverDir),
        { db: held.db, messageIdDomain: 'pacepoint.test' },
        memoryLogger().logger,
      )
      const [code] = (await exited) as [number]
      expect(code).toBe(0)
      expect(stdout).toMatch(/Imported 2 Advanced keys/)
      const rows = await queryRows<{ activation_key: string }>(
        held.db,
        sql`select activation_key from licenses order by seq`,
      )
      expect(rows.map((r) => r.activation_key)).toEqual(['S-1', 'S-2'])
    } finally {
      await socket?.close()
      await held.close()
    }
  }, 120_000)

  it.runIf(TEST_DB_KINDS.includes('postgres'))(
    'talks to Postgres directly with DATABASE_URL',
    async () => {
      const database = await createTestDatabase('postgres')
      try {
        const url = new URL(database.url!)
        url.searchParams.set('options', `-c search_path=${database.schema}`)
        const file = join(dir, 'pg-keys.txt')
        await writeFile(file, 'PG-1\nPG-2\nPG-1\n')
        const imported = await admin(['licenses', 'import', '--model', 'basic', file], {
          DATABASE_URL: url.toString(),
        })
        expect(imported.stdout).toMatch(/Imported 2 Basic keys .*1 duplicate skipped/)
        const rows = await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from licenses`,
        )
        expect(rows[0]!.n).toBe(2)
        const down = await admin(['licenses', 'stats'], {
          DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
        })
        expect(down.code).toBe(1)
        expect(down.stderr).toMatch(/database does not answer/)
      } finally {
        await database.close()
      }
    },
    60_000,
  )
})
