/** How it works: three steps and the key numbers. */
import { SectionHeading } from '../components/section-heading.tsx'
import { METHOD_COPY, METHOD_STATS, METHOD_STEPS } from '../content/method.ts'

export function Method() {
  return (
    <section
      aria-labelledby="method-heading"
      className="border-y border-ink-100 bg-ink-50 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="method-heading"
          eyebrow={METHOD_COPY.eyebrow}
          heading={METHOD_COPY.heading}
          intro={METHOD_COPY.intro}
        />
        <ol className="mt-14 grid gap-6 lg:grid-cols-3">
          {METHOD_STEPS.map((item) => (
            <li
              key={item.step}
              className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-100"
            >
              <span
                aria-hidden="true"
                className="inline-flex size-10 items-center justify-center rounded-full bg-brand-800 text-sm font-semibold text-white"
              >
                {item.step}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-brand-900">
                <span className="sr-only">Step {item.step}: </span>
                {item.title}
              </h3>
              <p className="mt-2 leading-relaxed text-ink-600">{item.text}</p>
            </li>
          ))}
        </ol>
        <dl className="mt-12 grid gap-6 text-center sm:grid-cols-3">
          {METHOD_STATS.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse">
              <dt className="mt-1 text-sm text-ink-600">{stat.label}</dt>
              <dd className="text-3xl font-semibold tracking-tight text-brand-900">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  )
}
