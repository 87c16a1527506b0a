/**
 * The trial flow in the browser against the real server: request a trial, land on
 * /thank-you, find the key in the e-mail; with the pool empty, join the waitlist and see the
 * row change. The server writes e-mail as .eml files under its data folder.
 */
import { execFile } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Page } from '@playwright/test'
import { E2E } from './env.ts'
import { expect, test } from './fixtures.ts'

const run = promisify(execFile)
test.describe.configure({ mode: 'serial' })
// The page's clock is Playwright's (it runs at the normal pace until a test moves it), so a
// test can let a visitor take their time without waiting for it.
test.beforeEach(async ({ page }) => {
  await page.clock.install()
})

async function mailTo(address: string): Promise<string | null> {
  const dir = join(E2E.dataDir, 'mail')
  const files = await readdir(dir).catch(() => [] as string[])
  for (const file of files.filter((f) => f.endsWith('.eml'))) {
    const text = await readFile(join(dir, file), 'utf8')
    if (new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'mi').test(text)) return text
  }
  return null
}

async function admin(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/cli/index.ts', ...args], {
    env: { ...process.env, DATA_DIR: E2E.dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
  })
  return stdout
}

async function fillForm(page: Page, email: string) {
  const form = page.locator('#trial-form')
  await form.getByLabel('First name').fill('Grace')
  await form.getByLabel('Last name').fill('Hopper')
  await form.getByLabel('Business e-mail').fill(email)
  await form.getByRole('checkbox', { name: /I agree/ }).check()
  // A real visitor takes longer than the bot threshold (1.5 s) to fill the form.
  await page.clock.fastForward(1600)
  return form
}

test('a visitor requests a trial, lands on /thank-you and gets the key by e-mail', async ({
  page,
}) => {
  const email = `grace.${Date.now()}@example.com`
  await page.goto('/#trial-form-advanced')
  const form = page.locator('#trial-form')
  const advanced = form.getByRole('radio', { name: /Advanced model/ })
  await expect(advanced).toBeEnabled()
  await expect(advanced).toBeChecked()
  const option = form.locator('label').filter({ hasText: 'Advanced model' })
  await expect(option).toContainText('left')
  // The counts read as a monthly allocation of keys, not 'N licenses left'.
  const before = Number(
    /Trial keys this month: (\d+) left/.exec((await option.textContent()) ?? '')?.[1],
  )
  expect(before).toBeGreaterThan(0)
  await fillForm(page, email)
  await form.getByRole('button', { name: 'Get My Free Trial Model' }).click()
  await expect(page).toHaveURL(/\/thank-you\?model=advanced$/)
  await expect(page.getByRole('heading', { name: 'Your free trial is on its way' })).toBeVisible()
  const download = page.getByRole('link', { name: 'Download the Advanced model' })
  await expect(download).toHaveAttribute('href', /Advanced/)
  await expect(download).toHaveAttribute('target', '_blank')

  await expect.poll(() => mailTo(email), { timeout: 15_000 }).not.toBeNull()
  const mail = (await mailTo(email))!
  expect(mail).toMatch(/DEMO-ADV-|[A-Z0-9]{4,}-[A-Z0-9]{4,}/)
  expect(mail).toContain('10 days')

  await page.goto('/')
  // The form's code, and so the counts, load when the visitor comes near it.
  await page.locator('#trial-form').scrollIntoViewIfNeeded()
  await expect(
    page.locator('#trial-form label').filter({ hasText: 'Advanced model' }),
  ).toContainText(`Trial keys this month: ${before - 1} left`)
})

test('with the pool empty the visitor can join the waitlist', async ({ page, request }) => {
  // Two runs of the admin CLI (a fresh Node process each, 7-8 s apiece on two busy cores in the
  // whole suite, where this test ran out of its 30 s with every step passing).
  test.slow()
  // Take every remaining Basic key through the API, as other visitors would.
  for (let i = 0; i < 20; i++) {
    const counts = (await (await request.get('/api/license-counts')).json()) as { basic: number }
    if (counts.basic === 0) break
    const response = await request.post('/api/trial-submissions', {
      data: {
        first_name: 'Other',
        last_name: 'Visitor',
        email: `other.${Date.now()}.${i}@example.com`,
        model: 'basic',
        source: 'e2e',
      },
    })
    expect(response.status()).toBe(201)
  }

  const email = `waiting.${Date.now()}@example.com`
  await page.goto('/')
  const form = page.locator('#trial-form')
  await form.scrollIntoViewIfNeeded()
  await expect(form.locator('label').filter({ hasText: 'Basic model' })).toContainText(
    'No trial keys left this month',
  )
  await form.locator('label').filter({ hasText: 'Basic model' }).click()
  await expect(form.getByRole('radio', { name: /Basic model/ })).toBeChecked()
  await fillForm(page, email)
  // The button says what sending does now: no key, a place on the waitlist.
  await form.getByRole('button', { name: 'Join the Basic waitlist' }).click()

  // No 'BETA', and the dialog names the model whose keys are gone.
  const dialog = page.getByRole('dialog', { name: "This month's Basic trial keys are all taken" })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('notify you when new Basic trial keys become available')
  expect(await admin('waitlist', 'list')).not.toContain(email)
  await dialog.getByRole('button', { name: 'Sure, let me know' }).click()
  await expect(page.getByText('Added to Waitlist')).toBeVisible()
  await expect(
    page.getByText('We’ll notify you when new trial slots become available!'),
  ).toBeVisible()
  await expect(dialog).toBeHidden()
  expect(await admin('waitlist', 'list')).toContain(email)
})

test('a rejected submission explains why', async ({ page, expectConsoleError }) => {
  expectConsoleError(/status of 400/)
  await page.goto('/')
  await page.route('**/api/trial-submissions', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        errorCode: 'VALIDATION_ERROR',
        error: 'Invalid',
        details: ['E-mail must be a valid e-mail address'],
        fields: { email: 'E-mail must be a valid e-mail address' },
      }),
    }),
  )
  await fillForm(page, 'someone@example.com')
  await page.locator('#trial-form').getByRole('button', { name: 'Get My Free Trial Model' }).click()
  await expect(page.getByText('Invalid Information')).toBeVisible()
  // The server's field map puts the message beside the field too.
  await expect(
    page.locator('#trial-form').getByLabel('Business e-mail'),
  ).toHaveAccessibleDescription('E-mail must be a valid e-mail address')
})

/** The server's answer past the rate limit: try again in 1,500 s (25 minutes). */
const TOO_MANY_REQUESTS = {
  status: 429,
  headers: { 'Retry-After': '1500' },
  json: { errorCode: 'RATE_LIMIT_EXCEEDED', error: 'Too many trial requests' },
}

test('too many requests: the toast says when to try again and offers to ask for more', async ({
  page,
  expectConsoleError,
}) => {
  expectConsoleError(/status of 429/)
  await page.goto('/')
  await page.route('**/api/trial-submissions', (route) => route.fulfill(TOO_MANY_REQUESTS))
  await fillForm(page, 'someone@example.com')
  await page.locator('#trial-form').getByRole('button', { name: 'Get My Free Trial Model' }).click()
  await expect(page.getByText('You have exceeded your limit of trial requests')).toBeVisible()
  // The retry time comes from the answer's Retry-After (the toast had none).
  await expect(page.getByText('You can try again in 25 minutes, or ask us for more.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Ask for more' })).toBeVisible()
})

/**
 * Submits the form with its answer held until the scripts the page starts loading meanwhile have
 * arrived; then every further script fails, as on a connection that drops, and the answer goes
 * through. What showing the answer needs must have loaded while the request was in flight.
 */
async function submitWithAnswerAfterScripts(
  page: Page,
  answer: { status: number; headers?: Record<string, string>; json: unknown },
  scriptsMeanwhile: number,
) {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/trial-submissions', async (route) => {
    await held
    await route.fulfill(answer)
  })
  let submitted = false
  let loadedSince = 0
  let lastActivity = Date.now()
  const inFlight = new Set<string>()
  const isScript = (url: string) => new URL(url).pathname.startsWith('/assets/')
  page.on('request', (request) => {
    if (!isScript(request.url())) return
    inFlight.add(request.url())
    lastActivity = Date.now()
    if (submitted) loadedSince++
  })
  const done = (request: { url: () => string }) => {
    if (inFlight.delete(request.url())) lastActivity = Date.now()
  }
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  const sent = page.waitForRequest('**/api/trial-submissions')
  // Counted from the click: the page may start loading what the answer needs before the request
  // itself goes out, and on a busy machine those requests come before `sent` resolves.
  submitted = true
  await page
    .locator('#trial-form')
    .getByRole('button', { name: /^(Get My Free Trial Model|Join the \w+ waitlist)$/ })
    .click()
  await sent
  await expect
    .poll(
      () =>
        loadedSince >= scriptsMeanwhile && inFlight.size === 0 && Date.now() - lastActivity > 500,
    )
    .toBe(true)
  await page.route('**/assets/**', (route) => route.abort('failed'))
  release()
}

test('the answer shows even if no script can load once it arrives: what reading it needs loads meanwhile', async ({
  page,
  expectConsoleError,
}) => {
  expectConsoleError(/status of 429/)
  await page.goto('/')
  await fillForm(page, 'someone@example.com')
  // The answer's schemas and the toasts.
  await submitWithAnswerAfterScripts(page, TOO_MANY_REQUESTS, 2)
  await expect(page.getByText('You have exceeded your limit of trial requests')).toBeVisible()
})

test('with no keys left for the model, the waitlist dialog loads while the request is in flight', async ({
  page,
}) => {
  await page.route('**/api/license-counts', (route) =>
    route.fulfill({ json: { basic: 0, advanced: 4 } }),
  )
  await page.goto('/#trial-form-basic')
  const form = page.locator('#trial-form')
  await expect(form.getByText('Trial keys this month: 4 left')).toBeVisible()
  await fillForm(page, 'someone@example.com')
  await form.locator('label').filter({ hasText: 'Basic model' }).click()
  await expect(form.getByRole('radio', { name: /Basic model/ })).toBeChecked()
  // The answer's schemas, the toasts and the waitlist dialog.
  await submitWithAnswerAfterScripts(
    page,
    {
      status: 201,
      json: {
        submission_id: '00000000-0000-4000-8000-000000000001',
        has_license: false,
        waitlist_eligible: true,
        waitlist_token: 't',
      },
    },
    3,
  )
  await expect(
    page.getByRole('dialog', { name: "This month's Basic trial keys are all taken" }),
  ).toBeVisible()
})

test('a server failure and a network failure say so', async ({ page, expectConsoleError }) => {
  expectConsoleError(/status of 503/)
  expectConsoleError(/ERR_FAILED|Failed to fetch|net::/)
  await page.goto('/')
  let mode: 'down' | 'offline' = 'down'
  await page.route('**/api/trial-submissions', (route) =>
    mode === 'down'
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ errorCode: 'SERVICE_UNAVAILABLE', error: 'Database unavailable' }),
        })
      : route.abort('failed'),
  )
  const form = await fillForm(page, 'someone@example.com')
  const submit = form.getByRole('button', { name: 'Get My Free Trial Model' })
  await submit.click()
  await expect(page.getByText('Submission Failed')).toBeVisible()
  await expect(page.getByText('Database unavailable')).toBeVisible()
  mode = 'offline'
  await submit.click()
  await expect(
    page.getByText('We could not reach our server. Check your connection and try again.'),
  ).toBeVisible()
})

test('license counts: disabled while loading and retrying, a toast when they fail', async ({
  page,
  expectConsoleError,
}) => {
  expectConsoleError(/status of 500/)
  let release: () => void = () => undefined
  const gate = new Promise<void>((resolve) => (release = resolve))
  let attempts = 0
  await page.route('**/api/license-counts', async (route) => {
    attempts++
    await gate
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"errorCode":"INTERNAL_ERROR","error":"x"}',
    })
  })
  await page.goto('/')
  await page.locator('#trial-form').scrollIntoViewIfNeeded()
  const basic = page.locator('#trial-form').getByRole('radio', { name: /Basic model/ })
  await expect(basic).toBeDisabled()
  await expect(
    page.locator('#trial-form label').filter({ hasText: 'Basic model' }),
  ).not.toContainText('left')
  release()
  // Three retries first (1 s, 2 s, 4 s; docs/product.md, "Look and feel"), still loading meanwhile:
  // once the first retry has gone out, the choice is still disabled.
  await expect.poll(() => attempts, { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
  await expect(basic).toBeDisabled()
  await expect(page.getByText('Failed to load license counts. Please try again.')).toBeVisible({
    timeout: 15_000,
  })
  await expect(basic).toBeEnabled()
})

test('the waitlist dialog: a failed join says so and closes', async ({
  page,
  expectConsoleError,
}) => {
  expectConsoleError(/status of (500|201)/)
  await page.route('**/api/trial-submissions', (route) =>
    route.fulfill({
      status: 201,
      contentType: 'application/json',
      body: JSON.stringify({
        submission_id: '00000000-0000-4000-8000-000000000000',
        has_license: false,
        waitlist_eligible: true,
        waitlist_token: 't',
      }),
    }),
  )
  await page.route('**/api/trial-submissions/*/waitlist', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"errorCode":"INTERNAL_ERROR","error":"x"}',
    }),
  )
  await page.goto('/')
  const form = await fillForm(page, 'someone@example.com')
  await form.getByRole('button', { name: 'Get My Free Trial Model' }).click()
  const dialog = page.getByRole('dialog', {
    name: "This month's Advanced trial keys are all taken",
  })
  await dialog.getByRole('button', { name: 'Sure, let me know' }).click()
  await expect(page.getByText('Failed to join waitlist. Please try again.')).toBeVisible()
  await expect(dialog).toBeHidden()
  await form.getByRole('button', { name: 'Get My Free Trial Model' }).click()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByText('Failed to update preferences. Please try again.')).toBeVisible()
  await expect(dialog).toBeHidden()
})
