/**
 * The landing page's server-only parts (components/server-only.tsx): imported by the pre-render
 * alone (prerender.tsx), which hands them to HomePage. The browser's bundle never holds them,
 * nor what only they import (icons, copy), so the code / loads at start is what it runs.
 */
import { Features, MoreFeatures } from '../../sections/features.tsx'
import { Hero } from '../../sections/hero.tsx'
import { Method } from '../../sections/method.tsx'
import { Pricing } from '../../sections/pricing.tsx'
import { Problem } from '../../sections/problem.tsx'
import { SiteFooter } from '../../sections/site-footer.tsx'
import { Testimonials } from '../../sections/testimonials.tsx'
import type { HomeStaticParts } from './home-page.tsx'

/** What a phone or a desktop shows before scrolling. */
function AboveTheFold() {
  return (
    <>
      <Hero />
      <Problem />
    </>
  )
}

function BelowTheFold() {
  return (
    <>
      <Method />
      <Features />
      <MoreFeatures />
      <Pricing />
      <Testimonials />
    </>
  )
}

// The pre-render finds it by its folder and name (prerender.tsx); the checker cannot see that.
// ts-unused-exports:disable-next-line
export const STATIC_PARTS: HomeStaticParts = {
  top: AboveTheFold,
  rest: BelowTheFold,
  footer: SiteFooter,
}
