/**
 * The console's own few lines of routing: the address bar is the state (history API), pages link
 * with plain anchors that navigate without a reload. No router library (docs/architecture.md,
 * "Layers").
 */
import { useSyncExternalStore, type MouseEvent } from 'react'

const EVENT = 'console:navigate'

function subscribe(callback: () => void) {
  window.addEventListener('popstate', callback)
  window.addEventListener(EVENT, callback)
  return () => {
    window.removeEventListener('popstate', callback)
    window.removeEventListener(EVENT, callback)
  }
}

const snapshot = () => window.location.pathname + window.location.search

/** The current path and query, e.g. /admin/leads?model=basic. */
export function useLocation(): URL {
  const href = useSyncExternalStore(subscribe, snapshot, snapshot)
  return new URL(href, window.location.origin)
}

export function navigate(to: string, options: { replace?: boolean } = {}) {
  if (options.replace) window.history.replaceState(null, '', to)
  else window.history.pushState(null, '', to)
  window.dispatchEvent(new Event(EVENT))
}

/** An anchor's click: navigate in place, unless the operator asked for a new tab or window. */
export function followLink(event: MouseEvent<HTMLAnchorElement>) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  event.preventDefault()
  navigate(event.currentTarget.getAttribute('href') ?? '/')
  window.scrollTo(0, 0)
}
