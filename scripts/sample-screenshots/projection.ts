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
 */

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
  /** e.g. 2025.75 for Q4 2025 start; label via quarterLabel. */
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

/** The as-of date of the "actuals": 30 September 2025. */
export const AS_OF = { year: 2025, q: 3 as const, label: '30-Sep-2025' }
export const FIRST_YEAR = 2016
const LAST_YEAR = 2045
export const PLAN_YEARS = Array.from({ length: 10 }, (_, i) => 2026 + i)

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

/** The existing commitments, 2016-2025 vintages, about $280M over 24 funds. */
function existingFunds(): Fund[] {
  const rand = random(7)
  const plan: [Strategy, number, number][] = [
    ['Buyout', 2016, 15],
    ['Venture Capital', 2017, 8],
    ['Real Estate', 2017, 12],
    ['Buyout', 2018, 20],
    ['Private Credit', 2018, 15],
    ['Growth Equity', 2019, 12],
    ['Infrastructure', 2019, 15],
    ['Buyout', 2020, 20],
    ['Venture Capital', 2020, 10],
    ['Private Credit', 2020, 18],
    ['Real Estate', 2021, 15],
    ['Growth Equity', 2021, 15],
    ['Buyout', 2022, 25],
    ['Infrastructure', 2022, 20],
    ['Venture Capital', 2022, 10],
    ['Private Credit', 2023, 20],
    ['Buyout', 2023, 22],
    ['Growth Equity', 2023, 15],
    ['Real Estate', 2024, 12],
    ['Infrastructure', 2024, 18],
    ['Buyout', 2024, 25],
    ['Venture Capital', 2025, 10],
    ['Private Credit', 2025, 20],
    ['Growth Equity', 2025, 15],
  ]
  const used = new Map<string, number>()
  return plan.map(([strategy, vintage, commitment], index) => {
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
      vintage,
      commitment: scaled(commitment),
      planned: false,
    }
  })
}

/** Planned yearly commitments by strategy for 2026-2035 ($M), rising with the portfolio. */
function plannedCommitments(): Record<Strategy, number[]> {
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
    out[strategy] = PLAN_YEARS.map((year, i) => {
      const grown = base[strategy] * Math.pow(1.05, i)
      // An opportunistic secondary in 2029 and a lighter year in 2031 make the plan look planned.
      const bump = year === 2029 && strategy === 'Buyout' ? 6 : year === 2031 ? -1.5 : 0
      return scaled(grown + bump)
    })
  }
  return out
}

function plannedFunds(): Fund[] {
  const plan = plannedCommitments()
  const funds: Fund[] = []
  for (const strategy of STRATEGIES) {
    plan[strategy].forEach((commitment, i) => {
      funds.push({
        id: `P${strategy.slice(0, 2).toUpperCase()}${PLAN_YEARS[i]}`,
        name: `Planned ${strategy} ${PLAN_YEARS[i]}`,
        gp: 'Planned',
        strategy,
        geography: 'Global',
        vintage: PLAN_YEARS[i]!,
        commitment,
        planned: true,
      })
    })
  }
  return funds
}

function isActual(year: number, q: number): boolean {
  return year < AS_OF.year || (year === AS_OF.year && q <= AS_OF.q)
}

function projectFund(fund: Fund, seed = 1): FundProjection {
  const p = PACING[fund.strategy]
  const rand = random(seed * 7919 + fund.vintage)
  const gq = Math.pow(1 + p.growth, 0.25) - 1
  const yq = Math.pow(1 + p.yield, 0.25) - 1
  let nav = 0
  let unfunded = fund.commitment
  const quarters: Quarter[] = []
  // Funds hold their first close in Q2 of the vintage year.
  for (let year = fund.vintage; year <= LAST_YEAR; year++) {
    for (const q of [1, 2, 3, 4] as const) {
      if (year === fund.vintage && q < 2) continue
      const ageYears = year - fund.vintage + (q - 2) / 4 + 0.25
      const yearIndex = Math.min(3, Math.floor(ageYears - 0.001))
      const rcYear = p.callRates[Math.max(0, yearIndex)]!
      const rcq = 1 - Math.pow(1 - rcYear, 0.25)
      const rdYear = Math.min(1, Math.pow(ageYears / p.life, p.bow))
      const rdq = Math.min(1, 1 - Math.pow(1 - rdYear, 0.25) + yq)
      const actual = isActual(year, q)
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

export function buildProgramme(): Programme {
  const existing = existingFunds().map((fund, i) => projectFund(fund, i + 1))
  const planned = plannedFunds().map((fund, i) => projectFund(fund, 100 + i))
  const years = Array.from({ length: LAST_YEAR - FIRST_YEAR + 1 }, (_, i) => FIRST_YEAR + i)
  const glide = byYear(existing, years)
  const flight = byYear([...existing, ...planned], years)
  const byStrategy = {} as Programme['byStrategy']
  for (const strategy of STRATEGIES) {
    const e = existing.filter((p) => p.fund.strategy === strategy)
    const pl = planned.filter((p) => p.fund.strategy === strategy)
    byStrategy[strategy] = { glide: byYear(e, years), flight: byYear([...e, ...pl], years) }
  }
  // Public book: $215M in 2016, 5.5% a year net of spending, plus net private cash flows.
  let publicBook = 300 * SCALE
  const totalPortfolio = years.map((year, i) => {
    const row = flight[i]!
    if (year > FIRST_YEAR) publicBook = publicBook * 1.055 - row.calls + row.dists
    return publicBook + row.nav
  })
  return {
    existing,
    planned,
    years,
    glide,
    flight,
    byStrategy,
    plan: plannedCommitments(),
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
