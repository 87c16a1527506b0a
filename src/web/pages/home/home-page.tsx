/**
 * The landing page at / (SPEC.md §2 "Landing page"); also the legal routes. Sections without
 * state are server-only (components/server-only.tsx): pre-rendered, never shipped as code; the
 * header, the trial form and the dialogs hydrate.
 */
import { ServerOnly } from '../../components/server-only.tsx'
import { DialogHost } from '../../features/dialogs/dialog-host.tsx'
import { returnHomeFromLegalRoute, useLegalRoute } from '../../features/legal/use-legal-route.ts'
import { Features, MoreFeatures } from '../../sections/features.tsx'
import { Hero } from '../../sections/hero.tsx'
import { Method } from '../../sections/method.tsx'
import { Pricing } from '../../sections/pricing.tsx'
import { Problem } from '../../sections/problem.tsx'
import { SiteFooter } from '../../sections/site-footer.tsx'
import { SiteHeader } from '../../sections/site-header.tsx'
import { Testimonials } from '../../sections/testimonials.tsx'
import { TrialSection } from '../../sections/trial-section.tsx'

function StaticSections() {
  return (
    <>
      <Hero />
      <Problem />
      <Method />
      <Features />
      <MoreFeatures />
      <Pricing />
      <Testimonials />
    </>
  )
}
const StaticTop = import.meta.env.SSR ? StaticSections : null
const StaticFooter = import.meta.env.SSR ? SiteFooter : null

function LegalRoute() {
  useLegalRoute()
  return null
}

export function HomePage() {
  return (
    <DialogHost onLegalClose={returnHomeFromLegalRoute}>
      <LegalRoute />
      <SiteHeader />
      <main id="main">
        <ServerOnly render={StaticTop} />
        <TrialSection />
      </main>
      <ServerOnly render={StaticFooter} />
    </DialogHost>
  )
}
