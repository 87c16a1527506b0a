/** The landing page at / (SPEC.md §2 "Landing page"); also the legal routes. */
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
        <Hero />
        <Problem />
        <Method />
        <Features />
        <MoreFeatures />
        <Pricing />
        <Testimonials />
        <TrialSection />
      </main>
      <SiteFooter />
    </DialogHost>
  )
}
