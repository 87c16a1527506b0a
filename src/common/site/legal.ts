/**
 * The version of the legal texts: their date (docs/product.md, "Routes and screens": updated 1
 * August 2025). Each lead is stored with it as the terms they agreed to, and each consent record as
 * its policy version, so a new policy asks again. Its own module: every page loads it.
 */
export const LEGAL_VERSION = '2025-08-01'
export const LEGAL_UPDATED_TEXT = '1 August 2025'
