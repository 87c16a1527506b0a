/**
 * The full comparison (pricing's last table): the disclosure on the landing page, which carries
 * the headings only, and the rows' own document the build renders for it. Each cell is a
 * ComparisonValueCell (comparison-value.tsx).
 */
import { ChevronDown } from 'lucide-react'
import { anchors, FULL_COMPARISON_URL } from '#src/common/paths.ts'
import { COMPARISON, PLANS, PRICING_COPY } from '../content/pricing.ts'
import { cn } from '../lib/cn.ts'
import { ComparisonValueCell } from './comparison-value.tsx'

/**
 * The full comparison's table. The landing page's HTML carries its headings only
 * (`withRows={false}`); the rows come from a document of their own (FULL_COMPARISON_URL) when
 * pricing nears the screen (features/pricing/full-comparison.ts), so the first response stays
 * within the 14 KB budget (docs/architecture.md, "Budgets"). The build renders that document (renderFragments, prerender.tsx).
 */
function ComparisonTable({ withRows }: { withRows: boolean }) {
  return (
    // Fixed columns that fit a 320 px screen: the words wrap, no column leaves the screen.
    <table className="w-full table-fixed text-left text-[0.8125rem] sm:text-sm">
      <caption className="sr-only">{PRICING_COPY.compareCaption}</caption>
      <thead className="bg-ink-50">
        <tr>
          <th scope="col" className="px-3 py-3 font-semibold text-ink-700 sm:px-6">
            {PRICING_COPY.featureColumn}
          </th>
          {PLANS.map((plan) => (
            <th
              key={plan.model}
              scope="col"
              className="w-[29%] px-2 py-3 font-semibold text-brand-900 sm:w-1/4 sm:px-6"
            >
              {plan.name}
            </th>
          ))}
        </tr>
      </thead>
      {COMPARISON.map((group) => (
        <tbody key={group.category}>
          <tr>
            <th
              scope="colgroup"
              colSpan={3}
              className="border-t border-ink-200 bg-white px-3 pt-6 pb-2 text-xs font-semibold tracking-wider text-accent-700 uppercase sm:px-6"
            >
              {group.category}
            </th>
          </tr>
          {withRows
            ? group.rows.map((row) => (
                <tr key={row.name} className="border-t border-ink-100">
                  <th
                    scope="row"
                    className="px-3 py-3 align-top font-normal break-words text-ink-800 sm:px-6"
                  >
                    {row.name}
                  </th>
                  <td className="px-2 py-3 align-top sm:px-6">
                    <ComparisonValueCell value={row.basic} />
                  </td>
                  <td className="px-2 py-3 align-top sm:px-6">
                    <ComparisonValueCell value={row.advanced} />
                  </td>
                </tr>
              ))
            : null}
        </tbody>
      ))}
    </table>
  )
}

const TABLE_FRAME = 'relative mt-8 overflow-hidden rounded-2xl bg-white ring-1 ring-ink-200'

/** The rows' own document: what the page loads them from, and where the link leads. */
export function FullComparisonDocument() {
  return (
    <main className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight text-brand-900">
        {PRICING_COPY.compareCaption}
      </h1>
      <div className={TABLE_FRAME}>
        <ComparisonTable withRows />
      </div>
      <p className="mt-8">
        <a href={`/#${anchors.pricing}`} className="font-semibold text-accent-700 underline">
          {PRICING_COPY.compareBack}
        </a>
      </p>
    </main>
  )
}

/**
 * A native disclosure: it expands and collapses before any script runs. Its rows load when
 * pricing comes near (or at the latest when it opens); without scripts, a link leads to them.
 */
export function FullComparison() {
  return (
    <details className="group mt-12" data-full-comparison="">
      <summary
        className={cn(
          'mx-auto flex min-h-12 w-fit cursor-pointer list-none items-center gap-2 rounded-lg border border-ink-200 bg-white px-6',
          'font-semibold text-brand-900 shadow-sm hover:border-ink-300 hover:bg-ink-50 [&::-webkit-details-marker]:hidden',
        )}
      >
        <span className="group-open:hidden">{PRICING_COPY.compareToggleOpen}</span>
        <span className="hidden group-open:inline">{PRICING_COPY.compareToggleClose}</span>
        <ChevronDown
          aria-hidden="true"
          className="size-5 transition-transform group-open:rotate-180"
        />
      </summary>
      <div className={TABLE_FRAME} data-rows-src={FULL_COMPARISON_URL}>
        <ComparisonTable withRows={false} />
        <p data-rows-link="" className="border-t border-ink-200 px-3 py-2 sm:px-6">
          <a
            href={FULL_COMPARISON_URL}
            className="inline-flex min-h-11 items-center font-semibold text-accent-700 underline"
          >
            {PRICING_COPY.compareEveryRow}
          </a>
        </p>
      </div>
      {/* What "Partly" means, once, under the table that uses it (docs/product.md). */}
      <p className="mx-auto mt-4 max-w-3xl text-center text-sm leading-relaxed text-ink-600">
        {PRICING_COPY.partlyNote}
      </p>
    </details>
  )
}
