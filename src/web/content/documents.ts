/**
 * The pre-rendered documents: which page entry renders each one, the path it answers, and its
 * head (title, description, robots). The build renders each into <dist>/site/<name>.html and the
 * server maps paths to them. The legal routes are the home entry rendered with its own head; the
 * dialog opens in the browser (DESIGN.md §2).
 */
import { routes } from '#src/common/paths.ts'
import { settings } from './settings.ts'

export const PAGE_ENTRIES = [
  'home',
  'thank-you',
  'scheduling-thank-you',
  'lnf',
  'not-found',
] as const
export type PageEntry = (typeof PAGE_ENTRIES)[number]

export interface DocumentSpec {
  /** File name under <dist>/site, without .html. */
  name: string
  entry: PageEntry
  /** The path the document answers; its canonical URL is PUBLIC_URL + path. */
  path: string
  title: string
  description: string
  /** Pages that only make sense after an action stay out of search engines (DESIGN.md §12). */
  noindex?: boolean
  /** Indexable but left out of the sitemap (a second address of the same text). */
  sitemap?: false
  /** The address search engines should credit, when it is not `path` (a second address). */
  canonicalPath?: string
}

/** The documents search engines should find, in the sitemap's order (issue #4). */
export function sitemapDocuments(): DocumentSpec[] {
  return DOCUMENTS.filter((doc) => !doc.noindex && doc.sitemap !== false)
}

const brand = settings.brandName
const homeDescription =
  'Excel fund-pacing models on the Takahashi-Alexander method for emerging allocators and family offices up to $500 million AUM. Plan commitments, forecast calls and distributions. Free trial.'

export const DOCUMENTS: readonly DocumentSpec[] = [
  {
    name: 'home',
    entry: 'home',
    path: routes.home,
    title: `${brand} | Private Markets Commitment Pacing Models for Excel`,
    description: homeDescription,
  },
  {
    name: 'terms',
    entry: 'home',
    path: routes.terms,
    title: `Terms & Conditions | ${brand}`,
    description: `The terms that govern ${brand} pacing model licenses, trials and this website.`,
  },
  {
    name: 'legal-terms',
    entry: 'home',
    path: routes.legalTerms,
    canonicalPath: routes.terms,
    title: `Terms & Conditions | ${brand}`,
    description: `The terms that govern ${brand} pacing model licenses, trials and this website.`,
    sitemap: false,
  },
  {
    name: 'privacy-policy',
    entry: 'home',
    path: routes.privacyPolicy,
    title: `Privacy Policy | ${brand}`,
    description: `What ${brand} collects when you request a trial, why, for how long, and your rights.`,
  },
  {
    name: 'cookie-policy',
    entry: 'home',
    path: routes.cookiePolicy,
    title: `Cookie Policy | ${brand}`,
    description: `Which cookies and similar technologies ${brand} uses, and how to change your choice.`,
  },
  {
    name: 'thank-you',
    entry: 'thank-you',
    path: routes.thankYou(),
    title: `Your free trial is on its way | ${brand}`,
    description: `Download your ${brand} trial model and activate it with the key we e-mailed you.`,
    noindex: true,
  },
  {
    name: 'scheduling-thank-you',
    entry: 'scheduling-thank-you',
    path: routes.schedulingThankYou,
    title: `Meeting scheduled | ${brand}`,
    description: `Your introduction call with ${brand} is booked.`,
    noindex: true,
  },
  {
    name: 'lnf',
    entry: 'lnf',
    path: '/lnf/',
    title: `Image | ${brand}`,
    description: `An image shared from ${brand}.`,
    noindex: true,
  },
  {
    name: 'not-found',
    entry: 'not-found',
    path: '/404',
    title: `Page not found | ${brand}`,
    description: `The page you asked for is not here.`,
    noindex: true,
  },
]
