/**
 * Releases side by side (DESIGN.md §20; docs/operations.md, "Upgrading"): the previous landed
 * release (.release/previous), checked out from the git history, serves on a fresh Postgres
 * database; this release starts on the same database, migrates it and serves, while the previous
 * one keeps serving every request under 500; after this release stops, the previous one starts
 * again on the migrated database and serves (a rollback). Each request of the set is one a
 * visitor, a payment provider or the operator makes: a trial, its repeat, the waitlist PATCH with
 * its token, a key resend, a signed Stripe checkout.session.completed, the console's sign-in.
 * The e-mails go to an SMTP server in this process, where the keys are checked to arrive.
 *
 * Postgres only (TEST_DATABASE_URL): the embedded database takes one process at a time.
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signWebhook } from '#src/server/orders/webhook-signatures.ts'
import {
  killAllServers,
  placeholderBuild,
  startServerProcess,
  type ServerProcess,
} from '#tests/support/server-process.ts'
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink.ts'
import { testDatabaseUrl, testEnvironment } from '#tests/support/test-env.ts'
import { fileAt, git, previousRelease, ROOT } from './previous-release.ts'

const run = promisify(execFile)
const postgresUrl = testDatabaseUrl()

const STRIPE_SECRET = 'whsec_side_by_side'
const PAYMENT_LINK = 'plink_side_by_side'
const OPERATOR = 'operator@pacepoint.test'
const TRIAL_KEYS = Array.from({ length: 150 }, (_, i) => `SBS-TRIAL-${String(i).padStart(4, '0')}`)
const PAID_KEYS = Array.from({ length: 150 }, (_, i) => `SBS-PAID-${String(i).padStart(4, '0')}`)
/** A generous wait for anything a loaded two-core machine does (a start, an e-mail). */
const WAIT_MS = 120_000

/** What one request of a round answered. */
interface Answer {
  step: string
  status: number
}

/** One pass of the request set against one server. */
interface Round {
  release: 'previous' | 'this' | 'previous again'
  index: number
  startedAt: number
  endedAt: number
  answers: Answer[]
  trialEmail: string
  waitlistEmail: string
  buyerEmail: string
  signInEmail: string
}

/** What each step answers when it is served as it should be. */
const EXPECTED: Record<string, number> = {
  trial: 201,
  repeat: 201,
  'trial, pool empty': 201,
  'waitlist PATCH': 200,
  'key resend': 202,
  'stripe webhook': 200,
  'console sign-in': 202,
}

/** Runs the request set against `base` as the round `index`. */
async function runRound(
  base: string,
  release: Round['release'],
  index: number,
  signInAs: string | null,
): Promise<Round> {
  const tag = `${release.replace(/\W/g, '')}${index}.${randomBytes(3).toString('hex')}`
  const round: Round = {
    release,
    index,
    startedAt: performance.now(),
    endedAt: 0,
    answers: [],
    trialEmail: `trial.${tag}@example.com`,
    waitlistEmail: `waiting.${tag}@example.com`,
    buyerEmail: `buyer.${tag}@example.com`,
    signInEmail: signInAs ?? `not-an-operator.${tag}@example.com`,
  }
  // Each round comes from an address of its own (TRUST_PROXY=1), as visitors do: the console's
  // sign-in limit per address is not configurable.
  const client = `198.51.${(index >> 8) & 255}.${index & 255}`
  const send = async (step: string, path: string, init: RequestInit & { json?: unknown }) => {
    const { json, ...rest } = init
    const res = await fetch(`${base}${path}`, {
      ...rest,
      headers: {
        'X-Forwarded-For': client,
        ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(rest.headers as Record<string, string> | undefined),
      },
      body: json === undefined ? rest.body : JSON.stringify(json),
      signal: AbortSignal.timeout(60_000),
    })
    const text = await res.text()
    round.answers.push({ step, status: res.status })
    return text ? (JSON.parse(text) as Record<string, unknown>) : {}
  }
  const trial = (email: string, model: string) => ({
    first_name: 'Side',
    last_name: 'By Side',
    email,
    model,
    source: 'side-by-side',
  })
  await send('trial', '/api/trial-submissions', {
    method: 'POST',
    json: trial(round.trialEmail, 'advanced'),
  })
  await send('repeat', '/api/trial-submissions', {
    method: 'POST',
    json: trial(round.trialEmail, 'advanced'),
  })
  // No basic keys are loaded: the visitor is offered the waitlist and joins it.
  const waiting = await send('trial, pool empty', '/api/trial-submissions', {
    method: 'POST',
    json: trial(round.waitlistEmail, 'basic'),
  })
  await send('waitlist PATCH', `/api/trial-submissions/${String(waiting.submission_id)}/waitlist`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${String(waiting.waitlist_token)}` },
    json: { waitlist: true },
  })
  await send('key resend', '/api/key-resend', {
    method: 'POST',
    json: { email: round.trialEmail, model: 'advanced' },
  })
  const id = tag.replace(/\W/g, '')
  const event = JSON.stringify({
    id: `evt_${id}`,
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_test_${id}`,
        payment_status: 'paid',
        payment_link: PAYMENT_LINK,
        payment_intent: `pi_${id}`,
        amount_total: 289900,
        currency: 'usd',
        customer_details: { email: round.buyerEmail, name: 'Ada Byron' },
        metadata: {},
      },
    },
  })
  await send('stripe webhook', '/api/webhooks/stripe', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Stripe-Signature': signWebhook('stripe', STRIPE_SECRET, event),
    },
    body: event,
  })
  await send('console sign-in', '/admin/api/sign-in', {
    method: 'POST',
    json: { email: round.signInEmail },
  })
  round.endedAt = performance.now()
  return round
}

/** The answers of these rounds that were not what a served request answers. */
function unserved(rounds: Round[]) {
  return rounds.flatMap((r) =>
    r.answers
      .filter((a) => a.status !== EXPECTED[a.step])
      .map((a) => `${r.release} round ${r.index}: ${a.step} answered ${a.status}`),
  )
}

describe.runIf(postgresUrl)(
  'the previous release beside this one, on one Postgres database',
  () => {
    const temporary: string[] = []
    let previousTree = ''
    let previousDist = ''
    let thisDist = ''
    let databaseName = ''
    let databaseUrl = ''
    let smtp: SmtpSink
    let worktreeAdded = false

    /** A server process of a release, on the shared database and SMTP sink. */
    const start = async (release: 'previous' | 'this') => {
      const dataDir = await mkdtemp(join(tmpdir(), `release-${release}-data-`))
      temporary.push(dataDir)
      return startServerProcess(
        {
          DATABASE_URL: databaseUrl,
          SMTP_URL: smtp.url,
          DATA_DIR: dataDir,
          DIST_DIR: release === 'previous' ? previousDist : thisDist,
          // Every instance hashes client addresses alike (docs/operations.md).
          IP_HASH_SECRET: 'side-by-side-secret-0123456789abcdef',
          TRUST_PROXY: '1',
          RATE_LIMIT_EMAIL: '1000000/1h',
          RATE_LIMIT_IP: '1000000/1h',
          RATE_LIMIT_IPV6_48: '1000000/1h',
          STRIPE_WEBHOOK_SECRET: STRIPE_SECRET,
          PAID_PRODUCTS: `stripe:${PAYMENT_LINK}=advanced`,
          OPERATOR_EMAIL: OPERATOR,
          LOW_SUPPLY_DAYS: 'off',
        },
        WAIT_MS,
        release === 'previous' ? previousTree : ROOT,
      )
    }

    /** `npm run admin -- ...` of the previous release, on the shared database. */
    const previousCli = async (...args: string[]) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'release-previous-cli-'))
      temporary.push(dataDir)
      await run(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', ...args], {
        cwd: previousTree,
        env: {
          PATH: testEnvironment().inherited.PATH ?? '',
          HOME: testEnvironment().inherited.HOME ?? '',
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
        },
        timeout: WAIT_MS,
      })
    }

    /** SIGTERM, and the exit code: 0 is a clean stop. */
    const stop = async (server: ServerProcess) => {
      server.child.kill('SIGTERM')
      return (await server.exited).code
    }

    beforeAll(async () => {
      const commit = await previousRelease()
      const scratch = await mkdtemp(join(tmpdir(), 'release-previous-'))
      temporary.push(scratch)
      previousTree = join(scratch, 'tree')
      await git('worktree', 'add', '--detach', previousTree, commit)
      worktreeAdded = true
      // Its dependencies: ours when every package it locked is in ours, at the same place,
      // version and checksum (a release that only added packages), else its own install.
      const ownLock = lockedPackages(await fileAt(commit, 'package-lock.json'))
      const ourLock = lockedPackages(await readFile(join(ROOT, 'package-lock.json')))
      if (lockedWithin(ownLock, ourLock))
        await symlink(join(ROOT, 'node_modules'), join(previousTree, 'node_modules'))
      else
        await run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], {
          cwd: previousTree,
          timeout: 15 * 60_000,
        })

      // A placeholder page per document of each release's own route table: the API needs no
      // real build, and the server only refuses to start without these files.
      previousDist = join(scratch, 'dist')
      await run(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `
        import { mkdir, writeFile } from 'node:fs/promises'
        const { DOCUMENT_ROUTES, CLIENT_ENTRIES } = await import('#src/common/site/routes.ts')
        await mkdir(${JSON.stringify(join(previousDist, 'site'))}, { recursive: true })
        for (const doc of [...DOCUMENT_ROUTES, ...CLIENT_ENTRIES])
          await writeFile(${JSON.stringify(join(previousDist, 'site'))} + '/' + doc.name + '.html', '<!doctype html><title>' + doc.name + '</title>')
        `,
        ],
        { cwd: previousTree, timeout: WAIT_MS },
      )
      thisDist = await placeholderBuild()
      temporary.push(thisDist)

      databaseName = `release_side_by_side_${randomBytes(5).toString('hex')}`
      const admin = new pg.Client({ connectionString: postgresUrl! })
      await admin.connect()
      await admin.query(`create database ${databaseName}`)
      await admin.end()
      const url = new URL(postgresUrl!)
      url.pathname = `/${databaseName}`
      databaseUrl = url.toString()
      smtp = await startSmtpSink()
    }, 20 * 60_000)

    afterAll(async () => {
      await killAllServers()
      await smtp?.close()
      if (databaseName) {
        const admin = new pg.Client({ connectionString: postgresUrl! })
        await admin.connect()
        await admin.query(`drop database if exists ${databaseName} with (force)`)
        await admin.end()
      }
      if (worktreeAdded) await git('worktree', 'remove', '--force', previousTree)
      for (const dir of temporary) await rm(dir, { recursive: true, force: true })
    }, WAIT_MS)

    it(
      'the previous release serves while this one migrates and serves, and starts again after it stops',
      async () => {
        // The previous release makes the database its own and the operator loads keys with its CLI.
        const previous = await start('previous')
        const keys = await mkdtemp(join(tmpdir(), 'release-keys-'))
        temporary.push(keys)
        await writeFile(join(keys, 'trial.txt'), TRIAL_KEYS.join('\n'))
        await writeFile(join(keys, 'paid.txt'), PAID_KEYS.join('\n'))
        await Promise.all([
          previousCli('licenses', 'import', '--model', 'advanced', join(keys, 'trial.txt')),
          previousCli(
            'licenses',
            'import',
            '--model',
            'advanced',
            '--pool',
            'paid',
            join(keys, 'paid.txt'),
          ),
          previousCli('operators', 'add', OPERATOR),
        ])
        const checked: Round[] = [await runRound(previous.url, 'previous', 0, OPERATOR)]

        // Visitors keep coming to the previous release, round after round, while this one starts.
        const rounds: Round[] = []
        let probing = true
        let probeFailed = false
        const probe = (async () => {
          for (let i = 1; probing; i++)
            rounds.push(await runRound(previous.url, 'previous', i, null))
        })().catch((error: unknown) => {
          probeFailed = true
          throw error
        })
        const spawnedAt = performance.now()
        let current: ServerProcess
        let listeningAt: number
        let servedAt: number
        try {
          current = await start('this')
          listeningAt = performance.now()
          // This release migrated the database (the checksums of every migration are recorded).
          expect(await unrecordedMigrations(databaseUrl)).toBe(0)
          await expectReady(current)
          checked.push(await runRound(current.url, 'this', 1000, OPERATOR))
          servedAt = performance.now()
          // One more round of the previous release that began after this one served.
          while (!probeFailed && !rounds.some((r) => r.startedAt > servedAt))
            await new Promise((resolve) => setTimeout(resolve, 50))
        } finally {
          probing = false
        }
        await probe
        await expectReady(previous)
        checked.push(await runRound(previous.url, 'previous', 2000, OPERATOR))

        // The previous release was asked while this one started and migrated, and after it served.
        expect(rounds.some((r) => r.startedAt < listeningAt && r.endedAt > spawnedAt)).toBe(true)
        expect(rounds.some((r) => r.startedAt > servedAt)).toBe(true)
        expect(unserved([...rounds, ...checked])).toEqual([])

        // The upgrade completes: the previous release stops, then this one (a rollback begins).
        expect(await stop(previous)).toBe(0)
        expect(await stop(current)).toBe(0)
        const again = await start('previous')
        checked.push(await runRound(again.url, 'previous again', 3000, OPERATOR))
        expect(unserved(checked)).toEqual([])

        // The e-mails of the checked rounds arrive, whichever release's worker sent them.
        await waitForMail(smtp, checked)
        expect(await stop(again)).toBe(0)
      },
      30 * 60_000,
    )
  },
)

type LockedPackages = Record<string, { version?: string; resolved?: string; integrity?: string }>

/** The installed packages a package-lock.json names, by their path under the project. */
function lockedPackages(lock: Buffer): LockedPackages {
  const { packages } = JSON.parse(lock.toString('utf8')) as { packages: LockedPackages }
  const installed = { ...packages }
  delete installed['']
  return installed
}

/**
 * Every package of `lock` is installed by `within` at the same path, version, source and
 * checksum: `within`'s node_modules then holds each package `npm ci` of `lock` would install,
 * where it would install it (and more, which the release does not import).
 */
function lockedWithin(lock: LockedPackages, within: LockedPackages): boolean {
  return Object.entries(lock).every(([path, locked]) => {
    const ours = within[path]
    return (
      ours !== undefined &&
      ours.version === locked.version &&
      ours.resolved === locked.resolved &&
      ours.integrity === locked.integrity
    )
  })
}

/**
 * /readyz answers 200, as a load balancer would see it: asked again while it is not yet (its
 * database ping has 2 s, which a loaded machine can miss once).
 */
async function expectReady(server: ServerProcess) {
  await expect
    .poll(async () => (await fetch(`${server.url}/readyz`)).status, {
      timeout: WAIT_MS,
      interval: 500,
    })
    .toBe(200)
}

/** Rows of schema_migrations without a checksum: this release's migrator records them all. */
async function unrecordedMigrations(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const result = await client.query<{ n: number }>(
      'select count(*)::int as n from schema_migrations where sha256 is null',
    )
    return result.rows[0]!.n
  } finally {
    await client.end()
  }
}

/** Waits until every checked round's e-mails arrived, and says which did not. */
async function waitForMail(smtp: SmtpSink, rounds: Round[]) {
  const missing = () => {
    const gaps = rounds.flatMap((round) => {
      const to = (address: string) => smtp.received.filter((m) => m.to.includes(address))
      const keysIn = (address: string, pool: string[]) =>
        to(address).flatMap((m) => pool.filter((k) => m.text.includes(k)))
      const trialKeys = keysIn(round.trialEmail, TRIAL_KEYS)
      const paidKeys = keysIn(round.buyerEmail, PAID_KEYS)
      const roundGaps: string[] = []
      // The key, and the same key again for the repeat and for the resend: never a second one.
      if (trialKeys.length < 3 || new Set(trialKeys).size !== 1)
        roundGaps.push(`${round.release}: trial key e-mails carry ${JSON.stringify(trialKeys)}`)
      if (paidKeys.length < 1) roundGaps.push(`${round.release}: the paid key e-mail`)
      if (to(round.waitlistEmail).length < 1)
        roundGaps.push(`${round.release}: the waitlist e-mail`)
      return roundGaps
    })
    // One sign-in link per checked round, to the listed operator: these go through the same
    // outbox, and the last round's may be sent after every other e-mail.
    const signInLinks = smtp.received.filter(
      (m) => m.to.includes(OPERATOR) && m.subject.includes('console sign-in link'),
    ).length
    if (signInLinks < rounds.length)
      gaps.push(`${signInLinks} of ${rounds.length} console sign-in links`)
    return gaps
  }
  const deadline = performance.now() + WAIT_MS
  while (missing().length && performance.now() < deadline)
    await smtp.waitFor(smtp.received.length + 1, WAIT_MS).catch(() => {})
  expect(missing()).toEqual([])
}
