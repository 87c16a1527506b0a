/**
 * Every word of the Pacing Lab at /pacing (docs/product.md, "Pacing Lab"): labels, units, help
 * texts, messages. The engine's own validation messages come from src/common/pacing/query.ts and
 * engine.ts, so a shared link and a field say the same thing.
 */
import type { FundField, PortfolioField } from '#src/common/pacing/query.ts'

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
    portfolioXlsx: 'pacing-plan.xlsx',
    bandsCsv: 'pacing-bands.csv',
    planBandsCsv: 'pacing-plan-bands.csv',
  },
  xlsxSheet: 'Projection',
  inputsSheet: 'Inputs',
  inputsSheetLink: 'Link to this result',
  scenarios: {
    heading: 'Scenarios side by side',
    intro:
      'The same inputs under four sets of assumptions. Edit how each departs from your inputs; the key figures above, the chart, the table and the downloads show the scenario you choose.',
    names: { base: 'Base', downside: 'Downside', upside: 'Upside', stress: 'Stress' },
    describe: {
      base: 'Your inputs as they are',
      downside: 'Growth 6 points lower, life 3 years longer',
      upside: 'Growth 4 points higher, life 1 year shorter',
      stress: 'A 2008-09 year in the first year with NAV: calls, distributions and NAV fall',
    },
    show: 'Show in the table and downloads',
    columns: {
      scenario: 'Scenario',
      peakNav: 'Peak NAV',
      trough: 'Deepest cum. net cash flow',
      breakEven: 'Break-even',
      tvpi: 'TVPI',
      irr: 'IRR',
      growth: 'Growth shift',
      life: 'Life shift (years)',
    },
    fieldLabel: (scenario: string, column: string) => `${scenario}: ${column.toLowerCase()}`,
    shiftError: {
      growth: 'A decimal from -1 to 1',
      life: 'Whole years from -49 to 49',
      calls: 'A fall from 0 to 1 (0.35 or 35% is a 35% fall)',
      dists: 'A fall from 0 to 1 (0.35 or 35% is a 35% fall)',
      nav: 'A fall from 0 to 1 (0.35 or 35% is a 35% fall)',
      public: 'A fall from 0 to 1 (0.35 or 35% is a 35% fall)',
    },
    stressHeading: 'The stress year (2008-09)',
    stressIntro:
      'In the first projected year that opens with NAV: calls fall, distributions fall, the NAV is marked down. Afterwards the fund follows its rules from there: what was not called stays unfunded and is called later. Decimals or percent.',
    stressFields: {
      calls: { label: 'Calls fall by', hint: '2009: about 30-40%. Default 35%' },
      dists: { label: 'Distributions fall by', hint: '2009: about 60-80%. Default 70%' },
      nav: { label: 'NAV marked down by', hint: 'Default 25%' },
      public: { label: 'Liquid assets marked down by', hint: 'Public markets, 2008: about -40%' },
    },
    navChart: 'NAV by scenario',
    navSummary: 'One line per scenario: the fund’s NAV at the end of each year.',
    cumulativeChart: 'Cumulative net cash flow by scenario',
    cumulativeSummary: 'One line per scenario: distributions minus calls, added up year by year.',
    tableRegion: 'Key figures by scenario, scrolls sideways',
    showing: (name: string) => `Showing the ${name.toLowerCase()} scenario.`,
  },
  bands: {
    heading: 'Uncertainty bands',
    intro:
      'Each year one market shock z moves the fund: growth becomes G + vol × z (never below -99%), and that year’s calls and distributions are scaled by 1 + 1.5 × vol × z (never below 0), so a bad year calls less and pays out much less. Many paths from a seeded generator: the same link gives the same bands. P10 and P90 bound the middle 80% of paths.',
    fields: {
      vol: {
        label: 'Market volatility',
        hint: 'The market’s yearly standard deviation as private NAVs feel it, 0 to 1 (0.2 or 20%). Empty: none',
      },
      paths: { label: 'Paths', hint: 'How many paths, 1 to 10,000' },
      seed: { label: 'Seed', hint: 'Any whole number; another seed gives other draws' },
    },
    none: 'No volatility: every path is the projection itself, so P10, P50 and P90 are the same line. Enter a volatility to see the spread.',
    suggestion:
      'Volatility is the market’s, not one fund’s: de-smoothed private equity returns move about 20% a year (reported NAVs, smoothed by appraisals, about half that).',
    applySuggested: (vol: string) => `Use ${vol}`,
    callsAtRisk: 'Calls at risk (P95)',
    callsAtRiskNote: (years: number) =>
      years === 1
        ? 'next year’s calls, 95th percentile'
        : `next 1 to ${years} years’ calls added up, 95th percentile`,
    troughP10: 'Deepest cumulative net cash flow (P10)',
    troughP10Note: 'each path’s lowest point; 1 path in 10 goes deeper',
    neverBelowZero: 'never below 0',
    computing: 'Computing the bands…',
    chart: 'NAV and cumulative net cash flow: P10, P50, P90',
    summary:
      'Solid: the median path of NAV and of cumulative net cash flow. Dashed: P10 and P90 of each.',
    series: {
      navP10: 'NAV P10',
      navP50: 'NAV P50',
      navP90: 'NAV P90',
      cumP10: 'Cumulative P10',
      cumP50: 'Cumulative P50',
      cumP90: 'Cumulative P90',
    },
    note: (vol: number, paths: number, seed: number) =>
      `Market volatility ${(vol * 100).toFixed(1)}% a year, ${paths.toLocaleString('en-US')} paths, seed ${seed}.`,
    download: 'Download bands CSV',
  },
  printSummary:
    'Method: the Takahashi-Alexander model (Yale, 2001), annual, every flow at year end. Each year the fund calls a share RC of its unfunded commitment; it distributes a share RD = max(Y, (age / L)^B) of its NAV grown at G (all of it from age L on); NAV is the grown NAV plus calls less distributions. TVPI and IRR count the NAV at the horizon, and for a fund under way today’s NAV as paid in at the start. Scenarios shift growth and life; uncertainty bands redraw growth each year as G plus volatility times a standard normal draw. Full formulas and conventions: /methodology.',
  keptResult: 'Showing the last valid result until the marked fields are fixed.',
  linkProblems: 'Some values in the link could not be used; they are marked below.',
  loadingPlan: 'Loading the portfolio plan…',
  planFailed:
    'The portfolio plan could not be loaded. Check the connection and choose its tab again.',
} as const

export const FUND_FIELD_COPY: Record<FundField, FieldCopy> = {
  commitment: {
    label: 'Commitment (CC)',
    hint: 'Currency units, above 0 and at most 1e12. Example: 10000000',
  },
  rc: {
    label: 'Call rates (RC)',
    hint: 'Share of the unfunded commitment called each year, 0 to 1; a comma list, the last repeats',
  },
  life: { label: 'Fund life (L)', hint: 'Years, 1 to 50. All NAV is paid out from this age on' },
  bow: { label: 'Bow (B)', hint: '0 to 20, usually 1.5 to 5. Higher pays out later' },
  growth: {
    label: 'Growth (G)',
    hint: 'Yearly NAV growth as a decimal (0.13 is 13%), above -0.99 and at most 1; one number or a comma list',
  },
  yield: { label: 'Yield floor (Y)', hint: 'Least share of NAV paid out a year, 0 to 1' },
  years: { label: 'Horizon', hint: 'Projected years, 1 to 100. Empty: up to the fund life' },
  age: { label: 'Fund age today', hint: 'Whole years; 0 for a new fund' },
  nav: { label: 'NAV at that age', hint: 'Currency units, at most 1e12; 0 for a new fund' },
  paid: { label: 'Paid-in at that age', hint: 'Currency units, at most the commitment' },
  lastcall: { label: 'Last call at age', hint: 'No calls after this age. Empty: no limit' },
}

export const PORTFOLIO_COPY = {
  settingsHeading: 'Your portfolio',
  fields: {
    total: { label: 'Total portfolio today', hint: 'All assets, private NAV included' },
    totalgrowth: {
      label: 'Liquid growth',
      hint: 'Yearly growth of the liquid part, as a decimal (0.06 is 6%); private NAV grows as its funds do',
    },
    target: { label: 'Target private share', hint: 'Private NAV / total, 0 to 1 (0.15 is 15%)' },
    horizon: { label: 'Horizon', hint: 'Projected years, 1 to 100' },
    start: {
      label: 'First projected year',
      hint: 'Calendar year; today is the end of the year before',
    },
    class: { label: 'New commitments go to', hint: 'Asset class of the yearly commitment' },
    ramp: { label: 'Aim ahead', hint: 'Years ahead each commitment is aimed. Empty: the class’s' },
    rampcap: {
      label: 'Ramp cap',
      hint: 'Most a commitment grows a year until the target is reached (0.5 is +50%)',
    },
    liquid: {
      label: 'Liquid assets today',
      hint: 'Cash and assets sold within weeks, to meet calls. Empty: all but private NAV',
    },
    min_commit: {
      label: 'Minimum commitment',
      hint: 'Share of the steady-state commitment made every year, even above target. Empty: 25%',
    },
    mix: {
      label: 'Strategy mix',
      hint: 'Up to four class:weight pairs, e.g. buyout:0.6, venture:0.2, real-estate:0.2. Empty: all to the class below',
    },
  } satisfies Record<PortfolioField, FieldCopy>,
  refused: (
    reason: 'share-above-total' | 'commitment-above-liquid',
    year: number,
    highest: number | null | undefined,
  ) => {
    const why =
      reason === 'share-above-total'
        ? `in ${year} private NAV would exceed the whole portfolio (the liquid part would fall below zero)`
        : `in ${year} the new commitment would exceed the liquid assets left to pay its calls`
    const advice =
      highest === undefined
        ? ''
        : highest === null
          ? ' Even with no target the existing funds need more than the portfolio has.'
          : ` The highest target this portfolio can hold is ${(highest * 100).toFixed(1)}%.`
    return `This target cannot be held: ${why}.${advice} No plan is shown for it.`
  },
  scenarioBreaks: (name: string, year: number) =>
    `Under the ${name.toLowerCase()} scenario the plan, its commitments held, breaks in ${year}: the liquid part cannot pay the calls. Its rows are not shown.`,
  exceededToday: (share: number, target: number) =>
    `The private share today, ${(share * 100).toFixed(1)}%, is already above the ${(target * 100).toFixed(1)}% target: until it falls back the plan commits only the minimum, a share of the steady-state commitment, so no vintage year is left empty.`,
  denominator: (year: number, stressed: string, base: string) =>
    `Denominator effect: in ${year}, the stress year, the private share is ${stressed} against ${base} in the base case, as the liquid assets fall more than private NAV.`,
  coverageWarning: (year: number, coverage: number) =>
    `${year}: liquid assets cover ${coverage.toFixed(2)}x of the year’s calls, below 1x.`,
  coverageHeading: 'Liquidity warnings',
  moreWarnings: (n: number) => `${n} more ${n === 1 ? 'year' : 'years'} below 1x`,
  heldNote: 'The commitments are the base plan’s, held.',
  rule: 'Each year’s commitment is solved from the projection: it grows by at most the ramp cap until the private share first reaches the target, then holds the share within 1 point of it where the portfolio allows, and is never below the minimum commitment. Ratios at each year’s end: unfunded coverage (liquid assets / unfunded), overcommitment ((NAV + unfunded) / (target × total portfolio)) and next year’s calls / liquid assets.',
  overridesHint: 'Optional: this fund’s own call rate, life, bow and growth. Empty: the preset’s.',
  overrideColumns: { rc: 'Call rate', life: 'Life', bow: 'Bow', growth: 'Growth' },
  importHeading: 'Import funds from a CSV',
  importIntro:
    'Header: name,asset_class,commitment,vintage,paid_in,nav. Choose a file or paste the text; imported funds replace the list.',
  importFile: 'CSV file',
  importPaste: 'Or paste CSV',
  importButton: 'Import funds',
  imported: (n: number) => `Imported ${n} ${n === 1 ? 'fund' : 'funds'}.`,
  importFailed: 'Nothing imported: fix these rows first.',
  xlsxSheet: 'Plan',
  fundsHeading: 'Existing funds',
  fundsIntro:
    'Each fund follows its asset class’s preset from its age today (first projected year minus vintage).',
  fundColumns: {
    assetClass: 'Asset class',
    commitment: 'Commitment',
    vintage: 'Vintage',
    paid: 'Paid-in today',
    nav: 'NAV today',
  },
  fundLabel: (n: number) => `Fund ${n}`,
  addFund: 'Add a fund',
  removeFund: (n: number) => `Remove fund ${n}`,
  noFunds: 'No existing funds: the plan starts from zero private NAV.',
  figures: {
    yearlyCommitment: 'First year’s new commitment',
    yearlyNote: 'solved year by year; see the table',
    firstAtTarget: 'First year at target',
    noTarget: 'not within the horizon',
    finalShare: 'NAV share at the horizon',
    peakUnfunded: 'Peak unfunded commitments',
    fit: (from: number, to: number) => `held over ${from}–${to}`,
    maxGap: 'Largest gap once reached',
    maxGapNote: 'share points from the target',
    lowestCoverage: 'Lowest liquidity coverage',
    lowestCoverageNote: (year: number) => `liquid assets / calls, in ${year}`,
    lowestUnfundedCoverage: 'Lowest unfunded coverage',
    unfundedCoverageNote: (year: number) => `liquid assets / unfunded, in ${year}`,
    peakOvercommitment: 'Peak overcommitment',
    overcommitmentNote: (year: number) => `(NAV + unfunded) / target, in ${year}`,
    stressShare: 'Private share in the stress year',
    stressShareNote: (year: number, base: string) => `${year}; base case ${base}`,
  },
  shareChartHeading: 'Private NAV share against target',
  shareSummary: 'Line: private NAV as a share of the total portfolio; dashed: the target.',
  flowChartHeading: 'Net cash flows, private NAV and unfunded commitments',
  flowSummary:
    'Bars: net cash flow each year (distributions minus calls). Lines: private NAV and unfunded commitments.',
  series: {
    share: 'NAV share',
    target: 'Target',
    netCashFlow: 'Net cash flow',
    privateNav: 'Private NAV',
    unfunded: 'Unfunded',
  },
  scenarios: {
    intro:
      'The plan under four sets of assumptions, each applied to every fund, existing and new. The yearly commitments stay those solved for the base case, so you see how the plan you would sign today fares. Edit how each scenario departs; the key figures, charts, table and downloads show the scenario you choose.',
    describe: {
      base: 'Your plan as solved',
      downside: 'Every fund: growth 6 points lower, life 3 years longer',
      upside: 'Every fund: growth 4 points higher, life 1 year shorter',
      stress:
        'A 2008-09 year in the plan’s first year with private NAV: calls, distributions, NAV and liquid assets fall',
    },
    columns: {
      peakNav: 'Peak private NAV',
      trough: 'Deepest cum. net cash flow',
      finalShare: 'Share at the horizon',
      firstAtTarget: 'First year at target',
      lowestCoverage: 'Lowest coverage',
    },
    breaksIn: (year: number) => `breaks in ${year}`,
    navChart: 'Private NAV by scenario',
    navSummary: 'One line per scenario: the private NAV of all funds at the end of each year.',
    cumulativeChart: 'Cumulative net cash flow by scenario',
    cumulativeSummary:
      'One line per scenario: distributions minus calls of all funds, added up year by year.',
  },
  bands: {
    intro:
      'Growth of every fund becomes its G plus volatility times a standard normal draw (never below -99%); each year’s draw is shared by all funds, as one market moves a whole book. The bands surround the scenario shown, with the base plan’s commitments held and the liquid part growing at its own rate; a seeded generator makes the same link give the same bands. P10 and P90 bound the middle 80% of paths.',
    chart: 'Private NAV and cumulative net cash flow: P10, P50, P90',
    summary:
      'Solid: the median path of private NAV and of cumulative net cash flow, over all funds. Dashed: P10 and P90 of each.',
    shareChart: 'Private share against target: P10, P50, P90',
    shareSummary:
      'Solid: the median path of private NAV as a share of the total portfolio. Dashed: P10 and P90, and the target.',
    series: { shareP10: 'Share P10', shareP50: 'Share P50', shareP90: 'Share P90' },
  },
  tableHeading: 'Plan year by year',
  tableCaption:
    'Calendar years; flows at year end; the new commitment is made at the start of the year.',
  tableRegionLabel: 'Yearly plan table, scrolls sideways',
  columns: {
    year: 'Year',
    newCommitment: 'New commitment',
    contributions: 'Calls',
    distributions: 'Distributions',
    netCashFlow: 'Net cash flow',
    unfunded: 'Unfunded',
    privateNav: 'Private NAV',
    totalPortfolio: 'Total portfolio',
    navShare: 'NAV share',
    targetShare: 'Target',
    liquidAssets: 'Liquid assets',
    coverage: 'Coverage',
    unfundedToNav: 'Unfunded / NAV',
    unfundedCoverage: 'Unfunded coverage',
    overcommitment: 'Overcommitment',
    nextCallsToLiquid: 'Next year’s calls / liquid',
  },
} as const

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

/** Fit to history, in the one-fund Lab. */
export const FIT_COPY = {
  heading: 'Fit to history',
  intro:
    'Paste a fund’s actual yearly calls, distributions and NAV, from its first year on. The Lab takes the calls as they were and fits the call rate going forward to them; it fits the bow and growth to the distributions and NAV (least squares, with the commitment and fund life above), then continues the projection from the last actual year and shows the fund’s figures to date and since inception.',
  label: 'History (CSV)',
  hint: 'First line year,contributions,distributions,nav; then one line a year from year 1, amounts in currency units.',
  placeholder:
    'year,contributions,distributions,nav\n1,2500000,0,2500000\n2,2250000,150000,4800000',
  fit: 'Fit and use',
  fromLink: 'The link carried this history; it has been fitted.',
  linkNote:
    'The link now holds the history (actuals=) and the fitted inputs (call rate, bow, growth, age, NAV and paid-in): whoever opens it sees this projection and the fund’s record.',
  applied: (rc: string, bow: string, growth: string, age: number) =>
    `Fitted: call rate going forward ${rc} (from the actual calls), bow ${bow}, growth ${growth}; projecting on from age ${age}. The yield floor and the last call are cleared, as the fit assumes neither.`,
  error: (share: string, rms: string) =>
    `Error of the fit: ${share} of the commitment (root mean square over distributions and NAV, ${rms})`,
  callsAboveCommitment:
    'The history calls more than the commitment above: raise the commitment to at least the paid-in.',
  tableCaption: 'Actual against fitted, year by year',
  tableRegionLabel: 'Fit table, scrolls sideways',
  columns: {
    year: 'Year',
    actualCalls: 'Calls',
    fittedCalls: 'Calls at the fitted rate',
    actualDistributions: 'Distributions',
    fittedDistributions: 'Distributions, fitted',
    actualNav: 'NAV',
    fittedNav: 'NAV, fitted',
  },
  tooLong: (years: number, life: number) =>
    `The history has ${years} years; the fund life above is ${life}. Raise the fund life to at least the history’s length.`,
  noCommitment: 'Enter a valid commitment and fund life above first.',
} as const
