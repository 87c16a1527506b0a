/**
 * Problem section: four pains and the family-office quote (docs/product.md, "Routes and screens").
 */
import { Clock, Presentation, Quote, Scale, Wallet } from 'lucide-react'
import { SectionHeading } from '../components/section-heading.tsx'
import { PAINS, PROBLEM_COPY, PROBLEM_QUOTE, type Pain } from '../content/problem.ts'

const ICONS: Record<Pain['icon'], typeof Scale> = {
  scale: Scale,
  clock: Clock,
  wallet: Wallet,
  presentation: Presentation,
}

export function Problem() {
  return (
    <section aria-labelledby="problem-heading" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="problem-heading"
          eyebrow={PROBLEM_COPY.eyebrow}
          heading={PROBLEM_COPY.heading}
          intro={PROBLEM_COPY.intro}
        />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {PAINS.map((pain) => {
            const Icon = ICONS[pain.icon]
            return (
              <li key={pain.title} className="rounded-2xl border border-ink-100 bg-ink-50 p-6">
                <span className="inline-flex size-11 items-center justify-center rounded-xl bg-white text-brand-700 shadow-sm ring-1 ring-ink-100">
                  <Icon aria-hidden="true" className="size-5" strokeWidth={1.75} />
                </span>
                <h3 className="mt-5 text-lg font-semibold text-brand-900">{pain.title}</h3>
                <p className="mt-2 leading-relaxed text-ink-600">{pain.text}</p>
              </li>
            )
          })}
        </ul>
        <figure className="mx-auto mt-16 max-w-3xl rounded-2xl bg-brand-900 px-6 py-10 text-center text-white sm:px-12">
          <Quote aria-hidden="true" className="mx-auto size-8 text-accent-300" />
          <blockquote className="mt-4 text-xl leading-relaxed text-balance sm:text-2xl">
            <p>“{PROBLEM_QUOTE.quote}”</p>
          </blockquote>
          <figcaption className="mt-6 text-sm text-ink-200">
            <span className="font-semibold text-white">{PROBLEM_QUOTE.name}</span>,{' '}
            {PROBLEM_QUOTE.title}
          </figcaption>
        </figure>
      </div>
    </section>
  )
}
