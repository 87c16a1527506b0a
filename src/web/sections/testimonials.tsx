/**
 * Testimonials: four quotes, five stars each, with a highlight tag (docs/product.md,
 * "Routes and screens").
 */
import { Star } from 'lucide-react'
import { anchors } from '#src/common/paths.ts'
import { SectionHeading } from '../components/section-heading.tsx'
import { TESTIMONIALS, TESTIMONIALS_COPY } from '../content/testimonials.ts'

function initials(name: string) {
  return name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
}

export function Testimonials() {
  return (
    <section
      id={anchors.testimonials}
      aria-labelledby="testimonials-heading"
      className="bg-white py-20 sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="testimonials-heading"
          eyebrow={TESTIMONIALS_COPY.eyebrow}
          heading={TESTIMONIALS_COPY.heading}
          intro={TESTIMONIALS_COPY.intro}
        />
        <ul className="mt-14 grid gap-6 md:grid-cols-2">
          {TESTIMONIALS.map((item) => (
            <li key={item.name}>
              <figure className="flex h-full flex-col rounded-2xl border border-ink-100 bg-ink-50 p-6 sm:p-8">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <p
                    className="flex gap-0.5"
                    role="img"
                    aria-label={TESTIMONIALS_COPY.rating(item.rating)}
                  >
                    {Array.from({ length: item.rating }, (_, i) => (
                      <Star
                        key={i}
                        aria-hidden="true"
                        className="size-5 fill-amber-400 text-amber-400"
                      />
                    ))}
                  </p>
                  <span className="rounded-full bg-accent-100 px-3 py-1 text-xs font-semibold text-accent-700">
                    {item.highlight}
                  </span>
                </div>
                <blockquote className="mt-5 flex-1 text-lg leading-relaxed text-ink-800">
                  <p>“{item.content}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-800 text-sm font-semibold text-white"
                  >
                    {initials(item.name)}
                  </span>
                  <span className="text-sm">
                    <span className="block font-semibold text-brand-900">{item.name}</span>
                    <span className="block text-ink-600">
                      {item.title}, {item.company}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
