/** Header navigation (SPEC.md §2, "Fixed header"). */
import { anchors } from '#src/common/paths.ts'

export const NAV_LINKS = [
  { label: 'Features', anchor: anchors.features },
  { label: 'Pricing', anchor: anchors.pricing },
  { label: 'Reviews', anchor: anchors.testimonials },
] as const

export const HEADER_COPY = {
  cta: 'Get Free Trial',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  backToTop: 'Back to top',
  skipToContent: 'Skip to content',
} as const
