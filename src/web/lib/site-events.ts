/**
 * The events one part of a page sends another (docs/decisions/0006-islands.md): one typed table,
 * so a sender and its listeners cannot disagree on a name or a payload. Events go through
 * window, because the parts that talk are separate React roots or plain modules: a pricing
 * button in a server-only section, the trial form island, the consent banner.
 */
import type { ConsentRecord } from '#src/common/consent.ts'

interface SiteEvents {
  /**
   * Pricing chose a model (docs/product.md, "Routes and screens"); the form preselects it. Outside
   * senders may send any value.
   */
  'model-selected': unknown
  /** The visitor made or changed a consent choice. */
  'pacepoint:consent-change': ConsentRecord
  /** The footer's "Cookie settings": show the consent banner again. */
  'cookie-settings-open': undefined
  /** The chat was asked for without functional consent: ask first. */
  'pacepoint:chat-consent': undefined
}

export function emit<K extends keyof SiteEvents>(name: K, detail: SiteEvents[K]): void {
  window.dispatchEvent(new CustomEvent(name, { detail }))
}

/** Calls back with each event's detail; returns the unsubscribe function. */
export function on<K extends keyof SiteEvents>(
  name: K,
  listener: (detail: SiteEvents[K]) => void,
): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<SiteEvents[K]>).detail)
  window.addEventListener(name, handler)
  return () => window.removeEventListener(name, handler)
}
