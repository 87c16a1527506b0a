/**
 * The consent record: nothing is allowed before a choice, the choice is remembered for the
 * current policy, recorded on the server without waiting, and announced to the features.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CONSENTS_API } from './consent-api.ts'
import {
  CONSENT_POLICY_VERSION,
  CONSENT_STORAGE_KEY,
  grantConsent,
  hasConsent,
  onConsentChange,
  onOpenConsentSettings,
  openConsentSettings,
  readConsent,
  saveConsent,
} from './consent-store.ts'

class MemoryStorage {
  data = new Map<string, string>()
  getItem(key: string) {
    return this.data.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.data.set(key, value)
  }
  removeItem(key: string) {
    this.data.delete(key)
  }
}

let storage: MemoryStorage
let fetchMock: ReturnType<typeof vi.fn>

beforeEach(() => {
  storage = new MemoryStorage()
  const target = new EventTarget()
  vi.stubGlobal('window', Object.assign(target, { localStorage: storage }))
  vi.stubGlobal('navigator', {})
  fetchMock = vi.fn().mockResolvedValue(new Response(null, { status: 404 }))
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('consent store', () => {
  it('allows nothing before a choice', () => {
    expect(readConsent()).toBeNull()
    expect(hasConsent('functional')).toBe(false)
    expect(hasConsent('media')).toBe(false)
    expect(hasConsent('marketing')).toBe(false)
  })

  it('remembers, records and announces a choice', async () => {
    const seen: unknown[] = []
    const off = onConsentChange((record) => seen.push(record.categories))
    const record = saveConsent({ functional: true, media: false, marketing: true })

    expect(record.policy_version).toBe(CONSENT_POLICY_VERSION)
    expect(record.id).toMatch(/[0-9a-f-]{10,}/)
    expect(Date.parse(record.decided_at)).not.toBeNaN()
    expect(JSON.parse(storage.getItem(CONSENT_STORAGE_KEY)!)).toEqual(record)
    expect(hasConsent('functional')).toBe(true)
    expect(hasConsent('media')).toBe(false)
    expect(seen).toEqual([{ functional: true, media: false, marketing: true }])

    expect(fetchMock).toHaveBeenCalledTimes(1)
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(url).toBe(CONSENTS_API)
    expect(init.method).toBe('POST')
    expect(JSON.parse(init.body as string)).toEqual({
      id: record.id,
      categories: { functional: true, media: false, marketing: true },
      policy_version: CONSENT_POLICY_VERSION,
      decided_at: record.decided_at,
    })
    off()
  })

  it('keeps the id when the choice changes and grants one purpose without others', () => {
    const first = grantConsent('media')
    expect(first.categories).toEqual({ functional: false, media: true, marketing: false })
    const second = grantConsent('functional')
    expect(second.id).toBe(first.id)
    expect(second.categories).toEqual({ functional: true, media: true, marketing: false })
  })

  it('asks again for a choice made under another policy version or stored corrupt', () => {
    storage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({
        id: 'x',
        categories: { functional: true, media: true, marketing: true },
        policy_version: '2020-01-01',
        decided_at: '2020-01-01T00:00:00Z',
      }),
    )
    expect(readConsent()).toBeNull()
    storage.setItem(CONSENT_STORAGE_KEY, '{not json')
    expect(readConsent()).toBeNull()
    storage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({ id: 'x', categories: { functional: 'yes' } }),
    )
    expect(hasConsent('functional')).toBe(false)
  })

  it('survives a failing or missing consent endpoint silently', async () => {
    fetchMock.mockRejectedValue(new TypeError('network down'))
    const errors = vi.spyOn(console, 'error')
    expect(() => saveConsent({ functional: false, media: false, marketing: false })).not.toThrow()
    // Not a wait for nothing: the store's request has failed, and the handler the store put on
    // it (attached first) has run before this await resumes.
    await expect(fetchMock.mock.results[0]!.value).rejects.toThrow('network down')
    expect(errors).not.toHaveBeenCalled()
  })

  it('opens the settings on request (the footer link)', () => {
    const listener = vi.fn()
    const off = onOpenConsentSettings(listener)
    openConsentSettings()
    expect(listener).toHaveBeenCalledTimes(1)
    off()
  })
})
