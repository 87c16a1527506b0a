/**
 * Every route of docs/product.md, "Routes and screens" beyond the landing page: the scheduling
 * confirmation in several time zones and with hostile parameters, /lnf, the legal routes, the
 * static files and the 404 page. Third-party requests are refused (the network is closed here) and
 * a test fails on a console error it did not provoke on purpose.
 */
import { test as base, expect, type Page } from '@playwright/test'
import AxeBuilder from './axe.ts'
import { E2E } from './env.ts'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

/** A stored choice (everything refused), so the consent banner stays out of these tests. */
const REFUSED = {
  id: 'e2e-routes',
  categories: { functional: false, media: false, marketing: false },
  policy_version: '2025-08-01',
  decided_at: '2025-08-01T00:00:00.000Z',
}

const test = base.extend<{ expectConsoleError: (pattern: RegExp) => void }>({
  expectConsoleError: [
    async ({ page }, use) => {
      const expected: RegExp[] = []
      const errors: string[] = []
      page.on('console', (message) => {
        // The icon set is another issue's work; its absence must not fail these routes.
        if (/\/(icons\/|favicon\.ico|site\.webmanifest)/.test(message.location().url)) return
        if (message.type() === 'error') errors.push(message.text())
      })
      page.on('pageerror', (error) => errors.push(error.message))
      await page.route(
        (url) => url.origin !== E2E.baseUrl,
        (route) => route.abort('blockedbyclient'),
      )
      await page.addInitScript((record) => {
        localStorage.setItem('pacepoint.consent', JSON.stringify(record))
      }, REFUSED)
      await use((pattern) => expected.push(pattern))
      const unexpected = errors.filter(
        (text) =>
          !expected.some((pattern) => pattern.test(text)) && !/ERR_BLOCKED_BY_CLIENT/.test(text),
      )
      expect(unexpected, 'unexpected console errors').toEqual([])
    },
    { auto: true },
  ],
})

function schedulingUrl(params: Record<string, string>): string {
  return `/scheduling-thank-you?${new URLSearchParams(params).toString()}`
}

const MEETING = {
  start_at: '2026-03-02T14:00:00Z',
  end_at: '2026-03-02T14:30:00Z',
  display_name: 'Ann Lee',
  email: 'ann@example.com',
  event_url: 'https://calendly.com/reschedulings/1a2b3c',
  link: 'https://calendly.com/pacepoint/intro-15',
}

function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(new Date())
}

test.describe('/scheduling-thank-you', () => {
  test('pre-renders a spinner until the query is read', async ({ request }) => {
    const html = await (await request.get(schedulingUrl(MEETING))).text()
    expect(html).toContain('role="status"')
    expect(html).toContain('Loading your booking details')
    expect(html).not.toContain('Meeting Scheduled!')
    expect(html).toContain('<meta name="robots" content="noindex"')
  })

  const zones: { timezoneId: string; date: string; time: string; shown?: RegExp }[] = [
    { timezoneId: 'America/New_York', date: 'Monday, March 2, 2026', time: '9:00am – 9:30am' },
    { timezoneId: 'Europe/Prague', date: 'Monday, March 2, 2026', time: '3:00pm – 3:30pm' },
    // Chromium's ICU names this zone by its older canonical id.
    {
      timezoneId: 'Asia/Kolkata',
      date: 'Monday, March 2, 2026',
      time: '7:30pm – 8:00pm',
      shown: /^Asia\/(Kolkata|Calcutta)$/,
    },
    { timezoneId: 'Pacific/Auckland', date: 'Tuesday, March 3, 2026', time: '3:00am – 3:30am' },
  ]
  for (const zone of zones) {
    test.describe(zone.timezoneId, () => {
      test.use({ timezoneId: zone.timezoneId })

      test('shows the meeting in the browser time zone', async ({ page }) => {
        await page.goto(schedulingUrl(MEETING))
        await expect(
          page.getByRole('heading', { level: 1, name: 'Meeting Scheduled!' }),
        ).toBeVisible()
        await expect(
          page.getByText(
            'We emailed you and the other attendees a calendar invitation with all the details.',
          ),
        ).toBeVisible()
        await expect(page.getByTestId('meeting-date')).toHaveText(zone.date)
        await expect(page.getByTestId('meeting-time')).toHaveText(zone.time)
        await expect(page.getByTestId('meeting-zone')).toHaveText(zone.shown ?? zone.timezoneId)
        await expect(page.getByTestId('scheduled-on')).toHaveText(todayIn(zone.timezoneId))
        await expect(page.getByText('This event was scheduled on')).toBeVisible()
      })
    })
  }

  test('shows host, guest, place, details and the event links', async ({ page }) => {
    await page.goto(schedulingUrl(MEETING))
    await expect(page.getByText('Intro meeting: PacePoint Fund Pacing Models')).toBeVisible()
    // The host and phone are unset by default: nothing invented stands in for them.
    await expect(page.getByText('Host', { exact: true })).toHaveCount(0)
    const guest = page.getByTestId('guest')
    await expect(guest).toContainText('Ann Lee')
    await expect(guest).toContainText('ann@example.com')
    await expect(guest).toContainText('A')
    await expect(page.getByRole('link', { name: 'Invite a guest' })).toHaveAttribute(
      'href',
      /^mailto:\?subject=/,
    )
    await expect(page.getByText('Google Meet')).toBeVisible()
    await page.getByRole('button', { name: 'How to join' }).click()
    await expect(page.getByText('The join link is in your calendar invitation.')).toBeVisible()
    await expect(page.locator('a[href^="tel:"]')).toHaveCount(0)
    await expect(page.getByText('Introduction', { exact: true })).toBeVisible()
    for (const name of ['Reschedule', 'Cancel event']) {
      const link = page.getByRole('link', { name })
      await expect(link).toHaveAttribute('href', MEETING.event_url)
      await expect(link).toHaveAttribute('target', '_blank')
      await expect(link).toHaveAttribute('rel', /noopener/)
    }
  })

  test('leaves the guest out unless both name and e-mail are given', async ({ page }) => {
    await page.goto(schedulingUrl({ ...MEETING, email: '' }))
    await expect(page.getByRole('heading', { name: 'Meeting Scheduled!' })).toBeVisible()
    await expect(page.getByTestId('guest')).toHaveCount(0)
    await expect(page.getByText('Ann Lee')).toHaveCount(0)

    await page.goto(schedulingUrl({ ...MEETING, display_name: '' }))
    await expect(page.getByRole('heading', { name: 'Meeting Scheduled!' })).toBeVisible()
    await expect(page.getByTestId('guest')).toHaveCount(0)
  })

  test('renders with empty date, time and zone when a time cannot be parsed', async ({
    page,
    expectConsoleError,
  }) => {
    expectConsoleError(/Could not parse the meeting time/)
    const logged: string[] = []
    page.on('console', (m) => m.type() === 'error' && logged.push(m.text()))
    await page.goto(
      schedulingUrl({ ...MEETING, start_at: 'next tuesday-ish', end_at: '2026-03-02T14:30:00Z' }),
    )
    await expect(page.getByRole('heading', { name: 'Meeting Scheduled!' })).toBeVisible()
    await expect(page.getByTestId('meeting-date')).toHaveText('')
    await expect(page.getByTestId('meeting-time')).toHaveText('')
    await expect(page.getByTestId('meeting-zone')).toHaveText('')
    await expect(page.getByTestId('guest')).toContainText('Ann Lee')
    expect(logged.filter((text) => /Could not parse the meeting time/.test(text))).toHaveLength(1)
  })

  for (const eventUrl of [
    'javascript:alert(document.domain)',
    'https://calendly.com.evil.test/reschedule',
    'http://calendly.com/reschedulings/1a2b3c',
    'https://evil.test/?next=https://calendly.com',
    'data:text/html,<script>alert(1)</script>',
  ]) {
    test(`does not link the untrusted event_url ${eventUrl}`, async ({ page }) => {
      await page.goto(schedulingUrl({ ...MEETING, event_url: eventUrl }))
      await expect(page.getByRole('heading', { name: 'Meeting Scheduled!' })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Reschedule' })).toBeDisabled()
      await expect(page.getByRole('button', { name: 'Cancel event' })).toBeDisabled()
      await expect(page.getByRole('link', { name: 'Reschedule' })).toHaveCount(0)
      await expect(page.getByText('use the links in the confirmation e-mail')).toBeVisible()
      expect(await page.locator(`a[href="${eventUrl.replace(/"/g, '\\"')}"]`).count()).toBe(0)
    })
  }

  test('shows hostile parameters as text only', async ({ page }) => {
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    const name = '<img src=x onerror=alert(1)>Mallory'
    await page.goto(
      schedulingUrl({ ...MEETING, display_name: name, email: '"><script>alert(2)</script>' }),
    )
    await expect(page.getByTestId('guest')).toContainText(name)
    await expect(page.getByTestId('guest')).toContainText('"><script>alert(2)</script>')
    expect(await page.locator('main img').count()).toBe(0)
    expect(await page.locator('main script').count()).toBe(0)
    expect(dialogs).toEqual([])
  })
})

test.describe('/lnf/:filename', () => {
  test('shows the uploaded image full page with a way to the product', async ({ page }) => {
    await page.route(`${E2E.baseUrl}/custom-uploads/chart%20q3.png`, (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: PNG }),
    )
    const response = await page.goto('/lnf/chart%20q3.png')
    expect(response?.status()).toBe(200)
    const image = page.getByRole('img', { name: 'Shared image chart q3.png' })
    await expect(image).toBeVisible()
    await expect(image).toHaveAttribute('src', '/custom-uploads/chart%20q3.png')
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1)
    await expect(page.getByText('Image not found')).toHaveCount(0)
    await page.getByRole('link', { name: 'Learn more about the product' }).click()
    await expect(page).toHaveURL(`${E2E.baseUrl}/`)
  })

  test('hides a missing image and says so', async ({ page, expectConsoleError }) => {
    expectConsoleError(/Failed to load resource: the server responded with a status of 404/)
    await page.goto('/lnf/no-such-image-4176.png')
    await expect(page.getByText('Image not found')).toBeVisible()
    await expect(page.getByRole('img')).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Learn more about the product' })).toHaveAttribute(
      'href',
      '/',
    )
  })

  test('redirects to / without a file name', async ({ page }) => {
    for (const path of ['/lnf', '/lnf/']) {
      await page.goto(path)
      await expect(page).toHaveURL(`${E2E.baseUrl}/`)
    }
  })

  for (const path of [
    '/lnf/..%2f..%2fpackage.json',
    '/lnf/%2e%2e%2fpackage.json',
    '/lnf/..%5c..%5cpackage.json',
    '/lnf/%2fetc%2fpasswd',
    '/lnf/chart.png%00.txt',
    '/lnf/screenshots%2fbasic',
  ]) {
    test(`refuses ${path} in the browser and on the server`, async ({
      page,
      expectConsoleError,
    }) => {
      // The shell itself comes with status 404, which Chromium reports on the console.
      expectConsoleError(/status of 404/)
      const uploads: string[] = []
      page.on('request', (request) => {
        if (request.url().includes('/custom-uploads/')) uploads.push(request.url())
      })
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
      await expect(page.getByText('Image not found')).toBeVisible()
      expect(uploads).toEqual([])
    })
  }

  test('static files cannot be reached through the uploads path', async ({ request }) => {
    for (const path of [
      '/custom-uploads/..%2f..%2fpackage.json',
      '/custom-uploads/%2e%2e%2f%2e%2e%2fpackage.json',
      '/custom-uploads/..%5c..%5cpackage.json',
      '/custom-uploads/%2fetc%2fpasswd',
      '/custom-uploads/x%00.png',
      '/assets/..%2f..%2fpackage.json',
      '/robots.txt%00.html',
    ]) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(404)
      const body = await response.text()
      expect(body, path).not.toContain('"devDependencies"')
      expect(body, path).not.toContain('root:x:0:0')
    }
  })
})

async function expectLegalDialog(page: Page, tab: string, text: string) {
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true')
  await expect(dialog.getByRole('tabpanel')).toContainText(text)
  return dialog
}

test.describe('legal routes', () => {
  const cases = [
    { path: '/terms', tab: 'Terms & Conditions', text: 'law of the Czech Republic' },
    { path: '/legal/terms', tab: 'Terms & Conditions', text: 'license deactivation certificate' },
    {
      path: '/privacy-policy',
      tab: 'Privacy Policy',
      text: 'changes take effect 180 days after they are posted',
    },
    { path: '/cookie-policy', tab: 'Cookie Policy', text: 'pacepoint.consent' },
  ]
  for (const { path, tab, text } of cases) {
    test(`${path} opens the legal dialog on ${tab} and closing returns to /`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      const dialog = await expectLegalDialog(page, tab, text)
      await expect(dialog).toContainText('Last updated 1 August 2025')
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
      await dialog.getByRole('button', { name: 'Close' }).click()
      await expect(dialog).toBeHidden()
      await expect(page).toHaveURL(`${E2E.baseUrl}/`)
      // Closing replaces the address; it does not load the page again.
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
        true,
      )
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    })
  }

  test('the texts carry the business terms', async ({ page }) => {
    await page.goto('/terms')
    const dialog = await expectLegalDialog(page, 'Terms & Conditions', 'one machine')
    for (const text of [
      'non-transferable',
      '30 days',
      'license deactivation certificate',
      '10 days',
      'capped at the amount you paid us',
      'Czech Republic',
    ]) {
      await expect(dialog.getByRole('tabpanel')).toContainText(text)
    }
    await dialog.getByRole('tab', { name: 'Privacy Policy' }).click()
    for (const text of [
      'hash of your IP address',
      'user-agent',
      'export',
      'deletion',
      'support@pacepoint.io',
      '180 days',
    ]) {
      await expect(dialog.getByRole('tabpanel')).toContainText(text)
    }
    await dialog.getByRole('tab', { name: 'Cookie Policy' }).click()
    await expect(dialog.getByRole('tabpanel')).toContainText('Cookie settings')
    await page.keyboard.press('Escape')
    await expect(page).toHaveURL(`${E2E.baseUrl}/`)
  })

  test('footer legal links open the dialog on their tab without leaving /', async ({ page }) => {
    await page.goto('/')
    const footer = page.getByRole('contentinfo')
    await expect(async () => {
      await footer.getByRole('link', { name: 'Privacy Policy' }).click()
      await expectLegalDialog(page, 'Privacy Policy', 'Your rights')
    }).toPass({ timeout: 10_000 })
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    await expect(page).toHaveURL(`${E2E.baseUrl}/`)
    await footer.getByRole('link', { name: 'Cookie Policy' }).click()
    await expectLegalDialog(page, 'Cookie Policy', 'Reject all')
  })
})

test.describe('static files', () => {
  test('sitemap.xml lists the public pages under PUBLIC_URL', async ({ request }) => {
    const response = await request.get('/sitemap.xml')
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toBe('application/xml; charset=utf-8')
    const xml = await response.text()
    for (const path of ['/', '/terms', '/privacy-policy', '/cookie-policy']) {
      expect(xml).toContain(`<loc>${E2E.baseUrl}${path}</loc>`)
    }
    for (const path of ['/thank-you', '/scheduling-thank-you', '/lnf/', '/404']) {
      expect(xml).not.toContain(`<loc>${E2E.baseUrl}${path}</loc>`)
    }
  })

  test('robots.txt and test-static.txt are plain text', async ({ request }) => {
    const robots = await request.get('/robots.txt')
    expect(robots.status()).toBe(200)
    expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8')
    expect(await robots.text()).toContain(`Sitemap: ${E2E.baseUrl}/sitemap.xml`)
    const file = await request.get('/test-static.txt')
    expect(file.status()).toBe(200)
    expect(file.headers()['content-type']).toBe('text/plain; charset=utf-8')
  })

  test('a browser loads them as documents', async ({ page }) => {
    for (const path of ['/sitemap.xml', '/robots.txt', '/test-static.txt']) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(200)
      expect(page.url()).toBe(`${E2E.baseUrl}${path}`)
    }
  })
})

test.describe('not found', () => {
  test('an unknown path gets the 404 page with a way home', async ({
    page,
    expectConsoleError,
  }) => {
    // Chromium reports the 404 status of the document itself as a console error.
    expectConsoleError(/status of 404/)
    const response = await page.goto('/no-such-page/at-all')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
    await expect(page).toHaveTitle(/Page not found/)
    await page.getByRole('link', { name: 'Back to the home page' }).click()
    await expect(page).toHaveURL(`${E2E.baseUrl}/`)
  })
})

test.describe('accessibility', () => {
  const pages = [
    { name: 'scheduling confirmation', path: schedulingUrl(MEETING), ready: 'Meeting Scheduled!' },
    {
      name: 'scheduling with an untrusted link',
      path: schedulingUrl({ ...MEETING, event_url: 'x' }),
      ready: 'Meeting Scheduled!',
    },
    { name: 'missing image', path: '/lnf/no-such-image-4176.png', ready: 'Image not found' },
    { name: '404 page', path: '/no-such-page', ready: 'Page not found' },
    { name: 'legal dialog', path: '/privacy-policy', ready: 'Privacy Policy' },
  ]
  for (const { name, path, ready } of pages) {
    test(`${name} has no axe violations`, async ({ page, expectConsoleError }) => {
      expectConsoleError(/status of 404/)
      await page.goto(path)
      await expect(page.getByRole('heading', { name: ready }).first()).toBeVisible()
      const results = await new AxeBuilder(page).analyze()
      expect(
        results.violations.map(
          (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        ),
      ).toEqual([])
    })
  }

  test('the consent banner has no axe violations', async ({ page, expectConsoleError }) => {
    expectConsoleError(/status of 404/)
    await page.addInitScript(() => localStorage.removeItem('pacepoint.consent'))
    await page.goto('/not-a-page-for-the-banner')
    const banner = page.getByRole('region', { name: 'Your privacy choices' })
    await expect(banner).toBeVisible()
    // Checked once its fade-in is over: half-transparent text fails the contrast rule.
    await banner.evaluate((el) =>
      Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)),
    )
    const results = await new AxeBuilder(page).analyze()
    expect(
      results.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([])
  })
})
