/**
 * The portfolio plan of docs/product.md, "Pacing Lab": existing funds plus a new commitment into a
 * chosen asset class every year, solved year by year so that private NAV reaches a target share of
 * the total portfolio and then holds it.
 *
 * ## Conventions
 *
 * - Calendar years. "Today" is the end of `startYear - 1`; the first projected year is
 *   `startYear`. An existing fund's `paidIn` and `nav` are as of today, and its age today is
 *   `startYear - vintage` (a fund of vintage `startYear - 1` has finished one year). A fund whose
 *   vintage is `startYear` or later starts at age 0 in its vintage year.
 * - Each fund follows the preset of its asset class (presets.ts) and the one-fund engine; an
 *   existing fund may override the preset's call rate, life, bow and growth.
 * - The total portfolio is a liquid part plus private NAV. Today's liquid part is `totalValue`
 *   less today's private NAV; it grows at `totalGrowth` a year, pays every call and receives every
 *   distribution (at year end, like the funds). Private NAV grows as each fund projects. The total
 *   is their sum, so it does not grow at one flat rate.
 * - `liquid` (optional) is the part of the liquid part that can meet calls at short notice (cash,
 *   listed bonds), held at the same share of the liquid part every year; left out, it is the whole
 *   liquid part. Coverage in a year is those liquid assets at its start over that year's calls
 *   (the next 12 months' calls); below 1x is a warning.
 * - A new commitment X_j is made at the start of year j, so its first call falls at the end of it.
 *
 * ## The rule that sets each year's commitment
 *
 * The flows of a new fund are proportional to its commitment, and a commitment made at the start
 * of a year does not change that year-end's total (a call moves money from the liquid part into
 * NAV). Year by year, with every earlier commitment fixed, X_j is the amount that, if later
 * commitments grew from it with the portfolio (X_j q^m, m years on, q the total portfolio's growth
 * over the year before; a steady plan commits a constant share of a growing total), brings the
 * share closest to the target (least squares of
 * (share - target), each year weighing alike) over the years it shapes: from `rampYears` years on
 * (default: how long the class takes to call 90% of a commitment) for the class's life. The plan
 * is re-solved the next year with what really happened, so the share is steered, not set once.
 * The projection runs past the horizon, so the last years' commitments are judged on what they
 * build. Two limits:
 *
 * - the ramp: until the share first reaches the target, a commitment grows by at most `rampCap`
 *   (default 0.5, +50%) over the year before's;
 * - the hold: no commitment may push a coming year's share more than half the 1-point band above
 *   the target (assuming later commitments grow as above), which keeps the approach from
 *   overshooting;
 * - the floor: X_j is at least `minCommit` (default 0.25) times the steady-state commitment, the
 *   yearly amount that, growing with the liquid part, holds the target share in steady state
 *   (target x last year's total / sum over m of unit NAV_m (1 + g)^-m). Above target the plan
 *   keeps committing at that floor, so no vintage year is empty (docs/product.md).
 *
 * New commitments go to one asset class, or are split across up to four by weight (`mix`): a
 * year's commitment then projects as the weighted sum of each class's unit fund.
 *
 * Feasibility first: a plan is refused, naming the first year and the reason, when it would need
 * more than the portfolio has: private NAV above the total (a share above 100%, or a liquid part
 * below zero), or a new commitment above the liquid part at the start of its year. A refused plan
 * also gives the highest target that can be held (found by bisection), and its rows are not to be
 * shown. A share already above the target today says so.
 */
import {
  MAX_AGE,
  MAX_AMOUNT,
  MAX_YEARS,
  projectFund,
  type FundInputs,
  type ProjectionRow,
} from './engine.ts'
import { PRESETS, isAssetClass, presetParametersAtAge, type AssetClass } from './presets.ts'
import { findMixError, type MixEntry } from './mix.ts'

export interface ExistingFund {
  assetClass: AssetClass
  /** Commitment (> 0). */
  commitment: number
  /** Calendar year of the fund's first year. */
  vintage: number
  /** Paid-in today, within [0, commitment]. */
  paidIn: number
  /** NAV today (>= 0). */
  nav: number
  /** Its own name (from an import); not part of the link. */
  name?: string
  /** Overrides of the class preset: call rate (one for every year), life, bow, growth. */
  rc?: number
  life?: number
  bow?: number
  growth?: number
}

export interface PortfolioPlan {
  /** Total portfolio value today (> 0), private NAV included. */
  totalValue: number
  /** Yearly growth of the liquid part (> -1); private NAV grows as its funds project. */
  totalGrowth: number
  /** Target private NAV as a share of the total, within [0, 1]. */
  targetShare: number
  existingFunds: readonly ExistingFund[]
  /** Projected years (1..MAX_YEARS). */
  horizon: number
  /** First projected calendar year. */
  startYear: number
  /** The asset class of the new yearly commitments. */
  newCommitmentClass: AssetClass
  /** How many years ahead a commitment is aimed; default {@link defaultRampYears}. */
  rampYears?: number
  /** Most a commitment may grow over the year before's until the target is reached (0.5: +50%). */
  rampCap?: number
  /** Liquid assets today that can meet calls (>= 0, at most the liquid part); default all of it. */
  liquid?: number
  /** The floor of each year's commitment, as a share of the steady-state commitment (0..1). */
  minCommit?: number
  /**
   * New commitments split across up to four asset classes by weight (each > 0; scaled to add up
   * to 1). Absent: all go to `newCommitmentClass`.
   */
  mix?: readonly MixEntry[]
}

/** Default of {@link PortfolioPlan.minCommit}. */
const DEFAULT_MIN_COMMIT = 0.25

/** Default of {@link PortfolioPlan.rampCap}. */
const DEFAULT_RAMP_CAP = 0.5

/** The plan holds the share within this of the target (1 point) where it can. */
const HOLD_BAND = 0.01

/** A share within this of the target counts as at the target (rounding). */
const SHARE_TOLERANCE = 1e-9

/** A year whose liquid assets cover less than its calls. */
interface CoverageWarning {
  year: number
  /** Liquid assets at the start of the year / the year's calls (< 1). */
  coverage: number
}

export interface PortfolioYear {
  /** Calendar year (flows at its end). */
  year: number
  privateNav: number
  /** Of which from the new yearly commitments. */
  newNav: number
  totalPortfolio: number
  /** totalPortfolio - privateNav. */
  liquidPart: number
  /** privateNav / totalPortfolio. */
  navShare: number
  targetShare: number
  /** Commitments not yet called, existing and new funds. */
  unfunded: number
  /** unfunded / privateNav; null when there is no NAV. */
  unfundedToNav: number | null
  contributions: number
  distributions: number
  /** distributions - contributions. */
  netCashFlow: number
  /** The new commitment made this year. */
  newCommitment: number
  /** Liquid assets that can meet calls, at the start of the year. */
  liquidAssets: number
  /** liquidAssets / this year's calls; null when nothing is called. */
  coverage: number | null
  /** Liquid assets at the year's end / unfunded commitments then; null without unfunded. */
  unfundedCoverage: number | null
  /**
   * (private NAV + unfunded) / (target share x total portfolio), at the year's end: above 1 the
   * programme is committed beyond its target; null with a target of 0.
   */
  overcommitment: number | null
  /** Next year's calls / liquid assets at the year's end; null without liquid assets or a next year. */
  nextCallsToLiquid: number | null
}

export interface PortfolioResult {
  /** The first year's commitment (each year's is in its row). */
  yearlyCommitment: number
  /** The years (calendar) the target is held over: from the first year at target to the horizon. */
  fitFrom: number
  fitTo: number
  /** Root mean square of (share - target) over those years, in share points (0.01 = 1 pp). */
  rmsShareGap: number
  /** Largest |share - target| over those years. */
  maxShareGap: number
  /** Private NAV today / total portfolio today. */
  shareToday: number
  /** Each year whose coverage is below 1x. */
  coverageWarnings: CoverageWarning[]
  /** First year the NAV share is at or above the target; null if never within the horizon. */
  firstYearAtTarget: number | null
  /**
   * 'ok'; 'exceeded' when the share today is already above the target; 'refused' when the plan
   * cannot be carried out.
   */
  status: 'ok' | 'exceeded' | 'refused'
  /**
   * Why the plan is refused: the first year it breaks a rule, and which; from planPortfolio also
   * the highest target share that can be held (null when even a target of 0 breaks).
   */
  refusal?: {
    year: number
    reason: 'share-above-total' | 'commitment-above-liquid'
    value: number
    highestTarget?: number | null
  }
  /** Rows are not to be shown when the plan is refused (docs/product.md: feasibility first). */
  rows: PortfolioYear[]
}

/** A problem with the plan, keyed like the query string (query.ts): e.g. `total`, `fund.2`. */
type PortfolioErrors = Record<string, string>

/** Yearly flows of one fund laid out on the plan's calendar (zeros before it starts). */
interface Track {
  contributions: Float64Array
  distributions: Float64Array
  nav: Float64Array
  unfunded: Float64Array
}

function emptyTrack(horizon: number): Track {
  return {
    contributions: new Float64Array(horizon),
    distributions: new Float64Array(horizon),
    nav: new Float64Array(horizon),
    unfunded: new Float64Array(horizon),
  }
}

function addRows(track: Track, rows: readonly ProjectionRow[], offset: number, scale = 1): void {
  for (let i = 0; i < rows.length && offset + i < track.nav.length; i++) {
    const r = rows[i]
    if (!r) continue
    const j = offset + i
    track.contributions[j] = (track.contributions[j] ?? 0) + r.contributions * scale
    track.distributions[j] = (track.distributions[j] ?? 0) + r.distributions * scale
    track.nav[j] = (track.nav[j] ?? 0) + r.nav * scale
    track.unfunded[j] = (track.unfunded[j] ?? 0) + r.unfunded * scale
  }
}

/** Years until a new fund of this class has called 90% of its commitment (the default ramp). */
export function defaultRampYears(assetClass: AssetClass): number {
  const rows = projectFund({
    ...PRESETS[assetClass].parameters,
    commitment: 1,
    years: MAX_YEARS,
  }).rows
  const index = rows.findIndex((r) => r.unfunded <= 0.1)
  return index === -1 ? rows.length : index + 1
}

/** Every rule the plan breaks, keyed by query field; empty when {@link planPortfolio} can run. */
export function findPortfolioPlanErrors(plan: PortfolioPlan): PortfolioErrors {
  const errors: PortfolioErrors = {}
  if (!Number.isFinite(plan.totalValue) || plan.totalValue <= 0)
    errors.total = 'Total portfolio must be a positive amount'
  else if (plan.totalValue > 1e15) errors.total = 'Total portfolio must be at most 1e15'
  if (!Number.isFinite(plan.totalGrowth) || plan.totalGrowth <= -1 || plan.totalGrowth > 1)
    errors.totalgrowth = 'Portfolio growth must be above -1 and at most 1 (0.05 is 5%)'
  if (!Number.isFinite(plan.targetShare) || plan.targetShare < 0 || plan.targetShare > 1)
    errors.target = 'Target share must be between 0 and 1 (0.15 is 15%)'
  if (!Number.isInteger(plan.horizon) || plan.horizon < 1 || plan.horizon > MAX_YEARS)
    errors.horizon = `Horizon must be a whole number of years from 1 to ${MAX_YEARS}`
  if (!Number.isInteger(plan.startYear) || plan.startYear < 1900 || plan.startYear > 2200)
    errors.start = 'Start year must be a calendar year between 1900 and 2200'
  if (!isAssetClass(plan.newCommitmentClass)) errors.class = 'Choose an asset class'
  if (
    plan.rampYears !== undefined &&
    (!Number.isInteger(plan.rampYears) || plan.rampYears < 0 || plan.rampYears > MAX_YEARS)
  )
    errors.ramp = `Ramp-up must be a whole number of years from 0 to ${MAX_YEARS}`
  if (
    plan.rampCap !== undefined &&
    (!Number.isFinite(plan.rampCap) || plan.rampCap < 0 || plan.rampCap > 10)
  )
    errors.rampcap = 'Ramp cap must be between 0 and 10 (0.5 is +50% a year)'
  if (plan.liquid !== undefined) {
    if (!Number.isFinite(plan.liquid) || plan.liquid < 0)
      errors.liquid = 'Liquid assets must be zero or a positive amount'
    else if (Number.isFinite(plan.totalValue) && plan.liquid > plan.totalValue - navToday(plan))
      errors.liquid = 'Liquid assets cannot exceed the total portfolio less private NAV today'
  }
  if (
    plan.minCommit !== undefined &&
    (!Number.isFinite(plan.minCommit) || plan.minCommit < 0 || plan.minCommit > 1)
  )
    errors.min_commit = 'Minimum commitment must be a share from 0 to 1 (0.25 is 25%)'
  if (plan.mix !== undefined) {
    const message = findMixError(plan.mix)
    if (message) errors.mix = message
  }
  plan.existingFunds.forEach((f, i) => {
    const message = findExistingFundError(f, plan.startYear)
    if (message) errors[`fund.${i}`] = `Fund ${i + 1}: ${message}`
  })
  return errors
}

/** The new commitments' strategies with weights adding up to 1. */
function mixOf(plan: PortfolioPlan): MixEntry[] {
  const mix = plan.mix ?? [{ assetClass: plan.newCommitmentClass, weight: 1 }]
  const sum = mix.reduce((total, m) => total + m.weight, 0)
  return mix.map((m) => ({ assetClass: m.assetClass, weight: m.weight / sum }))
}

function findExistingFundError(f: ExistingFund, startYear: number): string | null {
  if (!isAssetClass(f.assetClass)) return 'choose an asset class'
  if (!Number.isFinite(f.commitment) || f.commitment <= 0)
    return 'commitment must be a positive amount'
  if (f.commitment > MAX_AMOUNT) return 'commitment must be at most 1e12 (a trillion)'
  if (!Number.isInteger(f.vintage)) return 'vintage must be a calendar year'
  if (startYear - f.vintage > MAX_AGE) return `vintage must be at most ${MAX_AGE} years ago`
  if (!Number.isFinite(f.paidIn) || f.paidIn < 0) return 'paid-in must be zero or a positive amount'
  if (f.paidIn > f.commitment) return 'paid-in cannot exceed the commitment'
  if (!Number.isFinite(f.nav) || f.nav < 0) return 'NAV must be zero or a positive amount'
  if (f.nav > MAX_AMOUNT) return 'NAV must be at most 1e12 (a trillion)'
  if (f.rc !== undefined && !(f.rc >= 0 && f.rc <= 1)) return 'call rate must be between 0 and 1'
  if (f.life !== undefined && !(Number.isInteger(f.life) && f.life >= 1 && f.life <= 50))
    return 'life must be a whole number of years from 1 to 50'
  if (f.bow !== undefined && !(f.bow >= 0 && f.bow <= 20)) return 'bow must be between 0 and 20'
  if (f.growth !== undefined && !(f.growth > -0.99 && f.growth <= 1))
    return 'growth must be above -0.99 and at most 1'
  return null
}

/** The engine inputs of an existing fund: its class's preset at its age, then its own overrides. */
function existingFundInputs(f: ExistingFund, age: number) {
  const preset = presetParametersAtAge(f.assetClass, age)
  return {
    ...preset,
    ...(f.rc !== undefined ? { rc: f.rc } : {}),
    ...(f.life !== undefined ? { life: f.life } : {}),
    ...(f.bow !== undefined ? { bow: f.bow } : {}),
    ...(f.growth !== undefined ? { growth: f.growth } : {}),
  }
}

/** Private NAV today: the existing funds' NAV of those already under way. */
function navToday(plan: PortfolioPlan): number {
  return plan.existingFunds.reduce((sum, f) => (f.vintage < plan.startYear ? sum + f.nav : sum), 0)
}

/** The liquid part today: the total less the private NAV of the funds already under way. */
export function liquidPartToday(plan: PortfolioPlan): number {
  return plan.totalValue - navToday(plan)
}

/** One fund of a plan on its calendar (the shape montecarlo.ts simulates). */
export interface PlanFund {
  inputs: FundInputs
  /** The plan year (0: the start year) of the fund's first projected year. */
  offset: number
  /** Its flows and NAV count this many times: 1, or a year's new commitment per unit. */
  scale: number
  /** One of the yearly new commitments (a cohort), not an existing fund. */
  isNew: boolean
}

/**
 * Every fund of a plan over its horizon, with `commitments` (one a year, as solved) held: the
 * existing funds in their order, then one cohort a year, each projected per unit of commitment
 * and scaled, as {@link planPortfolio} adds them. Projecting these funds gives the plan's rows
 * again ({@link projectHeldPlan}); a scenario or a simulation changes their inputs.
 */
export function planFunds(plan: PortfolioPlan, commitments: ArrayLike<number>): PlanFund[] {
  const H = plan.horizon
  const funds: PlanFund[] = []
  for (const f of plan.existingFunds) {
    const offset = Math.max(0, f.vintage - plan.startYear)
    if (offset >= H) continue
    const age = Math.max(0, plan.startYear - f.vintage)
    const inputs: FundInputs = {
      ...existingFundInputs(f, age),
      commitment: f.commitment,
      age,
      nav: f.nav,
      paid: f.paidIn,
      years: H - offset,
    }
    funds.push({ inputs, offset, scale: 1, isNew: false })
  }
  const mix = mixOf(plan)
  for (let j = 0; j < H; j++) {
    const x = commitments[j] ?? 0
    // A year without a new commitment adds nothing.
    if (x > 0)
      for (const { assetClass, weight } of mix)
        funds.push({
          inputs: { ...PRESETS[assetClass].parameters, commitment: 1, years: H - j },
          offset: j,
          scale: x * weight,
          isNew: true,
        })
  }
  return funds
}

/**
 * The plan with its commitments held and its funds as given (a scenario's, plan-scenarios.ts):
 * each fund projected, added up in order, and summarised as {@link planPortfolio} does.
 */
export function projectHeldPlan(
  plan: PortfolioPlan,
  funds: readonly PlanFund[],
  commitments: ArrayLike<number>,
  liquidShock?: LiquidShock,
): PortfolioResult {
  const flows = emptyTrack(plan.horizon)
  const newNav = new Float64Array(plan.horizon)
  for (const f of funds) {
    const { rows } = projectFund(f.inputs)
    addRows(flows, rows, f.offset, f.scale)
    if (!f.isNew) continue
    for (let i = 0; i < rows.length && f.offset + i < plan.horizon; i++)
      newNav[f.offset + i] = (newNav[f.offset + i] as number) + (rows[i]?.nav ?? 0) * f.scale
  }
  return summarizePlan(plan, flows, newNav, commitments, liquidShock)
}

/** A stress year's markdown of the liquid part: the plan year (0-based) and the share lost. */
export interface LiquidShock {
  year: number
  markdown: number
}

/**
 * Project the plan and solve each year's commitment (see the module comment for the rule).
 * Throws a RangeError on a plan {@link findPortfolioPlanErrors} rejects.
 */
export function planPortfolio(plan: PortfolioPlan): PortfolioResult {
  const errors = Object.entries(findPortfolioPlanErrors(plan))
  if (errors.length > 0) throw new RangeError(errors.map(([k, m]) => `${k}: ${m}`).join('; '))
  const result = solvePlan(plan)
  if (!result.refusal) return result
  // Feasibility first: a refused plan has no rows to show, only why and what can be held.
  return {
    ...result,
    rows: [],
    coverageWarnings: [],
    firstYearAtTarget: null,
    refusal: { ...result.refusal, highestTarget: highestTarget(plan) },
  }
}

/**
 * The highest target share (to 0.1 point, rounded down) whose plan is not refused, by bisection
 * between 0 and the plan's target; null when even a target of 0 breaks (the existing funds alone
 * need more than the portfolio has).
 */
function highestTarget(plan: PortfolioPlan): number | null {
  const holds = (target: number) => !solvePlan({ ...plan, targetShare: target }).refusal
  if (!holds(0)) return null
  let lo = 0
  let hi = plan.targetShare
  while (hi - lo > 1e-4) {
    const mid = (lo + hi) / 2
    if (holds(mid)) lo = mid
    else hi = mid
  }
  return Math.floor(lo * 1000 + 1e-9) / 1000
}

/** A plan's unit fund: $1 of new commitment at the start of year 0, split by the mix. */
function unitTrack(plan: PortfolioPlan, years: number): Track {
  const unit = emptyTrack(years)
  for (const { assetClass, weight } of mixOf(plan))
    addRows(
      unit,
      projectFund({ ...PRESETS[assetClass].parameters, commitment: 1, years }).rows,
      0,
      weight,
    )
  return unit
}

/** Years until the unit fund has called 90% of its commitment (the default ramp). */
function rampYearsOf(unit: Track): number {
  const index = unit.unfunded.findIndex((u) => u <= 0.1)
  return index === -1 ? unit.unfunded.length : index + 1
}

/** The solve of {@link planPortfolio}, without the search for the highest target. */
function solvePlan(plan: PortfolioPlan): PortfolioResult {
  const H = plan.horizon
  const s = plan.targetShare
  const g = plan.totalGrowth
  const cap = plan.rampCap ?? DEFAULT_RAMP_CAP
  const floorShare = plan.minCommit ?? DEFAULT_MIN_COMMIT
  // Each year's commitment is aimed at the years it shapes: `lead` years on (by default the years
  // its class takes to call 90%), over `window` years (the longest life of the mix). The
  // projection runs on past the horizon so the last commitments are judged on what they build,
  // not on their first calls; only the horizon's years are shown.
  const lead = plan.rampYears ?? rampYearsOf(unitTrack(plan, MAX_YEARS))
  const window = Math.max(1, ...mixOf(plan).map((m) => PRESETS[m.assetClass].parameters.life))
  const N = Math.min(H + lead + window, MAX_YEARS + MAX_YEARS)

  const flows = emptyTrack(N)
  for (const f of plan.existingFunds) {
    const offset = Math.max(0, f.vintage - plan.startYear)
    if (offset >= N) continue
    const age = Math.max(0, plan.startYear - f.vintage)
    const projection = projectFund({
      // The preset's call schedule is by fund age; skip the years this fund has already lived.
      ...existingFundInputs(f, age),
      commitment: f.commitment,
      age,
      nav: f.nav,
      paid: f.paidIn,
      years: N - offset,
    })
    addRows(flows, projection.rows, offset)
  }

  // A $1 commitment made at the start of year 0.
  const unit = unitTrack(plan, N)
  // Private NAV per $1 a year committed in steady state, commitments growing with the liquid part.
  let steadyNav = 0
  for (let m = 0; m < N; m++) steadyNav += (unit.nav[m] ?? 0) / Math.pow(1 + g, m)

  const nav0 = navToday(plan)
  const liquidPart0 = plan.totalValue - nav0

  const commitments = new Float64Array(N)
  const totals = new Float64Array(N)
  let previousLiquid = liquidPart0
  let reached = plan.totalValue > 0 && nav0 / plan.totalValue >= s - SHARE_TOLERANCE
  for (let j = 0; j < N; j++) {
    const from = Math.min(N - 1, j + lead)
    const to = Math.min(N, from + window)
    // Later commitments are assumed to grow as the total portfolio did last year.
    const before = j >= 2 ? (totals[j - 2] ?? 0) : plan.totalValue
    const last = j >= 1 ? (totals[j - 1] ?? 0) : plan.totalValue
    const grow = before > 0 && last > 0 ? last / before : 1 + g
    let bl = previousLiquid
    let pl = 0
    // The programme X_j, X_j grow, X_j grow^2, ... per $1 of X_j: its calls, distributions, NAV.
    let pc = 0
    let pd = 0
    let pn = 0
    let num = 0
    let den = 0
    let most = Infinity
    for (let k = j; k < to; k++) {
      pc = (unit.contributions[k - j] ?? 0) + grow * pc
      pd = (unit.distributions[k - j] ?? 0) + grow * pd
      pn = (unit.nav[k - j] ?? 0) + grow * pn
      bl = bl * (1 + g) - (flows.contributions[k] ?? 0) + (flows.distributions[k] ?? 0)
      pl = pl * (1 + g) - pc + pd
      const nav = flows.nav[k] ?? 0
      const newNav = pn
      const total = bl + nav
      if (!(total > 0)) continue
      // No year ahead may be pushed above the target by more than half the band.
      const above = newNav - (s + HOLD_BAND / 2) * (pl + newNav)
      if (k > j && above > 0) most = Math.min(most, ((s + HOLD_BAND / 2) * total - nav) / above)
      if (k < from) continue
      // share - target, linear in X once multiplied by the total: (P - s T) + X (a - s (l + a)).
      const r0 = nav - s * total
      const b = newNav - s * (pl + newNav)
      const w = 1 / (total * total)
      num -= w * r0 * b
      den += w * b * b
    }
    let x = den > 0 ? Math.max(0, Math.min(most, num / den)) : 0
    // Before the target is first reached, a commitment grows at most by the ramp cap a year.
    const prev = j > 0 ? (commitments[j - 1] ?? 0) : 0
    if (!reached && prev > 0) x = Math.min(x, prev * (1 + cap))
    // The floor: a share of the steady-state commitment, so no vintage year is left empty.
    if (steadyNav > 0) x = Math.max(x, (floorShare * s * last) / steadyNav)
    commitments[j] = x
    for (let k = j; k < N; k++) {
      flows.contributions[k] = (flows.contributions[k] ?? 0) + x * (unit.contributions[k - j] ?? 0)
      flows.distributions[k] = (flows.distributions[k] ?? 0) + x * (unit.distributions[k - j] ?? 0)
      flows.nav[k] = (flows.nav[k] ?? 0) + x * (unit.nav[k - j] ?? 0)
      flows.unfunded[k] = (flows.unfunded[k] ?? 0) + x * (unit.unfunded[k - j] ?? 0)
    }
    previousLiquid =
      previousLiquid * (1 + g) - (flows.contributions[j] ?? 0) + (flows.distributions[j] ?? 0)
    const total = previousLiquid + (flows.nav[j] ?? 0)
    totals[j] = total
    if (!reached && total > 0 && (flows.nav[j] ?? 0) / total >= s - SHARE_TOLERANCE) reached = true
  }

  const newNav = new Float64Array(H)
  for (let j = 0; j < H; j++)
    for (let i = 0; i <= j; i++)
      newNav[j] = (newNav[j] as number) + (commitments[i] ?? 0) * (unit.nav[j - i] ?? 0)
  return summarizePlan(plan, flows, newNav, commitments)
}

/**
 * The rows and figures of a plan whose flows are known: `flows` of every fund on the plan's
 * calendar, `newNav` of the new commitments alone, `commitments` made each year. The liquid part
 * follows from the flows year by year, as the solve computed it.
 */
function summarizePlan(
  plan: PortfolioPlan,
  flows: Track,
  newNavs: ArrayLike<number>,
  commitments: ArrayLike<number>,
  liquidShock?: LiquidShock,
): PortfolioResult {
  const H = plan.horizon
  const s = plan.targetShare
  const g = plan.totalGrowth
  const nav0 = navToday(plan)
  const liquidPart0 = plan.totalValue - nav0
  // The liquid assets that meet calls, as a share of the liquid part (held at that share).
  const liquidShare = plan.liquid === undefined || liquidPart0 <= 0 ? 1 : plan.liquid / liquidPart0
  const rows: PortfolioYear[] = new Array(H)
  let firstYearAtTarget: number | null = null
  let refusal: PortfolioResult['refusal']
  const warnings: CoverageWarning[] = []
  let liquidBefore = liquidPart0
  for (let j = 0; j < H; j++) {
    const year = plan.startYear + j
    const privateNav = flows.nav[j] ?? 0
    const contributions = flows.contributions[j] ?? 0
    const distributions = flows.distributions[j] ?? 0
    const markdown = liquidShock?.year === j ? 1 - liquidShock.markdown : 1
    const liquid = liquidBefore * (1 + g) * markdown - contributions + distributions
    const totalPortfolio = liquid + privateNav
    const navShare = totalPortfolio > 0 ? privateNav / totalPortfolio : Infinity
    const liquidAssets = liquidBefore * liquidShare
    const coverage = contributions > 0 ? liquidAssets / contributions : null
    const unfunded = flows.unfunded[j] ?? 0
    const newCommitment = commitments[j] ?? 0
    if (firstYearAtTarget === null && navShare >= s - SHARE_TOLERANCE) firstYearAtTarget = year
    if (coverage !== null && coverage < 1) warnings.push({ year, coverage })
    if (!refusal) {
      // The plan needs more than the portfolio has: private NAV above the total (a share above
      // 100%), or a year's new commitment above the liquid part left to pay its calls.
      if (!(navShare <= 1 + SHARE_TOLERANCE) || liquid < 0)
        refusal = { year, reason: 'share-above-total', value: navShare }
      else if (newCommitment > Math.max(0, liquidBefore))
        refusal = { year, reason: 'commitment-above-liquid', value: newCommitment }
    }
    const liquidEnd = Math.max(0, liquid) * liquidShare
    // The horizon's last year has no next year in the plan.
    const nextCalls = j + 1 < H ? flows.contributions[j + 1] : undefined
    rows[j] = {
      year,
      privateNav,
      newNav: newNavs[j] ?? 0,
      totalPortfolio,
      liquidPart: liquid,
      navShare,
      targetShare: s,
      unfunded,
      unfundedToNav: privateNav > 0 ? unfunded / privateNav : null,
      contributions,
      distributions,
      netCashFlow: distributions - contributions,
      newCommitment,
      liquidAssets,
      coverage,
      unfundedCoverage: unfunded > 0 ? liquidEnd / unfunded : null,
      overcommitment:
        s > 0 && totalPortfolio > 0 ? (privateNav + unfunded) / (s * totalPortfolio) : null,
      nextCallsToLiquid: nextCalls !== undefined && liquidEnd > 0 ? nextCalls / liquidEnd : null,
    }
    liquidBefore = liquid
  }
  const holdFrom = firstYearAtTarget === null ? H : firstYearAtTarget - plan.startYear
  let squaredGaps = 0
  let maxGap = 0
  for (let j = holdFrom; j < H; j++) {
    const gap = (rows[j]?.navShare ?? 0) - s
    squaredGaps += gap * gap
    maxGap = Math.max(maxGap, Math.abs(gap))
  }
  const exceeded = s > 0 && plan.totalValue > 0 && nav0 / plan.totalValue > s + SHARE_TOLERANCE
  const status: PortfolioResult['status'] = refusal ? 'refused' : exceeded ? 'exceeded' : 'ok'
  return {
    yearlyCommitment: commitments[0] ?? 0,
    status,
    ...(refusal ? { refusal } : {}),
    fitFrom: plan.startYear + Math.min(holdFrom, H - 1),
    fitTo: plan.startYear + H - 1,
    rmsShareGap: holdFrom < H ? Math.sqrt(squaredGaps / (H - holdFrom)) : 0,
    maxShareGap: maxGap,
    firstYearAtTarget,
    shareToday: plan.totalValue > 0 ? nav0 / plan.totalValue : 0,
    coverageWarnings: warnings,
    rows,
  }
}

/**
 * The denominator effect: the private share after one year in which public (liquid) assets return
 * `publicReturn` and private NAV `privateReturn`, from a private share `share` (both returns
 * > -1). A 20% share with public -40% and private -10% becomes 18 / (18 + 48) = 27.3%.
 */
export function shareAfterShock(share: number, publicReturn: number, privateReturn: number) {
  const privateValue = share * (1 + privateReturn)
  const publicValue = (1 - share) * (1 + publicReturn)
  return privateValue / (privateValue + publicValue)
}
