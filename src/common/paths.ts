/**
 * Every route and API path the site uses, built in one place (never typed by hand
 * in components). Both the browser and the server import this module.
 */
import type { Model } from './models.ts'

export const LEGAL_TABS = ['terms', 'privacy', 'cookies'] as const
export type LegalTab = (typeof LEGAL_TABS)[number]

export const routes = {
  home: '/',
  thankYou: (model?: Model) => (model ? `/thank-you?model=${model}` : '/thank-you'),
  schedulingThankYou: '/scheduling-thank-you',
  /** Who is behind the product: company, people, address. */
  about: '/about',
  /** Security & installation: code signing, offline use, where data lives. */
  security: '/security',
  lnf: (filename: string) => `/lnf/${encodeURIComponent(filename)}`,
  /** The one pre-rendered /lnf shell; it reads its filename in the browser. */
  lnfShell: '/lnf/',
  /** Our 404 page's own address (every unknown path gets it with status 404). */
  notFound: '/404',
  terms: '/terms',
  privacyPolicy: '/privacy-policy',
  cookiePolicy: '/cookie-policy',
  /**
   * The trial form links here (docs/product.md, "Routes and screens"); it opens the terms tab like
   * /terms.
   */
  legalTerms: '/legal/terms',
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
  testStatic: '/test-static.txt',
  /**
   * The free Pacing Lab (docs/product.md, "Pacing Lab"); its state rides in the query string
   * (pacing/query.ts).
   */
  pacing: '/pacing',
  /** The lab's formulas, conventions, preset sources and public test cases. */
  methodology: '/methodology',
  /** The checkouts' success page: what happens next after paying (noindex). */
  purchaseComplete: '/purchase-complete',
  /** Everything under it is the operator console (consoleRoutes below). */
  consoleBase: '/admin',
} as const

/**
 * Legal routes and the dialog tab each one opens (docs/product.md, "Routes and screens": default
 * terms).
 */
export const LEGAL_ROUTES: Record<string, LegalTab> = {
  [routes.terms]: 'terms',
  [routes.legalTerms]: 'terms',
  [routes.privacyPolicy]: 'privacy',
  [routes.cookiePolicy]: 'cookies',
}

export const LEGAL_TAB_ROUTES: Record<LegalTab, string> = {
  terms: routes.terms,
  privacy: routes.privacyPolicy,
  cookies: routes.cookiePolicy,
}

/** In-page anchors of the landing page. */
export const anchors = {
  features: 'features',
  pricing: 'pricing',
  testimonials: 'testimonials',
  trialForm: 'trial-form',
  /**
   * Choosing a model in pricing sets the fragment to trial-form-{model} (docs/product.md,
   * "Routes and screens").
   */
  trialFormFor: (model: Model) => `trial-form-${model}`,
} as const

const WAITLIST_ROUTE = '/api/trial-submissions/:id/waitlist'
const EMAIL_CORRECTION_ROUTE = '/api/trial-submissions/:id/email'

export const api = {
  trialSubmissions: '/api/trial-submissions',
  /** The server's route pattern of the waitlist flag. */
  waitlistRoute: WAITLIST_ROUTE,
  waitlist: (submissionId: string) =>
    WAITLIST_ROUTE.replace(':id', encodeURIComponent(submissionId)),
  /** The one-time correction of a mistyped address, with the submission's own token. */
  emailCorrectionRoute: EMAIL_CORRECTION_ROUTE,
  emailCorrection: (submissionId: string) =>
    EMAIL_CORRECTION_ROUTE.replace(':id', encodeURIComponent(submissionId)),
  /** RFC 8058 one-click "stop these reminders" (POST), and its plain link (GET) in the text. */
  reminderStop: '/api/reminders/stop',
  licenseCounts: '/api/license-counts',
  keyResend: '/api/key-resend',
  /**
   * The link a request past the claim breaker gets by e-mail (docs/product.md,
   * "Trust under abuse").
   */
  trialConfirmations: '/api/trial-confirmations',
  trialConfirmation: (token: string) =>
    `/api/trial-confirmations?token=${encodeURIComponent(token)}`,
  consents: '/api/consents',
  /** "Request an invoice" when no checkout link is set (docs/product.md, "Buying"). */
  purchaseRequests: '/api/purchase-requests',
  /** A payment provider's signed webhook (docs/product.md "Paid orders"). */
  webhook: (provider: 'stripe' | 'lemonsqueezy' | 'paddle') => `/api/webhooks/${provider}`,
  /** A paid order's state for /purchase-complete: nothing personal. */
  orderStatus: '/api/order-status',
  healthz: '/healthz',
  readyz: '/readyz',
} as const

/**
 * The operator console (docs/product.md, "Operator console"): its pages, client-rendered by one
 * entry.
 */
export const consoleRoutes = {
  overview: '/admin',
  leads: '/admin/leads',
  keys: '/admin/keys',
  waitlist: '/admin/waitlist',
  mail: '/admin/mail',
  funnel: '/admin/funnel',
  consents: '/admin/consents',
  purchaseRequests: '/admin/purchase-requests',
  orders: '/admin/orders',
  signIn: '/admin/sign-in',
  /** The link e-mailed to an operator; the page trades the token for a session. */
  signInLink: (token: string) => `/admin/sign-in?token=${encodeURIComponent(token)}`,
} as const

const ADMIN_API = '/admin/api'

export const consoleApi = {
  root: ADMIN_API,
  signIn: `${ADMIN_API}/sign-in`,
  /** Trades the e-mailed token for a session (part of signing in: no session needed). */
  signInVerify: `${ADMIN_API}/sign-in/verify`,
  signOut: `${ADMIN_API}/sign-out`,
  session: `${ADMIN_API}/session`,
  overview: `${ADMIN_API}/overview`,
  leads: `${ADMIN_API}/leads`,
  leadsExport: `${ADMIN_API}/leads/export.csv`,
  leadsDelete: `${ADMIN_API}/leads/delete`,
  keys: `${ADMIN_API}/keys`,
  keysImport: `${ADMIN_API}/keys/import`,
  keysRevoke: `${ADMIN_API}/keys/revoke`,
  waitlist: `${ADMIN_API}/waitlist`,
  waitlistNotify: `${ADMIN_API}/waitlist/notify`,
  mail: `${ADMIN_API}/mail`,
  mailRetry: `${ADMIN_API}/mail/retry`,
  /** `?days=N` (default 28). */
  funnel: `${ADMIN_API}/funnel`,
  funnelExport: `${ADMIN_API}/funnel/export.csv`,
  consents: `${ADMIN_API}/consents`,
  purchaseRequests: `${ADMIN_API}/purchase-requests`,
  audit: `${ADMIN_API}/audit`,
  /** Paid orders (docs/product.md "Paid orders"): the list, ?status= filters it. */
  orders: `${ADMIN_API}/orders`,
  ordersResend: `${ADMIN_API}/orders/resend`,
  ordersReprocess: `${ADMIN_API}/orders/reprocess`,
  ordersAdd: `${ADMIN_API}/orders/add`,
} as const

export const uploads = {
  root: '/custom-uploads',
  screenshots: (model: Model) => `/custom-uploads/screenshots/${model}`,
  thumbnails: (model: Model) => `/custom-uploads/thumbnails/${model}`,
} as const

/**
 * The landing page's full comparison rows, a document of their own (sections/pricing.tsx). The
 * build writes it under a content-hashed name and puts that name where this placeholder is.
 */
export const FULL_COMPARISON_URL = '/assets/full-comparison.__HASH__.html'

/** Files our e-mails load from PUBLIC_URL (made by scripts/images.ts, committed under public/). */
export const mailAssets = {
  /** Served to any origin (Cross-Origin-Resource-Policy): webmail pages show them. */
  root: '/email/',
  /** The brand mark, 80 px square, shown at 40 px. */
  logo: '/email/logo-80.png',
} as const
