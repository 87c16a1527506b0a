/**
 * Records a consent choice on our server (docs/product.md, "Privacy and third parties": the choice
 * is recorded). Fire and forget: the visitor's choice already holds in the browser, so a failed or
 * missing endpoint changes nothing and shows nothing.
 */
import { api } from '#src/common/paths.ts'
import type { ConsentRecord } from '#src/common/consent.ts'

/** POST body: the record itself (common/consent-schema.ts). */
export const CONSENTS_API = api.consents

export function recordConsent(record: ConsentRecord): void {
  const body = JSON.stringify(record)
  try {
    // A beacon survives the page unloading right after the choice (the banner may reload it).
    if (navigator.sendBeacon?.(CONSENTS_API, new Blob([body], { type: 'application/json' }))) return
  } catch {
    // Fall through to fetch.
  }
  fetch(CONSENTS_API, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
    keepalive: true,
    credentials: 'same-origin',
  }).catch(() => undefined)
}
