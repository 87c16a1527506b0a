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
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  backToTop: 'Back to top',
  skipToContent: 'Skip to content',
} as const

/** The header of /about and /security (components/info-page.tsx). */
export const INFO_NAV = [
  { href: `${routes.home}#${anchors.pricing}`, label: 'Pricing' },
  { href: routes.about, label: 'About' },
  { href: routes.security, label: 'Security' },
] as const
