/**
 * The portfolio plan's words (docs/product.md, "Pacing Lab"): apart from content/pacing.ts so they
 * load with the plan's code, not in the one-fund page's first script (docs/product.md's budget).
 */
import type { PortfolioField } from '#src/common/pacing/plan-query.ts'

interface FieldCopy {
  label: string
  /** Shown under the label: the unit and a helpful range. */
  hint: string
}

export const PORTFOLIO_COPY = {
  settingsHeading: 'Your portfolio',
  fields: {
    total: { label: 'Total portfolio today', hint: 'All assets, private NAV included' },
    totalgrowth: {
      label: 'Liquid growth',
      hint: 'Yearly growth of the liquid part, as a decimal (0.06 is 6%); private NAV grows as its funds do',
    },
    target: { label: 'Target private share', hint: 'Private NAV / total: 0.15 or 15%' },
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
  quarterTableHeading: 'Plan quarter by quarter',
  quarterTableCaption:
    'Calendar quarters from the annual parameters: call and distribution rates 1 − (1 − r)^(1/4) a quarter, growth (1 + G)^(1/4) − 1, for the funds and the liquid part alike; each year’s new commitment is made at its start (Q1). Key figures, charts and coverage ratios stay annual.',
  quarterTableRegionLabel: 'Quarterly plan table, scrolls sideways',
  columns: {
    year: 'Year',
    quarter: 'Quarter',
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
    liquidPart: 'Liquid part',
    coverage: 'Coverage',
    unfundedToNav: 'Unfunded / NAV',
    unfundedCoverage: 'Unfunded coverage',
    overcommitment: 'Overcommitment',
    nextCallsToLiquid: 'Next year’s calls / liquid',
  },
} as const
