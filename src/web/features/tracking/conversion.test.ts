/**
 * The conversion event: once per page load, only with marketing consent, nothing at all when no
 * conversion id is configured (docs/architecture.md, "Contracts: environment"; docs/product.md,
 * "Privacy and third parties").
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_SETTINGS, type PublicSettings } from '#src/common/site/settings.ts'

let appended: Array<{ src?: string }>

function stubBrowser(consent: { marketing: boolean } | null) {
  appended = []
  const storage = new Map<string, string>()
  if (consent) {
    storage.set(
      'pacepoint.consent',
      JSON.stringify({
        id: 'x',
        categories: { functional: false, media: false, marketing: consent.marketing },
        policy_version: '2025-08-01',
        decided_at: '2025-08-01T00:00:00Z',
      }),
    )
  }
  const win = Object.assign(new EventTarget(), {
    location: {
      href: 'https://www.example.test/scheduling-thank-you?invitee_email=ann%40example.com&invitee_full_name=Ann#x',
    },
    localStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => storage.set(k, v),
    },
  })
  vi.stubGlobal('window', win)
  vi.stubGlobal('navigator', {})
  vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(null, { status: 204 })))
  vi.stubGlobal('document', {
    referrer: 'https://www.example.test/thank-you?model=basic&email=ann%40example.com',
    createElement: () => ({}),
    head: { appendChild: (node: { src?: string }) => appended.push(node) },
  })
  return win as unknown as { dataLayer?: unknown[] }
}

/** A fresh module graph (the once-per-page-load flag resets) with these settings. */
async function freshModule(overrides: Partial<PublicSettings> = {}) {
  vi.resetModules()
  const { settings } = await import('../../settings.ts')
  Object.assign(settings, DEFAULT_SETTINGS, overrides)
  return import('./conversion.ts')
}
afterEach(() => vi.unstubAllGlobals())

describe('trackConversion', () => {
  it('loads the tag and queues one conversion with marketing consent', async () => {
    const win = stubBrowser({ marketing: true })
    const { trackConversion } = await freshModule()
    trackConversion('trial')
    trackConversion('trial')
    expect(appended.map((n) => n.src)).toEqual([
      'https://www.googletagmanager.com/gtag/js?id=AW-000000000',
    ])
    const events = (win.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>))
    expect(events.filter((e) => e[0] === 'event')).toEqual([
      [
        'event',
        'conversion',
        {
          send_to: 'AW-000000000/trial_request',
          event_category: 'trial',
          page_location: 'https://www.example.test/scheduling-thank-you',
          page_referrer: 'https://www.example.test/thank-you',
        },
      ],
    ])
    // The page's query (the guest's e-mail and name) never reaches the ads tag.
    expect(JSON.stringify(events)).not.toMatch(/ann|invitee|\?/)
  })

  it('sends nothing after a refusal', async () => {
    stubBrowser({ marketing: false })
    const { trackConversion } = await freshModule()
    trackConversion('scheduling')
    expect(appended).toEqual([])
  })

  it('waits for the visitor to choose on this page', async () => {
    stubBrowser(null)
    const { trackConversion } = await freshModule()
    const { saveConsent } = await import('../consent/consent-store.ts')
    trackConversion('scheduling')
    expect(appended).toEqual([])
    saveConsent({ functional: false, media: false, marketing: true })
    expect(appended).toHaveLength(1)
    saveConsent({ functional: true, media: false, marketing: true })
    expect(appended).toHaveLength(1)
  })

  it('does nothing without a configured conversion id', async () => {
    stubBrowser({ marketing: true })
    const { trackConversion } = await freshModule({ adConversionId: '' })
    trackConversion('trial')
    expect(appended).toEqual([])
  })
})
