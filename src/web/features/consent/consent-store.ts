/**
 * The visitor's consent choice (docs/product.md, "Privacy and third parties"): which optional
 * purposes may load, remembered in localStorage and recorded (id, categories, policy version,
 * time). This module is in every page's first load, so it stays tiny; the banner UI loads lazily
 * (consent-root.tsx). Features ask hasConsent() before loading anything optional and listen with
 * onConsentChange().
 */
import {
  CONSENT_CATEGORIES,
  type ConsentCategory,
  type ConsentChoices,
  type ConsentRecord,
} from '#src/common/consent.ts'
import { LEGAL_VERSION } from '#src/common/site/legal.ts'
import { emit, on } from '../../lib/site-events.ts'
import { recordConsent } from './consent-api.ts'

/** The cookie policy the visitor saw; a newer policy asks again. */
export const CONSENT_POLICY_VERSION = LEGAL_VERSION
export const CONSENT_STORAGE_KEY = 'pacepoint.consent'

export const NO_CONSENT: ConsentChoices = { functional: false, media: false, marketing: false }

/**
 * Is this stored value a record of the shape the server takes (common/consent-schema.ts)? A
 * structural check rather than the schema itself: this module is in every page's first load.
 */
function isRecord(value: unknown): value is ConsentRecord {
  if (!value || typeof value !== 'object') return false
  const record = value as Partial<ConsentRecord>
  const categories = record.categories as Partial<ConsentChoices> | undefined
  return (
    typeof record.id === 'string' &&
    typeof record.policy_version === 'string' &&
    typeof record.decided_at === 'string' &&
    !!categories &&
    CONSENT_CATEGORIES.every((c) => typeof categories[c] === 'boolean')
  )
}

/** The stored choice for the current policy, or null when the visitor has not chosen yet. */
export function readConsent(): ConsentRecord | null {
  try {
    const raw = window.localStorage.getItem(CONSENT_STORAGE_KEY)
    if (!raw) return null
    const parsed: unknown = JSON.parse(raw)
    return isRecord(parsed) && parsed.policy_version === CONSENT_POLICY_VERSION ? parsed : null
  } catch {
    // Storage blocked (privacy mode) or corrupt: treat as no choice, which loads nothing optional.
    return null
  }
}

export function hasConsent(category: ConsentCategory): boolean {
  return readConsent()?.categories[category] === true
}

function newId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID()
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
}

/** Stores and records a choice, then tells every listener. Keeps the id of an earlier choice. */
export function saveConsent(choices: ConsentChoices): ConsentRecord {
  const record: ConsentRecord = {
    id: readConsent()?.id ?? newId(),
    categories: { ...choices },
    policy_version: CONSENT_POLICY_VERSION,
    decided_at: new Date().toISOString(),
  }
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(record))
  } catch {
    // Not remembered across pages, but this page still honours it.
  }
  recordConsent(record)
  emit('pacepoint:consent-change', record)
  return record
}

/** Grants one purpose, keeping the others as they were (none granted without a choice). */
export function grantConsent(category: ConsentCategory): ConsentRecord {
  const current = readConsent()?.categories ?? NO_CONSENT
  return saveConsent({ ...current, [category]: true })
}

export function onConsentChange(listener: (record: ConsentRecord) => void): () => void {
  return on('pacepoint:consent-change', listener)
}

/** The footer's 'Cookie settings': shows the banner again with the current choice. */
export function openConsentSettings(): void {
  emit('cookie-settings-open', undefined)
}

export function onOpenConsentSettings(listener: () => void): () => void {
  return on('cookie-settings-open', listener)
}
