/**
 * The route table: every pre-rendered document, the page entry that renders it and the path it
 * answers. One table drives Vite's inputs and chunks (vite.config.ts), the pre-render (web/prerender.tsx,
 * which adds each document's head from web/content/documents.ts), the server's document map
 * (server/http/site.ts) and the sitemap. The legal routes are the home entry rendered with the
 * legal dialog open (docs/product.md, "Routes and screens").
 */
import { routes } from '../paths.ts'

export const PAGE_ENTRIES = [
  'home',
  'thank-you',
  'scheduling-thank-you',
  'purchase-complete',
  'lnf',
  'not-found',
  'pacing',
  'methodology',
  'about',
  'security',
] as const
export type PageEntry = (typeof PAGE_ENTRIES)[number]

/**
 * Client-rendered entries: built by Vite beside the pages but never pre-rendered with content.
 * The server answers every path under basePath with the entry's built index.html (the operator
 * console, docs/product.md, "Operator console"); no public page loads any of it.
 */
export const CLIENT_ENTRIES = [{ name: 'console', basePath: routes.consoleBase }] as const

/**
 * Code only the Pacing Lab's entries (pacing, methodology) run: vite.config.ts keeps it out of
 * the chunks the other pages share, so / never loads it. Paths from the project root (a folder
 * ends in '/'); `packages` are npm packages (zod: only the lab's share-link parser loads it at
 * start); `chrome` is the little of it /methodology runs (the presets and the lab's footer),
 * which gets a chunk of its own so /methodology does not download the lab.
 */
export const LAB_CODE = {
  paths: [
    'src/common/pacing/',
    'src/web/features/pacing/',
    'src/web/content/pacing.ts',
    'src/web/content/methodology.ts',
  ],
  packages: ['zod'],
  chrome: ['src/common/pacing/presets.ts', 'src/web/features/pacing/lab-chrome.tsx'],
} as const

export interface DocumentRoute {
  /** File name under <dist>/site, without .html. */
  name: string
  entry: PageEntry
  /** The path the document answers; its canonical URL is PUBLIC_URL + path. */
  path: string
  /**
   * Pages that only make sense after an action stay out of search engines (docs/product.md,
   * "Search and sharing").
   */
  noindex?: boolean
  /** Indexable but left out of the sitemap (a second address of the same text). */
  sitemap?: false
  /** The address search engines should credit, when it is not `path` (a second address). */
  canonicalPath?: string
  /**
   * Its first render reads the address (a query, the path): the page hydrates before its first
   * paint, with its whole stylesheet inline, as the pre-rendered HTML alone shows another
   * state. The others paint first and load their scripts and the rest of their stylesheet
   * after (scripts/page-delivery.ts, docs/architecture.md, "Budgets").
   */
  readsAddress?: true
  /**
   * The status it is answered with: the 404 page's, also the answer to every path no other
   * document, file or route takes.
   */
  status?: 404
}

export const DOCUMENT_ROUTES = [
  { name: 'home', entry: 'home', path: routes.home },
  { name: 'terms', entry: 'home', path: routes.terms },
  {
    name: 'legal-terms',
    entry: 'home',
    path: routes.legalTerms,
    canonicalPath: routes.terms,
    sitemap: false,
  },
  { name: 'privacy-policy', entry: 'home', path: routes.privacyPolicy },
  { name: 'cookie-policy', entry: 'home', path: routes.cookiePolicy },
  {
    name: 'thank-you',
    entry: 'thank-you',
    path: routes.thankYou(),
    noindex: true,
    readsAddress: true,
  },
  {
    name: 'scheduling-thank-you',
    entry: 'scheduling-thank-you',
    path: routes.schedulingThankYou,
    noindex: true,
    readsAddress: true,
  },
  {
    name: 'purchase-complete',
    entry: 'purchase-complete',
    path: routes.purchaseComplete,
    noindex: true,
  },
  { name: 'lnf', entry: 'lnf', path: routes.lnfShell, noindex: true, readsAddress: true },
  { name: 'not-found', entry: 'not-found', path: routes.notFound, noindex: true, status: 404 },
  { name: 'pacing', entry: 'pacing', path: routes.pacing, readsAddress: true },
  { name: 'methodology', entry: 'methodology', path: routes.methodology },
  { name: 'about', entry: 'about', path: routes.about },
  { name: 'security', entry: 'security', path: routes.security },
] as const satisfies readonly DocumentRoute[]

export type DocumentName = (typeof DOCUMENT_ROUTES)[number]['name']

/** The documents search engines should find, in the sitemap's order. */
export function sitemapRoutes(): DocumentRoute[] {
  return DOCUMENT_ROUTES.filter((doc: DocumentRoute) => !doc.noindex && doc.sitemap !== false)
}

/** The document answered for any path the site has nothing at. */
export const NOT_FOUND_DOCUMENT: DocumentName = DOCUMENT_ROUTES.find(
  (doc: DocumentRoute) => doc.status === 404,
)!.name

const BY_PATH = new Map<string, DocumentRoute>(DOCUMENT_ROUTES.map((doc) => [doc.path, doc]))

/** The document the table puts at a path (a trailing slash aside), or undefined. */
export function documentAt(pathname: string): DocumentRoute | undefined {
  return BY_PATH.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname)
}
