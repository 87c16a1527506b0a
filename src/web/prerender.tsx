/**
 * Server-side render entry, bundled by scripts/build.ts: renders every document of
 * the route table (common/site/routes.ts), with its head from content/documents.ts, into its page template at build time (DESIGN.md §2).
 */
import type { ReactElement } from 'react'
import { renderToStaticMarkup, renderToString } from 'react-dom/server'
import { PageShell } from './components/page-shell.tsx'
import type { PageEntry } from '#src/common/site/routes.ts'
import { DOCUMENTS } from './content/documents.ts'
import { renderHead } from './head.ts'
import { loadNearParts } from './lib/lazy-near.ts'
import { AboutPage } from './pages/about/about-page.tsx'
import { HomePage } from './pages/home/home-page.tsx'
import { HOME_STATIC_PARTS } from './pages/home/static-parts.tsx'
import { LnfPage } from './pages/lnf/lnf-page.tsx'
import { MethodologyPage } from './pages/methodology/methodology-page.tsx'
import { NotFoundPage } from './pages/not-found/not-found-page.tsx'
import { PacingPage } from './pages/pacing/pacing-page.tsx'
import { SecurityPage } from './pages/security/security-page.tsx'
import { SchedulingThankYouPage } from './pages/scheduling-thank-you/scheduling-thank-you-page.tsx'
import { ThankYouPage } from './pages/thank-you/thank-you-page.tsx'
import { PurchaseCompletePage } from './pages/purchase-complete/purchase-complete-page.tsx'
import { FullComparisonDocument } from './sections/pricing.tsx'
import { PRICING_COPY } from './content/pricing.ts'

const PAGES: Record<PageEntry, () => ReactElement> = {
  home: () => <HomePage parts={HOME_STATIC_PARTS} />,
  'thank-you': () => <ThankYouPage />,
  'scheduling-thank-you': () => <SchedulingThankYouPage />,
  'purchase-complete': () => <PurchaseCompletePage />,
  lnf: () => <LnfPage />,
  'not-found': () => <NotFoundPage />,
  pacing: () => <PacingPage />,
  methodology: () => <MethodologyPage />,
  about: () => <AboutPage />,
  security: () => <SecurityPage />,
}

// scripts/build.ts loads the SSR bundle and calls it; the checker cannot see that.
// ts-unused-exports:disable-next-line
export async function renderDocuments(
  templates: Record<string, string>,
): Promise<Record<string, string>> {
  // Parts whose code the browser loads late are rendered into the HTML all the same.
  await loadNearParts()
  const result: Record<string, string> = {}
  for (const doc of DOCUMENTS) {
    const template = templates[doc.entry]
    if (!template) throw new Error(`No built template for page entry "${doc.entry}"`)
    if (!template.includes('<!--app-->') || !template.includes('<!--head-->'))
      throw new Error(`Template of "${doc.entry}" lacks the <!--head--> or <!--app--> marker`)
    const app = renderToString(<PageShell>{PAGES[doc.entry]()}</PageShell>)
    result[doc.name] = template
      .replace('<!--head-->', () => renderHead(doc))
      .replace('<!--app-->', () => app)
  }
  return result
}

/**
 * Documents the pages load parts from on demand (never hydrated), whole, styled by the site's
 * stylesheet (its URL from the build). scripts/build.ts names each by its content.
 */
// ts-unused-exports:disable-next-line
export function renderFragments(stylesheet: string): Record<'full-comparison', string> {
  return {
    'full-comparison':
      '<!doctype html>' +
      renderToStaticMarkup(
        <html lang="en">
          <head>
            <meta charSet="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            <meta name="robots" content="noindex" />
            <title>{PRICING_COPY.compareCaption}</title>
            <link rel="stylesheet" crossOrigin="" href={stylesheet} />
          </head>
          <body>
            <FullComparisonDocument />
          </body>
        </html>,
      ),
  }
}
