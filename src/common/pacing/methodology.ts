/**
 * What /methodology says about the Pacing Lab, as plain data so the page only lays it out and the
 * facts live next to the code they describe (docs/product.md, "Pacing Lab"). Everything here is
 * checked by the tests named in TEST_CASES.
 */
import { PRESETS, ASSET_CLASSES, type Citation, type Preset } from './presets.ts'

interface Formula {
  id: string
  /** Plain-text formula, as docs/product.md, "Pacing Lab" writes it. */
  formula: string
  explanation: string
}

export const MODEL_REFERENCE =
  'Dean Takahashi and Seth Alexander, "Illiquid Alternative Asset Fund Modeling", Yale University ' +
  'Investments Office, January 2001; The Journal of Portfolio Management 28(2), 2002, pp. 90-100.'

export const FORMULAS: readonly Formula[] = [
  {
    id: 'contributions',
    formula: 'C_t = RC_t × (CC − PIC_{t−1})',
    explanation:
      'Each year the fund calls a share RC_t of the commitment CC not yet paid in (PIC is the sum ' +
      'of earlier calls, plus the paid-in you enter for a fund under way).',
  },
  {
    id: 'distribution-rate',
    formula: 'RD_t = max(Y, (t / L)^B), and RD_t = 1 from t = L on',
    explanation:
      't is the fund’s age at the end of year t, L its life, B the bow and Y the yield floor. A ' +
      'higher bow holds distributions back until late in the fund’s life.',
  },
  {
    id: 'distributions',
    formula: 'D_t = RD_t × NAV_{t−1} × (1 + G_t)',
    explanation: 'A share RD_t of the grown opening NAV is paid out.',
  },
  {
    id: 'nav',
    formula: 'NAV_t = NAV_{t−1} × (1 + G_t) + C_t − D_t',
    explanation:
      'The opening NAV grows at G_t; the year’s call is added and its distribution taken out.',
  },
]

/** What the paper itself fixes: the annual model and its timing. */
export const PAPER_CONVENTIONS: readonly string[] = [
  'Annual model: every call and distribution happens at the end of its year.',
  'Growth applies to the opening NAV only; a call earns nothing in the year it is made.',
  'A new fund’s first year is year 1; t is the fund’s age at the end of year t.',
]

/** What the paper leaves open and this lab decides (our conventions, not the paper’s). */
export const OUR_CONVENTIONS: readonly string[] = [
  'RD = 1 from age L on, so projections may run past the fund’s life: whatever NAV is left is paid out, and calls made after L come back the year after.',
  'Rates are decimals (0.25 is 25%). Per-year lists start at the first projected year and their last value repeats; one number applies to every year.',
  'A fund already under way starts from the age, NAV and paid-in you enter; its first projected year is age + 1.',
  'Presets give their per-year call rates from a new fund’s first year; for a fund under way the years it has already lived are skipped.',
  'After the last-call age no more capital is called; the rest of the commitment stays unfunded.',
  'Net cash flow is the investor’s view: distributions minus contributions. NAV is not a cash flow.',
  'TVPI = (sum of distributions + NAV at the horizon) / sum of contributions, over the projected years (for a fund under way see below).',
  'IRR: the rate r at which the yearly net cash flows, with the NAV at the horizon added to the last year as if received then, have a net present value of zero. It is found by bracketing and bisection. When the flows never change sign (only distributions, or only calls) no such rate exists and no IRR is shown. With several sign changes the rate closest to zero is shown.',
  'With constant growth G and the NAV counted at the horizon, the IRR equals G whatever the call rates, bow and yield: every dollar in the fund grows at G until it is paid out.',
  'For a fund under way, the model knows today’s NAV and paid-in, not the fund’s past cash flows, so the forward TVPI and IRR count today’s NAV as paid in at the start of the projection: TVPI = (distributions + NAV at the horizon) / (contributions + NAV today), and the IRR’s first flow is minus today’s NAV. With constant growth G the IRR is then G, as for a new fund.',
  'A fund with its history (actual yearly contributions C, distributions D and NAV from year 1, pasted or in the link as actuals=) also gets its own record. To date: IRR of the actual flows D − C with the last actual NAV added to the last year, TVPI = (Σ D + last NAV) / Σ C and DPI = Σ D / Σ C. Since inception: the same over the history and the projection after it, the NAV at the horizon as the final value. Cumulative net cash flow in the table, CSV and key figures then counts from the first call, not from today. (A fund four years in with calls 20, 25, 20, 12, distributions 0, 2, 6, 10 and NAV 72 has earned 10.1% and 1.17x to date, and is 59 under water.)',
  'Fit to history: the actual calls are taken as they were (the model runs the history with each year’s rate C_t / (CC − PIC_{t−1})), and the call rate going forward is the one rate RC that makes RC × (CC − PIC_{t−1}) closest to the actual calls in least squares. The bow and the growth are then fitted to the actual distributions and NAV only (least squares, Nelder-Mead), so growth is never bent to explain how fast capital was called. The fit’s error is the root mean square of the differences in D and NAV, shown as a share of the commitment.',
  'The fund’s age may be typed as its vintage year: age = this year − vintage, so a fund of this year’s vintage is new, as in the portfolio plan. A preset’s per-year call rates are then read from that age, in the one-fund form as in the plan.',
  'Amounts may be written 25M, 1.2bn, 250k or 300,000,000 (k = thousand, m or mm = million, b or bn = billion); rates and shares as decimals (0.2) or percent (20%). Links keep plain decimals.',
  'Quarterly rows (freq=quarterly): each year’s annual rates become quarterly ones that compound to them, rc_q = 1 − (1 − RC_t)^(1/4) for calls and rd_q = 1 − (1 − RD_t)^(1/4) for distributions (RD_t at the year-end age, as the annual model reads it), and g_q = (1 + G_t)^(1/4) − 1 for growth; each quarter then follows the four equations. The unfunded commitment at each year’s end is exactly the annual model’s; distributions come a little earlier, and a call made early in a year earns growth in its later quarters, so quarterly NAV and distributions differ slightly from the annual rows. Quarters are labelled by calendar year (2027Q1), the first projected year being this year. Key figures and charts stay annual.',
  'Inputs are bounded so that no figure can overflow: commitment and NAV at most 1e12, growth above -0.99 and at most 1, bow at most 20, life at most 50 years, horizon at most 100 years.',
]

/** Scenarios and uncertainty bands, as the lab defines them. */
export const UNCERTAINTY_METHOD: readonly string[] = [
  'Scenarios: base is your inputs; downside lowers growth by 6 points every year and lengthens the life by 3 years; upside raises growth by 4 points and shortens the life by 1 year (at least 1). Each shift can be edited; shifted growth stays above -0.99 and at most 1, shifted life within 1 to 50 years.',
  'Stress: a 2008-09 year in the first projected year that opens with NAV (year 2 of a new fund, the first projected year of a fund under way). That year calls fall by 35% (C = 0.65 × RC × (CC − PIC)), the grown NAV is marked down by 25% before distributions, distributions fall by 70% (D = 0.30 × RD × marked-down NAV) and, in a plan, the liquid assets are marked down by 40%. Afterwards the fund follows its rules from the new state: what was not called stays unfunded and is called at the usual rates later, and the lower NAV distributes and grows as usual. The defaults follow figures commonly reported for 2008-09: funds called roughly 30-40% less capital in 2009 and distributed roughly 60-80% less, and public equities fell about 40% in 2008. We took them from a practitioner’s review of this lab, not from a dataset of our own; the 25% NAV markdown is our assumption, smaller than the public fall because appraisal-based NAVs are marked down later and less. All four are editable and kept in the link (stress_calls, stress_dists, stress_nav, stress_public).',
  'The denominator effect: in a plan the stress year’s private share is shown against the base case’s. With the liquid part marked down more than private NAV, the share rises (a 20% programme reads about 24%), as allocators saw in 2008-09.',
  'Uncertainty bands: each path draws one standard normal z_t a year. Growth in year t becomes G_t + vol × z_t, floored at -0.99, and that year’s calls and distributions are scaled by max(0, 1 + β × vol × z_t) with β = 1.5 (a call never exceeds the unfunded commitment, a distribution never the grown NAV). β is ours: with vol = 0.20 a two-standard-deviation bad year has 60% fewer calls and distributions, between the 2009 falls of calls (30-40%) and distributions (60-80%); one β for both keeps one market factor. vol is the market’s volatility as private NAVs feel it, not one fund’s: de-smoothed private equity returns move about 20% a year (reported, appraisal-based NAVs look smoother), which the page suggests. P10, P50 and P90 of NAV and of cumulative net cash flow are taken year by year across the paths (linear between ranks).',
  'Calls at risk (P95): for each path the calls of the next 1, 2 and 3 projected years added up, and the 95th percentile of each across paths: the capital to keep ready that is enough in 19 years out of 20 under the model. The P10 of the deepest cumulative net cash flow is the 10th percentile of each path’s lowest point. With vol = 0 every path is the projection itself: the bands, calls at risk and the trough are the deterministic ones, and the bands CSV is offered all the same.',
  'The draws come from a seeded generator (mulberry32, turned into normal draws by the Box-Muller transform), so the same inputs, paths and seed give the same bands; with vol = 0 every band equals the deterministic projection.',
  'A portfolio plan’s scenarios apply each shift to every fund, existing and new, and hold the yearly commitments the base plan solved: nothing is re-solved, so the scenario shows how the plan you would sign today fares (our convention). The stress shock falls in one calendar year for the whole plan, its first projected year that opens with private NAV (the start year when an existing fund has NAV); funds that start later are not shocked. With the commitments held, the downside (lower growth, longer lives) returns less cash and, as distributions come later, can hold the private share above the target.',
  'A portfolio plan’s bands run every fund on one calendar with the base plan’s commitments held, around the scenario shown. Each year’s draw z_t is common to all funds and to the liquid part, as one market moves a whole book (independent draws per fund would let them diversify away and understate the spread). The liquid part returns its own growth + vol × z_t on every path (floored at -0.99), pays each path’s calls and receives its distributions, which gives the bands of the private share. Band values are P10, P50 and P90 of the plan’s totals year by year, not sums of each fund’s percentiles.',
]

export const PORTFOLIO_METHOD: readonly string[] = [
  'Calendar years; today is the end of the year before the start year. Each existing fund is projected from its age today (start year − vintage) with the parameters of its asset class, or its own call rate, life, bow and growth where given.',
  'The total portfolio is its liquid part plus private NAV. The liquid part (today: total less private NAV) grows at its own rate, pays every call and receives every distribution; private NAV grows as its funds project. Liquid assets that can meet calls (all of the liquid part unless given) over the year’s calls is the coverage; below 1x is a warning.',
  'Feasibility first: the plan is solved over its whole horizon before any row is shown. It is refused when it would need more than the portfolio has: private NAV above the total (a share above 100%, a liquid part below zero), or a year’s new commitment above the liquid part at its start. A refused plan shows the first year it breaks and the highest target that can be held (found by bisection to 0.1 point), and no rows, figures or “held” claim. A stress scenario under which the held plan breaks says so, and its rows are not shown either.',
  'Minimum commitment (min_commit, default 0.25): each year’s commitment is at least that share of the steady-state commitment, the yearly amount that, growing with the liquid part at g, holds the target in steady state: target × last year’s total / Σ_m unit NAV_m × (1 + g)^−m, unit NAV_m being the NAV m years after committing 1. So a plan above target keeps committing a little every year and no vintage year is left empty; min_commit = 0 commits nothing until the share falls back.',
  'Strategy mix (mix=buyout:0.6,venture:0.2,…): new commitments may be split across up to four asset classes by weight (weights are scaled to add up to 1); each year’s commitment then projects as the weighted sum of each class’s fund, and the plan is solved on that mix.',
  'Ratios at each year’s end (our conventions, in the table and CSV): Unfunded coverage = liquid assets / unfunded commitments; Overcommitment = (private NAV + unfunded commitments) / (target share × total portfolio), above 1 when the programme is committed beyond its target; next year’s calls / liquid assets. Liquid assets are all of the liquid part unless given, held at the same share of it every year. Coverage (liquid assets at a year’s start / that year’s calls, warned below 1x) stays as before.',
  'A new commitment is made at the start of each projected year to funds of the chosen class, solved year by year from the projection: the amount, at least zero, that, if later commitments grew with the portfolio, brings the private share closest to the target (least squares) over the years it shapes, from a few years ahead (by default the years the class takes to call 90%) for the class’s life.',
  'Quarterly rows (freq=quarterly) in a plan: the plan is solved year by year as always and its commitments are held; every fund’s year is then split into four quarters as for one fund (rc_q = 1 − (1 − RC_t)^(1/4), rd_q = 1 − (1 − RD_t)^(1/4), g_q = (1 + G_t)^(1/4) − 1), and the liquid part grows at (1 + g)^(1/4) − 1 a quarter, paying each quarter’s calls and receiving its distributions. A year’s new commitment is made at its start and shows in its first quarter; a stress marks the liquid part and the funds’ NAV down once, in the first quarter of the stress year. Each year’s four quarters call exactly what the annual plan calls that year and end with the same unfunded commitments; NAV, the private share and the liquid part differ a little, as for one fund. Quarters are labelled by calendar year from the plan’s start year (2027Q1). Key figures, charts and the coverage ratios (which are about a year’s calls) stay annual.',
  'Two limits shape the solved amounts: until the share first reaches the target a commitment grows by at most the ramp cap (default +50% a year) over the year before’s, and no commitment may push a coming year more than half a point above the target. Re-solved every year, the share then stays within 1 point of the target where the portfolio allows (our convention, not the paper’s).',
]

interface TestCaseSource {
  name: string
  source: string
  url: string
  checks: string
  tolerance: string
  test: string
}

export const TEST_CASES: readonly TestCaseSource[] = [
  {
    name: 'privates: new fund, yield 0',
    source: 'fabianhe/privates, test/test_models.py, first case',
    url: 'https://github.com/fabianhe/privates/blob/234f1ba6d8a78ad0a0e89437bd9d585a434fd1d8/test/test_models.py',
    checks:
      'CC 1,000,000; RC 0.25, 1/3, 0.5 to year 10, 1.0 in year 11, 0 in year 12; L 12, B 2.3, G 0.15, Y 0: NAV, calls and distributions for years 1-12 (NAV after year 1 250,000.00, after year 5 1,070,074.53; distributions in year 8 381,289.58).',
    tolerance: '0.01',
    test: 'src/common/pacing/engine.test.ts',
  },
  {
    name: 'privates: new fund, yield 0.05',
    source: 'fabianhe/privates, test/test_models.py, second case',
    url: 'https://github.com/fabianhe/privates/blob/234f1ba6d8a78ad0a0e89437bd9d585a434fd1d8/test/test_models.py',
    checks: 'The same fund with a 5% yield floor: NAV, calls and distributions for years 1-12.',
    tolerance: '0.01',
    test: 'src/common/pacing/engine.test.ts',
  },
  {
    name: 'privates: fund under way',
    source: 'fabianhe/privates, test/test_models.py, third case',
    url: 'https://github.com/fabianhe/privates/blob/234f1ba6d8a78ad0a0e89437bd9d585a434fd1d8/test/test_models.py',
    checks:
      'The first fund picked up at age 4 with NAV 1,011,150.58 and paid-in 875,000: years 5-12 match the first case.',
    tolerance: '0.01',
    test: 'src/common/pacing/engine.test.ts',
  },
  {
    name: 'Portfolio-Beach fixture 17',
    source:
      'recameron34-maker/Portfolio-Beach, packages/calc/fixtures/17_takahashi_alexander.json (copied to src/common/pacing/fixtures/)',
    url: 'https://github.com/recameron34-maker/Portfolio-Beach/blob/c10b3ea14bde4f7914483923c9c0a4740a454988/packages/calc/fixtures/17_takahashi_alexander.json',
    checks:
      'Commitment 100, RC 0.25, L 10, B 2.5, G 0.10, Y 0.05, five years: calls, distributions, NAV and unfunded, including the years where the yield floor binds.',
    tolerance: '0.01',
    test: 'src/common/pacing/engine.test.ts',
  },
  {
    name: 'Yale base case, steady state and denominator effect',
    source:
      'Computed by this project from the paper’s venture parameter set (RC 25%, 33.3%, then 50%; L 12; B 2.5; G 13%; Y 0) for a commitment of 100; not a published table',
    url: '',
    checks:
      'Peak NAV 106.8 in year 5, TVPI 1.88, IRR = G for any RC, B and Y; the same fund one year in (NAV 25, paid 25) still earns 13.0%; a NAV target of 150 needs 22.13 a year (Σ NAV per unit commitment = 6.7767); a 20% share with public -40% and private -10% becomes 27.3%.',
    tolerance: '0.05 and 1e-9 on IRR',
    test: 'src/common/pacing/reference.test.ts',
  },
  {
    name: 'Scenarios and uncertainty bands',
    source: 'This project',
    url: '',
    checks:
      'Each scenario’s shifts as defined; every scenario of valid inputs is valid; with vol = 0 every band equals the deterministic path; the same seed gives the same bands; P10 ≤ P50 ≤ P90; the normal draws have mean 0 and variance 1.',
    tolerance: 'exact, and 0.01 on the draws’ moments',
    test: 'src/common/pacing/montecarlo.test.ts',
  },
  {
    name: 'Plan scenarios and bands',
    source: 'This project',
    url: '',
    checks:
      'For random plans: the plan’s funds with its commitments held project back to the solved plan exactly, and with vol = 0 every band of private NAV, cumulative net cash flow and private share equals the plan’s row. Every scenario keeps the base commitments; the downside returns less cash and the upside more; the stress shock falls in the plan’s first year with private NAV; the same seed gives the same bands.',
    tolerance: 'exact',
    test: 'src/common/pacing/plan-scenarios.test.ts',
  },
  {
    name: 'Stress, calls at risk and the plan’s denominator effect',
    source: 'This project, by hand',
    url: '',
    checks:
      'The stress year of a new fund of 100 (Yale venture set): calls 16.25 instead of 25, the grown NAV 28.25 marked down to 21.1875, distributions 30% of the usual rate, 58.75 left unfunded and half of it called the next year. A plan’s liquid part is marked down by 40% in the same year and its private share rises (a 20% programme: more than 2 points). One Monte Carlo path replayed by hand; with vol = 0 calls at risk are the next years’ calls and the P10 trough is the trough.',
    tolerance: '1e-12, and 1e-10 on the path',
    test: 'src/common/pacing/scenarios.test.ts, plan-scenarios.test.ts, montecarlo.test.ts',
  },
  {
    name: 'A fund four years in, and quarterly rows',
    source: 'This project, by hand (the review of docs/decisions for the fund)',
    url: '',
    checks:
      'Calls 20, 25, 20, 12, distributions 0, 2, 6, 10, NAV 72: to date IRR 10.11% (its NPV is 0), TVPI 90 / 77 = 1.17x, DPI 18 / 77; cumulative net cash flow -20, -43, -57, -59; the forward call rate Σ C U / Σ U². Quarterly: rc_q = 1 − 0.6^(1/4) on 100 in the first quarter, four quarters calling exactly the annual year’s calls; for random plans, each year’s four quarters call what the annual plan calls and end with its unfunded commitments, and a plan of one fund is that fund’s quarters.',
    tolerance: '1e-12 (one fund), 0.01 on amounts of a plan',
    test: 'src/common/pacing/history.test.ts, quarterly.test.ts, plan-quarterly.test.ts',
  },
  {
    name: 'The plan says no early',
    source: 'This project',
    url: '',
    checks:
      'A 100% target is refused with no rows; the highest target it reports holds and 0.2 point more does not; existing funds that break the portfolio alone give no highest target; above target the plan commits min_commit of the steady-state commitment (1% of 1bn over Σ unit NAV, a quarter of it); a 3:1 mix calls 75% × 25% + 25% × 20% of the first commitment; the three ratios as defined.',
    tolerance: '1e-6 (exact rules)',
    test: 'src/common/pacing/portfolio.test.ts',
  },
  {
    name: 'Properties (fast-check)',
    source: 'This project',
    url: '',
    checks:
      'For random valid inputs: paid-in never exceeds the commitment; NAV is never negative; Y ≤ RD ≤ 1; NAV_T + Σ D_t·Π_{s>t}(1+G_s) = Σ C_t·Π_{s>t}(1+G_s) + NAV_0·Π(1+G); with constant G and a new fund, IRR = G.',
    tolerance: 'relative 1e-9',
    test: 'src/common/pacing/engine.test.ts',
  },
]

interface PresetSource {
  id: Preset['id']
  label: string
  basis: Preset['basis']
  derivation?: string
  sources: readonly Citation[]
}

/** Which source each preset follows, in the order the page lists the asset classes. */
export const PRESET_SOURCES: readonly PresetSource[] = ASSET_CLASSES.map((id) => {
  const p = PRESETS[id]
  return {
    id,
    label: p.label,
    basis: p.basis,
    ...(p.derivation ? { derivation: p.derivation } : {}),
    sources: p.sources,
  }
})
