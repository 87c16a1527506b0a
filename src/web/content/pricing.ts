/** Pricing plans and the full feature comparison (docs/product.md, "Routes and screens"). */
import { MONEY_BACK_DAYS, type Model } from '#src/common/models.ts'

export interface Plan {
  model: Model
  name: string
  priceUsd: number
  /** 'best for …' line under the price. */
  bestFor: string
  summary: string
  mostPopular: boolean
  timeSpanYears: number
  maxActualsYears: number
  highlights: string[]
}

/** One fact for pages and e-mails: it lives with the models (src/common/models.ts). */
export { MONEY_BACK_DAYS }

export const PLANS: readonly Plan[] = [
  {
    model: 'basic',
    name: 'Basic',
    priceUsd: 849,
    bestFor: 'best for monitoring',
    summary:
      'Track every commitment and roll its cash-flow forecast forward each quarter, with the dashboards you need for the investment committee.',
    mostPopular: false,
    timeSpanYears: 20,
    maxActualsYears: 5,
    highlights: [
      'One tab per commitment, scalable',
      'Annual or quarterly actuals input',
      'Rolling cash-flow and NAV forecast',
      'Exposure and cash-flow dashboards',
    ],
  },
  {
    model: 'advanced',
    name: 'Advanced',
    priceUsd: 2899,
    bestFor: 'best for planning and strategizing',
    summary:
      'Everything in Basic, plus multi-year commitment planning across strategies, scenario testing and Glide and Flight views of the whole program.',
    mostPopular: true,
    timeSpanYears: 35,
    maxActualsYears: 19,
    highlights: [
      'Everything in Basic',
      'Daily ledger or quarterly actuals',
      'Planned commitments over 5, 10 or 20 years',
      'Base, upside and downside scenarios',
      'KPIs by strategy, geography and GP',
    ],
  },
]

export function formatPrice(usd: number): string {
  return `$${usd.toLocaleString('en-US')}`
}

/** What a comparison cell says (docs/product.md, "Routes and screens"). */
export type ComparisonValue =
  'yes' | 'no' | 'partly' | 'coming-soon' | 'calls-only' | 'quarterly' | 'ledger' | { text: string }

interface ComparisonRow {
  name: string
  basic: ComparisonValue
  advanced: ComparisonValue
}

interface ComparisonGroup {
  category: string
  rows: ComparisonRow[]
}

/** The words a screen reader and a sighted reader get for each value kind. */
export const COMPARISON_VALUE_LABELS: Record<Exclude<ComparisonValue, { text: string }>, string> = {
  yes: 'Included',
  no: 'Not included',
  partly: 'Partly',
  'coming-soon': 'Coming soon',
  'calls-only': 'Calls only',
  quarterly: 'Quarterly',
  ledger: 'Daily ledger or quarterly',
}

export const COMPARISON: readonly ComparisonGroup[] = [
  {
    category: 'General',
    rows: [
      { name: 'Model time span', basic: { text: '20 years' }, advanced: { text: '35 years' } },
      {
        name: 'Maximum years of actuals',
        basic: { text: '5 years' },
        advanced: { text: '19 years' },
      },
      { name: 'Runs on Windows with Excel 365', basic: 'yes', advanced: 'yes' },
      { name: 'Takahashi-Alexander pacing engine', basic: 'yes', advanced: 'yes' },
      {
        name: 'Number of commitments',
        // The Basic workbook ships with ten fund tabs (its cover sheet) and adds more.
        basic: { text: '10 fund tabs, add more as needed' },
        advanced: { text: 'One tab per fund, add as needed' },
      },
      { name: 'Multi-currency commitments', basic: 'no', advanced: 'coming-soon' },
    ],
  },
  {
    category: 'Tracking of Actuals',
    rows: [
      { name: 'One tab per commitment', basic: 'yes', advanced: 'yes' },
      // As the Basic workbook's cover sheet says: each fund tab takes annual or quarterly figures.
      {
        name: 'Actuals input structure',
        basic: { text: 'Annual or quarterly' },
        advanced: 'ledger',
      },
      { name: 'Capital calls and distributions', basic: 'yes', advanced: 'yes' },
      { name: 'Recallable distributions', basic: 'calls-only', advanced: 'yes' },
      { name: 'Standardized quarterly reporting', basic: 'yes', advanced: 'yes' },
    ],
  },
  {
    category: 'Rolling forecast for existing commitments',
    rows: [
      { name: 'Annual cash-flow forecast', basic: 'yes', advanced: 'yes' },
      { name: 'Exposure (NAV + unfunded) forecast', basic: 'yes', advanced: 'yes' },
      { name: 'Re-forecast from latest quarterly actuals', basic: 'yes', advanced: 'yes' },
      { name: 'Handles deviations from assumptions', basic: 'partly', advanced: 'yes' },
      { name: 'IRR and TVPI projections', basic: 'partly', advanced: 'yes' },
    ],
  },
  {
    category: 'Planned Commitments',
    rows: [
      { name: 'Yearly planned commitments by strategy', basic: 'no', advanced: 'yes' },
      {
        name: 'Planning horizon',
        basic: 'no',
        advanced: { text: '5, 10 or 20 years' },
      },
      { name: 'Public vs private allocation balance', basic: 'no', advanced: 'yes' },
      { name: 'Opportunistic commitments', basic: 'no', advanced: 'yes' },
      { name: 'Commitment line-up dashboard', basic: 'no', advanced: 'yes' },
    ],
  },
  {
    category: 'Assumptions Settings',
    rows: [
      { name: 'Rate of contribution by fund age', basic: 'yes', advanced: 'yes' },
      { name: 'Bow factor and fund life', basic: 'yes', advanced: 'yes' },
      { name: 'Growth rate by strategy', basic: 'yes', advanced: 'yes' },
      { name: 'Base, upside and downside scenarios', basic: 'no', advanced: 'yes' },
      { name: 'Custom strategy library', basic: 'partly', advanced: 'yes' },
    ],
  },
  {
    category: 'Other',
    rows: [
      {
        name: 'Dashboards',
        basic: { text: 'Exposure, cash flow' },
        advanced: { text: 'KPIs, exposure, cash flow, line-up' },
      },
      { name: 'Actuals, Glide and Flight views', basic: 'partly', advanced: 'yes' },
      { name: 'Slice by strategy, geography, GP', basic: 'partly', advanced: 'yes' },
      // Every license comes with it (features: "Dedicated Support & Resources").
      { name: 'Free 1-hour onboarding consultation', basic: 'yes', advanced: 'yes' },
      { name: 'Documentation and how-to videos', basic: 'yes', advanced: 'yes' },
      { name: 'E-mail support', basic: 'yes', advanced: 'yes' },
    ],
  },
]

export const PRICING_COPY = {
  eyebrow: 'Pricing',
  /** The side-by-side table on large screens. */
  table: {
    caption: 'Basic and Advanced models compared',
    bestFor: 'Best for',
    timeSpan: 'Time span',
    actuals: 'Actuals',
    highlights: 'Highlights',
    moneyBack: 'Money-back guarantee',
    years: (n: number) => `${n} years`,
    upToYears: (n: number) => `Up to ${n} years`,
    days: (n: number) => `${n} days`,
  },
  heading: 'One payment. Your model, on your machine.',
  intro: `Both models are perpetual Excel licenses for one Windows machine, with a ${MONEY_BACK_DAYS}-day money-back guarantee. Start with a free 10-day trial.`,
  choose: (name: string) => `Start ${name} trial`,
  guarantee: `${MONEY_BACK_DAYS}-day money-back guarantee`,
  guaranteeNote: 'A refund requires a license deactivation certificate.',
  licenseNote: 'One-time payment · license for one machine, non-transferable',
  timeSpan: (years: number) => `${years}-year time span`,
  actuals: (years: number) => `Up to ${years} years of actuals`,
  mostPopular: 'Most Popular',
  viewScreenshots: (name: string) => `View ${name} screenshots`,
  summaryHeading: 'Which model fits you?',
  summary: [
    {
      title: 'Choose Basic',
      text: 'if you need a reliable view of the commitments you already have: where the next capital calls fall, when distributions come back, and how exposure evolves.',
    },
    {
      title: 'Choose Advanced',
      text: 'if you are building a program: planning vintages across strategies, testing scenarios, and showing the board the whole path to target allocation.',
    },
  ],
  compareToggleOpen: 'Show full feature comparison',
  compareToggleClose: 'Hide full feature comparison',
  compareCaption: 'Full feature comparison of the Basic and Advanced models',
  partlyNote:
    '“Partly” means the Basic model has a reduced form of the feature and the Advanced model all of it: for example Actuals and Glide views without Flight, which needs planned commitments. Each model’s free trial shows exactly how far it goes.',
  /** Where the rows load on demand and fail to, or scripts do not run: a link to them all. */
  compareEveryRow: 'See every row of the comparison',
  compareBack: 'Back to pricing',
  featureColumn: 'Feature',
  customHeading: 'Need something custom?',
  customText:
    'We tailor the models to your reporting: custom dashboards, additional strategies, links to your data sources. Tell us what you need in a 15-minute call.',
  customButton: 'Schedule a 15-minute consultation',
} as const
