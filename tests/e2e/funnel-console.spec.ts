/**
 * The console's Funnel page in Chromium (docs/product.md "Operator console", "From trial to
 * customer"): visits from two campaigns and direct, a trial requested from a campaign's page,
 * that visitor's paid order; the operator reads them by source and week, exports the CSV, and
 * no page the visitor saw set a cookie. Axe-clean and fitting 390 px.
 *
 * Its own server (the production build) with a Stripe webhook secret and PAID_PRODUCTS, on the
 * embedded database.
 */
import { type ChildProcess } from 'node:child_process'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { expectAccessible, inbox, operatorCli, signIn, stripeOrder } from './console-session.ts'
import { E2E } from './env.ts'
import { startOwnServer, stopOwnServer } from './own-server.ts'

const SECRET = 'whsec_e2e_funnel'

test.describe('the console Funnel page', () => {
  test.describe.configure({ mode: 'serial', timeout: 300_000 })
  const port = E2E.port + 4
  const base = `http://127.0.0.1:${port}`
  const dataDir = `${E2E.dataDir}-funnel`
  const mailDir = join(dataDir, 'mail')
  let server: ChildProcess | null = null

  const mailTo = inbox(mailDir)
  const admin = operatorCli(dataDir)

  test.beforeAll(async () => {
    test.setTimeout(240_000)
    await rm(dataDir, { recursive: true, force: true })
    server = await startOwnServer(port, dataDir, {
      E2E_DATABASE_URL: '',
      STRIPE_WEBHOOK_SECRET: SECRET,
      PAID_PRODUCTS: 'stripe:plink_funnel=advanced',
    })
  })

  test.afterAll(async () => {
    await stopOwnServer(server)
  })

  test('shows visits, trials, keys and orders by source and week, and exports them', async ({
    page,
    context,
  }) => {
    const stamp = Date.now()
    const buyer = `buyer.${stamp}@example.com`
    const operator = `ops.${stamp}@example.com`
    await page.route(
      (url) => url.origin !== base,
      (route) => route.abort('blockedbyclient'),
    )

    // Visits: three from a newsletter (one of them requests a trial), two from LinkedIn to the
    // Lab, one direct. None of them sets a cookie.
    const setCookies: string[] = []
    page.on('response', (res) => {
      const cookie = res.headers()['set-cookie']
      if (cookie) setCookies.push(`${res.url()}: ${cookie}`)
    })
    for (const path of [
      '/?utm_source=newsletter&utm_medium=email',
      '/?utm_source=newsletter&utm_medium=email',
      '/pacing?utm_source=linkedin',
      '/pacing?utm_source=linkedin',
      '/about',
    ])
      await page.goto(`${base}${path}`)
    await page.clock.install()
    await page.goto(`${base}/?utm_source=newsletter&utm_medium=email#trial-form-advanced`)
    const form = page.locator('#trial-form')
    await expect(form.getByRole('radio', { name: /Advanced model/ })).toBeChecked()
    await form.getByLabel('First name').fill('Bea')
    await form.getByLabel('Last name').fill('Buyer')
    await form.getByLabel('Business e-mail').fill(buyer)
    await form.getByRole('checkbox', { name: /I agree/ }).check()
    await page.clock.fastForward(1600)
    await form.getByRole('button', { name: 'Get My Free Trial Model' }).click()
    await expect(page).toHaveURL(/\/thank-you\?model=advanced$/)
    expect(setCookies).toEqual([])
    expect(await context.cookies()).toEqual([])

    // The visitor buys: a signed Stripe event for the same address.
    const keyFile = join(dataDir, 'paid-keys.txt')
    await writeFile(keyFile, 'E2E-FUNNEL-PAID-1\n')
    await admin('licenses', 'import', '--model', 'advanced', '--pool', 'paid', keyFile)
    await stripeOrder(base, SECRET, {
      email: buyer,
      name: 'Bea Buyer',
      paymentLink: 'plink_funnel',
      id: String(stamp),
    })

    // The operator signs in and opens the Funnel page.
    expect(await admin('operators', 'add', operator)).toMatch(/Added operator/)
    await signIn(page, base, operator, mailTo)
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Funnel' })
      .click()
    await expect(page.getByRole('heading', { name: 'Funnel', level: 1 })).toBeVisible()

    // Page views are written every few seconds: reload until they are in.
    const bySource = page.getByRole('table', { name: 'By source' })
    const row = (source: string) => bySource.getByRole('row').filter({ hasText: source })
    await expect(async () => {
      await page.reload()
      await expect(row('newsletter')).toContainText('3', { timeout: 1_000 })
    }).toPass({ timeout: 30_000 })
    const cells = async (source: string) =>
      (await row(source).getByRole('cell').allTextContents()).map((t) => t.trim())
    // Source, visits, trial requests, keys, paid orders, visit to trial.
    expect(await cells('newsletter')).toEqual(['newsletter', '3', '1', '1', '1', '33.3%'])
    expect(await cells('linkedin')).toEqual(['linkedin', '2', '0', '0', '0', '0.0%'])
    expect((await cells('direct')).slice(0, 5)).toEqual(['direct', '1', '0', '0', '0'])
    const weekly = page.getByRole('table', { name: 'Per week and source' })
    await expect(weekly.getByRole('row').filter({ hasText: 'newsletter' })).toHaveCount(1)
    // The chart: the week's stages over all sources.
    await expect(
      page.getByRole('img', {
        name: /^week of \d{4}-\d{2}-\d{2}: 6 visits, 1 trial requests, 1 keys, 1 paid orders$/,
      }),
    ).toBeVisible()
    await expect(
      page.getByRole('table', { name: 'Trial to paid within 30 days' }).getByRole('row', {
        name: /Advanced/,
      }),
    ).toContainText('100.0%')
    await expect(page.getByRole('table', { name: 'Revenue by month' })).toContainText('2,899')

    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Export CSV' }).click()
    const csv = await readFile((await (await download).path())!, 'utf8')
    const lines = csv.trim().split(/\r?\n/)
    expect(lines[0]).toBe('"week","source","visits","trials","keys","orders"')
    expect(lines.filter((l) => l.includes('"newsletter"'))).toEqual([
      expect.stringMatching(/^"\d{4}-\d{2}-\d{2}","newsletter","3","1","1","1"$/),
    ])

    await expectAccessible(page)
    await page.setViewportSize({ width: 390, height: 844 })
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    await page.screenshot({ path: 'test-results/funnel-console-390.png', fullPage: true })
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.screenshot({ path: 'test-results/funnel-console-1440.png', fullPage: true })
  })
})
