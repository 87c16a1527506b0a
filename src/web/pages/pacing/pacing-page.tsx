/**
 * /pacing, the free Pacing Lab (docs/product.md, "Pacing Lab"). Pre-rendered with the default
 * inputs, and rendered by the server with a shared link's query (pacing-render.tsx), so the
 * table and key figures are in the HTML for readers without JavaScript, link previews and
 * search engines; the lab hydrates from the query it was rendered with. The header, intro and footer are server-only markup.
 */
import { ArrowRight } from 'lucide-react'
import { routes } from '#src/common/paths.ts'
import { ServerOnly } from '../../components/server-only.tsx'
import { PACING_COPY } from '../../content/pacing.ts'
import { LabFooter } from '../../features/pacing/lab-chrome.tsx'
import { SiteHeader } from '../../sections/site-header.tsx'
import { PacingLab } from '../../features/pacing/pacing-lab.tsx'

/** The site's header, as on every page (its phone menu is a popover: no code). */
function Header() {
  return <SiteHeader current={routes.pacing} />
}

function Intro() {
  return (
    <div className="max-w-3xl">
      <p className="text-sm font-semibold tracking-wider text-accent-700 uppercase">
        {PACING_COPY.eyebrow}
      </p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-balance text-brand-900 sm:text-4xl">
        {PACING_COPY.heading}
      </h1>
      <p className="mt-4 text-base leading-relaxed text-ink-700 sm:text-lg">{PACING_COPY.intro}</p>
      <p className="mt-3">
        <a
          href={routes.methodology}
          className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {PACING_COPY.methodologyLink}
          <ArrowRight aria-hidden="true" className="size-4" />
        </a>
      </p>
    </div>
  )
}

/**
 * "Print / save as PDF": an investment-committee report of what the page shows (inputs,
 * scenarios, bands, key figures, the table and the method in one paragraph) without the site's
 * chrome: header, footer, consent banner, tabs and buttons. Inline, so it needs no request.
 */
const PRINT_CSS = `@media print {
  @page { margin: 14mm; }
  html, body { background: #fff !important; }
  [data-consent-banner], header, footer, button, [role="tablist"], [data-print-hide],
  [data-print-intro] { display: none !important; }
  #main { max-width: none !important; padding: 0 !important; }
  [data-print-summary] { display: block !important; }
  [role="region"] { overflow: visible !important; box-shadow: none !important; background: #fff !important; }
  table { font-size: 8pt; }
  th, td { padding: 2px 4px !important; }
  .sticky { position: static !important; }
  figure, section, tr, dl { break-inside: avoid; }
  input { border-color: transparent !important; box-shadow: none !important; padding: 0 !important; min-height: 0 !important; }
}`

const StaticHeader = import.meta.env.SSR ? Header : null
const StaticIntro = import.meta.env.SSR ? Intro : null
const StaticFooter = import.meta.env.SSR ? LabFooter : null

/** query: the link's query the lab first shows, normalised; none for the defaults. */
export function PacingPage({ query }: { query?: string }) {
  return (
    <div className="flex min-h-dvh flex-col bg-ink-50">
      <style>{PRINT_CSS}</style>
      <ServerOnly render={StaticHeader} />
      <main
        id="main"
        className="mx-auto w-full max-w-7xl flex-1 px-4 pt-8 pb-16 sm:px-6 lg:px-8 lg:pt-12"
      >
        <div data-print-intro="">
          <ServerOnly render={StaticIntro} className="mb-8" />
        </div>
        <PacingLab query={query} />
      </main>
      <ServerOnly render={StaticFooter} />
    </div>
  )
}
