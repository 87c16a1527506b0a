/**
 * Buying (docs/product.md, "Buying") and the pages that say who is behind the product. The e2e
 * build sets no checkout link, so Buy opens "Request an invoice"; the choice of a configured
 * checkout link is unit-tested (src/common/site/buying.test.ts), since a second build only to
 * set SITE_CHECKOUT_URL_* would cost minutes. The server writes e-mail as .eml files.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import AxeBuilder from './axe.ts'
import { E2E } from './env.ts'
import { expect, test } from './fixtures.ts'
import { onOneLineInside } from './layout.ts'

/** A stored choice (everything refused), so the consent banner stays out of these tests. */
async function refuseConsent(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem(
      'pacepoint.consent',
      JSON.stringify({
        id: 'e2e-buy',
        categories: { functional: false, media: false, marketing: false },
        policy_version: '2025-08-01',
        decided_at: '2025-08-01T00:00:00.000Z',
      }),
    )
  })
}

async function mailsTo(address: string): Promise<string[]> {
  const dir = join(E2E.dataDir, 'mail')
  const files = await readdir(dir).catch(() => [] as string[])
  const found: string[] = []
  for (const file of files.filter((f) => f.endsWith('.eml'))) {
    const text = await readFile(join(dir, file), 'utf8')
    if (new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'mi').test(text)) found.push(text)
  }
  return found
}

test.beforeEach(async ({ page }) => {
  await refuseConsent(page)
})

test('Buy without a checkout link opens "Request an invoice" for that model', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto('/#pricing')
  const buy = page.locator('#pricing').getByRole('button', { name: 'Buy Basic' }).filter({
    visible: true,
  })
  await expect(buy).toHaveCount(1)
  await buy.click()
  const dialog = page.getByRole('dialog', { name: 'Request an invoice' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('radio', { name: /Basic/ })).toBeChecked()
  await expect(dialog.getByRole('button', { name: /Request invoice · \$849/ })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  // A phone shows the cards instead of the table; their Buy works the same way.
  await page.setViewportSize({ width: 390, height: 844 })
  await page
    .locator('#pricing')
    .getByRole('button', { name: 'Buy Advanced' })
    .filter({ visible: true })
    .click()
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('radio', { name: /Advanced/ })).toBeChecked()
})

test('the invoice dialog names each bad field beside it and focuses the first', async ({
  page,
}) => {
  await page.goto('/#pricing')
  await page
    .locator('#pricing')
    .getByRole('button', { name: 'Buy Advanced' })
    .filter({ visible: true })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Request an invoice' })
  await dialog.getByRole('button', { name: /Request invoice/ }).click()

  const first = dialog.getByLabel('First name')
  await expect(first).toBeFocused()
  await expect(first).toHaveAttribute('aria-invalid', 'true')
  await expect(first).toHaveAccessibleDescription('First name is required')
  await expect(dialog.getByLabel('Company or family office')).toHaveAccessibleDescription(
    'Company is required',
  )

  await first.fill('Grace')
  await expect(first).not.toHaveAttribute('aria-invalid')
  await dialog.getByLabel('Last name').fill('Hopper')
  await dialog.getByLabel('Work e-mail').fill('grace@not-an-address')
  await dialog.getByLabel('Company or family office').fill('Hopper Family Office')
  await dialog.getByRole('button', { name: /Request invoice/ }).click()
  const email = dialog.getByLabel('Work e-mail')
  await expect(email).toBeFocused()
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await expect(email).toHaveAccessibleDescription('E-mail must be a valid e-mail address')
  await expect(dialog.getByLabel('First name')).not.toHaveAttribute('aria-invalid')
})

test('a valid request is confirmed in place, and both e-mails go out', async ({ page }) => {
  const address = `grace.buyer.${Date.now()}@example.com`
  await page.goto('/#pricing')
  await page
    .locator('#pricing')
    .getByRole('button', { name: 'Buy Advanced' })
    .filter({ visible: true })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Request an invoice' })
  await dialog.getByLabel('First name').fill('Grace')
  await dialog.getByLabel('Last name').fill('Hopper')
  await dialog.getByLabel('Work e-mail').fill(address)
  await dialog.getByLabel('Company or family office').fill('Hopper Family Office')
  await dialog.getByLabel(/Billing details/).fill('VAT ID CZ12345678')
  const answer = page.waitForResponse('**/api/purchase-requests')
  await dialog.getByRole('button', { name: /Request invoice/ }).click()
  expect((await answer).status()).toBe(201)

  const done = page.getByRole('dialog', { name: 'Request received' })
  await expect(done).toBeVisible()
  await expect(done).toContainText(address)
  await expect(done).toContainText('Advanced license · $2,899')
  await expect(done).toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-/)

  await expect.poll(async () => (await mailsTo(address)).length, { timeout: 15_000 }).toBe(1)
  expect((await mailsTo(address))[0]).toContain('invoice request')
  // The operator's copy goes to OPERATOR_EMAIL, unset here: the support address.
  await expect
    .poll(async () => (await mailsTo('support@pacepoint.io')).some((m) => m.includes(address)), {
      timeout: 15_000,
    })
    .toBe(true)
  await done.getByRole('button', { name: 'Done' }).click()
  await expect(done).toBeHidden()
})

test('the thank-you page says how to buy and opens the invoice dialog', async ({ page }) => {
  await page.goto('/thank-you?model=advanced')
  await expect(page.getByRole('heading', { name: 'Ready to buy?' })).toBeVisible()
  // Exactly: the page is pre-rendered for Basic until its code reads the query, and its
  // "Or buy Advanced – $2,899" would match too; a run clicked it just as it became "Or buy Basic".
  await page.getByRole('button', { name: 'Buy Advanced – $2,899', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Request an invoice' })
  await expect(dialog.getByRole('radio', { name: /Advanced/ })).toBeChecked()
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Or buy Basic – $849', exact: true }).click()
  await expect(dialog.getByRole('radio', { name: /Basic/ })).toBeChecked()
})

test.describe('who is behind the product', () => {
  test('/about names the company, its people and address, and the footer links both pages', async ({
    page,
  }) => {
    await page.goto('/')
    const footer = page.locator('footer')
    await footer.getByRole('link', { name: 'About us' }).click()
    await expect(page).toHaveURL(/\/about$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('The team behind PacePoint')
    const company = page.getByRole('region', { name: 'Company details' })
    // The build's settings are the shipped defaults: blanks in brackets, unset lines hidden.
    await expect(company).toContainText('[Company legal name]')
    await expect(company).toContainText('[Street and number')
    await expect(company).not.toContainText('Company ID')
    await expect(page.getByRole('heading', { name: '[Your name]' })).toBeVisible()
    const ld = await page.locator('script[type="application/ld+json"]').textContent()
    expect(JSON.parse(ld!)).not.toHaveProperty('legalName')

    await page.locator('footer').getByRole('link', { name: 'Security & installation' }).click()
    await expect(page).toHaveURL(/\/security$/)
    await expect(page.getByRole('heading', { name: 'Code signing' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Where your data lives' })).toBeVisible()
    await expect(page.getByText('Portfolio data never leaves your machine.').first()).toBeVisible()
  })

  test('the privacy policy says in section 1 what an invoice request stores and why', async ({
    page,
  }) => {
    await page.goto('/privacy-policy')
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText('This Privacy Policy explains')
    const section1 = await dialog.evaluate((element) => {
      const text = element.textContent ?? ''
      return text.slice(text.indexOf('1. What we collect'), text.indexOf('2. Why'))
    })
    expect(section1).toContain('When you ask for an invoice')
    expect(section1).toMatch(/first name, last name, work e-mail address and your company/)
    expect(section1).toMatch(/prepare and send your invoice/)
  })

  test('the footer names the company that sells the licenses', async ({ page }) => {
    for (const path of ['/', '/about']) {
      await page.goto(path)
      await expect(page.locator('footer')).toContainText(
        'PacePoint is a brand of [Company legal name], [Street and number, postcode and city], Czechia.',
      )
    }
  })

  for (const width of [320, 390, 1440]) {
    test(`/about and /security read well at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/about')
      // A bio runs the card's width, not a narrow column beside the initials.
      const card = page.getByRole('listitem').filter({ hasText: '[Your name]' })
      const bio = card.getByText(/^\[Two or three sentences/)
      const [cardBox, bioBox] = [await card.boundingBox(), await bio.boundingBox()]
      expect(bioBox!.width).toBeGreaterThan(cardBox!.width * 0.75)
      expect(
        await onOneLineInside(page.getByRole('button', { name: 'Book a 15-minute call' })),
      ).toBe(true)

      await page.goto('/security')
      // The PowerShell command wraps in place: nothing of it hides past the box's edge.
      const command = page.locator('pre')
      await expect(command).toContainText('Get-AuthenticodeSignature')
      expect(await command.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0)
    })
  }

  test('the terms name the company from the same settings', async ({ page }) => {
    await page.goto('/terms')
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText('provided by [Company legal name]')
    await expect(dialog).toContainText('[Street and number, postcode and city], Czechia')
  })

  for (const path of ['/about', '/security']) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      const results = await new AxeBuilder(page).analyze()
      expect(
        results.violations.map(
          (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        ),
      ).toEqual([])
    })

    for (const width of [320, 390, 1440]) {
      test(`${path} has no horizontal scrolling at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 })
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        )
        expect(overflow).toBe(0)
      })
    }
  }
})
