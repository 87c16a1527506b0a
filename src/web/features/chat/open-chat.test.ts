/** openChat: e-mail without a configured widget, a question without consent, the loader with it. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_SETTINGS, type PublicSettings } from '#src/common/site/settings.ts'

function stubBrowser(functional: boolean | null) {
  const appended: Array<{ src?: string; onload?: () => void }> = []
  const storage = new Map<string, string>()
  if (functional !== null) {
    storage.set(
      'pacepoint.consent',
      JSON.stringify({
        id: 'x',
        categories: { functional, media: false, marketing: false },
        policy_version: '2025-08-01',
        decided_at: '2025-08-01T00:00:00Z',
      }),
    )
  }
  const win = Object.assign(new EventTarget(), {
    localStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => storage.set(k, v),
    },
    location: { href: '' },
  })
  vi.stubGlobal('window', win)
  vi.stubGlobal('document', {
    createElement: () => ({}),
    head: { appendChild: (node: { src?: string; onload?: () => void }) => appended.push(node) },
  })
  return {
    win: win as unknown as {
      location: { href: string }
      $crisp?: unknown[][]
      CRISP_WEBSITE_ID?: string
    },
    appended,
  }
}

async function freshModule(overrides: Partial<PublicSettings> = {}) {
  vi.resetModules()
  const { settings } = await import('../../settings.ts')
  Object.assign(settings, DEFAULT_SETTINGS, overrides)
  return import('./open-chat.ts')
}

afterEach(() => vi.unstubAllGlobals())

describe('openChat', () => {
  it('opens the support e-mail when no widget is configured', async () => {
    const { win, appended } = stubBrowser(true)
    const { openChat } = await freshModule({ chatWidgetId: '' })
    openChat()
    expect(win.location.href).toBe('mailto:support@pacepoint.io')
    expect(appended).toEqual([])
  })

  it('asks for consent first and loads nothing', async () => {
    const { appended } = stubBrowser(null)
    const { openChat, onChatConsentRequest } = await freshModule()
    const asked = vi.fn()
    onChatConsentRequest(asked)
    openChat()
    expect(asked).toHaveBeenCalledTimes(1)
    expect(appended).toEqual([])
  })

  it('loads the widget once with consent and opens it', async () => {
    const { win, appended } = stubBrowser(true)
    const { openChat } = await freshModule()
    openChat()
    openChat()
    expect(appended.map((n) => n.src)).toEqual(['https://client.crisp.chat/l.js'])
    expect(win.CRISP_WEBSITE_ID).toBe(DEFAULT_SETTINGS.chatWidgetId)
    appended[0]!.onload?.()
    await vi.waitFor(() => expect(win.$crisp).toContainEqual(['do', 'chat:open']))
  })
})
