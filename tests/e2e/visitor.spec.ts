/**
 * What a new visitor meets at a phone's and a desktop's width: the model chosen in pricing is
 * the one the form shows before its code loads, the submit button says what sending does, every
 * page has the same header, footer and phone menu, wide content shows that there is more, the
 * copy agrees with itself, and nothing unset or invented is shown as a fact about the vendor.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { holdRequests, onOneLineInside } from './layout.ts'

/** The page's code: everything boot.ts loads after the first paint. */
const PAGE_CODE = /\/assets\/(?!boot-)[^/]+\.js$/
/** The trial form's own code, which loads when the form comes near. */
const FORM_CODE = /\/assets\/trial-section-[^/]+\.js$/

const WIDTHS = [320, 390, 1440] as const

const modelRadio = (page: Page, model: 'basic' | 'advanced') =>
  page.locator(`#trial-form input[name="model"][value="${model}"]`)

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: width < 800 ? 844 : 900 })
    })

    test('a link to the Basic form shows Basic before the page’s code has loaded', async ({
      page,
    }) => {
      const code = await holdRequests(page, PAGE_CODE)
      await page.goto('/#trial-form-basic')
      await code.asked
      await expect(modelRadio(page, 'basic')).toBeChecked()
      await expect(modelRadio(page, 'advanced')).not.toBeChecked()
      code.release()
    })

    test('"Start Basic trial" in pricing shows Basic before the page’s code has loaded', async ({
      page,
    }) => {
      // Before any of the page's code: the link is followed as a plain link.
      const code = await holdRequests(page, PAGE_CODE)
      await page.goto('/#pricing')
      await code.asked
      await page.getByRole('link', { name: 'Start Basic trial' }).filter({ visible: true }).click()
      await expect(page).toHaveURL(/#trial-form-basic$/)
      await expect(modelRadio(page, 'basic')).toBeChecked()
      code.release()
    })

    test('"Start Basic trial" shows Basic at once while the form’s own code is on its way', async ({
      page,
    }) => {
      // The page's code is there, the form's is not yet: the click is the page's action now.
      const form = await holdRequests(page, FORM_CODE)
      await page.goto('/#pricing')
      await expect(page.locator('html')).toHaveAttribute('data-actions-ready', '')
      await page.getByRole('link', { name: 'Start Basic trial' }).filter({ visible: true }).click()
      await form.asked
      await expect(modelRadio(page, 'basic')).toBeChecked()
      await expect(modelRadio(page, 'advanced')).not.toBeChecked()
      form.release()
      // Once the form's code runs it keeps the choice.
      await expect(
        page
          .locator('#trial-form')
          .getByText(/Trial keys this month/)
          .first(),
      ).toBeVisible()
      await expect(modelRadio(page, 'basic')).toBeChecked()
    })

    test('with the chosen model’s pool empty, the submit button says it joins the waitlist', async ({
      page,
    }) => {
      await page.route('**/api/license-counts', (route) =>
        route.fulfill({ json: { basic: 0, advanced: 4 } }),
      )
      await page.goto('/#trial-form-basic')
      const form = page.locator('#trial-form')
      const waitlist = form.getByRole('button', { name: 'Join the Basic waitlist' })
      await expect(waitlist).toBeVisible()
      await expect(form.getByRole('button', { name: 'Get My Free Trial Model' })).toHaveCount(0)
      expect(await onOneLineInside(waitlist)).toBe(true)
      // The other model still has keys: the usual words come back.
      await form.locator('label').filter({ hasText: 'Advanced model' }).click()
      await expect(form.getByRole('button', { name: 'Get My Free Trial Model' })).toBeVisible()
    })

    test('nothing unset or invented is shown about the vendor', async ({ page }) => {
      await page.goto('/about')
      const company = page.getByRole('region', { name: 'Company details' })
      // Blanks to fill read as blanks; what is unset is not shown at all.
      await expect(company).toContainText('[Company legal name]')
      for (const label of ['Company ID', 'VAT ID', 'Registered in'])
        await expect(company.getByText(label)).toHaveCount(0)
      await expect(page.locator('a[href^="tel:"]')).toHaveCount(0)
      const ld = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').textContent())!,
      ) as Record<string, unknown>
      for (const key of ['legalName', 'identifier', 'vatID', 'telephone'])
        expect(ld).not.toHaveProperty(key)

      await page.goto('/security')
      // No checksum or thumbprint is set in this build: none is shown, support is named instead.
      await expect(page.getByTestId('fingerprints')).toHaveCount(0)
      await expect(page.getByText('SHA-256 checksums of every release')).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Your formulas stay visible' })).toBeVisible()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      )
    })
  })
}
