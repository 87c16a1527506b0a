/**
 * /pacing rendered for a shared link's query, so its first paint, a link preview and a reader
 * without JavaScript show the link's numbers, not the defaults (docs/product.md, "Pacing Lab").
 * The build bundles the page's render (src/web/pages/pacing/pacing-render.tsx) into
 * <dist>/server/pacing-render.mjs with the static page's template beside it; this loads both
 * once, on the first such request, and the server never imports web code (docs/architecture.md,
 * "Layers"). The head gets the link's own title and description (withLinkHead), so a link
 * preview shows its figures; the canonical URL stays /pacing. Answers are kept by their normalised
 * query in a bounded LRU. Without the module, or
 * when a render throws, it says so once in the log and answers null: the caller serves the
 * static page, whose code reads the link after hydration.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { normalizeQuery } from '#src/common/pacing/query.ts'
import type { Logger } from '../logger.ts'
import type { StaticFile } from './static-file.ts'

const APP_MARKER = '<!--app-->'

/** About 100 KB each (the page inlines its stylesheet), compressed bodies included. */
const DEFAULT_MAX_ENTRIES = 200

/**
 * A render holds the event loop (about 20 ms for one fund; 300 funds in a 12 KB query took half
 * a second), so a longer query (some 50 funds) gets the static page and the browser renders it.
 */
export const MAX_RENDERED_QUERY = 2048

interface LinkPreview {
  title: string
  description: string
}

interface RenderModule {
  renderPacingApp: (search: string) => string
  describePacingLink: (search: string) => LinkPreview
}

const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')

/**
 * The static page's head with the link's title and description (the <title>, the meta
 * description, Open Graph's and Twitter's), all escaped, and og:url the link itself: a preview's
 * scraper reads the page at og:url, which for /pacing would be the defaults. The canonical URL
 * stays /pacing, so search engines keep one page rather than one per set of inputs
 * (docs/product.md, "Search and sharing"). `query` is normalised (normalizeQuery).
 */
function withLinkHead(head: string, preview: LinkPreview, query: string): string {
  const title = escapeHtml(preview.title)
  const description = escapeHtml(preview.description)
  /** Each meta tag named one of names, its content set to value. */
  const meta = (html: string, names: string, value: string) =>
    html.replace(
      new RegExp(`(<meta (?:name|property)="(?:${names})" content=")[^"]*(")`, 'g'),
      (_, open: string, close: string) => open + value + close,
    )
  const titled = meta(head, 'og:title|twitter:title', title).replace(
    /<title>[^<]*<\/title>/,
    () => `<title>${title}</title>`,
  )
  return meta(titled, 'description|og:description|twitter:description', description).replace(
    /(<meta property="og:url" content=")([^"?]*)(")/,
    (_, open: string, url: string, close: string) => `${open}${url}?${escapeHtml(query)}${close}`,
  )
}

interface PacingRenderOptions {
  distDir: string
  /** The rendered page as served: PUBLIC_URL and the policy, as the static document gets them. */
  toFile: (html: string) => StaticFile
  logger?: Pick<Logger, 'warn' | 'error'>
  maxEntries?: number
}

/** The page for a query (with or without "?"), or null: serve the static page instead. */
export type RenderPacing = (search: string) => Promise<StaticFile | null>

export function createPacingRenderer(options: PacingRenderOptions): RenderPacing {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES
  const cache = new Map<string, StaticFile>()
  let loaded: Promise<((search: string) => string) | null> | null = null
  let renderFailed = false

  const load = async () => {
    const dir = join(options.distDir, 'server')
    try {
      const template = await readFile(join(dir, 'pacing-template.html'), 'utf8')
      if (template.split(APP_MARKER).length !== 2)
        throw new Error(`pacing-template.html must hold ${APP_MARKER} once`)
      const module = (await import(
        pathToFileURL(join(dir, 'pacing-render.mjs')).href
      )) as Partial<RenderModule>
      const { renderPacingApp: renderApp, describePacingLink: describe } = module
      if (typeof renderApp !== 'function' || typeof describe !== 'function')
        throw new Error('pacing-render.mjs exports no renderPacingApp or describePacingLink')
      const [head, tail] = template.split(APP_MARKER) as [string, string]
      return (search: string) =>
        withLinkHead(head, describe(search), search) + renderApp(search) + tail
    } catch (error) {
      options.logger?.warn(
        { err: error, dir },
        'no render module for /pacing links in the build (npm run build): shared links get the static page',
      )
      return null
    }
  }

  return async (search) => {
    if (search.length > MAX_RENDERED_QUERY) return null
    const key = normalizeQuery(search)
    if (!key || key.length > MAX_RENDERED_QUERY) return null
    const hit = cache.get(key)
    if (hit) {
      // Most recently used last: the first key is the one to drop.
      cache.delete(key)
      cache.set(key, hit)
      return hit
    }
    loaded ??= load()
    const render = await loaded
    if (!render) return null
    let file: StaticFile
    try {
      file = options.toFile(render(key))
    } catch (error) {
      if (!renderFailed)
        options.logger?.error(
          { err: error, query: key },
          'rendering /pacing for a link failed: answering the static page (logged once)',
        )
      renderFailed = true
      return null
    }
    cache.set(key, file)
    if (cache.size > maxEntries) cache.delete(cache.keys().next().value!)
    return file
  }
}
