/**
 * The portfolio plan of docs/product.md, "Pacing Lab": existing funds plus one constant yearly new
 * commitment into a chosen asset class, and the commitment that brings private NAV to a target
 * share of the total portfolio.
 *
 * ## Conventions
 *
 * - Calendar years. "Today" is the end of `startYear - 1`; the first projected year is
 *   `startYear`. An existing fund's `paidIn` and `nav` are as of today, and its age today is
 *   `startYear - vintage` (a fund of vintage `startYear - 1` has finished one year). A fund whose
 *   vintage is `startYear` or later starts at age 0 in its vintage year.
 * - Each fund follows the preset of its asset class (presets.ts) and the one-fund engine.
 * - The total portfolio grows at `totalGrowth` a year from `totalValue` today, independent of the
 *   plan: calls are paid from, and distributions return to, the liquid part of the same portfolio.
 * - A new commitment of X is made at the start of every projected year (vintages `startYear` to
 *   `startYear + horizon - 1`), so its first call falls at the end of that year.
 *
 * ## What is solved
 *
 * Every flow of a new fund is proportional to its commitment, so private NAV in year j is
 * `E_j + X * a_j` (E: existing funds; a_j: NAV of a $1-a-year programme). The plan chooses
 *
 *     X >= 0 minimising  sum over j in the fit window of (share_j(X) - target)^2,
 *     share_j(X) = (E_j + X * a_j) / Total_j
 *
 * a least-squares fit of the NAV share to the target, solved exactly (it is a quadratic in X) and
 * clamped at 0 when existing funds already exceed the target. The fit window leaves out the first
 * `rampYears` years, during which a new programme cannot build NAV whatever it commits; by default
 * that is how many years the chosen class takes to call 90% of a commitment (4 for buyout, 6 for
 * venture), never the whole horizon. Squared share gaps (not currency gaps) weigh every year alike
 * although the total portfolio grows.
 */
import { MAX_AGE, MAX_AMOUNT, MAX_YEARS, projectFund, type ProjectionRow } from './engine.ts'
import { PRESETS, isAssetClass, presetParametersAtAge, type AssetClass } from './presets.ts'

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
}

export interface PortfolioPlan {
  /** Total portfolio value today (> 0), private NAV included. */
  totalValue: number
  /** Yearly growth of the total portfolio (> -1). */
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
  /** Years left out of the fit; default {@link defaultRampYears}, at most horizon - 1. */
  rampYears?: number
}

export interface PortfolioYear {
  /** Calendar year (flows at its end). */
  year: number
  privateNav: number
  /** Of which from the new yearly commitments. */
  newNav: number
  totalPortfolio: number
  /** privateNav / totalPortfolio. */
  navShare: number
  targetShare: number
  /** Commitments not yet called, existing and new funds. */
  unfunded: number
  contributions: number
  distributions: number
  /** distributions - contributions. */
  netCashFlow: number
  /** The new commitment made this year. */
  newCommitment: number
}

interface PortfolioResult {
  /** X: the constant commitment made every projected year. */
  yearlyCommitment: number
  /** The years (calendar) the fit covers, inclusive. */
  fitFrom: number
  fitTo: number
  /** Root mean square of (share - target) over the fit window, in share points (0.01 = 1 pp). */
  rmsShareGap: number
  /** First year the NAV share is at or above the target; null if never within the horizon. */
  firstYearAtTarget: number | null
  /**
   * 'ok'; 'exceeded' when the existing funds alone hold the share at or above the target over the
   * fit window (no new commitment is needed); 'refused' when the plan cannot be carried out.
   */
  status: 'ok' | 'exceeded' | 'refused'
  /** Why the plan is refused: the first year it breaks a rule, and which. */
  refusal?: { year: number; reason: 'share-above-total' | 'commitment-above-liquid'; value: number }
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
  plan.existingFunds.forEach((f, i) => {
    const message = findExistingFundError(f, plan.startYear)
    if (message) errors[`fund.${i}`] = `Fund ${i + 1}: ${message}`
  })
  return errors
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
  return null
}

/**
 * Project the plan and solve the yearly commitment (see the module comment for the objective).
 * Throws a RangeError on a plan {@link findPortfolioPlanErrors} rejects.
 */
export function planPortfolio(plan: PortfolioPlan): PortfolioResult {
  const errors = Object.entries(findPortfolioPlanErrors(plan))
  if (errors.length > 0) throw new RangeError(errors.map(([k, m]) => `${k}: ${m}`).join('; '))
  const H = plan.horizon

  const existing = emptyTrack(H)
  for (const f of plan.existingFunds) {
    const offset = Math.max(0, f.vintage - plan.startYear)
    if (offset >= H) continue
    const age = Math.max(0, plan.startYear - f.vintage)
    const projection = projectFund({
      // The preset's call schedule is by fund age; skip the years this fund has already lived.
      ...presetParametersAtAge(f.assetClass, age),
      commitment: f.commitment,
      age,
      nav: f.nav,
      paid: f.paidIn,
      years: H - offset,
    })
    addRows(existing, projection.rows, offset)
  }

  // Flows of a $1 commitment made in the first year. A programme of $1 every year is, in year j,
  // the sum of that fund's flows at ages 1..j+1: a running sum, linear in H.
  const unit = emptyTrack(H)
  const unitParameters = PRESETS[plan.newCommitmentClass].parameters
  addRows(unit, projectFund({ ...unitParameters, commitment: 1, years: H }).rows, 0)
  const programme = emptyTrack(H)
  for (const key of ['contributions', 'distributions', 'nav', 'unfunded'] as const) {
    const u = unit[key]
    const out = programme[key]
    let sum = 0
    for (let j = 0; j < H; j++) {
      sum += u[j] ?? 0
      out[j] = sum
    }
  }

  const totals = new Float64Array(H)
  for (let j = 0; j < H; j++) totals[j] = plan.totalValue * Math.pow(1 + plan.totalGrowth, j + 1)

  const ramp = Math.min(plan.rampYears ?? defaultRampYears(plan.newCommitmentClass), H - 1)
  // d/dX of sum (E_j/T_j + X a_j/T_j - s)^2 = 0 gives X = sum w_j (s - e_j) / sum w_j^2.
  let num = 0
  let den = 0
  for (let j = ramp; j < H; j++) {
    const t = totals[j] ?? 1
    const w = (programme.nav[j] ?? 0) / t
    num += w * (plan.targetShare - (existing.nav[j] ?? 0) / t)
    den += w * w
  }
  const yearlyCommitment = den > 0 ? Math.max(0, num / den) : 0

  const rows: PortfolioYear[] = new Array(H)
  let squaredGaps = 0
  let firstYearAtTarget: number | null = null
  for (let j = 0; j < H; j++) {
    const X = yearlyCommitment
    const newNav = X * (programme.nav[j] ?? 0)
    const privateNav = (existing.nav[j] ?? 0) + newNav
    const contributions = (existing.contributions[j] ?? 0) + X * (programme.contributions[j] ?? 0)
    const distributions = (existing.distributions[j] ?? 0) + X * (programme.distributions[j] ?? 0)
    const totalPortfolio = totals[j] ?? 0
    const navShare = privateNav / totalPortfolio
    const year = plan.startYear + j
    if (j >= ramp) squaredGaps += (navShare - plan.targetShare) ** 2
    // A hair of tolerance so a share equal to the target up to rounding counts as reached.
    if (firstYearAtTarget === null && navShare >= plan.targetShare - 1e-9) firstYearAtTarget = year
    rows[j] = {
      year,
      privateNav,
      newNav,
      totalPortfolio,
      navShare,
      targetShare: plan.targetShare,
      unfunded: (existing.unfunded[j] ?? 0) + X * (programme.unfunded[j] ?? 0),
      contributions,
      distributions,
      netCashFlow: distributions - contributions,
      newCommitment: X,
    }
  }
  // A plan is refused when it would need more than the portfolio has: private NAV above the total
  // (a share above 100%), or a year's new commitment above the liquid assets (total - private NAV).
  let refusal: PortfolioResult['refusal']
  for (const r of rows) {
    if (r.navShare > 1 + 1e-9) {
      refusal = { year: r.year, reason: 'share-above-total', value: r.navShare }
      break
    }
    const liquid = r.totalPortfolio - r.privateNav
    if (r.newCommitment > liquid) {
      refusal = { year: r.year, reason: 'commitment-above-liquid', value: r.newCommitment }
      break
    }
  }
  const status: PortfolioResult['status'] = refusal
    ? 'refused'
    : num <= 0 && plan.targetShare > 0
      ? 'exceeded'
      : 'ok'
  return {
    yearlyCommitment,
    status,
    ...(refusal ? { refusal } : {}),
    fitFrom: plan.startYear + ramp,
    fitTo: plan.startYear + H - 1,
    rmsShareGap: Math.sqrt(squaredGaps / (H - ramp)),
    firstYearAtTarget,
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
