/**
 * What the funnel keeps of a value a visitor sent (a UTM tag, a referrer host, a trial request's
 * source): anyone can put anything in a link, so a value is normalised before it is counted
 * (docs/product.md, "From trial to customer"; docs/product.md). Lower case, only `[a-z0-9._~-]`, at
 * most 64 characters, else `(invalid)`; anything shaped like an e-mail address or a long number
 * (a phone or account number pasted into a campaign tag) is `(redacted)`, so no personal data
 * is ever stored as a "source". An empty value stays empty (no tag: `direct`).
 */
const FUNNEL_INVALID = '(invalid)'
const FUNNEL_REDACTED = '(redacted)'
/** What a value past the day's cap of new values counts as (page-views.ts). */
export const FUNNEL_OTHER = '(other)'

const MAX_LENGTH = 64
const ALLOWED = /^[a-z0-9._~-]+$/
const EMAIL_SHAPED = /[^\s@]+@[^\s@]+\.[^\s@]+/
/** Nine digits or more, separators between them allowed: a phone or an account number. */
const LONG_NUMBER = /(?:\d[\s().+/-]*){9,}/

export function normaliseFunnelValue(raw: string | null | undefined): string {
  const value = (raw ?? '').trim().toLowerCase()
  if (value === '') return ''
  if (EMAIL_SHAPED.test(value) || LONG_NUMBER.test(value)) return FUNNEL_REDACTED
  if (value.length > MAX_LENGTH || !ALLOWED.test(value)) return FUNNEL_INVALID
  return value
}
