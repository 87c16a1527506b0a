import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { mailAssets } from '#src/common/paths.ts'
import { contentSecurityPolicy, documentPolicies, securityHeaders } from './security-headers.ts'
import { DEFAULT_SETTINGS, type PublicSettings } from '#src/common/site/settings.ts'
import { chatConfigured, schedulerHost, thirdPartyOrigins } from '#src/common/site/third-parties.ts'

const none: PublicSettings = {
  ...DEFAULT_SETTINGS,
  demoVideoId: '',
  schedulerUrl: '',
  schedulerScriptUrl: '',
  chatWidgetId: '',
  chatScriptUrl: '',
  adConversionId: '',
  adConversionLabel: '',
}

function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp.split('; ').map((d) => {
      const [name, ...values] = d.split(' ')
      return [name!, values]
    }),
  )
}

describe('thirdPartyOrigins and the CSP', () => {
  it('allows no third party when nothing is configured', () => {
    const csp = directives(contentSecurityPolicy(thirdPartyOrigins(none)))
    expect(csp['script-src']).toEqual(["'self'"])
    expect(csp['connect-src']).toEqual(["'self'"])
    expect(csp['frame-src']).toEqual(["'none'"])
    expect(csp['img-src']).toEqual(["'self'", 'data:'])
  })

  it('allows each configured feature its own hosts only', () => {
    const video = thirdPartyOrigins({ ...none, demoVideoId: 'abcdefghijk' })
    expect(video.frame).toEqual(['https://www.youtube-nocookie.com'])
    expect(video.script).toEqual([])

    const booking = thirdPartyOrigins({
      ...none,
      schedulerUrl: 'https://calendly.com/acme/intro',
      schedulerScriptUrl: 'https://assets.calendly.com/assets/external/widget.js',
    })
    expect(booking.script).toEqual(['https://assets.calendly.com'])
    expect(booking.frame).toEqual(['https://calendly.com'])

    const chat = thirdPartyOrigins({
      ...none,
      chatWidgetId: 'id',
      chatScriptUrl: 'https://client.crisp.chat/l.js',
    })
    expect(chat.script).toContain('https://client.crisp.chat')
    expect(chat.connect).toContain('wss://client.relay.crisp.chat')
    expect(chat.frame).toEqual([])

    const ads = thirdPartyOrigins({ ...none, adConversionId: 'AW-123', adConversionLabel: 'x' })
    expect(ads.script).toContain('https://www.googletagmanager.com')
    expect(ads.frame).toContain('https://td.doubleclick.net')
  })

  it('ignores http and malformed URLs', () => {
    const origins = thirdPartyOrigins({
      ...none,
      schedulerUrl: 'http://calendly.com/x',
      schedulerScriptUrl: 'https://assets.calendly.com/w.js',
      chatWidgetId: 'id',
      chatScriptUrl: 'not a url',
    })
    expect(origins.script).toEqual([])
    expect(origins.frame).toEqual([])
    expect(chatConfigured({ chatWidgetId: 'id', chatScriptUrl: 'http://x.test/l.js' })).toBe(false)
    expect(schedulerHost({ schedulerUrl: 'http://calendly.com/x' })).toBeNull()
    expect(schedulerHost({ schedulerUrl: 'https://calendly.com/acme/intro' })).toBe('calendly.com')
  })

  it('keeps scripts from inline sources and other pages from framing the site', () => {
    const csp = directives(contentSecurityPolicy(thirdPartyOrigins(DEFAULT_SETTINGS)))
    expect(csp['script-src']).not.toContain("'unsafe-inline'")
    expect(csp['frame-ancestors']).toEqual(["'none'"])
    expect(csp['object-src']).toEqual(["'none'"])
  })

  it('splits a document’s policy: every directive once, the origins in markup, frame-ancestors in the header', () => {
    const origins = thirdPartyOrigins(DEFAULT_SETTINGS)
    const { markup, header } = documentPolicies(origins)
    const inMarkup = directives(markup)
    const inHeader = directives(header)
    // A <meta> policy may not carry frame-ancestors (browsers ignore it and log an error).
    expect(inMarkup['frame-ancestors']).toBeUndefined()
    expect(inHeader).toEqual({
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
    })
    expect(header).not.toContain('https:')
    expect({ ...inMarkup, ...inHeader }).toEqual(directives(contentSecurityPolicy(origins)))
  })
})

describe('Cross-Origin-Resource-Policy', () => {
  const app = new Hono()
  app.use(securityHeaders({ csp: "default-src 'self'", https: false }))
  app.get('*', (c) => c.body('PNG', 200, { 'Content-Type': 'image/png' }))
  const policy = async (path: string) =>
    (await app.request(path)).headers.get('cross-origin-resource-policy')

  it('keeps our answers to our own site, but lets webmail show the e-mails’ images', async () => {
    expect(await policy('/icons/icon-192.png')).toBe('same-site')
    expect(await policy('/api/license-counts')).toBe('same-site')
    expect(await policy(mailAssets.logo)).toBe('cross-origin')
    expect(await policy('/emailx/logo.png')).toBe('same-site')
  })
})
