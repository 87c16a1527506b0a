/**
 * The console's Orders page in Chromium (docs/product.md "Operator console"): a Stripe order
 * that waits for a key, an unmatched one, and an invoice recorded from the page; the filter,
 * reprocess and resend; revenue on the overview; axe-clean and fitting 390 px.
 *
 * Its own server (the production build) on the port after the console spec's, with a Stripe
 * webhook secret and PAID_PRODUCTS set, on the embedded database.
 */
import { type ChildProcess } from 'node:child_process'
import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { expectAccessible, inbox, operatorCli, signIn, stripeOrder } from './console-session.ts'
import { E2E } from './env.ts'
import { startOwnServer, stopOwnServer } from './own-server.ts'

const SECRET = 'whsec_e2e_orders'

test.describe('the console Orders page', () => {
  test.describe.configure({ mode: 'serial', timeout: 300_000 })
  const port = E2E.port + 3
  const base = `http://127.0.0.1:${port}`
  const dataDir = `${E2E.dataDir}-orders`
  const mailDir = join(dataDir, 'mail')
  let server: ChildProcess | null = null

  const mailTo = inbox(mailDir)
  const admin = operatorCli(dataDir)
  const order = (email: string, paymentLink: string) =>
    stripeOrder(base, SECRET, { email, name: 'Olive Order', paymentLink })

  test.beforeAll(async () => {
    test.setTimeout(240_000)
    await rm(dataDir, { recursive: true, force: true })
    server = await startOwnServer(port, dataDir, {
      E2E_DATABASE_URL: '',
      STRIPE_WEBHOOK_SECRET: SECRET,
      PAID_PRODUCTS: 'stripe:plink_adv=advanced',
    })
  })

  test.afterAll(async () => {
    await stopOwnServer(server)
  })

  test('lists, filters, reprocesses, resends and records orders', async ({ page }) => {
    const operator = `ops.${Date.now()}@example.com`
    const waiting = `waiting.${Date.now()}@example.com`
    const invoiced = `invoiced.${Date.now()}@example.com`
    expect(await admin('operators', 'add', operator)).toMatch(/Added operator/)
    const keyFile = join(dataDir, 'paid-keys.txt')
    await writeFile(keyFile, 'E2E-PAID-ADV-1\nE2E-PAID-ADV-2\n')
    await order(waiting, 'plink_adv')
    await order(`unmatched.${Date.now()}@example.com`, 'plink_unknown')

    await signIn(page, base, operator, mailTo)
    await expect(page.getByText(/1 paid order waits for a key/)).toBeVisible()
    await expect(page.getByText(/1 paid order matched no product/)).toBeVisible()

    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Orders' })
      .click()
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible()
    await expect(page.getByRole('row').filter({ hasText: 'Awaiting key' })).toHaveCount(1)
    await expect(page.getByRole('row').filter({ hasText: 'Unmatched' })).toHaveCount(1)
    await expectAccessible(page)

    await page.getByLabel('Status').selectOption('unmatched')
    await expect(page).toHaveURL(`${base}/admin/orders?status=unmatched`)
    await expect(page.getByRole('row').filter({ hasText: 'Awaiting key' })).toHaveCount(0)
    await page.getByLabel('Status').selectOption('')

    expect(
      await admin('licenses', 'import', '--model', 'advanced', '--pool', 'paid', keyFile),
    ).toMatch(/1 waiting order fulfilled/)
    await expect.poll(() => mailTo(waiting, 'E2E-PAID-ADV-1'), { timeout: 15_000 }).not.toBeNull()
    await page.reload()
    const fulfilled = page.getByRole('row').filter({ hasText: 'Fulfilled' })
    await expect(fulfilled).toHaveCount(1)
    await fulfilled.getByRole('button', { name: /Resend the keys/ }).click()
    await expect(page.getByText(/^Sent the keys of order cs_test_/)).toBeVisible()

    const unmatched = page.getByRole('row').filter({ hasText: 'Unmatched' })
    await unmatched.getByRole('button', { name: /Reprocess order/ }).click()
    await expect(page.getByText(/: unmatched\.$/)).toBeVisible()

    await page.getByLabel("Buyer's name").fill('Ivy Invoice')
    await page.getByLabel("Buyer's e-mail").fill(invoiced)
    await page.getByLabel('Model', { exact: true }).selectOption('advanced')
    await page.getByLabel('Invoice number').fill('INV-E2E-1')
    await page.getByRole('button', { name: 'Record and send the keys' }).click()
    await expect(page.getByText(/^Recorded invoice INV-E2E-1/)).toBeVisible()
    await expect.poll(() => mailTo(invoiced, 'E2E-PAID-ADV-2'), { timeout: 15_000 }).not.toBeNull()
    await expectAccessible(page)

    await page.setViewportSize({ width: 390, height: 844 })
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    await page.screenshot({ path: `test-results/orders-console-390.png`, fullPage: true })
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.screenshot({ path: `test-results/orders-console-1440.png`, fullPage: true })

    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Overview' })
      .click()
    const revenue = page.getByRole('region', { name: 'Revenue by model and month' })
    await expect(revenue).toContainText('2,899 USD')
  })

  test('the Keys page imports into the trial or the paid pool and counts both', async ({
    page,
  }) => {
    const operator = `keys.${Date.now()}@example.com`
    const buyer = `paid.pool.${Date.now()}@example.com`
    expect(await admin('operators', 'add', operator)).toMatch(/Added operator/)
    // The paid pool of Advanced is empty (or used up by the test above): this order waits.
    await order(buyer, 'plink_adv')
    await signIn(page, base, operator, mailTo)
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Keys' })
      .click()
    await expect(page.getByRole('heading', { name: 'Keys', level: 1 })).toBeVisible()

    /** Available, assigned, revoked and total of Advanced in a pool's table. */
    const advanced = async (pool: 'Trial' | 'Paid') => {
      const table = page.getByRole('table', { name: new RegExp(`^${pool} keys \\(`) })
      const cells = await table
        .getByRole('row')
        .filter({ hasText: 'Advanced' })
        .getByRole('cell')
        .allInnerTexts()
      return cells.slice(1).map((text) => Number(text.replace(/\D/g, '')))
    }
    await expect(page.getByRole('table', { name: /^Paid keys \(/ })).toBeVisible()
    const trialBefore = await advanced('Trial')
    const paidBefore = await advanced('Paid')
    expect(paidBefore[0], 'no paid Advanced key is left').toBe(0)

    const importForm = page.getByRole('region', { name: 'Import a key file' })
    const upload = async (pool: 'Trial' | 'Paid', name: string, keys: string) => {
      await importForm.getByRole('radio', { name: 'Advanced' }).check()
      await importForm.getByRole('radio', { name: new RegExp(`^${pool} `) }).check()
      await importForm.getByLabel(/Key file/).setInputFiles({
        name,
        mimeType: 'text/plain',
        buffer: Buffer.from(keys),
      })
      await importForm.getByRole('button', { name: 'Import keys' }).click()
    }

    // Trial is the default pool: the radio starts there.
    await expect(importForm.getByRole('radio', { name: /^Trial / })).toBeChecked()
    await upload('Paid', 'paid.txt', 'E2E-PAID-ADV-KEYS-1\n')
    await expect(
      page.getByText(
        /^Imported 1 paid Advanced key from paid\.txt \(1 read, 0 duplicates skipped\)\.\s+1 waiting order fulfilled/,
      ),
    ).toBeVisible()
    await expect
      .poll(() => mailTo(buyer, 'E2E-PAID-ADV-KEYS-1'), { timeout: 15_000 })
      .not.toBeNull()
    await expect
      .poll(() => advanced('Paid'))
      .toEqual([0, paidBefore[1]! + 1, paidBefore[2]!, paidBefore[3]! + 1])
    expect(await advanced('Trial')).toEqual(trialBefore)
    // After an import the form is back on the trial pool.
    await expect(importForm.getByRole('radio', { name: /^Trial / })).toBeChecked()

    await upload('Trial', 'trial.txt', 'E2E-TRIAL-ADV-KEYS-1\nE2E-TRIAL-ADV-KEYS-2\n')
    await expect(
      page.getByText('Imported 2 Advanced keys from trial.txt (2 read, 0 duplicates skipped).'),
    ).toBeVisible()
    await expect
      .poll(() => advanced('Trial'))
      .toEqual([trialBefore[0]! + 2, trialBefore[1]!, trialBefore[2]!, trialBefore[3]! + 2])
    expect((await advanced('Paid'))[3]).toBe(paidBefore[3]! + 1)
    const paidBatch = page.getByRole('row').filter({ hasText: /^import:paid\.txt/ })
    await expect(paidBatch.getByText('paid', { exact: true })).toBeVisible()
    await expectAccessible(page)

    await page.setViewportSize({ width: 390, height: 844 })
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0)
    await page.screenshot({ path: `test-results/keys-console-390.png`, fullPage: true })
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.screenshot({ path: `test-results/keys-console-1280.png`, fullPage: true })
  })
})
