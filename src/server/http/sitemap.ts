/**
 * /sitemap.xml: the public, indexable documents of the route table (common/site/routes.ts) under
 * PUBLIC_URL. Pages behind an action (thank-you, scheduling, /lnf, 404) are noindex
 * and stay out.
 */
import { sitemapRoutes } from '#src/common/site/routes.ts'

function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

export function sitemapXml(publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '')
  const urls = sitemapRoutes().map((doc) => {
    const priority = doc.path === '/' ? '1.0' : '0.3'
    return `  <url>\n    <loc>${escapeXml(base + doc.path)}</loc>\n    <priority>${priority}</priority>\n  </url>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}
