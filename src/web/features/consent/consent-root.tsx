/**
 * Mounted on every page (page-shell.tsx). Before the visitor has chosen, it shows the consent
 * banner once the page is idle, so the banner never competes with the first paint; 'Cookie
 * settings' and the chat's consent question open their UI on demand. The banner's code comes
 * with the page's (every first visit shows it: a chunk of its own would cost a request and its
 * headers, docs/architecture.md, "Budgets"); the chat's question loads lazily.
 */
import { lazy, Suspense, useEffect, useState } from 'react'
import { onChatConsentRequest } from '../chat/open-chat.ts'
import ConsentBanner from './consent-banner.tsx'
import { onOpenConsentSettings, readConsent } from './consent-store.ts'

const ChatConsentDialog = lazy(() => import('../chat/chat-consent-dialog.tsx'))

function whenIdle(callback: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(callback, { timeout: 2000 })
    return () => window.cancelIdleCallback(handle)
  }
  const handle = setTimeout(callback, 1000)
  return () => clearTimeout(handle)
}

export function ConsentRoot() {
  const [banner, setBanner] = useState(false)
  const [chatPrompt, setChatPrompt] = useState(false)

  useEffect(() => {
    const offOpen = onOpenConsentSettings(() => setBanner(true))
    const offChat = onChatConsentRequest(() => setChatPrompt(true))
    const cancelIdle = readConsent() ? undefined : whenIdle(() => setBanner(true))
    return () => {
      offOpen()
      offChat()
      cancelIdle?.()
    }
  }, [])

  return (
    <Suspense fallback={null}>
      {banner ? <ConsentBanner onDone={() => setBanner(false)} /> : null}
      {chatPrompt ? <ChatConsentDialog onClose={() => setChatPrompt(false)} /> : null}
    </Suspense>
  )
}
