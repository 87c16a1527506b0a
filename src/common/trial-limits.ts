/**
 * The trial request's limits and fixed values, free of zod so a page can show them (maxLength,
 * the source tag) without loading the schema (trial-schema.ts), which loads on submit.
 */
export const NAME_MAX = 100
export const EMAIL_MAX = 254
export const SOURCE_MAX = 64
/**
 * The fixed tag the landing-page form sends as source (docs/product.md, "Trial requests": value not
 * shown).
 */
export const TRIAL_SOURCE = 'landing-trial-form'
/**
 * A submission sooner than this after the form was shown is a bot (docs/architecture.md,
 * "Contracts: API").
 */
export const MIN_FILL_MS = 1500
