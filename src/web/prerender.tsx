/**
 * Server-side render entry, bundled by scripts/build.ts: renders every document of the route
 * table (common/site/routes.ts), with its head from content/documents.ts, into its page
 * template at build time (docs/product.md).
 */
import type { ComponentType } from 'react'
import { renderToStaticMarkup, renderToString } from 'react-dom/server'
import { PageShell } from './components/page-shell.tsx'
import type { PageEntry } from '#src/common/site/routes.ts'
import { DOCUMENTS } from './content/documents.ts'
import { renderHead } from './head.ts'
import { loadNearParts } from './lib/lazy-near.ts'
import { FullComparisonDocument } from './sections/full-comparison.tsx'
import { PRICING_COPY } from './content/pricing.ts'

/**
 * Each entry's page, from its folder: pages/<entry>/<entry>-page.tsx exports <Entry>Page
 * (pages/thank-you/thank-you-page.tsx: ThankYouPage), and a folder's static-parts.tsx, when it
 * has one, exports the server-only parts the page is rendered with (STATIC_PARTS). A route is
 * its row in the route table, its folder and its head (content/documents.ts); nothing here.
 */
const PAGE_MODULES = import.meta.glob<Record<string, unknown>>('./pages/*/*-page.tsx', {
  eager: true,
})
const PARTS_MODULES = import.meta.glob<{ STATIC_PARTS?: unknown }>('./pages/*/static-parts.tsx', {
  eager: true,
})

function pageOf(entry: PageEntry): ComponentType<{ parts?: unknown }> {
  const name = `${entry.replace(/(^|-)(\w)/g, (_, _dash: string, c: string) => c.toUpperCase())}Page`
  const page = PAGE_MODULES[`./pages/${entry}/${entry}-page.tsx`]?.[name]
  if (typeof page !== 'function')
    throw new Error(
      `No page for entry "${entry}": pages/${entry}/${entry}-page.tsx exports no ${name}`,
    )
  return page as ComponentType<{ parts?: unknown }>
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
    const Page = pageOf(doc.entry)
    const parts = PARTS_MODULES[`./pages/${doc.entry}/static-parts.tsx`]?.STATIC_PARTS
    const app = renderToString(
      <PageShell>
        <Page parts={parts} />
      </PageShell>,
    )
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
