/**
 * Takahashi-Alexander parameters per asset class, each with the source it follows. Only the
 * paper's own sets are published values (venture, buyout, real estate); growth equity,
 * infrastructure and private credit have no published set and are derived from one of the paper's
 * sets by a change that is stated here, so /methodology can show exactly what was assumed.
 */
import type { FundInputs } from './engine.ts'

export const ASSET_CLASSES = [
  'buyout',
  'venture',
  'growth',
  'real-estate',
  'infrastructure',
  'private-credit',
] as const
export type AssetClass = (typeof ASSET_CLASSES)[number]

/** A public source we actually read, and what it gave us. */
export interface Citation {
  title: string
  author: string
  url: string
  /** What this source contributes to the preset. */
  gives: string
  /** How we came to read it, when that is not simply the URL. */
  note?: string
}

/** The model parameters a preset fills in (commitment and the fund's state stay the user's). */
export type PresetParameters = Required<
  Pick<FundInputs, 'rc' | 'life' | 'bow' | 'growth' | 'yield'>
>

export interface Preset {
  id: AssetClass
  label: string
  parameters: PresetParameters
  /** 'published': the values appear in the source; 'derived': see `derivation`. */
  basis: 'published' | 'derived'
  /** For derived presets: from which published set, and what was changed and why. */
  derivation?: string
  sources: readonly Citation[]
}

// The paper itself. Its Exhibit 1 parameter sets reach us through the reproduction below; we did
// not read the PDF, so the paper is cited for the model and the reproduction for the numbers.
const PAPER: Citation = {
  title: 'Illiquid Alternative Asset Fund Modeling (working paper, January 2001)',
  author: 'Dean Takahashi and Seth Alexander, Yale University Investments Office',
  url: 'https://studylib.net/doc/25818541/takahashialexander2001',
  gives:
    'The model (contributions, distributions with the bow, NAV) and the asset classes it was ' +
    'built for: venture capital, leveraged buyouts, real estate and natural resources.',
}

// The paper's Exhibit 1 ("base parameter sets" by asset class) is the primary source of the
// numbers; cited as the paper's full text, with how we came by the figures said plainly.
const EXHIBIT_1_REPRODUCTION = (gives: string): Citation => ({
  title:
    'Takahashi & Alexander (2001), Illiquid Alternative Asset Fund Modeling, Exhibit 1: ' +
    'base parameter sets by asset class',
  author: 'Dean Takahashi and Seth Alexander, Yale University Investments Office (full text)',
  url: 'https://allocatortraining.com/wp-content/uploads/2023/06/Illiquid-Alternative-Asset-Fund-Modeling-Takahashi-Alexander.pdf',
  gives,
  note:
    'How we derived them: transcribed from a tabulation of Exhibit 1 that names this full text ' +
    "as its source, and held against the paper's own venture example in our reference tests.",
})

// An independent R implementation whose defaults are the paper's venture schedule.
const CONDOR_DEFAULTS: Citation = {
  title: 'private_equity_simul (R package CondorInvestmentAnalytics), reference manual',
  author: 'veldanie/CondorInvestmentAnalytics on rdrr.io',
  url: 'https://rdrr.io/github/veldanie/CondorInvestmentAnalytics/man/private_equity_simul.html',
  gives: 'Defaults rc 0.25, 0.333, then 0.5; L = 12; B = 2.5; Y = 0: the venture set again.',
}

// The paper's venture set, kept so /methodology can show what the lab's venture preset departs from.
const PAPER_VENTURE: PresetParameters = {
  rc: [0.25, 1 / 3, 0.5],
  life: 12,
  bow: 2.5,
  growth: 0.13,
  yield: 0,
}
// The venture set of the Advanced Excel model, so the lab and the workbook a visitor continues in
// agree: slower calls, a longer life, later distributions and a higher growth than the paper's.
const VENTURE: PresetParameters = {
  rc: [0.2, 0.25, 0.33, 0.4],
  life: 14,
  bow: 3.2,
  growth: 0.16,
  yield: 0,
}

const ADVANCED_WORKBOOK: Citation = {
  title: 'PacePoint Advanced model (Excel), venture capital preset',
  author: 'PacePoint, the publisher of this site',
  url: '/#pricing',
  gives: 'Venture capital: RC 20%, 25%, 33%, then 40%; L 14; B 3.2; G 16%; Y 0%.',
  note: 'Our own assumption, not a published study; chosen so the lab and the workbook agree.',
}
const BUYOUT: PresetParameters = { rc: [0.25, 0.5], life: 12, bow: 2.5, growth: 0.13, yield: 0 }
const REAL_ESTATE: PresetParameters = { rc: 0.4, life: 12, bow: 5, growth: 0.08, yield: 0.05 }

/** The paper's own venture set (the reference tests' "Yale base case"). */
export const YALE_VENTURE: PresetParameters = PAPER_VENTURE

export const PRESETS: Readonly<Record<AssetClass, Preset>> = {
  buyout: {
    id: 'buyout',
    label: 'Buyout',
    parameters: BUYOUT,
    basis: 'published',
    sources: [
      PAPER,
      EXHIBIT_1_REPRODUCTION(
        'Leveraged buyout set: G 13%, L 12, RC 25% in year 1 and 50% after, B 2.5, Y 0%.',
      ),
    ],
  },
  venture: {
    id: 'venture',
    label: 'Venture capital',
    parameters: VENTURE,
    basis: 'derived',
    derivation:
      'The venture set of our Advanced Excel model (RC 20%, 25%, 33%, then 40%; L 14; B 3.2; ' +
      'G 16%; Y 0%), so a projection continued in the workbook starts from the same numbers. It ' +
      `departs from the paper’s venture set (RC 25%, 33.3%, then 50%; L 12; B 2.5; G 13%): ` +
      'venture funds call more slowly, live longer and pay out later than that set assumes.',
    sources: [
      ADVANCED_WORKBOOK,
      PAPER,
      EXHIBIT_1_REPRODUCTION(
        'Venture capital base set: G 13%, L 12, RC 25%, 33.3%, then 50%, B 2.5, Y 0%.',
      ),
      CONDOR_DEFAULTS,
    ],
  },
  growth: {
    id: 'growth',
    label: 'Growth equity',
    parameters: BUYOUT,
    basis: 'derived',
    derivation:
      'No published Takahashi-Alexander set for growth equity. We use the paper’s leveraged ' +
      'buyout set unchanged (G 13%, L 12, RC 25% then 50%, B 2.5, Y 0%); the paper’s venture ' +
      'set differs from it only in the year-2 call rate. Adjust to the fund’s own terms.',
    sources: [PAPER, EXHIBIT_1_REPRODUCTION('The leveraged buyout set this preset copies.')],
  },
  'real-estate': {
    id: 'real-estate',
    label: 'Real estate',
    parameters: REAL_ESTATE,
    basis: 'published',
    sources: [
      PAPER,
      EXHIBIT_1_REPRODUCTION('Real estate set: G 8%, L 12, RC 40% every year, B 5.0, Y 5%.'),
    ],
  },
  infrastructure: {
    id: 'infrastructure',
    label: 'Infrastructure',
    parameters: { ...REAL_ESTATE, life: 15 },
    basis: 'derived',
    derivation:
      'No published Takahashi-Alexander set for infrastructure. We use the paper’s real estate ' +
      'set (an income-producing real asset: G 8%, RC 40%, B 5.0, Y 5%) with the 15-year life of ' +
      'the paper’s other real-asset set (oil & gas), because infrastructure funds run longer.',
    sources: [
      PAPER,
      EXHIBIT_1_REPRODUCTION(
        'Real estate set (G 8%, L 12, RC 40%, B 5.0, Y 5%) and the oil & gas life of 15 years.',
      ),
    ],
  },
  'private-credit': {
    id: 'private-credit',
    label: 'Private credit',
    parameters: { ...REAL_ESTATE, yield: 0.08 },
    basis: 'derived',
    derivation:
      'No published Takahashi-Alexander set for private credit. We use the paper’s real estate ' +
      'set (G 8%, L 12, RC 40%, B 5.0) with the yield floor raised from 5% to the growth rate, 8%, ' +
      'so the fund pays out at least its yearly return as income, as a lending fund does.',
    sources: [PAPER, EXHIBIT_1_REPRODUCTION('The real estate set this preset starts from.')],
  },
}

/** The preset the page opens with. */
export const DEFAULT_ASSET_CLASS: AssetClass = 'buyout'

export function isAssetClass(value: string): value is AssetClass {
  return (ASSET_CLASSES as readonly string[]).includes(value)
}

/**
 * A per-year list read from fund age `age + 1` on. Presets give their lists from a new fund's
 * first year, while the engine reads lists from the first projected year; a fund already `age`
 * years old must skip the years it has lived (the last value still repeats).
 */
function perYearFromAge<T extends number | readonly number[]>(values: T, age: number): T {
  if (typeof values === 'number' || age <= 0) return values
  const list = values as readonly number[]
  return list.slice(Math.min(age, list.length - 1)) as unknown as T
}

/** A preset's parameters for a fund `age` years old today, ready for the engine. */
export function presetParametersAtAge(assetClass: AssetClass, age: number): PresetParameters {
  const p = PRESETS[assetClass].parameters
  return { ...p, rc: perYearFromAge(p.rc, age), growth: perYearFromAge(p.growth, age) }
}
