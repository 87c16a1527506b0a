/**
 * Security headers on every answer. Documents get the full set: a Content-Security-Policy that
 * allows exactly what the site uses (our own origin plus the configured third parties), frame and
 * opener isolation, a permissions policy. Other answers a browser could show as a page (images,
 * JSON, text) get a short policy that loads nothing and frames nothing, plus the referrer policy.
 * Scripts and stylesheets, which a page only ever loads, get nosniff and the resource policy alone:
 * the rest guards what a document does, and on each of the page's scripts cost about 184 B of its
 * first load (docs/architecture.md, "Budgets", decision 13).
 *
 * The pre-rendered pages carry their policy in their markup instead (decision 15): a <meta>
 * first in <head>, compressed with the page, and a header of what a <meta> cannot say. A
 * handler that sets its own Content-Security-Policy on a document keeps it; every other
 * document gets the whole policy in the header.
 */
import type { MiddlewareHandler } from 'hono'
import { mailAssets } from '#src/common/paths.ts'
import type { ThirdPartyOrigins } from '#src/common/site/third-parties.ts'

/** The policy of documents, as directives by name. */
function documentDirectives(origins: ThirdPartyOrigins): Record<string, string> {
  const list = (values: string[]) => [...new Set(values)].join(' ')
  return {
    'default-src': "'self'",
    'script-src': list(["'self'", ...origins.script]),
    // React and Radix set inline style attributes; scripts stay strictly 'self'.
    'style-src': list(["'self'", "'unsafe-inline'", ...origins.style]),
    'img-src': list(["'self'", 'data:', ...origins.img]),
    'font-src': list(["'self'", ...origins.font]),
    'connect-src': list(["'self'", ...origins.connect]),
    'frame-src': origins.frame.length ? list(origins.frame) : "'none'",
    'media-src': list(["'self'", ...origins.media]),
    'object-src': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
    'frame-ancestors': "'none'",
    'manifest-src': "'self'",
    'worker-src': list(["'self'", ...origins.worker]),
  }
}

const joined = (directives: Record<string, string>) =>
  Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ')

/** The whole policy of a document, for its header. */
export function contentSecurityPolicy(origins: ThirdPartyOrigins): string {
  return joined(documentDirectives(origins))
}

/**
 * A document's policy split in two (decision 15): `header`, frame-ancestors (which browsers
 * ignore, and report, in a <meta>) and the restrictions that name no third party, in force
 * before the first byte is parsed; `markup`, the fetch directives that name the third parties,
 * for a <meta http-equiv> first in the document's <head>. Both policies apply, so a fetch must
 * pass each.
 */
export interface DocumentPolicies {
  /** For a <meta http-equiv> first in the document's <head>. */
  markup: string
  /** For the document's Content-Security-Policy header. */
  header: string
}

export function documentPolicies(origins: ThirdPartyOrigins): DocumentPolicies {
  const inHeader = ['frame-ancestors', 'object-src', 'base-uri', 'form-action']
  const all = Object.entries(documentDirectives(origins))
  return {
    markup: joined(Object.fromEntries(all.filter(([name]) => !inHeader.includes(name)))),
    header: joined(Object.fromEntries(all.filter(([name]) => inHeader.includes(name)))),
  }
}

/**
 * The policy of answers that are not documents: nothing loads, nothing frames them. Inline
 * style and data: images stay allowed: the browser's own viewers for text and XML (robots.txt,
 * the sitemap) draw what they show with them.
 */
const NON_DOCUMENT_CSP =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'none'"

/**
 * Scripts and stylesheets: opened on their own, a browser shows them as plain text (nosniff
 * keeps it from reading them as anything else), so a policy, a frame ban or a referrer policy
 * would guard nothing there. Their imports take the page's referrer policy, the same one.
 */
const SUBRESOURCE = /^text\/(javascript|css)\b/

export function securityHeaders(options: { csp: string; https: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const h = c.res.headers
    const type = h.get('content-type') ?? ''
    const document = type.startsWith('text/html')
    h.set('X-Content-Type-Options', 'nosniff')
    if (!SUBRESOURCE.test(type)) {
      if (!document) h.set('Content-Security-Policy', NON_DOCUMENT_CSP)
      else if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', options.csp)
      h.set('Referrer-Policy', 'strict-origin-when-cross-origin')
      h.set('X-Frame-Options', 'DENY')
    }
    // Other sites may not embed our answers, documents or not; same-site leaves room
    // for a CDN on a subdomain. The e-mails' images are the exception: a webmail page on its
    // own origin shows them.
    const mailAsset = c.req.path.startsWith(mailAssets.root)
    h.set('Cross-Origin-Resource-Policy', mailAsset ? 'cross-origin' : 'same-site')
    if (document) {
      h.set('Cross-Origin-Opener-Policy', 'same-origin')
      h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()')
    }
    // On every answer, not only pages: a browser's first request may be for an API path or an
    // asset, and HSTS is what keeps the next one off plain http (docs/product.md).
    if (options.https) h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  }
}
