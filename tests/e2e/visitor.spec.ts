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

/** British spellings the site's copy once mixed with American ones. */
const UK_SPELLING =
  /\b(summaris\w*|organis\w*|recognis\w*|analys(e|ed|ing)|optimis\w*|customis\w*|standardis\w*|prioritis\w*|licence|colour\w*|behaviour\w*|favour\w*|programmes?|centre|modelling|modelled|cancelled|catalogue)\b/i

/** Every kind of page a visitor reaches. */
const PAGES = [
  '/',
  '/about',
  '/security',
  '/pacing',
  '/methodology',
  '/thank-you?model=basic',
  '/scheduling-thank-you',
  '/no-such-page',
]

const modelRadio = (page: Page, model: 'basic' | 'advanced') =>
  page.locator(`#trial-form input[name="model"][value="${model}"]`)

test('a form filled before the page’s code has loaded is timed from the page’s arrival', async ({
  page,
}) => {
  // The page's clock is Playwright's: the visitor takes five seconds without the test waiting.
  await page.clock.install()
  // Keys left, whatever the other tests have taken from the shared server's pool.
  await page.route('**/api/license-counts', (route) =>
    route.fulfill({ json: { basic: 4, advanced: 4 } }),
  )
  const elapsed: number[] = []
  await page.route('**/api/trial-submissions', async (route) => {
    elapsed.push((route.request().postDataJSON() as { form_elapsed_ms: number }).form_elapsed_ms)
    await route.fulfill({
      status: 201,
      json: {
        submission_id: '00000000-0000-4000-8000-000000000001',
        has_license: true,
        waitlist_eligible: false,
        waitlist_token: 't',
      },
    })
  })
  const code = await holdRequests(page, PAGE_CODE)
  await page.goto('/#trial-form-basic')
  await code.asked
  const form = page.locator('#trial-form')
  await form.getByLabel('First name').fill('Ada')
  await form.getByLabel('Last name').fill('Lovelace')
  await form.getByLabel('Business e-mail').fill('ada@example.com')
  await form.getByRole('checkbox', { name: /I agree/ }).check()
  await page.clock.fastForward(5000)
  code.release()
  // The form's code runs, keeps what was typed, and sends at once: the five seconds count,
  // or the server would take a person for a bot and ask them to confirm by e-mail.
  await expect(form.getByText(/Trial keys this month/).first()).toBeVisible()
  await form.getByRole('button', { name: 'Get My Free Trial Model' }).click()
  await expect(page).toHaveURL(/\/thank-you\?model=basic$/)
  expect(elapsed).toHaveLength(1)
  expect(elapsed[0]).toBeGreaterThanOrEqual(5000)
})

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

    test('every page has the same header, footer and phone menu', async ({
      page,
      expectConsoleError,
    }) => {
      expectConsoleError(/status of 404 .*\/no-such-page$/)
      const seen: string[] = []
      for (const path of PAGES) {
        await page.goto(path)
        const header = page.locator('header').first()
        const logo = header.locator('a[href="/"], button').first()
        const footer = page.locator('footer').last()
        const [logoBox, headerRow, footerRow] = [
          await logo.boundingBox(),
          await header.evaluate((element) => {
            const row = element.querySelector('div')!.getBoundingClientRect()
            return `${Math.round(row.x)} ${Math.round(row.width)}`
          }),
          await footer.evaluate((element) => {
            const row = element.querySelector('div')!.getBoundingClientRect()
            return `${Math.round(row.x)} ${Math.round(row.width)}`
          }),
        ]
        seen.push(`logo ${Math.round(logoBox!.x)}, header ${headerRow}, footer ${footerRow}`)
        // One navigation, the same links everywhere.
        const nav = header.getByRole('navigation', { name: width < 768 ? 'Mobile' : 'Main' })
        if (width < 768) {
          await expect(nav, path).toBeHidden()
          await header.getByRole('button', { name: 'Menu' }).click()
          await expect(nav, path).toBeVisible()
          // The trial button stays in the header row: the menu does not say it again.
          await expect(page.getByRole('link', { name: 'Get Free Trial', exact: true })).toHaveCount(
            1,
          )
          // A backdrop dims the page behind it.
          const backdrop = await nav.evaluate(
            (element) => getComputedStyle(element, '::backdrop').backgroundColor,
          )
          expect(backdrop, path).not.toMatch(/^(rgba\(0, 0, 0, 0\)|transparent)$/)
        }
        await expect(nav.getByRole('link'), path).toHaveText([
          'Features',
          'Pricing',
          'Reviews',
          'Pacing Lab',
        ])
        if (width < 768) {
          await page.keyboard.press('Escape')
          await expect(nav, path).toBeHidden()
        }
      }
      // Every page gives the same answer.
      expect([...new Set(seen)], seen.join('\n')).toHaveLength(1)
    })

    test('formulas and tables show all they hold, or reflow, without hiding part past an edge', async ({
      page,
    }) => {
      /** Elements whose content runs past their own box with the overflow scrolled or clipped. */
      const clipped = (selector: string) =>
        page.evaluate(
          (selector) =>
            [...document.querySelectorAll(selector)]
              .filter((element) => element.scrollWidth > element.clientWidth + 1)
              .map((element) => (element.textContent ?? '').slice(0, 40)),
          selector,
        )
      await page.goto('/methodology')
      const formulas = page.locator('#formulas ~ dl dt')
      expect(await formulas.count()).toBeGreaterThan(3)
      expect(await clipped('#formulas ~ dl dt')).toEqual([])
      const presets = page.getByRole('region', { name: /Presets and their sources, scrolls/ })
      await expect(presets).toBeVisible()
      expect(await clipped('[role="region"], [role="region"] table')).toEqual([])
      // Every value of the last column is on the screen, on a phone with its column's name.
      const lastCell = presets.locator('tbody tr').first().locator('td').last()
      await lastCell.scrollIntoViewIfNeeded()
      await expect(lastCell).toBeInViewport()
      const box = await lastCell.boundingBox()
      expect(box!.x + box!.width).toBeLessThanOrEqual(width)

      await page.goto('/cookie-policy')
      const dialog = page.getByRole('dialog')
      const keptFor = dialog.getByRole('cell', { name: /until you clear your browser storage/ })
      await keptFor.scrollIntoViewIfNeeded()
      const kept = await keptFor.boundingBox()
      const edge = await dialog.boundingBox()
      expect(kept!.x + kept!.width).toBeLessThanOrEqual(edge!.x + edge!.width)
      expect(await clipped('[role="dialog"] table')).toEqual([])
      if (width < 640)
        expect(await keptFor.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe(
          '"Kept for"',
        )
    })

    test('the gallery’s full-size view can be read and its arrows cover no part of it', async ({
      page,
    }) => {
      await page.goto('/#pricing')
      await page
        .getByRole('button', { name: 'View Basic screenshots' })
        .filter({ visible: true })
        .first()
        .click()
      const dialog = page.getByRole('dialog', { name: 'Basic Model Screenshots' })
      await dialog
        .getByRole('button', { name: /^View Full Size: / })
        .first()
        .click()
      const box = dialog.getByTestId('gallery-image-box')
      const image = box.getByRole('img')
      await expect(image).toBeVisible()
      const next = dialog.getByRole('button', { name: 'Next screenshot' })
      const [boxRect, nextRect] = [await box.boundingBox(), await next.boundingBox()]
      // The arrow sits outside the image, not over the chart.
      expect(nextRect!.y).toBeGreaterThanOrEqual(boxRect!.y + boxRect!.height)
      if (width < 640) {
        // On a phone it opens pixel for pixel, in a box that pans (and pinch-zooms).
        expect((await image.boundingBox())!.width).toBe(1600)
        expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(
          true,
        )
        // pan-x pan-y pinch-zoom, which Chromium reports as manipulation.
        expect(await box.evaluate((element) => getComputedStyle(element).touchAction)).toMatch(
          /pinch-zoom|manipulation/,
        )
      }
      await next.click()
      await expect(dialog.getByTestId('gallery-counter')).toHaveText('2 of 6')
    })

    test('the hero’s columns start together and its screenshot cuts no card at the side', async ({
      page,
    }) => {
      await page.goto('/')
      const hero = page.locator('[aria-labelledby="hero-heading"]')
      if (width >= 1024) {
        const tops = await hero.evaluate((section) =>
          [...section.querySelectorAll('.lg\\:grid > div')].map((column) =>
            Math.round(column.getBoundingClientRect().top),
          ),
        )
        expect(tops).toHaveLength(2)
        expect(tops[0]).toBe(tops[1])
      }
      // The wide crop is the dashboard's whole width (all five KPI cards), not a 1060 px slice.
      const image = hero.locator('img')
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0)
      const ratio = await image.evaluate(
        (img: HTMLImageElement) => img.naturalWidth / img.naturalHeight,
      )
      if (width >= 640) expect(ratio).toBeCloseTo(1600 / 740, 1)
    })

    test('the Terms Required toast covers neither the checkbox, the button nor the privacy note', async ({
      page,
    }) => {
      await page.goto('/#trial-form')
      const form = page.locator('#trial-form form').first()
      await form.getByLabel('First name').fill('Ann')
      await form.getByLabel('Last name').fill('Lee')
      await form.getByLabel('Business e-mail').fill('ann@example.com')
      await page.getByRole('button', { name: 'Reject all' }).click()
      // Scrolled as far as the privacy note under the button, as a visitor about to send.
      await form
        .getByText(/We use your details only/)
        .evaluate((note) => note.scrollIntoView({ block: 'end' }))
      await form.getByRole('button', { name: 'Get My Free Trial Model' }).click()
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Terms Required' })
      await expect(toast).toBeVisible()
      await expect(form.getByText('Please agree to the terms and privacy policy.')).toBeVisible()
      // Let the toast finish sliding in.
      await page.waitForTimeout(500)
      const toastBox = (await toast.boundingBox())!
      for (const covered of [
        form.getByRole('checkbox'),
        form.getByText('Please agree to the terms and privacy policy.'),
        form.getByRole('button', { name: 'Get My Free Trial Model' }),
        form.getByText(/We use your details only/),
      ]) {
        const box = (await covered.boundingBox())!
        const overlaps =
          box.x < toastBox.x + toastBox.width &&
          toastBox.x < box.x + box.width &&
          box.y < toastBox.y + toastBox.height &&
          toastBox.y < box.y + box.height
        expect(overlaps, (await covered.textContent()) ?? undefined).toBe(false)
      }
    })

    test('the copy agrees with itself and with the workbooks, in US spelling', async ({ page }) => {
      await page.goto('/#pricing')
      await page.getByText('Show full feature comparison').click()
      const row = (name: string) => page.getByRole('row').filter({ hasText: name }).first()
      // The onboarding consultation comes with every license, as the features say.
      await expect(row('Free 1-hour onboarding consultation').getByText('Included')).toHaveCount(2)
      // Basic ships ten fund tabs whose cover sheet takes annual or quarterly actuals.
      await expect(row('Number of commitments')).not.toContainText('Unlimited')
      await expect(row('Number of commitments')).toContainText('10 fund tabs')
      await expect(row('Actuals input structure')).toContainText('Annual or quarterly')
      await expect(page.locator('footer')).toContainText(`© ${new Date().getFullYear()} `)
      const words = await page.evaluate(() => document.body.innerText)
      expect(words).not.toMatch(UK_SPELLING)

      await page.goto('/thank-you?model=basic')
      const consultation = page.getByText(/15-minute consultation/)
      await expect(consultation).toContainText('1-hour onboarding consultation')
      await expect(consultation).not.toContainText('set the model up')

      await page.goto('/terms')
      expect(await page.getByRole('dialog').innerText()).not.toMatch(UK_SPELLING)
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
