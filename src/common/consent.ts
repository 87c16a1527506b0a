/**
 * The consent purposes (docs/product.md, "Privacy and third parties"), free of zod so every page's
 * first load can carry them; the record itself is defined once, by its schema (consent-schema.ts).
 */
export const CONSENT_CATEGORIES = ['functional', 'media', 'marketing'] as const
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number]
export type ConsentChoices = Record<ConsentCategory, boolean>
export type { ConsentRecord } from './consent-schema.ts'
