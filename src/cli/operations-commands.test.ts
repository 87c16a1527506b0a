/**
 * The commands that take a site live and keep it running (docs/product.md): a printed console
 * sign-in link when mail is down, the demo keys removed, the go-live check, orders as a table,
 * and output cut short by `head`.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { GoLiveReport } from '#src/common/console-api.ts'
import { api, consoleApi } from '#src/common/paths.ts'
import { queryRows } from '#src/server/db/client.ts'
import { insertLicenses } from '#src/server/licenses/license-repository.ts'
import { seedDemoLicenses } from '#src/server/licenses/license-service.ts'
import { listMail } from '#src/server/mail/outbox-repository.ts'
import { createTestApp, postJson, testConfig } from '#tests/support/test-app.ts'
import { describeEachDatabase } from '#tests/support/test-database.ts'
import { runCli, type CliOptions } from './run-cli.ts'

const exec = promisify(execFile)

async function cli(argv: string[], options: Omit<CliOptions, 'io'>) {
  let stdout = ''
  let stderr = ''
  const code = await runCli(argv, {
    ...options,
    io: { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) },
  })
  return { code, stdout, stderr }
}

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ops-commands-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** Everything a live site needs, as the operator would set it. */
const LIVE_ENV = {
  PUBLIC_URL: 'https://www.pacepoint.example',
  OPERATOR_EMAIL: 'ops@pacepoint.example',
  ALERT_WEBHOOK_URL: 'https://hooks.example/alerts',
  SMTP_URL: 'smtps://user:pass@smtp.example:465',
  MAIL_FROM: 'PacePoint <trials@pacepoint.example>',
  DKIM_DOMAIN: 'pacepoint.example',
  DKIM_SELECTOR: 'mail1',
  SITE_COMPANY_LEGAL_NAME: 'PacePoint s.r.o.',
  SITE_COMPANY_ADDRESS: 'Na Příkopě 1, 110 00 Praha 1',
  SITE_PEOPLE: JSON.stringify([{ name: 'Jana Nováková', role: 'Founder', bio: 'Built it.' }]),
  SITE_CHECKOUT_URL_BASIC: 'https://pay.example/basic',
  SITE_CHECKOUT_URL_ADVANCED: 'https://pay.example/advanced',
  SITE_INSTALLER_SHA256_BASIC: 'a'.repeat(64),
  SITE_INSTALLER_SHA256_ADVANCED: 'b'.repeat(64),
  SITE_SIGNING_CERT_THUMBPRINT: 'c'.repeat(40),
  SITE_SUPPORT_EMAIL: 'support@pacepoint.example',
  SITE_DOWNLOAD_URL_BASIC: 'https://downloads.pacepoint.example/basic.exe',
  SITE_DOWNLOAD_URL_ADVANCED: 'https://downloads.pacepoint.example/advanced.exe',
  STRIPE_WEBHOOK_SECRET: 'whsec_test',
  PAID_PRODUCTS: 'stripe:plink_1=basic,stripe:plink_2=advanced',
  // The shipped screenshots are the samples; a live site has its own (here: none at all).
  UPLOADS_DIR: '/nonexistent-uploads',
}

describeEachDatabase('operations commands on %s', { emptyBeforeEach: true }, (database) => {
  const options = (env: Record<string, string> = {}) => ({
    config: testConfig({ DATA_DIR: dir, DIST_DIR: '/nonexistent-dist', ...env }),
    database: database(),
  })

  it('console sign-in-link prints a one-time link that signs in with no mail sent', async () => {
    await cli(['operators', 'add', 'ops@example.com'], options())
    const printed = await cli(['console', 'sign-in-link', '--email', 'Ops@Example.com'], options())
    expect(printed.code).toBe(0)
    const link = /^(https:\/\/trial\.example\.test\/admin\/sign-in\?token=([\w-]+))$/m.exec(
      printed.stdout,
    )
    expect(link).not.toBeNull()
    expect(printed.stdout).toContain('15 minutes')
    // Nothing went through the outbox: the link works while mail is down.
    expect(await listMail(database().db)).toHaveLength(0)

    const { app } = createTestApp(database())
    const first = await postJson(app, consoleApi.signInVerify, { token: link![2] })
    expect(first.status).toBe(200)
    expect(((await first.json()) as { email: string }).email).toBe('ops@example.com')
    // Usable once.
    expect((await postJson(app, consoleApi.signInVerify, { token: link![2] })).status).not.toBe(200)
  })

  it("the console's overview shows the go-live check", async () => {
    await seedDemoLicenses(database().db, 1)
    await cli(['operators', 'add', 'ops@example.com'], options())
    const printed = await cli(['console', 'sign-in-link', '--email', 'ops@example.com'], options())
    const token = /token=([\w-]+)/.exec(printed.stdout)![1]
    const { app } = createTestApp(database())
    const signedIn = await postJson(app, consoleApi.signInVerify, { token })
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!
    const overview = await app.request(consoleApi.overview, { headers: { Cookie: cookie } })
    expect(overview.status).toBe(200)
    const { goLive } = (await overview.json()) as { goLive: GoLiveReport }
    const doctor = JSON.parse((await cli(['doctor', '--format', 'json'], options())).stdout)
    expect(goLive).toEqual(doctor)
    expect(goLive.blockers).toContainEqual(expect.stringContaining('2 demo keys'))
  })

  it('console sign-in-link refuses an address that is not an operator', async () => {
    const r = await cli(['console', 'sign-in-link', '--email', 'nobody@example.com'], options())
    expect(r.code).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr).toContain('nobody@example.com is not an operator')
    expect(r.stderr).toContain('operators add nobody@example.com')
  })

  it('licenses remove-demo removes the demo keys still available and keeps those given out', async () => {
    await seedDemoLicenses(database().db, 3)
    // A visitor got a demo key on the first day.
    const { app } = createTestApp(database())
    const trial = await postJson(app, api.trialSubmissions, {
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@example.com',
      model: 'advanced',
      source: 'test',
    })
    expect(trial.status).toBe(201)
    await insertLicenses(database().db, 'basic', ['REAL-1', 'REAL-2'], 'real')
    const r = await cli(['licenses', 'remove-demo'], options())
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('Removed 5 demo keys')
    expect(r.stdout).toContain('3 Basic, 2 Advanced')
    const left = await queryRows<{ activation_key: string; status: string }>(
      database().db,
      sql`select activation_key, status from licenses order by activation_key`,
    )
    expect(left.filter((k) => k.activation_key.startsWith('DEMO-'))).toEqual([
      expect.objectContaining({ status: 'assigned' }),
    ])
    expect(left.filter((k) => k.activation_key.startsWith('REAL-'))).toHaveLength(2)
    expect((await cli(['licenses', 'remove-demo'], options())).stdout).toBe(
      'No demo keys left to remove.\n',
    )
  })

  it('doctor lists the blockers of a default install and exits 1', async () => {
    await seedDemoLicenses(database().db, 2)
    const text = await cli(['doctor'], options({ PUBLIC_URL: 'http://127.0.0.1:3000' }))
    expect(text.code).toBe(1)
    for (const words of [
      'SITE_COMPANY_LEGAL_NAME',
      'PUBLIC_URL is http://127.0.0.1:3000',
      'DKIM is off',
      'OPERATOR_EMAIL or ALERT_WEBHOOK_URL',
      '4 demo keys',
      'sample screenshots still installed',
      'SITE_CHECKOUT_URL_BASIC',
      'SITE_INSTALLER_SHA256_ADVANCED',
    ])
      expect(text.stdout).toMatch(new RegExp(`^BLOCKER .*${words.replace(/[.*()]/g, '\\$&')}`, 'm'))
    expect(text.stdout).toMatch(/^warning .*SMTP_URL/m)
    expect(text.stdout).toMatch(/not ready to go live\.\n$/)

    const json = await cli(['doctor', '--format', 'json'], options())
    expect(json.code).toBe(1)
    const report = JSON.parse(json.stdout) as GoLiveReport
    expect(Object.keys(report)).toEqual(['blockers', 'warnings'])
    expect(report.blockers.length).toBeGreaterThanOrEqual(8)
  })

  it('doctor finds no blocker once each is resolved, and exits 0', async () => {
    await seedDemoLicenses(database().db, 2)
    await cli(['licenses', 'remove-demo'], options())
    await insertLicenses(database().db, 'basic', ['B-1'], 'real')
    await insertLicenses(database().db, 'advanced', ['A-1'], 'real')
    await insertLicenses(database().db, 'basic', ['PB-1'], 'real', false, 'paid')
    await insertLicenses(database().db, 'advanced', ['PA-1'], 'real', false, 'paid')
    await cli(['operators', 'add', 'ops@pacepoint.example'], options())
    const dkimKey = join(dir, 'dkim.pem')
    const { generateKeyPairSync } = await import('node:crypto')
    const { writeFile } = await import('node:fs/promises')
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
    await writeFile(dkimKey, privateKey.export({ type: 'pkcs8', format: 'pem' }))
    const live = { ...LIVE_ENV, DKIM_PRIVATE_KEY: dkimKey }
    const r = await cli(['doctor', '--format', 'json'], options(live))
    expect(JSON.parse(r.stdout)).toEqual({ blockers: [], warnings: [] })
    expect(r.code).toBe(0)
    const text = await cli(['doctor'], options(live))
    expect(text).toMatchObject({ code: 0, stdout: 'No blockers: ready to go live.\n' })
  })

  it('orders list prints a table; CSV and JSON on request', async () => {
    await database().db.execute(
      sql`insert into orders (provider, provider_order_id, status, name, email, model, quantity, amount_minor, currency, reference)
          values ('invoice', 'INV-7', 'awaiting_key', 'Ann Lee', 'ann@example.com', 'advanced', 2, 289900, 'usd', 'INV-7')`,
    )
    const table = await cli(['orders', 'list'], options())
    expect(table.code).toBe(0)
    const [header, rule, row] = table.stdout.split('\n')
    expect(header).toMatch(/^Created\s+Reference\s+Provider\s+Status\s+Model\s+Keys\s+Amount/)
    expect(rule).toMatch(/^-+ +-+/)
    expect(row).toMatch(
      /INV-7\s+invoice\s+awaiting_key\s+Advanced\s+0 of 2\s+2899\.00 USD\s+a\*\*\*@example\.com/,
    )
    expect(table.stdout).toContain('1 order.')
    const csv = await cli(['orders', 'list', '--format', 'csv'], options())
    expect(csv.stdout.split('\r\n')[0]).toBe(
      '"order_id","reference","provider","provider_order_id","status","model","quantity","amount_minor","currency","name","email","keys","created_at","paid_at","fulfilled_at","refunded_at"',
    )
    const json = await cli(['orders', 'list', '--format', 'json'], options())
    expect(JSON.parse(json.stdout)).toEqual([expect.objectContaining({ email: 'ann@example.com' })])
    expect((await cli(['orders', 'list', '--status', 'refunded'], options())).stdout).toBe(
      'No refunded orders.\n',
    )
  })
})

describe('the admin command as a process', () => {
  it('leaves quietly when its reader stops early (| head)', { timeout: 60_000 }, async () => {
    const { stdout, stderr } = await exec(
      'bash',
      [
        '-c',
        // `true` reads nothing and exits at once, so every line is written into a closed pipe.
        'node --import tsx src/cli/index.ts --help | true; echo "status=${PIPESTATUS[0]}"',
      ],
      { env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dir } },
    )
    expect(stderr).not.toMatch(/EPIPE|Error/)
    expect(stdout.trim()).toBe('status=0')
  })
})
