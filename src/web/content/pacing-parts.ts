/**
 * The words of the lab's parts that load late (scenarios, fit to history, uncertainty bands): apart from
 * content/pacing.ts so they load with those parts, not in the page's first script (docs/product.md).
 */

/** Scenarios side by side, one fund and plan alike (the names are in PACING_COPY.scenarios). */
export const SCENARIO_COPY = {
  heading: 'Scenarios side by side',
  intro:
    'The same inputs under four sets of assumptions. Edit how each departs from your inputs; the key figures above, the chart, the table and the downloads show the scenario you choose.',
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
} as const

/** Uncertainty bands, one fund and plan alike. */
export const BANDS_COPY = {
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
    'Volatility is the market’s, not one fund’s: de-smoothed private equity returns move about 20% a year (reported, appraisal-based NAVs look smoother).',
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
