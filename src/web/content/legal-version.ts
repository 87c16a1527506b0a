/**
 * The date of the legal texts (SPEC.md §9: updated 1 August 2025). The consent record carries
 * it as its policy version, so a new policy asks again. Its own module: every page loads it.
 */
export const LEGAL_UPDATED_ISO = '2025-08-01'
export const LEGAL_UPDATED_TEXT = '1 August 2025'
