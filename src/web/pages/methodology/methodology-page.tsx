/**
 * /methodology: the Pacing Lab's formulas, conventions, preset sources and public test cases, laid
 * out from the engine's own data (src/common/pacing/methodology.ts). Nothing here has state, so
 * the whole page is server-only markup and ships no code of its own.
 */
import { ArrowRight, ExternalLink } from 'lucide-react'
import {
  OUR_CONVENTIONS,
  PAPER_CONVENTIONS,
  UNCERTAINTY_METHOD,
  FORMULAS,
  MODEL_REFERENCE,
  PORTFOLIO_METHOD,
  PRESET_SOURCES,
  TEST_CASES,
} from '#src/common/pacing/methodology.ts'
import { PRESETS, type PresetParameters } from '#src/common/pacing/presets.ts'
import { routes } from '#src/common/paths.ts'
import { ServerOnly } from '../../components/server-only.tsx'
import { buttonClasses } from '../../components/ui/button.tsx'
import { METHODOLOGY_COPY as M } from '../../content/methodology.ts'
import { LabFooter } from '../../features/pacing/lab-chrome.tsx'
import { SiteHeader } from '../../sections/site-header.tsx'
import { STACKED_TABLE } from '../../components/ui/stacked-table.ts'

const pct = (n: number) => `${Number((n * 100).toFixed(1))}%`

function perYear(values: PresetParameters['rc']): string {
  if (typeof values === 'number') return `${pct(values)} every year`
  const list = values.map(pct)
  const last = list.pop()
  return `${list.join(', ')}, then ${last ?? ''}`
}

const h2 = 'text-2xl font-semibold tracking-tight text-brand-900'
const prose = 'text-base leading-relaxed text-ink-700'
const linkClass =
  'font-medium text-brand-700 underline underline-offset-4 [overflow-wrap:anywhere] hover:text-brand-900'

function Content() {
  return (
    <article className="mx-auto max-w-4xl space-y-14">
      <header>
        <p className="text-sm font-semibold tracking-wider text-accent-700 uppercase">
          {M.eyebrow}
        </p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-balance text-brand-900 sm:text-4xl">
          {M.heading}
        </h1>
        <p className={`mt-4 ${prose} sm:text-lg`}>{M.intro}</p>
        <p className="mt-4 text-sm text-ink-600">
          <span className="font-semibold text-ink-800">{M.reference}: </span>
          {MODEL_REFERENCE}
        </p>
        <a href={routes.pacing} className={buttonClasses('primary', 'md', 'mt-6')}>
          {M.openLab}
          <ArrowRight aria-hidden="true" className="size-4" />
        </a>
      </header>

      <section aria-labelledby="formulas">
        <h2 id="formulas" className={h2}>
          {M.formulasHeading}
        </h2>
        <p className={`mt-2 ${prose}`}>{M.formulasIntro}</p>
        <dl className="mt-6 space-y-4">
          {FORMULAS.map((f) => (
            <div key={f.id} className="rounded-xl bg-white p-5 ring-1 ring-ink-100">
              {/* Wraps between its terms on a phone: scrolled, "…and RD_" hid the rest. */}
              <dt className="font-mono text-base text-brand-900 [overflow-wrap:anywhere]">
                {f.formula}
              </dt>
              <dd className="mt-2 text-sm leading-relaxed text-ink-700">{f.explanation}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="conventions">
        <h2 id="conventions" className={h2}>
          {M.conventionsHeading}
        </h2>
        <h3 className="mt-4 text-base font-semibold text-brand-900">{M.paperConventions}</h3>
        <ul className="mt-2 list-disc space-y-2 pl-5 marker:text-accent-600">
          {PAPER_CONVENTIONS.map((c) => (
            <li key={c} className={prose}>
              {c}
            </li>
          ))}
        </ul>
        <h3 className="mt-6 text-base font-semibold text-brand-900">{M.ourConventions}</h3>
        <ul className="mt-2 list-disc space-y-2 pl-5 marker:text-accent-600">
          {OUR_CONVENTIONS.map((c) => (
            <li key={c} className={prose}>
              {c}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="uncertainty">
        <h2 id="uncertainty" className={h2}>
          {M.uncertaintyHeading}
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-5 marker:text-accent-600">
          {UNCERTAINTY_METHOD.map((c) => (
            <li key={c} className={prose}>
              {c}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="portfolio-plan">
        <h2 id="portfolio-plan" className={h2}>
          {M.portfolioHeading}
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-5 marker:text-accent-600">
          {PORTFOLIO_METHOD.map((c) => (
            <li key={c} className={prose}>
              {c}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="presets">
        <h2 id="presets" className={h2}>
          {M.presetsHeading}
        </h2>
        <p className={`mt-2 ${prose}`}>{M.presetsIntro}</p>
        <div
          role="region"
          aria-label={M.tableRegion(M.presetsHeading)}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="mt-6 overflow-x-auto rounded-xl bg-white ring-1 ring-ink-100"
        >
          {/* On a phone each preset is a block of labeled lines, not columns past the edge. */}
          <table className={`w-full text-left text-sm tabular-nums ${STACKED_TABLE}`}>
            <thead className="bg-ink-50 text-xs text-ink-700">
              <tr>
                {Object.values(M.presetColumns).map((label) => (
                  <th
                    key={label}
                    scope="col"
                    className="px-3 py-2.5 font-semibold whitespace-nowrap"
                  >
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {PRESET_SOURCES.map((p) => {
                const q = PRESETS[p.id].parameters
                const columns = Object.values(M.presetColumns)
                return (
                  <tr key={p.id} className="border-t border-ink-100">
                    <th
                      scope="row"
                      className="px-3 py-2 font-medium whitespace-nowrap text-ink-900"
                    >
                      {p.label}
                    </th>
                    {[
                      perYear(q.rc),
                      q.life,
                      q.bow,
                      perYear(q.growth),
                      pct(q.yield),
                      M.basis[p.basis],
                    ].map((value, i) => (
                      <td key={i} className="px-3 py-2" data-label={columns[i + 1]}>
                        {value}
                      </td>
                    ))}
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
        <div className="mt-6 space-y-6">
          {PRESET_SOURCES.map((p) => (
            <div key={p.id}>
              <h3 className="text-lg font-semibold text-brand-900">
                {p.label}{' '}
                <span className="text-sm font-normal text-ink-600">({M.basis[p.basis]})</span>
              </h3>
              {p.derivation ? <p className={`mt-1 ${prose}`}>{p.derivation}</p> : null}
              <p className="mt-2 text-sm font-semibold text-ink-800">{M.sources}</p>
              <ul className="mt-1 space-y-2">
                {p.sources.map((s) => (
                  <li key={s.title + s.gives} className="text-sm leading-relaxed text-ink-700">
                    <a href={s.url} className={linkClass} rel="noopener noreferrer">
                      {s.title}
                    </a>
                    {`, ${s.author}. ${s.gives}`}
                    {s.note ? ` ${s.note}` : ''}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="test-cases">
        <h2 id="test-cases" className={h2}>
          {M.testsHeading}
        </h2>
        <p className={`mt-2 ${prose}`}>{M.testsIntro}</p>
        <ul className="mt-6 space-y-4">
          {TEST_CASES.map((t) => (
            <li key={t.name} className="rounded-xl bg-white p-5 ring-1 ring-ink-100">
              <h3 className="text-base font-semibold text-brand-900">{t.name}</h3>
              <p className="mt-1 text-sm text-ink-600">
                {t.url ? (
                  <a href={t.url} className={linkClass} rel="noopener noreferrer">
                    {t.source}
                    <ExternalLink
                      aria-hidden="true"
                      className="ml-1 inline size-3.5 align-[-2px]"
                    />
                  </a>
                ) : (
                  t.source
                )}
              </p>
              <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[9rem_1fr]">
                <dt className="font-medium text-ink-800">{M.testColumns.checks}</dt>
                <dd className="text-ink-700">{t.checks}</dd>
                <dt className="font-medium text-ink-800">{M.testColumns.tolerance}</dt>
                <dd className="text-ink-700 tabular-nums">{t.tolerance}</dd>
                <dt className="font-medium text-ink-800">{M.testColumns.test}</dt>
                <dd className="font-mono text-xs break-all text-ink-700">{t.test}</dd>
              </dl>
            </li>
          ))}
        </ul>
      </section>
    </article>
  )
}

/** The site's header, as on every page (its phone menu is a popover: no code). */
function Header() {
  return <SiteHeader current={routes.methodology} />
}

const StaticHeader = import.meta.env.SSR ? Header : null
const StaticContent = import.meta.env.SSR ? Content : null
const StaticFooter = import.meta.env.SSR ? LabFooter : null

export function MethodologyPage() {
  return (
    <div className="flex min-h-dvh flex-col bg-ink-50">
      <ServerOnly render={StaticHeader} />
      <main id="main" className="w-full flex-1 px-4 pt-8 pb-16 sm:px-6 lg:px-8 lg:pt-12">
        <ServerOnly render={StaticContent} />
      </main>
      <ServerOnly render={StaticFooter} />
    </div>
  )
}
