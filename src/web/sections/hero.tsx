/** Hero: the claims of SPEC.md §1, 'Get FREE Trial Model' and 'Watch Demo (2 min)'. */
import { ArrowRight, CheckCircle2, PlayCircle, ShieldCheck } from 'lucide-react'
import { anchors, routes } from '#src/common/paths.ts'
import { ScreenshotImage } from '../components/screenshot-image.tsx'
import { buttonClasses } from '../components/ui/button.tsx'
import { HERO_COPY } from '../content/hero.ts'
import { action } from '../lib/actions.ts'

export function Hero() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden bg-gradient-to-b from-brand-950 via-brand-900 to-brand-800 pt-28 pb-16 text-white sm:pt-32 lg:pb-24"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-[1.05fr_1fr] lg:px-8">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3 py-1.5 text-sm text-accent-100">
            <ShieldCheck aria-hidden="true" className="size-4 text-accent-300" />
            {HERO_COPY.trustBadge}
          </p>
          <h1
            id="hero-heading"
            className="mt-6 text-4xl leading-[1.1] font-semibold tracking-tight text-balance sm:text-5xl lg:text-[3.5rem]"
          >
            {HERO_COPY.headingLead}{' '}
            <span className="text-accent-300">{HERO_COPY.headingAccent}</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-ink-200">
            {HERO_COPY.subheading}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a href={`#${anchors.trialForm}`} className={buttonClasses('accent', 'lg')}>
              {HERO_COPY.primaryCta}
            </a>
            <button
              type="button"
              {...action('open-video')}
              className={buttonClasses('inverse', 'lg')}
            >
              <PlayCircle aria-hidden="true" className="size-5" />
              {HERO_COPY.secondaryCta}
            </button>
          </div>
          <a
            href={routes.pacing}
            className="mt-4 inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-accent-100 underline-offset-4 hover:text-white hover:underline"
          >
            {HERO_COPY.labLink}
            <ArrowRight aria-hidden="true" className="size-4 shrink-0" />
          </a>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-ink-200">
            {HERO_COPY.proofPoints.map((point) => (
              <li key={point} className="flex items-center gap-2">
                <CheckCircle2 aria-hidden="true" className="size-4 text-accent-300" />
                {point}
              </li>
            ))}
            <li className="flex items-center gap-2">
              <CheckCircle2 aria-hidden="true" className="size-4 text-accent-300" />
              {HERO_COPY.requirements}
            </li>
          </ul>
        </div>
        <div className="relative">
          <div
            className="absolute -inset-4 rounded-3xl bg-accent-400/10 blur-2xl"
            aria-hidden="true"
          />
          <div className="relative overflow-hidden rounded-xl border border-white/10 bg-white shadow-2xl ring-1 ring-black/5">
            <ScreenshotImage
              model="advanced"
              file="Exposure_Dashboard.png"
              alt={HERO_COPY.imageAlt}
              sizes="(min-width: 1280px) 600px, (min-width: 1024px) 46vw, 92vw"
              className="block h-auto w-full"
            />
          </div>
        </div>
      </div>
    </section>
  )
}
