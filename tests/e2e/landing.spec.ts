/** The landing page as a visitor uses it. */
import AxeBuilder from './axe.ts'
import type { Locator } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { holdRequests } from './layout.ts'

/** The page's code: every script boot.ts loads after the first paint, not boot.ts itself. */
const PAGE_CODE = /\/assets\/(?!boot-)[^/]+\.js$/

test.describe('pre-rendered landing page', () => {
  test('serves every section before any script runs', async ({ request }) => {
    const response = await request.get('/')
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toContain('text/html')
    const html = await response.text()
    for (const text of [
      'Trusted by allocators managing $100M+ portfolios',
      'Wall Street Standard',
      'Get FREE Trial Model',
      'Watch Demo (2 min)',
      'Over-Allocation',
      'Timing Missteps',
      'Cash Drag',
      'Board Scrutiny',
      'Comprehensive investment tracking',
      'Rolling forecasts for existing commitments',
      'Long-term commitment planning',
      'Dynamic dashboards',
      'Flexible Assumption Framework',
      'Scenario Testing',
      'Dedicated Support &amp; Resources',
      'Get Your Free Trial',
      'Learn More',
      '$849',
      '$2,899',
      'best for monitoring',
      'best for planning and strategizing',
      'Most Popular',
      '30-day money-back guarantee',
      'Tracking of Actuals',
      'Rolling forecast for existing commitments',
      'Assumptions Settings',
      'What allocators say',
      'Instant download link by e-mail',
      'Excel model wrapped in a .exe, for Windows only',
      // The year of the build, not a year written into the copy.
      `© ${new Date().getFullYear()}`,
    ]) {
      expect(html, text).toContain(text)
    }
    expect(response.headers()['cache-control']).toBe('no-cache')
    // The policy's origins travel in the page's first <meta> (decision 15); the header keeps
    // what a <meta> cannot say.
    expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(html).toMatch(
      /^<!doctype html>\s*<html[^>]*>\s*<head>\s*<meta charset="UTF-8" \/><meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' /i,
    )
  })

  test('enforces the policy in its markup: a script from elsewhere is refused, the page works', async ({
    page,
    expectConsoleError,
  }) => {
    expectConsoleError(/elsewhere\.example/)
    await page.goto('/')
    const refused = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          document.addEventListener('securitypolicyviolation', (event) =>
            resolve(`${event.effectiveDirective} ${event.blockedURI}`),
          )
          const script = document.createElement('script')
          script.src = 'https://elsewhere.example/x.js'
          document.head.append(script)
        }),
    )
    expect(refused).toBe('script-src-elem https://elsewhere.example/x.js')
    // The page's own scripts run and fetch from our origin: near pricing, the keys left show.
    const counts = page.waitForResponse('**/api/license-counts')
    await page.locator('#pricing').scrollIntoViewIfNeeded()
    expect((await counts).status()).toBe(200)
    await expect(
      page.locator('#pricing [data-trial-keys]').filter({ visible: true }).first(),
    ).not.toHaveText('Trial keys are limited each month')
  })
})

test.describe('header', () => {
  test('anchor links scroll to their sections and the logo back to the top', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: 'Pricing' }).click()
    await expect(page.locator('#pricing')).toBeInViewport()
    await nav.getByRole('link', { name: 'Reviews' }).click()
    await expect(page.locator('#testimonials')).toBeInViewport()
    await nav.getByRole('link', { name: 'Features' }).click()
    await expect(page.locator('#features')).toBeInViewport()
    await page.getByRole('banner').getByRole('link', { name: 'Get Free Trial' }).click()
    await expect(page.locator('#trial-form')).toBeInViewport()
    await page.getByRole('button', { name: /PacePoint: Back to top/ }).click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('the mobile menu opens, and closes when a link is chosen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/')
    const toggle = page.getByRole('button', { name: 'Menu' })
    const menu = page.getByRole('navigation', { name: 'Mobile' })
    await expect(menu).toBeHidden()
    // A popover: the browser opens it, with or without the page's code.
    await toggle.click()
    await expect(menu).toBeVisible()
    // Choosing a link closes it once the header's code runs; before, the link still goes there.
    await expect(page.locator('html')).toHaveAttribute('data-actions-ready', '')
    await menu.getByRole('link', { name: 'Pricing' }).click()
    await expect(menu).toBeHidden()
    await expect(page.locator('#pricing')).toBeInViewport()
    await toggle.click()
    await expect(menu).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
  })
})

test.describe('arriving by a link to a section', () => {
  /** Where a section's top edge is on the screen: under the fixed header once scrolled to. */
  const topOf = (section: Locator) =>
    section.evaluate((element) => Math.round(element.getBoundingClientRect().top))

  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    for (const id of ['pricing', 'testimonials']) {
      test(`/#${id} at ${width} px shows the section at the top`, async ({ page }) => {
        await page.setViewportSize({ width, height })
        await page.goto(`/#${id}`)
        // The page's scroll padding (80 px; more while the demo-settings strip makes the fixed
        // header taller) puts the section's top there, clear of the header.
        const padding = await page.evaluate(() =>
          Math.round(parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop)),
        )
        await expect.poll(() => topOf(page.locator(`#${id}`))).toBe(padding)
        const headerBottom = await page
          .getByRole('banner')
          .evaluate((header) => header.getBoundingClientRect().bottom)
        expect(padding).toBeGreaterThanOrEqual(Math.round(headerBottom))
      })
    }
  }

  for (const codeFirst of [true, false]) {
    test(`a visitor who scrolls while the page's code loads stays where they went (${codeFirst ? 'the code that holds the section in' : 'before it'})`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1440, height: 900 })
      // What the page must not do (move the visitor back) needs a moment to fail in.
      const aMoment = () => page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)))
      // The code that holds the section in view (lib/fragment.ts) may arrive before the
      // visitor scrolls or after: held here until then, or waited for.
      const fragmentCode = /\/assets\/fragment-[^/]*\.js$/
      const code = await holdRequests(page, fragmentCode)
      const codeIn = page.waitForResponse(fragmentCode)
      await page.goto('/#pricing', { waitUntil: 'domcontentloaded' })
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(2000)
      await code.asked
      if (codeFirst) {
        code.release()
        await codeIn
        await aMoment()
      }
      // A page up by keyboard; again if Chromium, which holds a fragment's place while the
      // document loads, took the first one back (it did once in a whole run on busy cores).
      await expect(async () => {
        await page.locator('body').press('PageUp')
        expect(await topOf(page.locator('#pricing'))).toBeGreaterThan(400)
      }).toPass({ timeout: 10_000, intervals: [250, 500, 1000] })
      code.release()
      await codeIn
      await aMoment()
      expect(await topOf(page.locator('#pricing'))).toBeGreaterThan(400)
      // The page's code fills things in, but does not take the visitor back to the section they
      // scrolled away from.
      await expect(page.locator('html')).toHaveAttribute('data-actions-ready', '')
      await aMoment()
      expect(await topOf(page.locator('#pricing'))).toBeGreaterThan(400)
    })
  }
})

test.describe('choosing a model', () => {
  test('pricing selects the model in the trial form and sets the address', async ({ page }) => {
    await page.goto('/')
    const form = page.locator('#trial-form')
    await expect(form.getByRole('radio', { name: /Advanced model/ })).toBeChecked()
    const startBasic = page.getByRole('link', { name: 'Start Basic trial' })
    await expect(startBasic).toHaveCount(1)
    await startBasic.click()
    await expect(page).toHaveURL(/#trial-form-basic$/)
    await expect(form).toBeInViewport()
    await expect(form.getByRole('radio', { name: /Basic model/ })).toBeChecked()
    await page.getByRole('link', { name: 'Start Advanced trial' }).click()
    await expect(page).toHaveURL(/#trial-form-advanced$/)
    await expect(form.getByRole('radio', { name: /Advanced model/ })).toBeChecked()
  })

  test('arriving at /#trial-form-basic preselects Basic', async ({ page }) => {
    await page.goto('/#trial-form-basic')
    await expect(
      page.locator('#trial-form').getByRole('radio', { name: /Basic model/ }),
    ).toBeChecked()
  })

  test('a model-selected event with another value is ignored', async ({ page }) => {
    await page.goto('/')
    const form = page.locator('#trial-form')
    // The form's code loads when the visitor comes near it: go there first.
    await form.scrollIntoViewIfNeeded()
    await expect(form.getByRole('radio', { name: /Advanced model/ })).toBeEnabled()
    await expect(form.getByRole('radio', { name: /Advanced model/ })).toBeChecked()
    await page.evaluate(() => {
      window.dispatchEvent(new CustomEvent('model-selected', { detail: 'enterprise' }))
      window.dispatchEvent(new CustomEvent('model-selected', { detail: 'basic' }))
      window.dispatchEvent(new CustomEvent('model-selected', { detail: null }))
    })
    await expect(form.getByRole('radio', { name: /Basic model/ })).toBeChecked()
  })
})

test('the full comparison expands and collapses', async ({ page }) => {
  await page.goto('/')
  const row = page.getByRole('row', { name: /Recallable distributions/ })
  await expect(row).toBeHidden()
  await page.getByText('Show full feature comparison').click()
  await expect(row).toBeVisible()
  for (const group of [
    'General',
    'Tracking of Actuals',
    'Rolling forecast for existing commitments',
    'Planned Commitments',
    'Assumptions Settings',
    'Other',
  ]) {
    await expect(page.getByRole('columnheader', { name: group, exact: true })).toBeVisible()
  }
  // Icons carry words for screen readers: the Basic cell of this row reads "Calls only".
  await expect(row.getByRole('cell').first()).toHaveText('Calls only')
  await page.getByText('Hide full feature comparison').click()
  await expect(row).toBeHidden()
})

test('the full comparison loads its rows from a document of their own, once', async ({ page }) => {
  const loads: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/assets/full-comparison.')) loads.push(request.url())
  })
  await page.goto('/')
  // The first response carries the headings only; the rows come when pricing nears the screen.
  const html = await (await page.request.get('/')).text()
  expect(html).not.toContain('Recallable distributions')
  await page.locator('#pricing').scrollIntoViewIfNeeded()
  await page.getByText('Show full feature comparison').click()
  await expect(page.getByRole('row', { name: /Recallable distributions/ })).toBeVisible()
  // The fallback link goes once the rows are in.
  await expect(page.getByRole('link', { name: 'See every row of the comparison' })).toHaveCount(0)
  await page.getByText('Hide full feature comparison').click()
  await page.getByText('Show full feature comparison').click()
  expect(loads).toHaveLength(1)
})

test('when the rows fail to load, opening the comparison tries again', async ({
  page,
  expectConsoleError,
}) => {
  expectConsoleError(/status of 503/)
  let failures = 1
  await page.route('**/assets/full-comparison.*', (route) =>
    failures-- > 0 ? route.fulfill({ status: 503, body: 'busy' }) : route.fallback(),
  )
  await page.goto('/')
  const failed = page.waitForResponse((r) => r.url().includes('/assets/full-comparison.'))
  await page.locator('#pricing').scrollIntoViewIfNeeded()
  expect((await failed).status()).toBe(503)
  // The headings and the link stay; opening the comparison fetches the rows again.
  const link = page.getByRole('link', { name: 'See every row of the comparison' })
  await page.getByText('Show full feature comparison').click()
  await expect(page.getByRole('row', { name: /Recallable distributions/ })).toBeVisible()
  await expect(link).toHaveCount(0)
})

test.describe('the full comparison without scripts', () => {
  test.use({ javaScriptEnabled: false })

  test('shows its groups and links to every row, on a styled page', async ({ page }) => {
    await page.goto('/')
    // The page is styled without its code: pricing shows one plan layout for the width.
    await expect(
      page.getByRole('link', { name: 'Start Basic trial' }).filter({ visible: true }),
    ).toHaveCount(1)
    await page.getByText('Show full feature comparison').click()
    await expect(
      page.getByRole('columnheader', { name: 'Tracking of Actuals', exact: true }),
    ).toBeVisible()
    await page.getByRole('link', { name: 'See every row of the comparison' }).click()
    await expect(page).toHaveTitle('Full feature comparison of the Basic and Advanced models')
    const row = page.getByRole('row', { name: /Recallable distributions/ })
    await expect(row).toBeVisible()
    await expect(row.getByRole('cell').first()).toHaveText('Calls only')
    // Styled by the site's stylesheet: the table keeps its frame and padding.
    const padding = await row
      .getByRole('rowheader')
      .evaluate((cell) => getComputedStyle(cell).paddingTop)
    expect(padding).toBe('12px')
    await page.getByRole('link', { name: 'Back to pricing' }).click()
    await expect(page.locator('#pricing')).toBeInViewport()
  })
})

test.describe('dialogs', () => {
  test('the demo video opens and closes by keyboard, and focus returns', async ({ page }) => {
    await page.goto('/')
    const trigger = page.getByRole('button', { name: 'Watch Demo (2 min)' })
    await trigger.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await expect(dialog)
      .toBeFocused({ timeout: 100 })
      .catch(() => undefined)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(trigger).toBeFocused()
  })

  test('the gallery opens from a feature block on the advanced model', async ({ page }) => {
    await page.goto('/')
    const trigger = page.getByRole('button', { name: /See more screenshots: Dynamic dashboards/ })
    await trigger.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog', { name: 'Advanced Model Screenshots' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(trigger).toBeFocused()
  })

  test('the consultation button opens the booking dialog', async ({ page }) => {
    await page.goto('/')
    const trigger = page.getByRole('button', { name: 'Schedule a 15-minute consultation' })
    await trigger.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog', { name: 'Schedule Your Consultation' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(trigger).toBeFocused()
  })
})

test('submitting without ticking the terms shows the Terms Required toast', async ({ page }) => {
  await page.goto('/')
  const form = page.locator('#trial-form')
  await form.getByLabel('First name').fill('Ada')
  await form.getByLabel('Last name').fill('Lovelace')
  await form.getByLabel('Business e-mail').fill('ada@example.com')
  await form.getByRole('button', { name: 'Get My Free Trial Model' }).click()
  await expect(page.getByText('Terms Required')).toBeVisible()
  await expect(
    page.getByText('Please agree to the terms and privacy policy to continue.'),
  ).toBeVisible()
})

test('a bad field is named next to the field, and the first one takes focus', async ({ page }) => {
  await page.goto('/')
  const form = page.locator('#trial-form')
  await form.getByLabel('First name').fill('Ada')
  await form.getByLabel('Business e-mail').fill('not-an-address')
  await form.getByRole('checkbox').check()
  await form.getByRole('button', { name: 'Get My Free Trial Model' }).click()

  const last = form.getByLabel('Last name')
  await expect(last).toBeFocused()
  await expect(last).toHaveAttribute('aria-invalid', 'true')
  await expect(last).toHaveAccessibleDescription('Last name is required')
  const email = form.getByLabel('Business e-mail')
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await expect(email).toHaveAccessibleDescription('E-mail must be a valid e-mail address')
  await expect(form.getByLabel('First name')).not.toHaveAttribute('aria-invalid')

  // Typing clears the field's message.
  await last.fill('Lovelace')
  await expect(last).not.toHaveAttribute('aria-invalid')
  await expect(form.getByText('Last name is required')).toBeHidden()
})

test('the unticked terms box is named next to it as well as in the toast', async ({ page }) => {
  await page.goto('/')
  const form = page.locator('#trial-form')
  await form.getByLabel('First name').fill('Ada')
  await form.getByLabel('Last name').fill('Lovelace')
  await form.getByLabel('Business e-mail').fill('ada@example.com')
  await form.getByRole('button', { name: 'Get My Free Trial Model' }).click()
  const box = form.getByRole('checkbox')
  await expect(box).toBeFocused()
  await expect(box).toHaveAccessibleDescription('Please agree to the terms and privacy policy.')
})

test.describe('layout', () => {
  for (const width of [320, 390, 768, 1024, 1440, 1920]) {
    test(`no horizontal scrolling at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/')
      await page.getByText('Show full feature comparison').click()
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow).toBe(0)
    })
  }

  test('asks for its code only once the first paint is on screen', async ({ page }) => {
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('data-actions-ready', '')
    const { firstPaint, code } = await page.evaluate(
      (pageCode) => ({
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        code: performance
          .getEntriesByType('resource')
          .filter((entry) => new RegExp(pageCode).test(entry.name))
          .map((entry) => entry.startTime),
      }),
      PAGE_CODE.source,
    )
    expect(firstPaint).not.toBeNull()
    expect(code.length).toBeGreaterThan(0)
    // Code on its way before that paint is shown would share its bandwidth on a slow phone.
    for (const requested of code) expect(requested).toBeGreaterThanOrEqual(firstPaint!)
  })

  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    test(`at ${width} px the first paint is the page as it stays: styled before its code runs, unmoved after`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height })
      // The page's code (what boot.ts loads after the first paint) is held back.
      const code = await holdRequests(page, PAGE_CODE)
      await page.goto('/')
      await code.asked
      const hero = '[aria-labelledby="hero-heading"]'
      const aboveTheFold = ['header a', 'header button', 'h1', 'p', 'a', 'button', 'img']
        .map((tag) => (tag.startsWith('header') ? tag : `${hero} ${tag}`))
        .join(', ')
      const onScreen = () =>
        page.evaluate(
          (selector) =>
            [...document.querySelectorAll(selector)].map((element) => {
              const { x, y, width, height } = element.getBoundingClientRect()
              return [x, y, width, height].map(Math.round).join(' ')
            }),
          aboveTheFold,
        )
      const before = await onScreen()
      expect(before.length).toBeGreaterThan(5)
      // Styled by the site's stylesheet alone, with no CSS of its own to give way to it.
      await expect(page.locator('style')).toHaveCount(0)
      const heading = page.getByRole('heading', { level: 1 })
      expect(
        await heading.evaluate((h) => parseFloat(getComputedStyle(h).fontSize)),
      ).toBeGreaterThan(width < 640 ? 30 : 40)
      // Pricing shows one plan layout for the width: cards on a phone, the table from 1024 px.
      await expect(
        page.getByRole('link', { name: 'Start Basic trial' }).filter({ visible: true }),
      ).toHaveCount(1)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      )
      code.release()
      await expect(page.locator('html')).toHaveAttribute('data-actions-ready', '')
      expect(await onScreen()).toEqual(before)
    })
  }

  test('tap targets are at least 44 px on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/')
    const small = await page.evaluate(() => {
      const targets = document.querySelectorAll<HTMLElement>(
        'main a, main button, main input, main summary, header a, header button, footer a, footer button',
      )
      return (
        [...targets]
          // Visible targets only: not hidden, not the visually hidden skip link until it is focused.
          .filter(
            (el) =>
              el.offsetParent !== null &&
              !el.closest('[aria-hidden="true"]') &&
              el.getBoundingClientRect().width > 1,
          )
          .filter(
            (el) => !(el instanceof HTMLInputElement && ['radio', 'checkbox'].includes(el.type)),
          )
          .map((el) => ({
            text: (el.textContent || el.getAttribute('aria-label') || '').trim(),
            h: el.getBoundingClientRect().height,
          }))
          .filter((t) => t.h < 44)
      )
    })
    expect(small).toEqual([])
  })

  test('respects reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/')
    const behavior = await page.evaluate(
      () => getComputedStyle(document.documentElement).scrollBehavior,
    )
    expect(behavior).toBe('auto')
  })
})

test('axe finds no accessibility violations', async ({ page }) => {
  await page.goto('/')
  await page.getByText('Show full feature comparison').click()
  const results = await new AxeBuilder(page).analyze()
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`),
  ).toEqual([])
})

test('with the consent bar up, the end of the page still shows: the bar covers no footer link', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  const bar = page.getByRole('region', { name: 'Your privacy choices' })
  await expect(bar).toBeVisible()
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  const chat = page.getByRole('button', { name: 'Contact support chat' })
  await expect
    .poll(() =>
      chat.evaluate((element) => {
        const box = element.getBoundingClientRect()
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
        return element === hit || element.contains(hit)
      }),
    )
    .toBe(true)
})
