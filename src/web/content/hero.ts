/** Hero section copy (docs/product.md, "Routes and screens"). */
import { MONEY_BACK_DAYS } from './pricing.ts'
export const HERO_COPY = {
  trustBadge: 'Trusted by allocators managing $100M+ portfolios',
  headingLead: 'Commitment pacing,',
  headingAccent: 'built to the Wall Street Standard',
  subheading:
    'Excel pacing models on the Takahashi-Alexander method for emerging allocators and family offices managing up to $500 million AUM. Forecast capital calls, distributions and NAV, and plan commitments that land on your target allocation.',
  primaryCta: 'Get FREE Trial Model',
  secondaryCta: 'Watch Demo (2 min)',
  requirements: 'Windows + Excel 365 only',
  labLink: 'Or try the method on your own numbers: the free Pacing Lab',
  proofPoints: [
    'Free 10-day trial',
    'No credit card',
    `${MONEY_BACK_DAYS}-day money-back guarantee`,
  ],
  imageAlt:
    'Exposure dashboard of the Advanced model: NAV and unfunded commitments by strategy over the next ten years',
} as const

export const VIDEO_COPY = {
  title: 'Product demo',
  description: 'A two-minute tour of the Advanced pacing model.',
  close: 'Close video',
} as const
