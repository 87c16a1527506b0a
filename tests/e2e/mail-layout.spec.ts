/**
 * Every e-mail's HTML part in Chromium at the widths mail is read at: a 320 px phone,
 * a 390 px phone and a 600 px desktop reading pane. Nothing may push the page sideways, the
 * activation key stays on one line, each button is visible and goes where it says, and the logo
 * loads from PUBLIC_URL (here the test server) with its alt text and size. A screenshot of each
 * is kept in test-results/ to look at.
 */
import type { Page } from '@playwright/test'
import { DEFAULT_SETTINGS } from '../../src/common/site/settings.ts'
import { mailAssets } from '../../src/common/paths.ts'
import type { MailSettings } from '../../src/server/mail/payloads.ts'
import { renderOutboxMail } from '../../src/server/mail/templates.ts'
import { E2E } from './env.ts'
import { expect, test } from './fixtures.ts'

const NOW = new Date('2026-11-23T15:00:00Z')
const WIDTHS = [320, 390, 600] as const
/** A demo key, and a key in the five-by-five shape license servers often hand out. */
const KEYS = ['DEMO-ADVANCED-A1B2-C3D4-E5F6', 'PPADV-7Q2KX-M9VLC-T4HZD-8RWNB'] as const
const CHECKOUT: MailSettings = {
  ...DEFAULT_SETTINGS,
  checkoutUrls: { basic: 'https://pay.example.com/basic', advanced: 'https://pay.example.com/adv' },
}

interface Case {
  name: string
  kind: string
  payload: Record<string, unknown>
  settings?: MailSettings
  /** The button the reader should press: its label and where it goes. */
  button?: { name: string; href: string | RegExp }
  /** Activation keys shown, each whole on one line. */
  keys?: string[]
  text: string[]
}

const visitor = { firstName: 'Grace', lastName: 'Hopper' }
const CASES: Case[] = [
  {
    name: 'trial',
    kind: 'trial',
    payload: { ...visitor, model: 'advanced', activationKey: KEYS[0] },
    button: {
      name: 'Download the Advanced trial model',
      href: DEFAULT_SETTINGS.downloadUrls.advanced,
    },
    keys: [KEYS[0]],
    text: ['Thursday, December 3, 2026', '$2,899', 'Request an invoice'],
  },
  {
    name: 'trial-checkout-long-key',
    kind: 'trial',
    payload: { ...visitor, model: 'basic', activationKey: KEYS[1], resend: true },
    settings: CHECKOUT,
    button: { name: 'Download the Basic trial model', href: DEFAULT_SETTINGS.downloadUrls.basic },
    keys: [KEYS[1]],
    text: ['same key', 'Buy the Basic model', '$849', 'cover sheet'],
  },
  {
    name: 'waitlist-with-key',
    kind: 'waitlist',
    payload: { ...visitor, model: 'basic', activationKey: KEYS[0] },
    button: { name: 'Download the Basic trial model', href: DEFAULT_SETTINGS.downloadUrls.basic },
    keys: [KEYS[0]],
    text: ['One is yours', 'Thursday, December 3, 2026'],
  },
  {
    name: 'waitlist-without-key',
    kind: 'waitlist',
    payload: { ...visitor, model: 'basic', activationKey: null },
    text: ['arrange a trial with you personally'],
  },
  {
    name: 'waitlist-joined',
    kind: 'waitlist-joined',
    payload: { ...visitor, model: 'basic', otherModel: 'advanced' },
    button: { name: 'Request the Advanced trial', href: `${E2E.baseUrl}/#trial-form-advanced` },
    text: ['waitlist for the Basic model', 'by e-mail'],
  },
  {
    name: 'confirm',
    kind: 'confirm',
    payload: { ...visitor, model: 'advanced', token: 'A'.repeat(43) },
    button: {
      name: 'Confirm my trial request',
      href: `${E2E.baseUrl}/api/trial-confirmations?token=${'A'.repeat(43)}`,
    },
    text: ['ignore this e-mail'],
  },
  {
    name: 'operator-sign-in',
    kind: 'operator-sign-in',
    payload: { token: 'B'.repeat(43), validMinutes: 15 },
    button: {
      name: 'Sign in to the console',
      href: `${E2E.baseUrl}/admin/sign-in?token=${'B'.repeat(43)}`,
    },
    text: ['15 minutes'],
  },
  {
    name: 'breaker',
    kind: 'breaker',
    payload: { model: 'advanced', claims: 51, threshold: 50, windowMs: 3_600_000 },
    text: ['51 keys were claimed in the last 60 minutes'],
  },
  {
    name: 'purchase-request',
    kind: 'purchase-request',
    payload: {
      requestId: '0d9f6a52-3c51-4a8e-9d8e-2f0f3b1c7a11',
      model: 'advanced',
      buyer: {
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace.hopper.treasury-operations@family-office-holdings.example.com',
        company: 'Hopper Family Office <b>International</b> Holdings and Investments',
        message:
          'Please invoice in EUR.\nVAT ID CZ12345678, PO 2026-4411-ALPHA-BRAVO-CHARLIE-DELTA',
      },
    },
    text: ['Hopper Family Office <b>International</b>', 'PO 2026-4411'],
  },
  {
    name: 'purchase-confirmation',
    kind: 'purchase-confirmation',
    payload: { ...visitor, model: 'advanced', requestId: '0d9f6a52-3c51-4a8e-9d8e-2f0f3b1c7a11' },
    text: ['Your reference: 0d9f6a52', '30-day money-back guarantee starts'],
  },
]

/** A Stripe Checkout Session id as long as live ones are: the order reference of a card payment. */
const STRIPE_SESSION = 'cs_live_b1Q2w3E4r5T6y7U8i9O0pAsDfGhJkLzXcVbNmQwErTyUiOpAsDfGhJkLzXcVbN'
const PAID_DOWNLOAD = 'https://downloads.pacepoint.io/PacePoint-Advanced.exe'
const order = { orderId: '5b0e6f0c-8c3a-4b7e-9a51-0d2f1c9e7a34', reference: STRIPE_SESSION }
const PAID_KEYS = [KEYS[1], 'PPBAS-3XK9Q-7MWLT-R2VHC-9DNZA', 'PPBAS-H4T8P-Q6ZRM-2KXWB-5CJNV']
/** The paid orders' e-mails (docs/product.md, "Paid orders"). */
const ORDER_CASES: Case[] = [
  {
    name: 'order-keys',
    kind: 'order-keys',
    payload: {
      ...order,
      firstName: 'Grace',
      model: 'advanced',
      keys: [KEYS[1]],
      downloadUrl: PAID_DOWNLOAD,
    },
    button: { name: 'Download the Advanced model', href: PAID_DOWNLOAD },
    keys: [KEYS[1]],
    text: ['one Windows machine', '30-day money-back guarantee', STRIPE_SESSION],
  },
  {
    name: 'order-keys-three-resent',
    kind: 'order-keys',
    payload: {
      ...order,
      reference: '#104729',
      firstName: 'Grace',
      model: 'basic',
      keys: PAID_KEYS,
      resend: true,
    },
    button: { name: 'Download the Basic model', href: DEFAULT_SETTINGS.downloadUrls.basic },
    keys: PAID_KEYS,
    text: ['same keys', '(3 machines in all)', 'Your order reference: #104729'],
  },
  {
    name: 'order-waiting',
    kind: 'order-waiting',
    payload: { ...order, firstName: 'Grace', model: 'advanced' },
    text: ['within one business day, by e-mail', STRIPE_SESSION],
  },
  {
    name: 'order-refunded',
    kind: 'order-refunded',
    payload: { ...order, firstName: 'Grace', model: 'basic' },
    text: ['has been refunded', 'no longer works', STRIPE_SESSION],
  },
  {
    name: 'order-alert-empty-pool',
    kind: 'order-alert',
    payload: { ...order, alert: 'empty-pool', provider: 'stripe', model: 'advanced', keys: [] },
    text: ['found no paid key left', '--pool paid', STRIPE_SESSION],
  },
  {
    name: 'order-alert-unmatched',
    kind: 'order-alert',
    payload: {
      ...order,
      alert: 'unmatched',
      provider: 'stripe',
      model: null,
      productRef: 'plink_1QxYz2AbCdEfGhIjKlMnOpQr',
      keys: [],
    },
    text: ['plink_1QxYz2AbCdEfGhIjKlMnOpQr', 'orders reprocess --order', order.orderId],
  },
  {
    name: 'order-alert-refund',
    kind: 'order-alert',
    payload: { ...order, alert: 'refund', provider: 'stripe', model: 'basic', keys: PAID_KEYS },
    keys: PAID_KEYS,
    text: ['block them', 'online validation', order.orderId],
  },
  {
    name: 'order-alert-refund-before-keys',
    kind: 'order-alert',
    payload: { ...order, alert: 'refund', provider: 'paddle', model: 'advanced', keys: [] },
    text: ['before any key went out', STRIPE_SESSION],
  },
]

/** How far the page reaches past the viewport's right edge, in CSS pixels (0: it fits). */
function overflowX(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
}

/** Some clients drop the <style> block (and with it the phone rules): the mail must hold then. */
const RUNS = [
  ...WIDTHS.map((width) => ({ width, styles: true })),
  { width: 320, styles: false },
] as const

for (const c of [...CASES, ...ORDER_CASES]) {
  for (const { width, styles } of RUNS) {
    const label = `${width} px${styles ? '' : ', without the <style> block'}`
    test(`the ${c.name} e-mail at ${label}`, async ({ page }, testInfo) => {
      const mail = renderOutboxMail(
        c.kind,
        c.payload,
        c.settings ?? DEFAULT_SETTINGS,
        E2E.baseUrl,
        NOW,
      )
      const html = styles ? mail.html : mail.html.replace(/<style>[\s\S]*?<\/style>/, '')
      expect(html.includes('@media')).toBe(styles)
      await page.setViewportSize({ width, height: 800 })
      await page.setContent(html, { waitUntil: 'load' })
      const shot = `${c.name}-${width}${styles ? '' : '-no-style'}.png`
      await page.screenshot({ path: testInfo.outputPath(shot), fullPage: true })

      expect(await overflowX(page), 'nothing pushes the page sideways').toBeLessThanOrEqual(0)
      for (const words of c.text) await expect(page.getByText(words).first()).toBeVisible()

      // The brand reads with images blocked; the logo has its alt text, size, and loads.
      await expect(page.getByText(DEFAULT_SETTINGS.brandName, { exact: true })).toBeVisible()
      const logo = page.getByRole('img', { name: `${DEFAULT_SETTINGS.brandName} logo` })
      await expect(logo).toHaveAttribute('src', `${E2E.baseUrl}${mailAssets.logo}`)
      await expect(logo).toHaveAttribute('width', '40')
      await expect(logo).toHaveAttribute('height', '40')
      expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(80)

      if (c.button) {
        const button = page.getByRole('link', { name: c.button.name, exact: true })
        await expect(button).toBeVisible()
        await expect(button).toHaveAttribute('href', c.button.href)
        const box = (await button.boundingBox())!
        expect(box.x).toBeGreaterThanOrEqual(0)
        expect(box.x + box.width).toBeLessThanOrEqual(width)
        expect(box.height, 'a button a finger can press').toBeGreaterThanOrEqual(40)
        // Nothing covers it: the link itself is what a tap in its middle reaches.
        const hit = await page.evaluate(
          ({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.textContent ?? null,
          { x: box.x + box.width / 2, y: box.y + box.height / 2 },
        )
        expect(hit).toBe(c.button.name)
      }

      for (const activationKey of c.keys ?? []) {
        const key = page.getByText(activationKey, { exact: true })
        await expect(key).toBeVisible()
        const lines = await key.evaluate((el) => el.getClientRects().length)
        expect(lines, 'the key on one line').toBe(1)
        const box = (await key.boundingBox())!
        expect(box.height).toBeLessThan(40)
        expect(box.x).toBeGreaterThanOrEqual(0)
        expect(box.x + box.width, 'the whole key on screen').toBeLessThanOrEqual(width)
        const style = await key.evaluate((el) => {
          const s = getComputedStyle(el)
          return { whiteSpace: s.whiteSpace, fontFamily: s.fontFamily, fontSize: s.fontSize }
        })
        expect(style.whiteSpace).toBe('nowrap')
        expect(style.fontFamily).toMatch(/monospace/)
        expect(parseFloat(style.fontSize)).toBeGreaterThanOrEqual(12)
      }
    })
  }
}
