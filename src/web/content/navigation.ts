/** Header navigation (docs/product.md, "Routes and screens"). */
import { anchors, routes } from '#src/common/paths.ts'

export const NAV_LINKS = [
  { label: 'Features', anchor: anchors.features },
  { label: 'Pricing', anchor: anchors.pricing },
  { label: 'Reviews', anchor: anchors.testimonials },
] as const

/** The free Pacing Lab, a page of its own. */
export const LAB_LINK = { label: 'Pacing Lab', href: routes.pacing } as const

export const HEADER_COPY = {
  cta: 'Get Free Trial',
  /** The phone menu's toggle; the browser says whether it is open. */
  menu: 'Menu',
  /** After the logo on pages other than the landing page, for screen readers. */
  home: 'Home page',
  backToTop: 'Back to top',
  skipToContent: 'Skip to content',
} as const
