/**
 * Features section: four image-and-text blocks and the second block of cards (docs/product.md,
 * "Routes and screens").
 */
import type { Model } from '#src/common/models.ts'

interface FeatureBlock {
  id: string
  title: string
  lead: string
  points: string[]
  /** A sample screenshot of the model (public/custom-uploads/screenshots/{model}/{file}). */
  image: { model: Model; file: string; alt: string }
}

export const FEATURES_COPY = {
  eyebrow: 'Features',
  heading: 'Everything a pacing program needs, in a workbook you control',
  intro:
    'From the first commitment to a 20-year plan: track actuals, roll forecasts forward each quarter, and show the committee where the portfolio is heading.',
  seeMore: 'See more screenshots',
} as const

export const FEATURE_BLOCKS: readonly FeatureBlock[] = [
  {
    id: 'tracking',
    title: 'Comprehensive investment tracking',
    lead: 'Every commitment on its own tab, in one standardized structure.',
    points: [
      'One tab per current commitment, easily scalable as the program grows',
      'Input by quarterly structure in both models, or by daily ledger in Advanced, whichever your GP reports give you',
      'Standardized reporting across funds, strategies and vintages',
    ],
    image: {
      model: 'advanced',
      file: 'Fund_Tab.png',
      alt: 'Fund tab with quarterly capital calls, distributions and NAV for one commitment',
    },
  },
  {
    id: 'rolling-forecast',
    title: 'Rolling forecasts for existing commitments',
    lead: 'Forecasts that start from your latest quarter, not last year’s assumptions.',
    points: [
      'Annual cash-flow and exposure forecasts reflect the latest quarterly actuals',
      'Handles deviations from assumptions: faster calls, late distributions, write-downs',
      'IRR and TVPI projections stay updated as actuals arrive (Advanced; Basic in part, see the comparison)',
    ],
    image: {
      model: 'advanced',
      file: 'Cash_Flow_Dashboard.png',
      alt: 'Cash-flow dashboard with projected calls, distributions and net cash flow by year',
    },
  },
  {
    id: 'planning',
    title: 'Long-term commitment planning',
    lead: 'Build the commitment line-up that gets you to target, and keeps you there.',
    points: [
      'Yearly planned commitments across multiple strategies over 5, 10 or 20 years',
      'Balance public and private allocations against the total portfolio',
      'Room for opportunistic commitments without breaking the plan',
    ],
    image: {
      model: 'advanced',
      file: 'Planned_Commitments_Dashboard.png',
      alt: 'Planned commitments dashboard with yearly commitments by strategy',
    },
  },
  {
    id: 'dashboards',
    title: 'Dynamic dashboards',
    lead: 'Answers for the investment committee, one slicer away.',
    points: [
      'KPIs sliced by strategy, geography, GP and other attributes',
      'Actuals and Glide (current investments forecast) views, and in Advanced Flight (current plus planned)',
      'KPI, exposure, cash-flow and commitment line-up dashboards',
    ],
    image: {
      model: 'advanced',
      file: 'KPIs_Dashboard.png',
      alt: 'KPI dashboard with TVPI, DPI and IRR by strategy and vintage',
    },
  },
]

export interface FeatureCard {
  title: string
  text: string
  icon: 'sliders' | 'git-branch' | 'life-buoy'
  points: string[]
}

export const MORE_FEATURES_COPY = {
  heading: 'Built for how allocators really work',
  intro: 'Change any assumption, test the future, and get help when you need it.',
  trialCta: 'Get Your Free Trial',
  learnMore: 'Learn More',
} as const

export const FEATURE_CARDS: readonly FeatureCard[] = [
  {
    title: 'Flexible Assumption Framework',
    text: 'Set contribution rates, bow factors, fund lives and growth per strategy, or override them fund by fund.',
    icon: 'sliders',
    points: ['Per-strategy defaults', 'Fund-level overrides', 'Transparent formulas'],
  },
  {
    title: 'Scenario Testing',
    text: 'Run base, upside and downside cases side by side and see what a slow exit market does to your liquidity.',
    icon: 'git-branch',
    points: ['Base / upside / downside', 'Liquidity stress', 'Side-by-side outputs'],
  },
  {
    title: 'Dedicated Support & Resources',
    text: 'Start with a free 1-hour onboarding consultation, then lean on documentation and how-to videos.',
    icon: 'life-buoy',
    points: ['Free 1-hour onboarding consultation', 'Documentation', 'How-to videos'],
  },
]
