/**
 * Hero: the claims of docs/product.md, "Routes and screens", 'Get FREE Trial Model' and 'Watch Demo
 * (2 min)'.
 */
import { ArrowRight, CheckCircle2, PlayCircle, ShieldCheck } from 'lucide-react'
import { anchors, routes } from '#src/common/paths.ts'
import { HERO_CROPS, heroImagePath } from '#src/common/site/hero-image.ts'
import { buttonClasses } from '../components/ui/button.tsx'
import { HERO_COPY } from '../content/hero.ts'
import { action } from '../lib/actions.ts'
import { cn } from '../lib/cn.ts'
import { demoSettings } from '../settings.ts'

/**
 * A large crop of a real dashboard, drawn at its own pixel size on wide screens so the numbers
 * read; a tighter crop on phones. It is the page's LCP image: eager, high priority, light
 * (AVIF/WebP from scripts/images.ts), with its size fixed so nothing shifts (docs/architecture.md,
 * "Budgets").
 */
function HeroImage() {
  const { wide, phone } = HERO_CROPS
  const srcSet = (crop: 'wide' | 'phone', format: 'avif') =>
    HERO_CROPS[crop].widths.map((w) => `${heroImagePath(crop, w, format)} ${w}w`).join(', ')
  // AVIF only: every browser that can fetch a high-priority image reads it; the <img> fallback
  // is WebP. One format fewer keeps the page's HTML small (docs/architecture.md, "Budgets").
  return (
    <picture>
      <source
        media="(max-width: 639px)"
        type="image/avif"
        srcSet={srcSet('phone', 'avif')}
        sizes="calc(100vw - 2rem)"
        width={phone.width}
        height={phone.height}
      />
      <source
        type="image/avif"
        srcSet={srcSet('wide', 'avif')}
        sizes="(min-width: 1280px) 1216px, calc(100vw - 3rem)"
        width={wide.width}
        height={wide.height}
      />
      <img
        src={heroImagePath('wide', wide.width, 'webp')}
        width={wide.width}
        height={wide.height}
        alt={HERO_COPY.imageAlt}
        loading="eager"
        fetchPriority="high"
        decoding="async"
        className="block h-auto w-full"
      />
    </picture>
  )
}

export function Hero() {
  return (
    <section
      aria-labelledby="hero-heading"
      className={cn(
        'relative overflow-hidden bg-gradient-to-b from-brand-950 via-brand-900 to-brand-800 pb-0 text-white',
        // Clear of the fixed header, taller by the demo-settings strip while that shows.
        demoSettings ? 'pt-31 sm:pt-35' : 'pt-24 sm:pt-28',
      )}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        {/* Both columns start at the same height (they were aligned at their feet). */}
        <div className="lg:grid lg:grid-cols-[3fr_2fr] lg:items-start lg:gap-12">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3 py-1.5 text-xs text-accent-100 sm:text-sm">
              <ShieldCheck aria-hidden="true" className="size-4 text-accent-300" />
              {HERO_COPY.trustBadge}
            </p>
            <h1
              id="hero-heading"
              className="mt-5 text-4xl leading-[1.1] font-semibold sm:mt-6 tracking-tight text-balance sm:text-5xl lg:text-[3.5rem]"
            >
              {HERO_COPY.headingLead}{' '}
              <span className="text-accent-300">{HERO_COPY.headingAccent}</span>
            </h1>
          </div>
          <div>
            <p className="mt-5 max-w-xl text-base leading-relaxed text-ink-200 sm:mt-6 sm:text-lg lg:mt-0">
              {HERO_COPY.subheading}
            </p>
            <div className="mt-6 flex flex-col gap-3 sm:mt-8 sm:flex-row sm:flex-wrap">
              <a
                href={`#${anchors.trialForm}`}
                className={buttonClasses('accent', 'lg', 'whitespace-nowrap')}
              >
                {HERO_COPY.primaryCta}
              </a>
              <button
                type="button"
                {...action('open-video')}
                className={buttonClasses('inverse', 'lg', 'whitespace-nowrap')}
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
          </div>
        </div>
        <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm text-ink-200 sm:mt-8">
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
        {/* The window's lower edge runs into the next section, like a product on a desk. */}
        <div className="relative mx-auto mt-10">
          <div
            className="absolute -inset-4 rounded-3xl bg-accent-400/10 blur-2xl"
            aria-hidden="true"
          />
          <div className="relative overflow-hidden rounded-xl border border-white/10 bg-white shadow-2xl ring-1 ring-black/5">
            <HeroImage />
          </div>
        </div>
      </div>
    </section>
  )
}
