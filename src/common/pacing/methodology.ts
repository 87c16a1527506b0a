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
  'For a fund under way, the model knows today’s NAV and paid-in, not the fund’s past cash flows, so TVPI and IRR count today’s NAV as paid in at the start of the projection: TVPI = (distributions + NAV at the horizon) / (contributions + NAV today), and the IRR’s first flow is minus today’s NAV. With constant growth G the IRR is then G, as for a new fund.',
  'Inputs are bounded so that no figure can overflow: commitment and NAV at most 1e12, growth above -0.99 and at most 1, bow at most 20, life at most 50 years, horizon at most 100 years.',
]

/** Scenarios and uncertainty bands, as the lab defines them. */
export const UNCERTAINTY_METHOD: readonly string[] = [
  'Scenarios: base is your inputs; downside lowers growth by 6 points every year and lengthens the life by 3 years; upside raises growth by 4 points and shortens the life by 1 year (at least 1); stress lowers growth by 30 points in the first projected year that opens with NAV (year 2 of a new fund, the first projected year of a fund under way) and keeps the base growth otherwise. Each shift can be edited; shifted growth stays above -0.99 and at most 1, shifted life within 1 to 50 years.',
  'Uncertainty bands: growth in year t becomes G_t + vol × z_t, with z_t independent standard normal draws, floored at -0.99; every path follows the model above with the same call rates, bow and life. P10, P50 and P90 of NAV and of cumulative net cash flow are taken year by year across the paths (linear between ranks).',
  'The draws come from a seeded generator (mulberry32, turned into normal draws by the Box-Muller transform), so the same inputs, paths and seed give the same bands; with vol = 0 every band equals the deterministic projection.',
  'A portfolio plan’s scenarios apply each shift to every fund, existing and new, and hold the yearly commitments the base plan solved: nothing is re-solved, so the scenario shows how the plan you would sign today fares (our convention). The stress shock falls in one calendar year for the whole plan, its first projected year that opens with private NAV (the start year when an existing fund has NAV); funds that start later are not shocked. With the commitments held, the downside (lower growth, longer lives) returns less cash and, as distributions come later, can hold the private share above the target.',
  'A portfolio plan’s bands run every fund on one calendar with the base plan’s commitments held, around the scenario shown. Each year’s draw z_t is common to all funds, as one market moves a whole private book (independent draws per fund would let them diversify away and understate the spread). The liquid part grows at its own rate on every path and pays each path’s calls and receives its distributions, which gives the bands of the private share. Band values are P10, P50 and P90 of the plan’s totals year by year, not sums of each fund’s percentiles.',
]

export const PORTFOLIO_METHOD: readonly string[] = [
  'Calendar years; today is the end of the year before the start year. Each existing fund is projected from its age today (start year − vintage) with the parameters of its asset class, or its own call rate, life, bow and growth where given.',
  'The total portfolio is its liquid part plus private NAV. The liquid part (today: total less private NAV) grows at its own rate, pays every call and receives every distribution; private NAV grows as its funds project. Liquid assets that can meet calls (all of the liquid part unless given) over the year’s calls is the coverage; below 1x is a warning.',
  'A plan is refused, with the year and the reason, when it would need more than the portfolio has: private NAV above the total (a share above 100%), or a year’s new commitment above the liquid part at its start. When the private share today is already above the target, the page says so and commits nothing until it falls back.',
  'A new commitment is made at the start of each projected year to funds of the chosen class, solved year by year from the projection: the amount, at least zero, that, if later commitments grew with the portfolio, brings the private share closest to the target (least squares) over the years it shapes, from a few years ahead (by default the years the class takes to call 90%) for the class’s life.',
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
