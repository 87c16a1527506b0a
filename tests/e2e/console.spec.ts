/**
 * The operator console in Chromium: a newly added operator signs in from the
 * e-mailed link, sees the overview, imports keys, notifies the waitlist, retries a failed
 * e-mail and exports leads; every page is axe-clean and fits 390 px.
 *
 * The spec runs its own server (the production build, like the shared one) on the next ports
 * and its own data folder, because it breaks mail delivery on purpose: it puts a file where the
 * mail folder was, so the outbox's file transport fails until the folder is back. It runs on
 * the embedded database, and on Postgres too when TEST_DATABASE_URL is set (a fresh database).
 */
import { type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import pg from 'pg'
import { expectAccessible, inbox, operatorCli } from './console-session.ts'
import { E2E } from './env.ts'
import { startOwnServer, stopOwnServer } from './own-server.ts'

const postgresUrl = process.env.TEST_DATABASE_URL || ''
const KINDS = postgresUrl ? (['embedded', 'postgres'] as const) : (['embedded'] as const)

KINDS.forEach((kind, index) => {
  test.describe(`operator console on the ${kind} database`, () => {
    test.describe.configure({ mode: 'serial', timeout: 300_000 })
    const port = E2E.port + 1 + index
    const base = `http://127.0.0.1:${port}`
    const dataDir = `${E2E.dataDir}-console-${kind}`
    const mailDir = join(dataDir, 'mail')
    let server: ChildProcess | null = null
    let databaseUrl = ''
    let databaseName = ''

    const mailTo = inbox(mailDir)
    const admin = operatorCli(dataDir, () => databaseUrl)

    async function api(path: string, method: string, body: unknown, headers = {}) {
      const res = await fetch(base + path, {
        method,
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      })
      return { status: res.status, body: (await res.json()) as Record<string, unknown> }
    }

    test.beforeAll(async () => {
      // A cold start (database files, migrations) takes a while on a busy machine.
      test.setTimeout(240_000)
      await rm(dataDir, { recursive: true, force: true })
      if (kind === 'postgres') {
        databaseName = `console_e2e_${randomBytes(4).toString('hex')}`
        const client = new pg.Client({ connectionString: postgresUrl })
        await client.connect()
        await client.query(`create database ${databaseName}`)
        await client.end()
        const url = new URL(postgresUrl)
        url.pathname = `/${databaseName}`
        databaseUrl = url.toString()
      }
      server = await startOwnServer(port, dataDir, { E2E_DATABASE_URL: databaseUrl })
    })

    test.afterAll(async () => {
      await stopOwnServer(server)
      if (databaseName) {
        const client = new pg.Client({ connectionString: postgresUrl })
        await client.connect()
        await client.query(`drop database if exists ${databaseName} with (force)`)
        await client.end()
      }
    })

    test('a new operator signs in by e-mail and runs the site from the console', async ({
      page,
    }) => {
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      page.on('console', (message) => {
        // The first visit asks for the session before there is one: that 401 is expected.
        if (message.type() === 'error' && !/status of 401/.test(message.text()))
          errors.push(message.text())
      })
      const operator = `ops.${Date.now()}@example.com`
      const waiting = `waiting.${Date.now()}@example.com`
      const late = `late.${Date.now()}@example.com`

      await test.step('the operator is added with the CLI', async () => {
        expect(await admin('operators', 'add', operator)).toMatch(/Added operator/)
      })

      await test.step('a visitor waits for a Basic key', async () => {
        // Take whatever Basic keys the pool has (demo keys on a fresh embedded database).
        for (let i = 0; i < 20; i++) {
          const r = await api('/api/trial-submissions', 'POST', {
            first_name: 'Taker',
            last_name: `Number ${'ABCDEFGHIJKLMNOPQRST'[i]}`,
            email: `taker.${i}.${Date.now()}@example.com`,
            model: 'basic',
            source: 'e2e',
          })
          expect(r.status).toBe(201)
          if (!r.body.has_license) break
        }
        const r = await api('/api/trial-submissions', 'POST', {
          first_name: 'Wanda',
          last_name: 'Waiting',
          email: waiting,
          model: 'basic',
          source: 'e2e',
        })
        expect(r.body).toMatchObject({ has_license: false, waitlist_eligible: true })
        const joined = await api(
          `/api/trial-submissions/${String(r.body.submission_id)}/waitlist`,
          'PATCH',
          { waitlist: true },
          { Authorization: `Bearer ${String(r.body.waitlist_token)}` },
        )
        expect(joined.status).toBe(200)
      })

      await test.step('signs in from the e-mailed link', async () => {
        await page.goto(`${base}/admin`)
        await expect(page).toHaveURL(`${base}/admin/sign-in`)
        await expectAccessible(page)
        await page.getByLabel('Your e-mail address').fill(operator)
        await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click()
        await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible()
        await expect.poll(() => mailTo(operator), { timeout: 15_000 }).not.toBeNull()
        const link = /(http:\/\/\S+\/admin\/sign-in\?token=[\w-]+)/.exec((await mailTo(operator))!)
        expect(link?.[1]).toMatch(new RegExp(`^${base}/admin/sign-in\\?token=`))
        await page.goto(link![1]!)
        // The token leaves the address bar before anything else happens.
        await expect(page).toHaveURL(`${base}/admin/sign-in`)
        await page.getByRole('button', { name: 'Sign in to the console' }).click()
      })

      await test.step('sees the overview', async () => {
        await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible()
        await expect(page).toHaveURL(`${base}/admin`)
        await expect(page.getByText('Basic waitlist')).toBeVisible()
        await expect(page.getByText('Keys claimed per day', { exact: true })).toBeVisible()
        await expect(page.getByText(/No Basic keys left/)).toBeVisible()
        await expectAccessible(page)
      })

      await test.step('imports a key file', async () => {
        await page
          .getByRole('navigation', { name: 'Console' })
          .getByRole('link', { name: 'Keys' })
          .click()
        await expect(page.getByRole('heading', { name: 'Keys', level: 1 })).toBeVisible()
        await page.getByRole('radio', { name: 'Basic' }).check()
        await page.getByLabel(/Key file/).setInputFiles({
          name: 'keys.txt',
          mimeType: 'text/plain',
          buffer: Buffer.from('# e2e\nE2E-KEY-0001\nE2E-KEY-0002\nE2E-KEY-0002\n'),
        })
        await page.getByRole('button', { name: 'Import keys' }).click()
        await expect(
          page.getByText('Imported 2 Basic keys from keys.txt (3 read, 1 duplicate skipped).', {
            exact: true,
          }),
        ).toBeVisible()
        await expectAccessible(page)
      })

      await test.step('notifies the waitlist', async () => {
        await page.getByRole('link', { name: 'Waitlist' }).click()
        const basic = page.getByRole('region', { name: 'Basic model' })
        await basic.getByRole('button', { name: 'Notify 1 visitor' }).click()
        await expect(
          basic.getByText(/^Notified 1 waiting Basic visitor: 1 with a key, 0 without/),
        ).toBeVisible()
        await expect.poll(() => mailTo(waiting, 'E2E-KEY-0001'), { timeout: 15_000 }).not.toBeNull()
        await expectAccessible(page)
      })

      await test.step('retries an e-mail that failed', async () => {
        // Mail delivery breaks: a file stands where the mail folder was.
        await rename(mailDir, `${mailDir}.away`)
        await writeFile(mailDir, 'not a folder')
        try {
          const r = await api('/api/trial-submissions', 'POST', {
            first_name: 'Luke',
            last_name: 'Late',
            email: late,
            model: 'basic',
            source: 'e2e',
          })
          expect(r.body).toMatchObject({ has_license: true })
          await page.getByRole('link', { name: 'Mail' }).click()
          const failedRow = page.getByRole('row').filter({ hasText: 'l***@example.com' })
          await expect(async () => {
            await page.getByRole('button', { name: 'Refresh' }).click()
            await expect(failedRow).toContainText('failed', { timeout: 1_000 })
          }).toPass({ timeout: 20_000 })
          await expect(failedRow).toContainText(
            /EEXIST|ENOTDIR|not a directory|file already exists/,
          )
          await expect(page.getByText(late)).toHaveCount(0)
          await expectAccessible(page)
        } finally {
          await rm(mailDir, { force: true })
          await rename(`${mailDir}.away`, mailDir)
        }
        await page.getByRole('button', { name: /Retry failed and dead \(1\)/ }).click()
        await expect(page.getByText('Queued 1 failed or dead message again.').first()).toBeVisible()
        await expect.poll(() => mailTo(late, 'E2E-KEY-0002'), { timeout: 15_000 }).not.toBeNull()
      })

      await test.step('finds a lead and exports the leads', async () => {
        await page.getByRole('link', { name: 'Leads' }).click()
        await page.getByLabel('Name or e-mail').fill('wanda')
        await page.getByRole('button', { name: 'Apply filters' }).click()
        await expect(page).toHaveURL(/\/admin\/leads\?q=wanda$/)
        await expect(page.getByText('Showing 1–1 of 1 leads.')).toBeVisible()
        await expect(page.getByRole('cell', { name: waiting, exact: true })).toBeVisible()
        await expectAccessible(page)
        const download = page.waitForEvent('download')
        await page.getByRole('link', { name: 'Export all as CSV' }).click()
        const file = await download
        expect(file.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/)
        const csv = await readFile((await file.path())!, 'utf8')
        // Every cell quoted (the formula-safe export).
        expect(csv.split('\r\n')[0]).toMatch(/^"submission_id","created_at","first_name"/)
        expect(csv).toContain(waiting)
        expect(csv).toContain(late)
      })

      await test.step('every page is axe-clean and fits a 390 px phone', async () => {
        await page.setViewportSize({ width: 390, height: 844 })
        for (const name of [
          'Overview',
          'Leads',
          'Keys',
          'Waitlist',
          'Mail',
          'Consents',
          'Purchases',
        ]) {
          await page
            .getByRole('navigation', { name: 'Console' })
            .getByRole('link', { name })
            .click()
          await expect(page.locator('h1')).toBeVisible()
          await expect(page.getByText('Loading…')).toHaveCount(0)
          const width = await page.evaluate(() => document.documentElement.scrollWidth)
          expect(width, name).toBeLessThanOrEqual(390)
          await expectAccessible(page)
        }
      })

      await test.step('the audit log holds what the operator did; signing out ends the session', async () => {
        await page
          .getByRole('navigation', { name: 'Console' })
          .getByRole('link', { name: 'Overview' })
          .click()
        const actions = page.getByRole('region', { name: 'Last operator actions' })
        for (const action of [
          'sign-in',
          'licenses import',
          'waitlist notify',
          'mail retry',
          'leads export',
        ])
          await expect(actions.getByText(new RegExp(`^${action}`)).first()).toBeVisible()
        await page.getByRole('button', { name: 'Sign out' }).click()
        await expect(page).toHaveURL(`${base}/admin/sign-in`)
        const status = await page.evaluate(() => fetch('/admin/api/overview').then((r) => r.status))
        expect(status).toBe(401)
      })

      expect(errors).toEqual([])
    })
  })
})
