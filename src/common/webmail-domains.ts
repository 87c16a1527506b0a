/**
 * Free-mail and webmail providers (docs/product.md, "Trust under abuse"): at these domains many
 * unrelated people have addresses, so a burst of requests from one of them says nothing, while a
 * burst from any other domain (a company's, a university's, one an attacker owns) is limited by
 * RATE_LIMIT_DOMAIN. A kept, small list of the large providers; a provider missing here is
 * treated as a company domain, which costs its users at most an e-mailed confirmation in a burst.
 * Also the providers whose subaddress separator differs from `+` (Yahoo's `-`).
 */
const WEBMAIL_DOMAINS: ReadonlySet<string> = new Set([
  // Google
  'gmail.com',
  'googlemail.com',
  // Microsoft
  'outlook.com',
  'hotmail.com',
  'hotmail.co.uk',
  'hotmail.fr',
  'hotmail.de',
  'hotmail.it',
  'hotmail.es',
  'live.com',
  'live.co.uk',
  'live.fr',
  'live.de',
  'msn.com',
  // Yahoo and its older names
  'yahoo.com',
  'yahoo.co.uk',
  'yahoo.fr',
  'yahoo.de',
  'yahoo.it',
  'yahoo.es',
  'yahoo.co.jp',
  'yahoo.com.au',
  'ymail.com',
  'rocketmail.com',
  // Apple
  'icloud.com',
  'me.com',
  'mac.com',
  // Proton
  'proton.me',
  'protonmail.com',
  'pm.me',
  // AOL, GMX, web.de, mail.com, Zoho, Yandex, Mail.ru, Fastmail, Tutanota
  'aol.com',
  'gmx.com',
  'gmx.net',
  'gmx.de',
  'gmx.at',
  'gmx.ch',
  'web.de',
  'mail.com',
  'zoho.com',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'fastmail.com',
  'tutanota.com',
  'tuta.io',
  // Czech and Slovak providers (the seller is Czech)
  'seznam.cz',
  'email.cz',
  'centrum.cz',
  'post.cz',
  'atlas.cz',
  'azet.sk',
  // Others with many users
  'qq.com',
  '163.com',
  'naver.com',
  'orange.fr',
  'free.fr',
  'laposte.net',
  't-online.de',
  'libero.it',
  'comcast.net',
  'btinternet.com',
])

/** Yahoo's own domains, where `-` (not `+`) starts a disposable subaddress. */
export const YAHOO_DOMAINS: ReadonlySet<string> = new Set(
  [...WEBMAIL_DOMAINS].filter(
    (d) => d.startsWith('yahoo.') || d === 'ymail.com' || d === 'rocketmail.com',
  ),
)

/** True for a webmail provider's domain (the address's part after `@`, lower case). */
export function isWebmailDomain(domain: string): boolean {
  return WEBMAIL_DOMAINS.has(domain.toLowerCase().replace(/\.$/, ''))
}
