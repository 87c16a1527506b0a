/**
 * Features: four alternating image-and-text blocks, then three cards (docs/product.md,
 * "Routes and screens").
 */
import { Check, GitBranch, Images, LifeBuoy, SlidersHorizontal } from 'lucide-react'
import { anchors } from '#src/common/paths.ts'
import { ScreenshotImage } from '../components/screenshot-image.tsx'
import { SectionHeading } from '../components/section-heading.tsx'
import { buttonClasses } from '../components/ui/button.tsx'
import {
  FEATURE_BLOCKS,
  FEATURE_CARDS,
  FEATURES_COPY,
  MORE_FEATURES_COPY,
  type FeatureCard,
} from '../content/features.ts'
import { action } from '../lib/actions.ts'
import { cn } from '../lib/cn.ts'

const CARD_ICONS: Record<FeatureCard['icon'], typeof Check> = {
  sliders: SlidersHorizontal,
  'git-branch': GitBranch,
  'life-buoy': LifeBuoy,
}

export function Features() {
  return (
    <section
      id={anchors.features}
      aria-labelledby="features-heading"
      className="bg-white py-20 sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="features-heading"
          eyebrow={FEATURES_COPY.eyebrow}
          heading={FEATURES_COPY.heading}
          intro={FEATURES_COPY.intro}
        />
        <div className="mt-16 space-y-20 lg:space-y-28">
          {FEATURE_BLOCKS.map((block, index) => (
            <article
              key={block.id}
              aria-labelledby={`feature-${block.id}`}
              className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16"
            >
              <div className={cn(index % 2 === 1 && 'lg:order-2')}>
                <p className="text-sm font-semibold text-accent-700">0{index + 1}</p>
                <h3
                  id={`feature-${block.id}`}
                  className="mt-2 text-2xl font-semibold tracking-tight text-brand-900 sm:text-3xl"
                >
                  {block.title}
                </h3>
                <p className="mt-3 text-lg text-ink-600">{block.lead}</p>
                <ul className="mt-6 space-y-3">
                  {block.points.map((point) => (
                    <li key={point} className="flex gap-3 text-ink-700">
                      <Check
                        aria-hidden="true"
                        className="mt-0.5 size-5 shrink-0 text-accent-600"
                      />
                      <span>{point}</span>
                    </li>
                  ))}
                </ul>
                <button
                  type="button"
                  {...action('open-gallery', block.image.model)}
                  className={buttonClasses('ghost', 'md', '-ml-5 mt-6 text-accent-700')}
                  aria-label={`${FEATURES_COPY.seeMore}: ${block.title}`}
                >
                  <Images aria-hidden="true" className="size-5" />
                  {FEATURES_COPY.seeMore}
                </button>
              </div>
              <div className={cn(index % 2 === 1 && 'lg:order-1')}>
                <div className="overflow-hidden rounded-xl border border-ink-100 bg-ink-50 shadow-lg">
                  <ScreenshotImage
                    model={block.image.model}
                    file={block.image.file}
                    alt={block.image.alt}
                    sizes="(min-width: 1280px) 584px, (min-width: 1024px) 45vw, 92vw"
                    className="block h-auto w-full"
                  />
                </div>
              </div>
            </article>
          ))}
        </div>
      </div>
    </section>
  )
}

export function MoreFeatures() {
  return (
    <section
      aria-labelledby="more-features-heading"
      className="bg-brand-900 py-20 text-white sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-3xl text-center">
          <h2
            id="more-features-heading"
            className="text-3xl font-semibold tracking-tight sm:text-4xl"
          >
            {MORE_FEATURES_COPY.heading}
          </h2>
          <p className="mt-4 text-lg text-ink-200">{MORE_FEATURES_COPY.intro}</p>
        </div>
        <ul className="mt-14 grid gap-6 lg:grid-cols-3">
          {FEATURE_CARDS.map((card) => {
            const Icon = CARD_ICONS[card.icon]
            return (
              <li key={card.title} className="rounded-2xl border border-white/10 bg-white/5 p-7">
                <span className="inline-flex size-11 items-center justify-center rounded-xl bg-accent-400/15 text-accent-300">
                  <Icon aria-hidden="true" className="size-5" strokeWidth={1.75} />
                </span>
                <h3 className="mt-5 text-xl font-semibold">{card.title}</h3>
                <p className="mt-3 leading-relaxed text-ink-200">{card.text}</p>
                <ul className="mt-5 space-y-2 text-sm text-ink-100">
                  {card.points.map((point) => (
                    <li key={point} className="flex gap-2">
                      <Check aria-hidden="true" className="size-4 shrink-0 text-accent-300" />
                      {point}
                    </li>
                  ))}
                </ul>
              </li>
            )
          })}
        </ul>
        <div className="mt-12 flex flex-col justify-center gap-3 sm:flex-row">
          <a href={`#${anchors.trialForm}`} className={buttonClasses('accent', 'lg')}>
            {MORE_FEATURES_COPY.trialCta}
          </a>
          <a href={`#${anchors.pricing}`} className={buttonClasses('inverse', 'lg')}>
            {MORE_FEATURES_COPY.learnMore}
          </a>
        </div>
      </div>
    </section>
  )
}
