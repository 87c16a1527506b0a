/**
 * Serves the pre-rendered site: documents, hashed assets and public files from memory, with
 * pre-compressed brotli/gzip bodies, ETags and the right caching; custom uploads from disk;
 * our 404 page for anything else (docs/product.md, "Routes and screens").
 */
import { createHash } from 'node:crypto'
import { readdir, readFile, stat } from 'node:fs/promises'
import { extname, join, relative, resolve, sep } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { routes } from '#src/common/paths.ts'
import {
  CLIENT_ENTRIES,
  DOCUMENT_ROUTES,
  NOT_FOUND_DOCUMENT,
  documentAt,
} from '#src/common/site/routes.ts'
import type { Logger } from '../logger.ts'
import type { TrustProxy } from '../config.ts'
import { clientCountingKey } from './client-address.ts'
import { createPacingRenderer, type RenderPacing } from './pacing-render.ts'
import type { StaticFile } from './static-file.ts'
import type { DocumentPolicies } from './security-headers.ts'
import { sitemapXml } from './sitemap.ts'

const PUBLIC_URL_PLACEHOLDER = '%PUBLIC_URL%'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
}

const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.css',
  '.json',
  '.webmanifest',
  '.txt',
  '.xml',
  '.svg',
  '.map',
  '.ico',
])
/** Text files whose absolute links carry the PUBLIC_URL placeholder. */
const TEMPLATED = new Set(['.html', '.txt', '.xml', '.webmanifest'])

const CACHE = {
  immutable: 'public, max-age=31536000, immutable',
  revalidate: 'no-cache',
  publicFile: 'public, max-age=3600',
  upload: 'public, max-age=600',
} as const

function contentType(path: string): string {
  return TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream'
}

function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`
}

function makeFile(
  path: string,
  body: Buffer,
  cacheControl: string,
  pre?: { br?: Buffer; gzip?: Buffer },
  /** Compressed per request (a rendered page): a few milliseconds, not the smallest bytes. */
  quick = false,
): StaticFile {
  const ext = extname(path).toLowerCase()
  const file: StaticFile = { type: contentType(path), body, etag: etagOf(body), cacheControl }
  if (COMPRESSIBLE.has(ext) && body.length > 512) {
    file.br =
      pre?.br ??
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quick ? 5 : 11 } })
    file.gzip = pre?.gzip ?? gzipSync(body, { level: quick ? 6 : 9 })
  }
  return file
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
}

export interface Site {
  /** Documents by name (home, terms, thank-you, ...). */
  documents: Map<string, StaticFile>
  /** Client-rendered entries' index.html by entry name (admin); served for their base paths. */
  clientDocuments?: Map<string, StaticFile>
  /** Static files by URL path (/assets/x.js, /robots.txt, ...). */
  files: Map<string, StaticFile>
  /** Base of absolute links (the sitemap's); without it, the request's own origin. */
  publicUrl?: string
  /** /pacing rendered for a link's query (pacing-render.ts); without it, the static page. */
  renderPacing?: RenderPacing
}

/**
 * The document with its policy as the first thing its <head> holds after the character set
 * (nothing before it loads anything), or after the doctype in a document without one.
 */
export function withPolicyInMarkup(html: string, policy: string): string {
  const attribute = policy.replaceAll('&', '&amp;').replaceAll('"', '&quot;')
  const meta = `<meta http-equiv="Content-Security-Policy" content="${attribute}" />`
  const anchor = /<meta charset="[^"]*"\s*\/?>/i.exec(html) ?? /^\s*<!doctype html>/i.exec(html)
  if (!anchor) return meta + html
  const end = anchor.index + anchor[0].length
  return html.slice(0, end) + meta + html.slice(end)
}

/**
 * Reads the build into memory, filling in PUBLIC_URL and, given `policies`, putting each
 * pre-rendered document's Content-Security-Policy in its markup (decision 15). Throws if there
 * is no build.
 */
export async function loadSite(
  distDir: string,
  publicUrl: string,
  policies?: DocumentPolicies,
  logger?: Pick<Logger, 'warn' | 'error'>,
): Promise<Site> {
  const filled = (body: Buffer) =>
    body.toString('utf8').replaceAll(PUBLIC_URL_PLACEHOLDER, publicUrl)
  const document = (path: string, body: Buffer, quick = false) => {
    const html = policies ? withPolicyInMarkup(filled(body), policies.markup) : filled(body)
    const file = makeFile(path, Buffer.from(html), CACHE.revalidate, undefined, quick)
    if (policies) file.policyHeader = policies.header
    return file
  }
  const fill = (body: Buffer, path: string) =>
    TEMPLATED.has(extname(path).toLowerCase()) ? Buffer.from(filled(body)) : body

  const documents = new Map<string, StaticFile>()
  for (const doc of DOCUMENT_ROUTES) {
    const path = join(distDir, 'site', `${doc.name}.html`)
    const body = await readFile(path).catch(() => {
      throw new Error(`The build has no ${path}; run npm run build`)
    })
    documents.set(doc.name, document(path, body))
  }

  const clientDocuments = new Map<string, StaticFile>()
  for (const entry of CLIENT_ENTRIES) {
    const path = join(distDir, 'site', `${entry.name}.html`)
    const body = await readFile(path).catch(() => {
      throw new Error(`The build has no ${path}; run npm run build`)
    })
    clientDocuments.set(entry.name, makeFile(path, body, CACHE.revalidate))
  }

  const files = new Map<string, StaticFile>()
  const clientDir = join(distDir, 'client')
  for (const path of await walk(clientDir)) {
    if (path.endsWith('.br') || path.endsWith('.gz')) continue
    const urlPath = '/' + relative(clientDir, path).split(sep).join('/')
    // Uploads are served from UPLOADS_DIR, so an operator's new files show without a rebuild.
    if (urlPath.startsWith('/custom-uploads/')) continue
    const isAsset = urlPath.startsWith('/assets/')
    const pre = isAsset
      ? {
          br: await readFile(`${path}.br`).catch(() => undefined),
          gzip: await readFile(`${path}.gz`).catch(() => undefined),
        }
      : undefined
    const body = fill(await readFile(path), path)
    files.set(urlPath, makeFile(path, body, isAsset ? CACHE.immutable : CACHE.publicFile, pre))
  }
  const renderPacing = createPacingRenderer({
    distDir,
    logger,
    toFile: (html) => document('pacing.html', Buffer.from(html), true),
  })
  return { documents, clientDocuments, files, publicUrl, renderPacing }
}

/** Picks brotli, then gzip, as the client accepts them. */
function negotiate(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null
  const accepted = new Map<string, number>()
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    if (!name) continue
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean)
    accepted.set(name.trim(), q === undefined ? 1 : Number(q))
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0
  if (ok('br')) return 'br'
  if (ok('gzip')) return 'gzip'
  return null
}

function sendFile(c: Context, file: StaticFile, status: 200 | 404 = 200): Response {
  const headers = new Headers({
    'Content-Type': file.type,
    'Cache-Control': file.cacheControl,
    Vary: 'Accept-Encoding',
  })
  // A hashed asset is never revalidated (immutable), so its ETag would only add bytes to each of a
  // page's script requests (docs/architecture.md, "Budgets"). Everything else revalidates with it.
  if (file.cacheControl === CACHE.immutable) return sendBody(c, file, headers, status)
  headers.set('ETag', file.etag)
  if (status === 200 && c.req.header('if-none-match') === file.etag) {
    return new Response(null, { status: 304, headers })
  }
  if (file.policyHeader) headers.set('Content-Security-Policy', file.policyHeader)
  return sendBody(c, file, headers, status)
}

function sendBody(c: Context, file: StaticFile, headers: Headers, status: 200 | 404): Response {
  const encoding = file.br || file.gzip ? negotiate(c.req.header('accept-encoding')) : null
  let body = file.body
  if (encoding === 'br' && file.br) body = file.br
  else if (encoding === 'gzip' && file.gzip) body = file.gzip
  if (body !== file.body) headers.set('Content-Encoding', encoding!)
  headers.set('Content-Length', String(body.length))
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { status, headers })
}

/**
 * A file under root named by a URL path, or null when the path could leave root (.., encoded
 * slashes or backslashes, NUL bytes, absolute paths).
 */
export function safeJoin(root: string, urlPath: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(decoded)) return null
  const parts = decoded.split('/').filter((p) => p !== '')
  if (parts.length === 0 || parts.some((p) => p === '..' || p === '.')) return null
  const full = resolve(root, ...parts)
  const base = resolve(root)
  return full.startsWith(base + sep) ? full : null
}

/**
 * The single file name of /lnf/:filename, decoded, or null when it is not one plain name inside
 * the uploads folder (the browser checks the same, src/web/pages/lnf/lnf-filename.ts).
 */
export function lnfFileName(uploadsDir: string, raw: string): string | null {
  const trimmed = raw.endsWith('/') ? raw.slice(0, -1) : raw
  if (!trimmed || !safeJoin(uploadsDir, trimmed)) return null
  const name = decodeURIComponent(trimmed)
  return name.includes('/') || name.startsWith('.') ? null : name
}

/**
 * Where the site reports each document it serves: the funnel's page-view counter
 * (funnel/page-views.ts) in the app, which the site knows only by this shape.
 */
interface DocumentViews {
  /** One view of a document; never throws, never waits. */
  count(view: {
    url: string
    referer: string | undefined
    userAgent: string | undefined
    /** `Sec-Purpose` or `Purpose`: a prefetch is not a view. */
    purpose: string | undefined
    /** The client's address: for the per-minute cap only, never stored. */
    client?: string
  }): void
}

export function siteRoutes(
  site: Site,
  options: { uploadsDir: string; pageViews?: DocumentViews; trustProxy?: TrustProxy },
): Hono {
  const app = new Hono()
  const notFound = (c: Context) => sendFile(c, site.documents.get(NOT_FOUND_DOCUMENT)!, 404)
  let sitemap: StaticFile | null = null

  app.get('/custom-uploads/*', async (c) => {
    const rest = c.req.path.slice('/custom-uploads/'.length)
    const full = safeJoin(options.uploadsDir, rest)
    // A dotfile or dot-folder (.git, .env, .DS_Store) is never an upload meant for visitors.
    if (
      !full ||
      relative(options.uploadsDir, full)
        .split(sep)
        .some((p) => p.startsWith('.'))
    )
      return notFound(c)
    const info = await stat(full).catch(() => null)
    if (!info?.isFile()) return notFound(c)
    const body = await readFile(full)
    return sendFile(c, makeFile(full, body, CACHE.upload))
  })

  // /lnf/:filename is one pre-rendered shell; without a filename it goes home (docs/product.md,
  // "Routes and screens"). A name that could leave the uploads folder gets the same shell (it shows
  // 'Image not found') with status 404, and never touches the disk.
  app.get('/lnf', (c) => c.redirect(routes.home, 302))
  app.get('/lnf/', (c) => c.redirect(routes.home, 302))
  app.get('/lnf/*', (c) => {
    const name = lnfFileName(options.uploadsDir, c.req.path.slice('/lnf/'.length))
    return sendFile(c, site.documents.get('lnf')!, name ? 200 : 404)
  })

  // Generated from documents.ts, so a new public page is listed without editing a file.
  app.get(routes.sitemap, (c) => {
    if (sitemap) return sendFile(c, sitemap)
    const file = makeFile(
      'sitemap.xml',
      Buffer.from(sitemapXml(site.publicUrl ?? new URL(c.req.url).origin)),
      CACHE.publicFile,
    )
    // Only a configured base is fixed; a request's origin may differ from the next one's.
    if (site.publicUrl) sitemap = file
    return sendFile(c, file)
  })

  // The console is client-rendered: every path under its base gets its one document (the
  // /admin/api routes are answered before this, app.ts).
  for (const entry of CLIENT_ENTRIES) {
    const serve = (c: Context) => {
      const doc = site.clientDocuments?.get(entry.name)
      return doc ? sendFile(c, doc) : notFound(c)
    }
    app.get(entry.basePath, serve)
    app.get(`${entry.basePath}/*`, serve)
  }

  app.get('*', async (c) => {
    const file = site.files.get(c.req.path)
    if (file) return sendFile(c, file)
    // Every page of the route table at its own path; the /lnf shell is answered above.
    const route = documentAt(c.req.path)
    const doc = route ? site.documents.get(route.name) : undefined
    if (!doc || !route) return notFound(c)
    // The funnel's cookieless count of this view (funnel/page-views.ts).
    options.pageViews?.count({
      url: c.req.url,
      referer: c.req.header('referer'),
      userAgent: c.req.header('user-agent'),
      purpose: c.req.header('sec-purpose') ?? c.req.header('purpose'),
      client: clientCountingKey(c, options.trustProxy ?? { kind: 'off' }),
    })
    // A shared link to the lab shows its own numbers from the first paint (pacing-render.ts).
    const search = new URL(c.req.url).search
    if (route.name === 'pacing' && search.length > 1 && site.renderPacing) {
      const rendered = await site.renderPacing(search)
      if (rendered) return sendFile(c, rendered)
    }
    return sendFile(c, doc, route.status ?? 200)
  })
  return app
}
