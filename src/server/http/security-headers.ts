/**
 * Security headers on every answer (issue #2). Documents get the full set: a
 * Content-Security-Policy that allows exactly what the site uses (our own origin plus the
 * configured third parties), frame and opener isolation, a permissions policy. Everything else
 * (scripts, images, JSON) gets a short policy that loads nothing and frames nothing, plus
 * nosniff and the referrer policy: the full one there only adds about 1.5 KB to each of a
 * page's requests (DESIGN.md §9) and protects nothing, since those answers are not documents.
 */
import type { MiddlewareHandler } from 'hono'
import { mailAssets } from '#src/common/paths.ts'
import type { ThirdPartyOrigins } from '#src/common/site/third-parties.ts'

export function contentSecurityPolicy(origins: ThirdPartyOrigins): string {
  const list = (values: string[]) => [...new Set(values)].join(' ')
  const directives: Record<string, string> = {
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
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ')
}

/**
 * The policy of answers that are not documents: nothing loads, nothing frames them. Inline
 * style and data: images stay allowed: the browser's own viewers for text and XML (robots.txt,
 * the sitemap) draw what they show with them.
 */
const NON_DOCUMENT_CSP =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'none'"

export function securityHeaders(options: { csp: string; https: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const h = c.res.headers
    const document = h.get('content-type')?.startsWith('text/html') === true
    h.set('Content-Security-Policy', document ? options.csp : NON_DOCUMENT_CSP)
    h.set('X-Content-Type-Options', 'nosniff')
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    h.set('X-Frame-Options', 'DENY')
    // Other sites may not embed our answers, documents or not (issue 11); same-site leaves room
    // for a CDN on a subdomain. The e-mails' images are the exception: a webmail page on its
    // own origin shows them.
    const mailAsset = c.req.path.startsWith(mailAssets.root)
    h.set('Cross-Origin-Resource-Policy', mailAsset ? 'cross-origin' : 'same-site')
    if (document) {
      h.set('Cross-Origin-Opener-Policy', 'same-origin')
      h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()')
      if (options.https) h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    }
  }
}
