import { afterEach, describe, expect, it, vi } from 'vitest'
import { mailAssets } from '#src/common/paths.ts'
import { DEFAULT_SETTINGS } from '#src/common/site/settings.ts'
import { keyFontSize } from './components.tsx'
import {
  escapeHtml,
  renderOutboxMail,
  renderTrialMail,
  renderWaitlistMail,
  UnknownMailError,
} from './templates.ts'

const settings = DEFAULT_SETTINGS
const PUBLIC_URL = 'https://trial.example.test'

describe('trial e-mail', () => {
  const mail = renderTrialMail(
    {
      firstName: '<script>alert(1)</script>',
      lastName: 'O"Brien & Co',
      model: 'advanced',
      activationKey: 'ADV-1234-ABCD',
    },
    settings,
    PUBLIC_URL,
  )

  it('carries the download link, the key, the 10 days, setup and documentation links and the support contact, in both parts', () => {
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(settings.downloadUrls.advanced)
      expect(part).toContain('ADV-1234-ABCD')
      expect(part).toMatch(/10 days/)
      expect(part).toContain(settings.documentationUrl)
      expect(part).toContain(settings.videoTutorialsUrl)
      expect(part).toContain(`${PUBLIC_URL}/thank-you?model=advanced`)
      expect(part).toContain(settings.supportEmail)
    }
    expect(mail.subject).toMatch(/Advanced trial/)
  })

  it('escapes what the visitor typed in the HTML part', () => {
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(mail.subject).not.toContain('<script>')
  })

  it('names the Basic model’s cover-sheet instructions and its own download', () => {
    const basic = renderTrialMail(
      { firstName: 'A', lastName: 'B', model: 'basic', activationKey: 'K' },
      settings,
      PUBLIC_URL,
    )
    expect(basic.text).toContain(settings.downloadUrls.basic)
    expect(basic.text).toMatch(/cover sheet/)
  })

  it('degrades without a download link or documentation instead of writing an empty link', () => {
    const bare = renderTrialMail(
      { firstName: 'A', lastName: 'B', model: 'basic', activationKey: 'K' },
      {
        ...settings,
        downloadUrls: { basic: '', advanced: '' },
        documentationUrl: '',
        videoTutorialsUrl: '',
      },
      PUBLIC_URL,
    )
    expect(bare.html).not.toMatch(/href=""/)
    expect(bare.text).toContain(`${PUBLIC_URL}/thank-you?model=basic`)
  })

  it('never writes a javascript: link from the settings', () => {
    const evil = renderTrialMail(
      { firstName: 'A', lastName: 'B', model: 'basic', activationKey: 'K' },
      { ...settings, documentationUrl: 'javascript:alert(1)' },
      PUBLIC_URL,
    )
    expect(evil.html).not.toMatch(/href="javascript:/)
  })
})

describe('waitlist e-mail', () => {
  it('with a key carries what the trial e-mail carries', () => {
    const mail = renderWaitlistMail(
      { firstName: 'Ada', lastName: 'L', model: 'basic', activationKey: 'B-9' },
      settings,
      PUBLIC_URL,
    )
    expect(mail.text).toContain('B-9')
    expect(mail.text).toContain(settings.downloadUrls.basic)
    expect(mail.text).toMatch(/10 days/)
  })
  it('without a key says so and points to support', () => {
    const mail = renderWaitlistMail(
      { firstName: 'Ada', lastName: 'L', model: 'basic', activationKey: null },
      settings,
      PUBLIC_URL,
    )
    expect(mail.text).not.toMatch(/activation key:/i)
    expect(mail.text).toContain(settings.supportEmail)
  })
})

describe('outbox payloads', () => {
  it('refuses a payload it cannot render', () => {
    expect(() => renderOutboxMail('trial', { model: 'premium' }, settings, PUBLIC_URL)).toThrow(
      UnknownMailError,
    )
    expect(() => renderOutboxMail('newsletter', { model: 'basic' }, settings, PUBLIC_URL)).toThrow(
      UnknownMailError,
    )
    expect(() => renderOutboxMail('trial', { model: 'basic' }, settings, PUBLIC_URL)).toThrow(
      UnknownMailError,
    )
  })
  it('escapes HTML specials', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    )
  })
})

describe('how to buy, in the trial e-mail', () => {
  const payload = { firstName: 'Ann', lastName: 'Lee', model: 'basic' as const, activationKey: 'K' }

  it('points to pricing (Buy or request an invoice) when no checkout link is set', () => {
    const mail = renderTrialMail(payload, settings, PUBLIC_URL)
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('$849')
      expect(part).toContain(`${PUBLIC_URL}/#pricing`)
    }
  })

  it('links the model’s checkout when one is set', () => {
    const withCheckout = {
      ...settings,
      checkoutUrls: { basic: 'https://pay.example.com/basic', advanced: '' },
    }
    const mail = renderTrialMail(payload, withCheckout, PUBLIC_URL)
    expect(mail.text).toContain('Buy the Basic model: https://pay.example.com/basic')
    expect(mail.html).toContain('href="https://pay.example.com/basic"')
    expect(mail.text).not.toContain('Request an invoice')
  })

  it('offers an invoice through the pricing section otherwise, with the money-back days', () => {
    const mail = renderTrialMail(payload, settings, PUBLIC_URL)
    expect(mail.text).toContain(`Request an invoice: ${PUBLIC_URL}/#pricing`)
    for (const part of [mail.text, mail.html]) expect(part).toContain('30-day money-back')
  })
})

/** Every mail kind with a payload it accepts, for the checks that hold for all of them. */
const EVERY_KIND: [string, Record<string, unknown>][] = [
  ['trial', { firstName: 'Ann', lastName: 'Lee', model: 'basic', activationKey: 'K-1' }],
  [
    'trial',
    { firstName: 'Ann', lastName: 'Lee', model: 'advanced', activationKey: 'K-1', resend: true },
  ],
  ['waitlist', { firstName: 'Ann', lastName: 'Lee', model: 'basic', activationKey: 'K-2' }],
  ['waitlist', { firstName: 'Ann', lastName: 'Lee', model: 'basic', activationKey: null }],
  [
    'waitlist-joined',
    { firstName: 'Ann', lastName: 'Lee', model: 'basic', otherModel: 'advanced' },
  ],
  ['confirm', { firstName: 'Ann', lastName: 'Lee', model: 'advanced', token: 'tok' }],
  ['breaker', { model: 'advanced', claims: 51, threshold: 50, windowMs: 3_600_000 }],
  [
    'breaker',
    {
      model: 'basic',
      claims: 200,
      threshold: 200,
      windowMs: 86_400_000,
      available: 900,
      daysOfSupply: 4.5,
    },
  ],
  [
    'low-supply',
    { model: 'basic', available: 90, claimedLastDay: 30, daysOfSupply: 3, thresholdDays: 7 },
  ],
  ['operator-sign-in', { token: 'tok', validMinutes: 15 }],
  [
    'purchase-request',
    {
      requestId: 'r-1',
      model: 'basic',
      buyer: { firstName: 'A', lastName: 'B', email: 'a@b.test', company: 'C', message: 'M' },
    },
  ],
  ['purchase-confirmation', { requestId: 'r-1', firstName: 'A', lastName: 'B', model: 'basic' }],
]

describe('one tree, two parts', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it.each(EVERY_KIND)('%s: every link of the HTML part is in the text part', (kind, payload) => {
    const mail = renderOutboxMail(kind, payload, settings, PUBLIC_URL)
    const hrefs = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) =>
      m[1]!.replaceAll('&amp;', '&').replace(/^mailto:/, ''),
    )
    expect(hrefs.length).toBeGreaterThan(0)
    for (const href of hrefs) expect(mail.text).toContain(href)
    expect(mail.html.startsWith('<!doctype html>')).toBe(true)
    expect(mail.text).not.toMatch(/<[a-z]|&[a-z]+;/i)
    expect(mail.text.endsWith('\n')).toBe(true)
  })

  it.each(EVERY_KIND)(
    '%s: the brand as text beside a sized logo with alt text',
    (kind, payload) => {
      const mail = renderOutboxMail(kind, payload, settings, PUBLIC_URL)
      const logo = /<img [^>]*>/.exec(mail.html)![0]
      expect(logo).toContain(`src="${PUBLIC_URL}${mailAssets.logo}"`)
      expect(logo).toContain('width="40"')
      expect(logo).toContain('height="40"')
      expect(logo).toContain(`alt="${settings.brandName} logo"`)
      expect(mail.html).toContain(`>${settings.brandName}</td>`)
      // React 19 would hint a preload of the image: not in an e-mail.
      expect(mail.html).not.toContain('rel="preload"')
      expect(mail.text.startsWith(`${settings.brandName}\n`)).toBe(true)
    },
  )

  it('renders without a React warning', () => {
    const errors = vi.spyOn(console, 'error')
    for (const [kind, payload] of EVERY_KIND) renderOutboxMail(kind, payload, settings, PUBLIC_URL)
    expect(errors).not.toHaveBeenCalled()
  })
})

describe('the branded trial e-mail', () => {
  const now = new Date('2026-11-23T15:00:00Z')
  const payload = {
    firstName: 'Ann',
    lastName: 'Lee',
    model: 'advanced' as const,
    activationKey: 'DEMO-ADVANCED-A1B2-C3D4-E5F6',
  }
  const mail = renderTrialMail(payload, settings, PUBLIC_URL, now)

  it('dates the end of the trial from the day it is rendered', () => {
    for (const part of [mail.text, mail.html])
      expect(part).toContain(
        'Activate it today and your trial runs until Thursday, December 3, 2026.',
      )
    const later = renderTrialMail(payload, settings, PUBLIC_URL, new Date('2026-12-30T23:59:00Z'))
    expect(later.text).toContain('until Saturday, January 9, 2027')
    expect(renderOutboxMail('trial', payload, settings, PUBLIC_URL, now).text).toBe(mail.text)
  })

  it('puts the download behind a table button Outlook draws', () => {
    const button = new RegExp(
      `<table role="presentation"[^>]*class="pp-button"[^>]*><tbody><tr><td align="center" bgcolor="#10294b"[^>]*mso-padding-alt[^>]*><a href="${settings.downloadUrls.advanced}"`,
    )
    expect(mail.html).toMatch(button)
    expect(mail.text).toContain(
      `Download the Advanced trial model: ${settings.downloadUrls.advanced}`,
    )
  })

  it('keeps the key on one line: monospace, nowrap, sized for a 320 px phone', () => {
    const span = new RegExp(
      `<span class="pp-key[^"]*" style="([^"]*)">${payload.activationKey}</span>`,
    )
    const style = span.exec(mail.html)![1]!
    expect(style).toContain('white-space:nowrap')
    expect(style).toMatch(/font-family:[^;]*monospace/)
    expect(style).toContain(`font-size:${keyFontSize(payload.activationKey)}px`)
    expect(mail.html).toContain('nowrap="nowrap"')
    // The whole key on a line of its own in the text part, for copying.
    expect(mail.text).toContain(`\n\n${payload.activationKey}\n\n`)
  })

  it('sizes the key by its length, never below 12 px', () => {
    expect(keyFontSize('ADV-1234')).toBe(20)
    expect(keyFontSize('DEMO-ADVANCED-A1B2-C3D4-E5F6')).toBe(13)
    // 232 px wide at 0.61 em a character: what fits a 320 px screen.
    for (const length of [10, 20, 25, 29, 30, 31]) {
      const size = keyFontSize('K'.repeat(length))
      expect(length * size * 0.61).toBeLessThanOrEqual(232)
    }
    expect(keyFontSize('K'.repeat(80))).toBe(12)
  })
})

describe('waitlist confirmation', () => {
  const payload = { firstName: 'Ann', lastName: 'Lee', model: 'basic', otherModel: 'advanced' }

  it('names the model, promises a key by e-mail and offers the other model while it has keys', () => {
    const mail = renderOutboxMail('waitlist-joined', payload, settings, PUBLIC_URL)
    expect(mail.subject).toBe(`You are on the ${settings.brandName} Basic waitlist`)
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('waitlist for the Basic model')
      expect(part).toContain('by e-mail')
      expect(part).toContain('Would the Advanced model do for now?')
      expect(part).toContain(`${PUBLIC_URL}/#trial-form-advanced`)
      expect(part).toContain(settings.supportEmail)
    }
    expect(mail.text).not.toMatch(/activation key:/i)
  })

  it('offers nothing when the other model had no keys', () => {
    for (const otherModel of [null, 'basic', 'premium']) {
      const mail = renderOutboxMail(
        'waitlist-joined',
        { ...payload, otherModel },
        settings,
        PUBLIC_URL,
      )
      expect(mail.text).not.toContain('trial-form')
      expect(mail.text).not.toContain('Advanced')
    }
  })
})
