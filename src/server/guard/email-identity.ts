/**
 * One person, one address (docs/architecture.md, "Contracts: API"; docs/product.md,
 * "Trust under abuse"): the canonical form of an e-mail address that limits and repeats compare,
 * and the disposable-domain check. The list of disposable domains comes from the npm package
 * disposable-email-domains-js, a build of the community-kept disposable-email-domains list that is
 * republished as the list changes (docs/operations.md says how to take a newer one).
 */
import * as spellChecker from '@zootools/email-spell-checker'
import { disposableEmailBlocklist } from 'disposable-email-domains-js'
import { isWebmailDomain, YAHOO_DOMAINS } from '#src/common/webmail-domains.ts'
import { InvalidFieldError } from './refusals.ts'

/** Gmail ignores dots in the local part and googlemail.com is the same mailbox. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com'])

/**
 * Lower case; a subaddress dropped: `+tag` everywhere, and `-tag` at Yahoo's domains, where `-`
 * is the separator of its disposable addresses; for gmail.com and googlemail.com (one domain)
 * dots ignored and the domain written gmail.com. `Ann.Lee+trial@GoogleMail.com` is
 * `annlee@gmail.com`, `alice-x@yahoo.com` is `alice@yahoo.com`. Dots count everywhere else: at
 * Outlook, Yahoo or a company `a.lee` and `alee` are different mailboxes.
 */
export function canonicalEmail(email: string): string {
  const lower = email.trim().toLowerCase()
  const at = lower.lastIndexOf('@')
  if (at <= 0) return lower
  let local = lower.slice(0, at)
  let domain = lower.slice(at + 1).replace(/\.$/, '')
  const plus = local.indexOf('+')
  if (plus > 0) local = local.slice(0, plus)
  const dash = YAHOO_DOMAINS.has(domain) ? local.indexOf('-') : -1
  if (dash > 0) local = local.slice(0, dash)
  if (GMAIL_DOMAINS.has(domain)) {
    domain = 'gmail.com'
    local = local.replaceAll('.', '') || local
  }
  return `${local}@${domain}`
}

let disposable: Set<string> | null = null

/** True when the address's domain, or a domain it is under, is on the disposable list. */
export function isDisposableEmail(email: string): boolean {
  disposable ??= new Set(disposableEmailBlocklist().map((d) => d.toLowerCase()))
  const domain = email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '')
  const labels = domain.split('.')
  // sub.mailinator.com is as disposable as mailinator.com; stop before the bare TLD.
  for (let i = 0; i < labels.length - 1; i++) {
    if (disposable.has(labels.slice(i).join('.'))) return true
  }
  return false
}

/**
 * The message a refused disposable address gets, naming the field (docs/architecture.md,
 * "Contracts: API").
 */
const DISPOSABLE_EMAIL_MESSAGE =
  'E-mail addresses of disposable e-mail services cannot receive a trial key; please use your work or personal address'

/**
 * Edits between two strings: insertions, deletions, substitutions and swaps of neighbours
 * (`gmial` -> `gmail` is one), the optimal-string-alignment distance.
 */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1)
      d[i]![j] = best
    }
  return d[a.length]![b.length]!
}

const spellRun = (spellChecker as { run?: typeof spellChecker.run }).run ?? spellChecker.default.run

/**
 * The address a likely misspelt webmail domain was meant to be (`robert@gmial.com` ->
 * `robert@gmail.com`), or null. The kept library (@zootools/email-spell-checker, the form's
 * too) proposes; we keep only what is surely a slip: one edit away from a large provider's
 * domain whose name has five letters or more. A company's own domain near a short one (ge.com,
 * ms.com beside me.com; acme.com, which the library takes for me.com) is never refused.
 */
function misspeltWebmail(email: string): string | null {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase()
  if (isWebmailDomain(domain)) return null
  const suggestion = spellRun({ email })
  if (!suggestion || !isWebmailDomain(suggestion.domain)) return null
  if ((suggestion.domain.split('.')[0] ?? '').length < 5) return null
  return editDistance(domain, suggestion.domain) === 1 ? suggestion.full : null
}

/**
 * The domain checks of an address that is to receive a key (trial requests, their address
 * corrections, invoice requests): a likely misspelt webmail domain is told the correction, a
 * disposable one is refused. Throws InvalidFieldError for `email`.
 */
export function checkEmailDomain(email: string): void {
  const meant = misspeltWebmail(email)
  // First: many misspellings of gmail.com are on the disposable list (someone registered them).
  if (meant) throw new InvalidFieldError('email', `Did you mean ${meant}?`)
  if (isDisposableEmail(email)) throw new InvalidFieldError('email', DISPOSABLE_EMAIL_MESSAGE)
}

/** An address for logs and stored errors: `a***@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 0) return '***'
  return `${email.slice(0, 1)}***${email.slice(at)}`
}

const EMAIL_IN_TEXT = /[^\s<>"'(),;:[\]]+@[^\s<>"'(),;:[\]]+\.[^\s<>"'(),;:[\]]+/g

/** Every e-mail address in a text (an SMTP error, a log message) masked. */
export function maskEmailsIn(text: string): string {
  return text.replace(EMAIL_IN_TEXT, (match) => maskEmail(match))
}

/** The domain of a canonical address (canonicalEmail's answer), as the domain limit counts it. */
export function emailDomain(emailCanonical: string): string {
  return emailCanonical.slice(emailCanonical.lastIndexOf('@') + 1)
}
