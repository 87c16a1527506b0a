/**
 * Every word of the Pacing Lab at /pacing (docs/product.md, "Pacing Lab"): labels, units, help
 * texts, messages. The engine's own validation messages come from src/common/pacing/query.ts and
 * engine.ts, so a shared link and a field say the same thing.
 */
import type { FundField } from '#src/common/pacing/query.ts'

interface FieldCopy {
  label: string
  /** Shown under the label: the unit and a helpful range. */
  hint: string
}

export const PACING_COPY = {
  eyebrow: 'Free Pacing Lab',
  heading: 'See the J-curve of your own numbers',
  intro:
    'A Takahashi-Alexander projection of one fund, or the yearly commitment that brings a whole portfolio to its private-markets target. No sign-up; the link in the address bar reproduces what you see.',
  methodologyLink: 'Formulas, conventions and test cases',
  modesLabel: 'What to project',
  modes: { fund: 'One fund', portfolio: 'Portfolio plan' },
  presetsLegend: 'Asset-class preset',
  presetsHint: 'Fills the model parameters from a published or stated parameter set.',
  presetEdited: 'Parameters edited since the preset was chosen.',
  groups: {
    model: 'Model parameters',
    fund: 'The fund today',
    projection: 'Projection',
  },
  required: (label: string) => `Enter a value for ${label.toLowerCase()}`,
  keyFiguresHeading: 'Key figures',
  chartHeading: 'Cash flows, NAV and the J-curve',
  chartSummary:
    'Bars: calls below zero, distributions above. Lines: NAV and cumulative net cash flow. The table below holds the same numbers.',
  tableHeading: 'Year by year',
  tableCaption:
    'Yearly projection. Year is the fund’s age at the end of the year; every flow falls at year end.',
  tableRegionLabel: 'Yearly projection table, scrolls sideways',
  columns: {
    year: 'Year',
    contributions: 'Contributions',
    distributions: 'Distributions',
    nav: 'NAV',
    netCashFlow: 'Net cash flow',
    cumulativeNetCashFlow: 'Cumulative net cash flow',
    unfunded: 'Unfunded',
    quarter: 'Quarter',
  },
  quarterTableHeading: 'Quarter by quarter',
  quarterTableCaption:
    'Quarterly projection from the annual parameters: each year’s call and distribution rates become 1 − (1 − r)^(1/4) a quarter and its growth (1 + G)^(1/4) − 1. The key figures and chart stay annual.',
  frequency: { legend: 'Rows of the table and CSV', annual: 'Annual', quarterly: 'Quarterly' },
  fromInceptionNote: 'Cumulative net cash flow counts from the fund’s first call (its history).',
  linkBlocked:
    'This link has values that cannot be used; they are marked in the form. Fix them to see this link’s figures: none are shown from other inputs in the meantime.',
  futureVintage: (year: number) =>
    `A vintage after ${year} has not started; enter ${year} or earlier, or the fund’s age`,
  inception: {
    caption: 'The fund’s figures to date and since inception',
    period: 'Period',
    columns: ['IRR', 'TVPI', 'DPI'],
    toDate: 'To date: IRR, TVPI, DPI',
    toDateNote: 'realised, from the history; its last NAV as the final value',
    since: 'Since inception: IRR, TVPI, DPI',
    sinceNote: 'history and projection; the horizon’s NAV as the final value',
  },
  series: {
    contributions: 'Calls',
    distributions: 'Distributions',
    nav: 'NAV',
    cumulative: 'Cumulative net cash flow',
  },
  figures: {
    peakNav: 'Peak NAV',
    trough: 'Deepest cumulative net cash flow',
    troughSinceInception: 'Deepest cumulative net cash flow since inception',
    breakEven: 'Break-even year',
    tvpi: 'TVPI',
    irr: 'IRR',
    inYear: (year: number) => `in year ${year}`,
    notApplicable: 'n/a',
    noTrough: 'never below zero',
    noBreakEven: 'not within the horizon',
    noTvpi: 'no contributions in the horizon',
    noIrr: 'no sign change in the flows',
    breakEvenNote: 'cumulative net cash flow back at or above zero',
    tvpiNote: '(distributions + final NAV) / calls',
    irrNote: 'of net flows, final NAV as inflow',
    tvpiNoteUnderWay: '(distributions + final NAV) / (calls + NAV today)',
    irrNoteUnderWay: 'NAV today as the first outflow, final NAV as inflow',
    underWay:
      'A fund under way: TVPI and IRR count today’s NAV as if it were paid in today, because the lab knows the fund’s NAV, not its past cash flows. With constant growth the IRR is then the growth rate. Paste its history under “Fit to history” for its figures to date and since inception.',
    underWayWithHistory:
      'TVPI and IRR above are forward-looking: today’s NAV counts as paid in today. The fund’s own record is below: to date from its history, and since inception over its history and the projection.',
  },
  actions: {
    csv: 'Download CSV',
    xlsx: 'Download .xlsx',
    xlsxLoading: 'Preparing workbook…',
    xlsxFailed: 'The workbook could not be created. The CSV has the same numbers.',
    copyLink: 'Copy link',
    print: 'Print / save as PDF',
    copied: 'Link copied. Anyone who opens it sees these inputs.',
    copyFailed: 'Copying is blocked here; copy the address bar instead.',
    continueInExcel: 'Continue in Excel',
    continueNote:
      'The Advanced model runs this method across your whole book, with scenarios and dashboards. Free 10-day trial.',
  },
  files: {
    csv: 'pacing-lab.csv',
    quarterlyCsv: 'pacing-lab-quarterly.csv',
    xlsx: 'pacing-lab.xlsx',
    portfolioCsv: 'pacing-plan.csv',
    portfolioQuarterlyCsv: 'pacing-plan-quarterly.csv',
    portfolioXlsx: 'pacing-plan.xlsx',
    bandsCsv: 'pacing-bands.csv',
    planBandsCsv: 'pacing-plan-bands.csv',
  },
  xlsxSheet: 'Projection',
  inputsSheet: 'Inputs',
  inputsSheetLink: 'Link to this result',
  scenarios: {
    names: { base: 'Base', downside: 'Downside', upside: 'Upside', stress: 'Stress' },
    shiftError: {
      growth: 'A decimal from -1 to 1',
      life: 'Whole years from -49 to 49',
      calls: 'A fall from 0 to 1 (0.35 or 35% is a 35% fall)',
      dists: 'A fall from 0 to 1 (0.35 or 35% is a 35% fall)',
      nav: 'A fall from 0 to 1 (0.35 or 35% is a 35% fall)',
      public: 'A fall from 0 to 1 (0.35 or 35% is a 35% fall)',
    },
    showing: (name: string) => `Showing the ${name.toLowerCase()} scenario.`,
    columns: { scenario: 'Scenario' },
  },
  printSummary:
    'Method: the Takahashi-Alexander model (Yale, 2001), annual, every flow at year end. Each year the fund calls a share RC of its unfunded commitment; it distributes a share RD = max(Y, (age / L)^B) of its NAV grown at G (all of it from age L on); NAV is the grown NAV plus calls less distributions. TVPI and IRR count the NAV at the horizon, and for a fund under way today’s NAV as paid in at the start. Scenarios shift growth and life; the stress is a 2008-09 year (calls, distributions and NAV fall; in a plan the liquid assets too). Uncertainty bands draw one market shock a year, which moves growth (G + volatility × z) and scales that year’s calls and distributions (1 + 1.5 × volatility × z). Full formulas and conventions: /methodology.',
  keptResult: 'Showing the last valid result until the marked fields are fixed.',
  linkProblems: 'Some values in the link could not be used; they are marked below.',
  loadingPlan: 'Loading the portfolio plan…',
  planFailed:
    'The portfolio plan could not be loaded. Check the connection and choose its tab again.',
} as const

export const FUND_FIELD_COPY: Record<FundField, FieldCopy> = {
  commitment: {
    label: 'Commitment (CC)',
    hint: 'Currency units, above 0 and at most 1e12: 10000000, 10M, 1.2bn or 300,000,000',
  },
  rc: {
    label: 'Call rates (RC)',
    hint: 'Share of the unfunded commitment called each year, 0 to 1; a comma list, the last repeats',
  },
  life: { label: 'Fund life (L)', hint: 'Years, 1 to 50. All NAV is paid out from this age on' },
  bow: { label: 'Bow (B)', hint: '0 to 20, usually 1.5 to 5. Higher pays out later' },
  growth: {
    label: 'Growth (G)',
    hint: 'Yearly NAV growth, 0.13 or 13%, above -0.99 and at most 1; one number or a comma list',
  },
  yield: { label: 'Yield floor (Y)', hint: 'Least share of NAV paid out a year, 0 to 1' },
  years: { label: 'Horizon', hint: 'Projected years, 1 to 100. Empty: up to the fund life' },
  age: {
    label: 'Vintage year (or age)',
    hint: 'The fund’s first year, e.g. 2022; this year for a new fund. Or its age in whole years',
  },
  nav: { label: 'NAV at that age', hint: 'Currency units, at most 1e12; 0 for a new fund' },
  paid: { label: 'Paid-in at that age', hint: 'Currency units, at most the commitment' },
  lastcall: { label: 'Last call at age', hint: 'No calls after this age. Empty: no limit' },
}

export const LAB_NAV = {
  home: 'Home',
  lab: 'Pacing Lab',
  methodology: 'Methodology',
  pricing: 'Pricing',
  trial: 'Get Free Trial',
  mainNav: 'Main',
  skip: 'Skip to content',
  footerNote:
    'The Pacing Lab is a planning aid. Projections are estimates from your inputs and assumptions, not investment advice.',
  terms: 'Terms & Conditions',
  privacy: 'Privacy Policy',
  cookies: 'Cookie Policy',
  copyright: (brand: string, year = new Date().getFullYear()) =>
    `© ${year} ${brand}. All rights reserved.`,
} as const
