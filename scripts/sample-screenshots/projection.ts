/**
 * A real Takahashi-Alexander pacing projection of a sample private-markets programme, so the
 * sample screenshots show numbers that hang together: commitments by strategy and vintage,
 * quarterly calls, distributions and NAV, exposure, and TVPI/DPI/IRR.
 *
 * Per fund and quarter (Takahashi & Alexander, 2002, on a quarterly grid):
 *   call_t  = RC(age) * unfunded_{t-1}
 *   dist_t  = RD(age) * NAV_{t-1} * (1 + g),   RD(age) = (age / L) ^ B   (capped at 1)
 *   NAV_t   = NAV_{t-1} * (1 + g) + call_t - dist_t
 * Quarters up to the as-of date carry deterministic noise, so "actuals" differ from the plan.
 * Every year is an offset from the as-of date (sample-dates.ts).
 */
import type { AsOf } from './sample-dates.ts'

export const STRATEGIES = [
  'Buyout',
  'Growth Equity',
  'Venture Capital',
  'Private Credit',
  'Real Estate',
  'Infrastructure',
] as const
export type Strategy = (typeof STRATEGIES)[number]

export const STRATEGY_COLORS: Record<Strategy, string> = {
  Buyout: '#10294b',
  'Growth Equity': '#2f5c96',
  'Venture Capital': '#7b9fd0',
  'Private Credit': '#0f7a63',
  'Real Estate': '#4fb89c',
  Infrastructure: '#d9a23d',
}

interface PacingParams {
  /** Yearly contribution rates by fund age 1, 2, 3, then the rate for later years. */
  callRates: [number, number, number, number]
  /** Fund life in years. */
  life: number
  /** Bow: higher means distributions come later. */
  bow: number
  /** Annual NAV growth. */
  growth: number
  /** Annual yield paid out regardless of age (credit, real assets). */
  yield: number
}

export const PACING: Record<Strategy, PacingParams> = {
  Buyout: { callRates: [0.25, 0.33, 0.5, 0.5], life: 12, bow: 2.5, growth: 0.13, yield: 0 },
  'Growth Equity': { callRates: [0.3, 0.35, 0.5, 0.5], life: 11, bow: 2.6, growth: 0.14, yield: 0 },
  'Venture Capital': {
    callRates: [0.2, 0.25, 0.33, 0.4],
    life: 14,
    bow: 3.2,
    growth: 0.16,
    yield: 0,
  },
  'Private Credit': {
    callRates: [0.45, 0.5, 0.6, 0.6],
    life: 7,
    bow: 1.6,
    growth: 0.09,
    yield: 0.06,
  },
  'Real Estate': {
    callRates: [0.35, 0.45, 0.5, 0.5],
    life: 10,
    bow: 2.2,
    growth: 0.08,
    yield: 0.04,
  },
  Infrastructure: {
    callRates: [0.3, 0.4, 0.5, 0.5],
    life: 13,
    bow: 2.3,
    growth: 0.09,
    yield: 0.035,
  },
}

export const GEOGRAPHIES = ['North America', 'Europe', 'Asia-Pacific', 'Global'] as const

interface Fund {
  id: string
  name: string
  gp: string
  strategy: Strategy
  geography: (typeof GEOGRAPHIES)[number]
  vintage: number
  /** $M */
  commitment: number
  planned: boolean
}

interface Quarter {
  year: number
  q: 1 | 2 | 3 | 4
  call: number
  dist: number
  nav: number
  unfunded: number
  actual: boolean
}

export interface FundProjection {
  fund: Fund
  quarters: Quarter[]
}

/**
 * Deterministic pseudo-random numbers (mulberry32), so every run draws the same pictures. The
 * project's one hand-written PRNG (the fuzz tests draw from fast-check): another generator would
 * redraw every sample screenshot.
 */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const GP_NAMES: Record<Strategy, string[]> = {
  Buyout: ['Northbridge Capital', 'Halvard Partners', 'Crestline Equity', 'Marlow & Finch'],
  'Growth Equity': ['Summit Ridge Growth', 'Alder Street Capital', 'Keystone Growth'],
  'Venture Capital': ['Foundry Peak Ventures', 'Blue Lantern Ventures', 'Orbit Seed Partners'],
  'Private Credit': ['Granite Lending', 'Meridian Direct Lending', 'Harbor Senior Credit'],
  'Real Estate': ['Ironwood Real Estate', 'Calder Property Partners', 'Westgate Realty'],
  Infrastructure: ['Tidewater Infrastructure', 'Pylon Core Infra', 'Aurora Energy Transition'],
}

const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X']

/**
 * Programme size: the sample family office has about $420M in total today, inside the $500M
 * audience (docs/product.md) (an earlier sample implied $576M).
 */
const SCALE = 0.72

function scaled(amount: number): number {
  return Math.round(amount * SCALE * 2) / 2
}

/**
 * The existing commitments, about $280M over 24 funds, one to three a year in the ten vintages
 * up to the as-of year.
 */
function existingFunds(asOf: AsOf): Fund[] {
  const rand = random(7)
  // Strategy, years before the as-of year, commitment ($M before SCALE).
  const plan: [Strategy, number, number][] = [
    ['Buyout', 9, 15],
    ['Venture Capital', 8, 8],
    ['Real Estate', 8, 12],
    ['Buyout', 7, 20],
    ['Private Credit', 7, 15],
    ['Growth Equity', 6, 12],
    ['Infrastructure', 6, 15],
    ['Buyout', 5, 20],
    ['Venture Capital', 5, 10],
    ['Private Credit', 5, 18],
    ['Real Estate', 4, 15],
    ['Growth Equity', 4, 15],
    ['Buyout', 3, 25],
    ['Infrastructure', 3, 20],
    ['Venture Capital', 3, 10],
    ['Private Credit', 2, 20],
    ['Buyout', 2, 22],
    ['Growth Equity', 2, 15],
    ['Real Estate', 1, 12],
    ['Infrastructure', 1, 18],
    ['Buyout', 1, 25],
    ['Venture Capital', 0, 10],
    ['Private Credit', 0, 20],
    ['Growth Equity', 0, 15],
  ]
  const used = new Map<string, number>()
  return plan.map(([strategy, yearsBefore, commitment], index) => {
    const gps = GP_NAMES[strategy]
    const gp = gps[index % gps.length]!
    const fundNo = (used.get(gp) ?? Math.floor(rand() * 4) + 2) + 1
    used.set(gp, fundNo)
    const suffix =
      strategy === 'Private Credit'
        ? 'Credit Fund'
        : strategy === 'Real Estate'
          ? 'Property Fund'
          : 'Fund'
    return {
      id: `F${String(index + 1).padStart(3, '0')}`,
      name: `${gp} ${suffix} ${ROMAN[fundNo - 1] ?? fundNo}`,
      gp,
      strategy,
      geography: GEOGRAPHIES[Math.floor(rand() * GEOGRAPHIES.length)]!,
      vintage: asOf.year - yearsBefore,
      commitment: scaled(commitment),
      planned: false,
    }
  })
}

/** The plan year (index into planYears) of the opportunistic Buyout secondary. */
export const SECONDARY_PLAN_YEAR = 3
/** The plan year with lighter commitments across the strategies. */
const LIGHT_PLAN_YEAR = 5

/** Planned yearly commitments by strategy for the plan years ($M), rising with the portfolio. */
function plannedCommitments(asOf: AsOf): Record<Strategy, number[]> {
  const base: Record<Strategy, number> = {
    Buyout: 12,
    'Growth Equity': 7,
    'Venture Capital': 4,
    'Private Credit': 8,
    'Real Estate': 5,
    Infrastructure: 6,
  }
  const out = {} as Record<Strategy, number[]>
  for (const strategy of STRATEGIES) {
    out[strategy] = asOf.planYears.map((_, i) => {
      const grown = base[strategy] * Math.pow(1.05, i)
      // An opportunistic secondary and a lighter year make the plan look planned.
      const bump =
        i === SECONDARY_PLAN_YEAR && strategy === 'Buyout' ? 6 : i === LIGHT_PLAN_YEAR ? -1.5 : 0
      return scaled(grown + bump)
    })
  }
  return out
}

function plannedFunds(asOf: AsOf, plan: Record<Strategy, number[]>): Fund[] {
  const funds: Fund[] = []
  for (const strategy of STRATEGIES) {
    plan[strategy].forEach((commitment, i) => {
      const vintage = asOf.planYears[i]!
      funds.push({
        id: `P${strategy.slice(0, 2).toUpperCase()}${vintage}`,
        name: `Planned ${strategy} ${vintage}`,
        gp: 'Planned',
        strategy,
        geography: 'Global',
        vintage,
        commitment,
        planned: true,
      })
    })
  }
  return funds
}

function isActual(asOf: AsOf, year: number, q: number): boolean {
  return year < asOf.year || (year === asOf.year && q <= asOf.quarter)
}

/**
 * The quarter of a fund's first close: Q2 of its vintage year, or the as-of quarter when that is
 * earlier (a commitment of the as-of year is on the books by the as-of date).
 */
export function firstCloseQuarter(asOf: AsOf, vintage: number): number {
  return vintage === asOf.year ? Math.min(2, asOf.quarter) : 2
}

/**
 * The noise of each fund's actual quarters is seeded by its vintage's offset from the as-of
 * year, counted from 2025, the as-of year the samples were first drawn for: a later as-of date
 * moves the labels and keeps the pictures.
 */
const NOISE_BASE_YEAR = 2025

function projectFund(fund: Fund, asOf: AsOf, seed = 1): FundProjection {
  const p = PACING[fund.strategy]
  const rand = random(seed * 7919 + NOISE_BASE_YEAR + fund.vintage - asOf.year)
  const firstClose = firstCloseQuarter(asOf, fund.vintage)
  const gq = Math.pow(1 + p.growth, 0.25) - 1
  const yq = Math.pow(1 + p.yield, 0.25) - 1
  let nav = 0
  let unfunded = fund.commitment
  const quarters: Quarter[] = []
  for (let year = fund.vintage; year <= asOf.lastYear; year++) {
    for (const q of [1, 2, 3, 4] as const) {
      if (year === fund.vintage && q < firstClose) continue
      const ageYears = year - fund.vintage + (q - 2) / 4 + 0.25
      const yearIndex = Math.min(3, Math.floor(ageYears - 0.001))
      const rcYear = p.callRates[Math.max(0, yearIndex)]!
      const rcq = 1 - Math.pow(1 - rcYear, 0.25)
      const rdYear = Math.min(1, Math.pow(ageYears / p.life, p.bow))
      const rdq = Math.min(1, 1 - Math.pow(1 - rdYear, 0.25) + yq)
      const actual = isActual(asOf, year, q)
      const noise = actual ? 0.75 + rand() * 0.5 : 1
      const growthNoise = actual ? (rand() - 0.45) * 0.05 : 0
      const grown = nav * (1 + gq + growthNoise)
      let call = Math.min(unfunded, rcq * unfunded * noise)
      if (ageYears > p.life - 2) call = 0
      const dist = Math.min(grown, grown * rdq * (actual ? 0.7 + rand() * 0.6 : 1))
      nav = grown + call - dist
      unfunded -= call
      if (ageYears >= p.life + 2) {
        // Wind-down: the residual NAV is distributed.
        quarters.push({ year, q, call: 0, dist: nav, nav: 0, unfunded: 0, actual })
        return { fund, quarters }
      }
      quarters.push({ year, q, call, dist, nav, unfunded, actual })
    }
  }
  return { fund, quarters }
}

export interface YearRow {
  year: number
  calls: number
  dists: number
  nav: number
  unfunded: number
  commitments: number
}

/** Sums projections by calendar year (NAV and unfunded at year end). */
function byYear(projections: FundProjection[], years: number[]): YearRow[] {
  return years.map((year) => {
    let calls = 0
    let dists = 0
    let nav = 0
    let unfunded = 0
    let commitments = 0
    for (const { fund, quarters } of projections) {
      if (fund.vintage === year) commitments += fund.commitment
      const inYear = quarters.filter((row) => row.year === year)
      for (const row of inYear) {
        calls += row.call
        dists += row.dist
      }
      const last = inYear[inYear.length - 1]
      if (last) {
        nav += last.nav
        unfunded += last.unfunded
      } else if (fund.vintage > year) {
        // not yet committed
      }
    }
    return { year, calls, dists, nav, unfunded, commitments }
  })
}

/** Annualised IRR of quarterly cash flows by bisection; null when it does not bracket. */
function irr(flows: number[]): number | null {
  const npv = (rate: number) =>
    flows.reduce((sum, flow, t) => sum + flow / Math.pow(1 + rate, t), 0)
  let lo = -0.5
  let hi = 1
  if (npv(lo) * npv(hi) > 0) return null
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2
    if (npv(lo) * npv(mid) <= 0) hi = mid
    else lo = mid
  }
  return Math.pow(1 + (lo + hi) / 2, 4) - 1
}

interface FundMetrics {
  paidIn: number
  distributed: number
  nav: number
  unfunded: number
  dpi: number
  tvpi: number
  irr: number | null
}

/** Performance as of the as-of date (actual quarters only), NAV as terminal value. */
export function metricsAsOf(projection: FundProjection): FundMetrics {
  const actual = projection.quarters.filter((row) => row.actual)
  const paidIn = actual.reduce((s, r) => s + r.call, 0)
  const distributed = actual.reduce((s, r) => s + r.dist, 0)
  const last = actual[actual.length - 1]
  const nav = last?.nav ?? 0
  const unfunded = last?.unfunded ?? projection.fund.commitment
  const flows = actual.map((r) => r.dist - r.call)
  if (flows.length > 0) flows[flows.length - 1]! += nav
  return {
    paidIn,
    distributed,
    nav,
    unfunded,
    dpi: paidIn > 0 ? distributed / paidIn : 0,
    tvpi: paidIn > 0 ? (distributed + nav) / paidIn : 0,
    irr: paidIn > 0 && actual.length >= 6 ? irr(flows) : null,
  }
}

/** Lifetime (projected) TVPI and IRR of a fund. */
export function lifetimeMetrics(projection: FundProjection): { tvpi: number; irr: number | null } {
  const paidIn = projection.quarters.reduce((s, r) => s + r.call, 0)
  const dist = projection.quarters.reduce((s, r) => s + r.dist, 0)
  return {
    tvpi: paidIn > 0 ? dist / paidIn : 0,
    irr: irr(projection.quarters.map((r) => r.dist - r.call)),
  }
}

export interface Programme {
  asOf: AsOf
  existing: FundProjection[]
  planned: FundProjection[]
  years: number[]
  glide: YearRow[]
  flight: YearRow[]
  byStrategy: Record<Strategy, { glide: YearRow[]; flight: YearRow[] }>
  plan: Record<Strategy, number[]>
  /** Total portfolio (public + private) by year, $M. */
  totalPortfolio: number[]
  targets: Record<Strategy, number>
  privateTarget: number
}

export function buildProgramme(asOf: AsOf): Programme {
  const plan = plannedCommitments(asOf)
  const existing = existingFunds(asOf).map((fund, i) => projectFund(fund, asOf, i + 1))
  const planned = plannedFunds(asOf, plan).map((fund, i) => projectFund(fund, asOf, 100 + i))
  const years = Array.from(
    { length: asOf.lastYear - asOf.firstYear + 1 },
    (_, i) => asOf.firstYear + i,
  )
  const glide = byYear(existing, years)
  const flight = byYear([...existing, ...planned], years)
  const byStrategy = {} as Programme['byStrategy']
  for (const strategy of STRATEGIES) {
    const e = existing.filter((p) => p.fund.strategy === strategy)
    const pl = planned.filter((p) => p.fund.strategy === strategy)
    byStrategy[strategy] = { glide: byYear(e, years), flight: byYear([...e, ...pl], years) }
  }
  // Public book: $216M in the first year, 5.5% a year net of spending, plus net private cash
  // flows.
  let publicBook = 300 * SCALE
  const totalPortfolio = years.map((year, i) => {
    const row = flight[i]!
    if (year > asOf.firstYear) publicBook = publicBook * 1.055 - row.calls + row.dists
    return publicBook + row.nav
  })
  return {
    asOf,
    existing,
    planned,
    years,
    glide,
    flight,
    byStrategy,
    plan,
    totalPortfolio,
    targets: {
      Buyout: 0.1,
      'Growth Equity': 0.05,
      'Venture Capital': 0.03,
      'Private Credit': 0.06,
      'Real Estate': 0.04,
      Infrastructure: 0.04,
    },
    privateTarget: 0.32,
  }
}
