/**
 * The landing page at / (docs/product.md, "Routes and screens"); also the legal routes. Sections
 * without state are server-only (components/server-only.tsx): pre-rendered, never shipped as code
 * (the pre-render passes them in, static-parts.tsx); the header, the trial form and the dialogs
 * hydrate.
 */
import { Suspense, useEffect, type ComponentType } from 'react'
import { anchors } from '#src/common/paths.ts'
import { ServerOnly } from '../../components/server-only.tsx'
import { DialogHost } from '../../features/dialogs/dialog-host.tsx'
import { returnHomeFromLegalRoute, useLegalRoute } from '../../features/legal/use-legal-route.ts'
import { lazyNear, whenNear } from '../../lib/lazy-near.ts'
import { SiteHeader } from '../../sections/site-header.tsx'

/** The server-only parts, given by the pre-render; the browser hydrates without them. */
export interface HomeStaticParts {
  /** The sections a visitor sees before scrolling. */
  top: ComponentType
  /** The rest, up to the trial form: below the fold (data-fold). */
  rest: ComponentType
  footer: ComponentType
}

// The trial form is the last section: its code loads when it nears the screen (lib/lazy-near.ts);
// until then the pre-rendered form stays as it is.
const TrialSection = lazyNear(anchors.trialForm, () =>
  import('../../sections/trial-section.tsx').then((module) => module.TrialSection),
)

/**
 * When pricing comes near, whether or not the form is: its keys-left lines are filled in, and the
 * full comparison's rows come from a document of their own (features/pricing/full-comparison.ts).
 */
function NearPricing() {
  useEffect(() => {
    void whenNear(anchors.pricing).then(() => {
      void import('../../features/trial/pricing-keys.ts').then((m) => m.fillPricingKeys())
      void import('../../features/pricing/full-comparison.ts').then((m) => m.loadFullComparison())
    })
  }, [])
  return null
}

function LegalRoute() {
  useLegalRoute()
  return null
}

export function HomePage({ parts }: { parts?: HomeStaticParts }) {
  return (
    <DialogHost onLegalClose={returnHomeFromLegalRoute}>
      <LegalRoute />
      <NearPricing />
      <SiteHeader home />
      <main id="main">
        <ServerOnly render={parts?.top ?? null} />
        <ServerOnly render={parts?.rest ?? null} fold />
        <Suspense fallback={null}>
          <TrialSection />
        </Suspense>
      </main>
      <ServerOnly render={parts?.footer ?? null} />
    </DialogHost>
  )
}
