/**
 * The live chat (docs/product.md, "Routes and screens"): the footer's 'Contact support chat', the
 * thank-you page's chat button and the rate-limit toast's 'Ask for more' all call openChat(). The
 * widget's loader (Crisp-style) loads on first use and only with consent for the functional purpose
 * (docs/product.md, "Privacy and third parties"); without consent the visitor is asked first.
 * Without a configured widget, or when the loader fails, the support e-mail takes its place.
 */
import { notify } from '../../components/toaster.tsx'
import { settings } from '../../settings.ts'
import { chatConfigured } from '#src/common/site/third-parties.ts'
import { hasConsent } from '../consent/consent-store.ts'
import { emit, on } from '../../lib/site-events.ts'

interface CrispWindow {
  $crisp?: unknown[][]
  CRISP_WEBSITE_ID?: string
}

let loading: Promise<void> | null = null

export function supportMailto(): string {
  return `mailto:${settings.supportEmail}`
}

function loadChatScript(): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    const w = window as unknown as CrispWindow
    w.$crisp = w.$crisp ?? []
    w.CRISP_WEBSITE_ID = settings.chatWidgetId
    const script = document.createElement('script')
    script.src = settings.chatScriptUrl
    script.async = true
    script.onload = () => resolve()
    script.onerror = () => {
      script.remove()
      loading = null
      reject(new Error(`Chat script failed to load: ${settings.chatScriptUrl}`))
    }
    document.head.appendChild(script)
  })
  return loading
}

/** Loads the widget if needed and opens it; consent must already be given. */
export async function showChat(): Promise<void> {
  try {
    await loadChatScript()
    const queue = (window as unknown as CrispWindow).$crisp
    queue?.push(['do', 'chat:show'])
    queue?.push(['do', 'chat:open'])
  } catch (error) {
    console.warn(error)
    notify('error', 'The chat could not load', {
      description: `Write to us at ${settings.supportEmail} and we will answer by e-mail.`,
      action: { label: 'E-mail us', onClick: () => window.location.assign(supportMailto()) },
      duration: 8000,
    })
  }
}

export function openChat(): void {
  if (!chatConfigured(settings)) {
    window.location.href = supportMailto()
    return
  }
  if (hasConsent('functional')) {
    void showChat()
    return
  }
  // consent-root.tsx answers with the chat's consent question.
  emit('pacepoint:chat-consent', undefined)
}

export function onChatConsentRequest(listener: () => void): () => void {
  return on('pacepoint:chat-consent', listener)
}
