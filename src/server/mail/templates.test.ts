import { describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS } from '#src/common/site/settings.ts'
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

describe('how to buy, in the trial e-mail (DESIGN.md §15)', () => {
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
  })
})
