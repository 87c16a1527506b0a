/**
 * Records a consent choice on our server (DESIGN.md §8: the choice is recorded). Fire and
 * forget: the visitor's choice already holds in the browser, so a failed or missing endpoint
 * changes nothing and shows nothing.
 */
import { api } from '#src/common/paths.ts'
import type { ConsentRecord } from './consent-store.ts'

/** POST body `{ id, categories: { functional, media, marketing }, policy_version, decided_at }`. */
export const CONSENTS_API = api.consents

export function consentPayload(record: ConsentRecord) {
  return {
    id: record.id,
    categories: record.categories,
    policy_version: record.policyVersion,
    decided_at: record.decidedAt,
  }
}

export function recordConsent(record: ConsentRecord): void {
  const body = JSON.stringify(consentPayload(record))
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
