/**
 * What a buyer found (DESIGN §23), as a visitor meets it: the demo-settings notice on every page
 * while the company settings are placeholders (the default build's are), "Skip to content" as
 * the first tab stop before the consent bar, the keyboard following "Get Free Trial" and
 * "Start ... trial" into the form, the schedulers' own redirect parameters on
 * /scheduling-thank-you, and the server's own pages in the site's frame. Third-party requests
 * are refused (the network is closed here).
 */
import { expect, test } from '@playwright/test'
import { E2E } from './env.ts'

test.beforeEach(async ({ page }) => {
  await page.route(
    (url) => url.origin !== E2E.baseUrl,
    (route) => route.abort('blockedbyclient'),
  )
})

const REFUSED = {
  id: 'e2e-buyer',
  categories: { functional: false, media: false, marketing: false },
  policy_version: '2025-08-01',
  decided_at: '2025-08-01T00:00:00.000Z',
}

test('every page says its company settings are demo settings', async ({ page }) => {
  for (const path of ['/', '/about', '/pacing', '/thank-you?model=basic', '/no-such-page']) {
    await page.goto(path)
    await expect(page.getByRole('complementary', { name: 'Demo settings' }), path).toContainText(
      'placeholders, not a real business',
    )
  }
})

test('"Skip to content" is the first tab stop, before the consent bar', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('region', { name: 'Your privacy choices' })).toBeVisible({
    timeout: 10_000,
  })
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
})

test.describe('the keyboard follows to the trial form', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript((record) => {
      localStorage.setItem('pacepoint.consent', JSON.stringify(record))
    }, REFUSED)
  })

  test('Enter on "Get Free Trial" moves focus to the first field', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/')
    await page.locator('html[data-actions-ready]').waitFor({ state: 'attached' })
    await page.getByRole('banner').getByRole('link', { name: 'Get Free Trial' }).focus()
    await page.keyboard.press('Enter')
    const first = page.locator('#trial-form').getByLabel('First name')
    await expect(first).toBeFocused()
    await expect(first).toBeInViewport()
  })

  test('"Start Basic trial" selects Basic and moves focus into the form', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/')
    await page.locator('html[data-actions-ready]').waitFor({ state: 'attached' })
    const start = page.getByRole('link', { name: 'Start Basic trial' }).first()
    await start.scrollIntoViewIfNeeded()
    await start.focus()
    await page.keyboard.press('Enter')
    const form = page.locator('#trial-form')
    await expect(form.getByLabel('First name')).toBeFocused()
    await expect(form.getByRole('radio', { name: /Basic model/ })).toBeChecked()
  })
})

test('/scheduling-thank-you reads Calendly’s redirect parameters', async ({ page }) => {
  await page.addInitScript((record) => {
    localStorage.setItem('pacepoint.consent', JSON.stringify(record))
  }, REFUSED)
  const query = new URLSearchParams({
    invitee_full_name: 'Ann Lee',
    invitee_email: 'ann@fo.example',
    event_start_time: '2026-03-02T14:00:00Z',
    event_end_time: '2026-03-02T14:15:00Z',
    event_type_name: 'Intro call <b>bold</b>',
    assigned_to: 'Jan Novak',
  })
  await page.goto(`/scheduling-thank-you?${query.toString()}`)
  await expect(page.getByTestId('meeting-date')).not.toBeEmpty()
  await expect(page.getByTestId('meeting-time')).toContainText('–')
  // Text only: the markup is shown as it was sent.
  await expect(page.getByTestId('meeting-title')).toHaveText('Intro call <b>bold</b>')
  await expect(page.getByTestId('host')).toContainText('Jan Novak')
  await expect(page.getByTestId('guest')).toContainText('Ann Lee')
  await expect(page.getByTestId('guest')).toContainText('ann@fo.example')
})

test('the pages the server writes wear the site’s frame', async ({ page }) => {
  await page.goto('/api/trial-confirmations?token=short')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link no longer works')
  await expect(page.getByRole('link', { name: 'PacePoint', exact: true })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toContainText('All rights reserved')
  await expect(page.getByRole('complementary', { name: 'Demo settings' })).toBeVisible()
  const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily)
  expect(font).toMatch(/system-ui/)
})
