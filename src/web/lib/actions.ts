/**
 * Controls inside server-only sections (components/server-only.tsx) carry a data-action attribute
 * instead of an onClick; one delegated listener, installed by the DialogHost, runs them. The
 * sections then ship no JavaScript, and their buttons work once the page hydrates. An onClick there
 * would do nothing: the section is never hydrated (docs/decisions/0006-islands.md).
 */
import { isModel } from '#src/common/models.ts'
import { anchors, LEGAL_TABS, type LegalTab } from '#src/common/paths.ts'
import { focusTrialForm } from './trial-focus.ts'

export type SiteAction =
  | 'open-video'
  | 'open-gallery'
  | 'open-booking'
  | 'open-chat'
  | 'open-legal'
  | 'open-cookie-settings'
  | 'select-model'
  | 'buy'

/** Attributes for an element that runs an action; value is the model or legal tab. */
export function action(name: SiteAction, value?: string): Record<string, string> {
  return value === undefined
    ? { 'data-action': name }
    : { 'data-action': name, 'data-action-value': value }
}

export interface ActionHandlers {
  openVideo: () => void
  openGallery: (model: 'basic' | 'advanced') => void
  openBooking: () => void
  openChat: () => void
  openLegal: (tab: LegalTab) => void
  openCookieSettings: () => void
  selectModel: (model: 'basic' | 'advanced') => void
  /**
   * Buy a model: its checkout link, or the "Request an invoice" dialog (docs/product.md, "Buying").
   */
  buy: (model: 'basic' | 'advanced') => void
}

function isLegalTab(value: unknown): value is LegalTab {
  return typeof value === 'string' && (LEGAL_TABS as readonly string[]).includes(value)
}

/** Runs the action named by the clicked element; returns whether it handled the click. */
export function runAction(element: Element, handlers: ActionHandlers): boolean {
  const name = element.getAttribute('data-action') as SiteAction | null
  const value = element.getAttribute('data-action-value')
  switch (name) {
    case 'open-video':
      handlers.openVideo()
      return true
    case 'open-gallery':
      handlers.openGallery(isModel(value) ? value : 'advanced')
      return true
    case 'open-booking':
      handlers.openBooking()
      return true
    case 'open-chat':
      handlers.openChat()
      return true
    case 'open-legal':
      handlers.openLegal(isLegalTab(value) ? value : 'terms')
      return true
    case 'open-cookie-settings':
      handlers.openCookieSettings()
      return true
    case 'select-model':
      if (!isModel(value)) return false
      handlers.selectModel(value)
      return true
    case 'buy':
      if (!isModel(value)) return false
      handlers.buy(value)
      return true
    default:
      return false
  }
}

/** Listens for clicks on [data-action] anywhere in the document; returns the remover. */
export function installActionListener(handlers: ActionHandlers): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    // A plain link to the trial form (the hero's, the features'): the browser scrolls there,
    // and the keyboard follows into the form once it has.
    if ((event.target as Element | null)?.closest?.(`a[href="#${anchors.trialForm}"]`))
      requestAnimationFrame(focusTrialForm)
    const target = (event.target as Element | null)?.closest?.('[data-action]')
    if (!target) return
    if (runAction(target, handlers)) event.preventDefault()
  }
  document.addEventListener('click', onClick)
  // A button pressed before this ran (src/web/boot.ts marks it): its action now.
  document.documentElement.setAttribute('data-actions-ready', '')
  const pending = document.querySelector('[data-action-pending]')
  if (pending) {
    pending.removeAttribute('data-action-pending')
    runAction(pending, handlers)
  }
  return () => {
    document.removeEventListener('click', onClick)
    document.documentElement.removeAttribute('data-actions-ready')
  }
}
