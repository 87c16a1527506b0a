/**
 * The slim notice every page carries while the company settings are still the shipped
 * placeholders (placeholderSettings, docs/product.md): a visitor of a default install must not take
 * its placeholder company for a real one. The pre-rendered pages and the pages the server writes
 * itself (server/http/page-frame.tsx) say the same words.
 */
export const DEMO_SETTINGS_NOTICE = {
  label: 'Demo settings',
  text: 'The company and contact details on this site are placeholders, not a real business.',
} as const
