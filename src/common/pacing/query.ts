/**
 * The Pacing Lab's state in the query string, so a result can be shared by link (docs/product.md,
 * "Pacing Lab").
 *
 * One fund: `commitment`, `rc`, `life`, `bow`, `growth`, `yield`, `years`, `age`, `nav`, `paid`,
 * `lastcall`; `rc` and `growth` take comma lists (the last value repeats); `freq=quarterly` and
 * `actuals=` (the fund's history, fit.ts). `mode=portfolio` opens the portfolio plan, whose fields
 * plan-query.ts reads (apart, so the page's first JavaScript does not carry them). Both take
 * `freq`, `scenario`, the stress's `stress_calls`, `stress_dists`, `stress_nav`, `stress_public`,
 * and the bands' `vol`, `paths`, `seed`.
 *
 * Numbers are read as professionals write them (docs/product.md): amounts as `25M`, `1.2bn`, `250k`
 * or `300,000,000`; rates and shares as decimals (0.25) or percent (`25%`). The links the page
 * writes use plain decimals.
 *
 * Parsing never throws: it returns the values that are valid and, keyed by field, a message for
 * each one that is not, so the page can show the message next to the field and keep the last
 * valid result. Absent or empty fields are simply absent (the page's defaults apply).
 */
import * as z from 'zod/mini'
import {
  BOW_MESSAGE,
  COMMITMENT_MAX_MESSAGE,
  GROWTH_MESSAGE,
  MAX_AGE,
  MAX_AMOUNT,
  MAX_BOW,
  MAX_GROWTH,
  MAX_LIFE,
  MAX_YEARS,
  MIN_GROWTH,
  NAV_MAX_MESSAGE,
  findFundInputError,
  type FundInputs,
  type PerYear,
} from './engine.ts'
import { formatPlainDecimal } from './csv.ts'
import {
  DEFAULT_STRESS,
  SHIFT_LIMITS,
  STRESS_KEYS,
  isScenario,
  type ScenarioId,
  type StressKey,
} from './scenarios.ts'
import { DEFAULT_PATHS, DEFAULT_SEED, MAX_PATHS, type BandSettings } from './montecarlo.ts'

export const FUND_FIELDS = [
  'commitment',
  'rc',
  'life',
  'bow',
  'growth',
  'yield',
  'years',
  'age',
  'nav',
  'paid',
  'lastcall',
] as const
export type FundField = (typeof FUND_FIELDS)[number]

export type Mode = 'fund' | 'portfolio'

/** Field name -> a message for a person, e.g. `{ rc: 'Each rate ... between 0 and 1' }`. */
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>

interface FundQueryResult {
  mode: Mode
  /** The fields present and valid. */
  values: Partial<FundInputs>
  errors: FieldErrors<FundField | 'mode'>
}

export const money = (label: string) =>
  z
    .number(`${label} must be a number`)
    .check(z.gte(0, `${label} must be zero or a positive amount`))

export const wholeYears = (label: string, min: number, max: number) =>
  z
    .int(`${label} must be a whole number of years from ${min} to ${max}`)
    .check(
      z.gte(min, `${label} must be a whole number of years from ${min} to ${max}`),
      z.lte(max, `${label} must be a whole number of years from ${min} to ${max}`),
    )

const list = (item: z.ZodMiniType<number>, label: string) =>
  z
    .array(item)
    .check(
      z.minLength(1, `${label} needs at least one value`),
      z.maxLength(MAX_YEARS, `${label} takes at most ${MAX_YEARS} values, one per year`),
    )

const RC_MESSAGE = 'Each rate of contribution must be between 0 and 1 (0.25 is 25%)'

/** One schema per field, applied to the number (or list) read from the text. */
const FundFieldSchemas = {
  commitment: z
    .number('Commitment must be a number')
    .check(
      z.positive('Commitment must be a positive amount'),
      z.lte(MAX_AMOUNT, COMMITMENT_MAX_MESSAGE),
    ),
  rc: list(
    z.number(RC_MESSAGE).check(z.gte(0, RC_MESSAGE), z.lte(1, RC_MESSAGE)),
    'Rate of contribution',
  ),
  life: wholeYears('Fund life', 1, MAX_LIFE),
  bow: z.number('Bow must be a number').check(z.gte(0, BOW_MESSAGE), z.lte(MAX_BOW, BOW_MESSAGE)),
  growth: list(
    z
      .number(GROWTH_MESSAGE)
      .check(z.gt(MIN_GROWTH, GROWTH_MESSAGE), z.lte(MAX_GROWTH, GROWTH_MESSAGE)),
    'Growth',
  ),
  yield: z
    .number('Yield must be a number')
    .check(
      z.gte(0, 'Yield must be between 0 and 1 (0.05 is 5%)'),
      z.lte(1, 'Yield must be between 0 and 1 (0.05 is 5%)'),
    ),
  years: wholeYears('Horizon', 1, MAX_YEARS),
  age: wholeYears('Fund age', 0, MAX_AGE),
  nav: money('NAV').check(z.lte(MAX_AMOUNT, NAV_MAX_MESSAGE)),
  paid: money('Paid-in'),
  lastcall: z
    .int('Last call must be a whole fund age in years (0 or more)')
    .check(z.gte(0, 'Last call must be a whole fund age in years (0 or more)')),
} as const

const LIST_FIELDS = new Set<FundField>(['rc', 'growth'])
const AMOUNT_FIELDS = new Set<FundField>(['commitment', 'nav', 'paid'])
const SHARE_FIELDS = new Set<FundField>(['rc', 'growth', 'yield'])
const LABELS: Record<FundField, string> = {
  commitment: 'Commitment',
  rc: 'Rate of contribution',
  life: 'Fund life',
  bow: 'Bow',
  growth: 'Growth',
  yield: 'Yield',
  years: 'Horizon',
  age: 'Fund age',
  nav: 'NAV',
  paid: 'Paid-in',
  lastcall: 'Last call',
}

// Plain decimals, optionally signed, optionally with an exponent ("1e6"); nothing else, so "0x10"
// or "1.2.3" get a message instead of a surprising number.
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i

/** Read one decimal; NaN when the text is not one (the schema then names the field). */
export function readDecimal(text: string): number {
  const t = text.trim()
  return DECIMAL.test(t) ? Number(t) : Number.NaN
}

// Thousands separators in threes ("300,000,000", "1,250.5"), and the suffixes of amounts.
const GROUPED = /^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$/
const SUFFIXES: Record<string, number> = { k: 3, m: 6, mm: 6, mn: 6, b: 9, bn: 9 }
const SUFFIXED = /^([+-]?(?:\d+\.?\d*|\.\d+))\s*(k|mm|mn|m|bn|b)$/i

/**
 * An amount as professionals write it: `25M` (or `25m`, `25mm`, `25mn`), `1.2bn` (or `1.2b`),
 * `250k`, `300,000,000`, or a plain decimal. NaN when the text is none of these. The suffix is
 * applied as a decimal exponent, so `1.2bn` is exactly 1200000000.
 */
export function readAmount(text: string): number {
  const t = text.trim().replace(/^\$/, '')
  const suffixed = SUFFIXED.exec(t)
  if (suffixed) {
    const [, digits = '', suffix = ''] = suffixed
    return Number(`${digits}e${SUFFIXES[suffix.toLowerCase()] ?? 0}`)
  }
  if (GROUPED.test(t)) return Number(t.replaceAll(',', ''))
  return readDecimal(t)
}

/** A rate or share as a decimal (0.2) or in percent (`20%`, exactly 20 / 100); NaN otherwise. */
export function readShare(text: string): number {
  const t = text.trim()
  if (!t.endsWith('%')) return readDecimal(t)
  const n = readDecimal(t.slice(0, -1))
  return n / 100
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string }

export function firstMessage(error: { issues: readonly { message: string }[] }, fallback: string) {
  return error.issues[0]?.message ?? fallback
}

function parseField(field: FundField, raw: string): Parsed<number | number[]> {
  const label = LABELS[field]
  if (raw.includes('%') && !SHARE_FIELDS.has(field))
    return { ok: false, message: `${label} is a number, not a percentage` }
  const read = AMOUNT_FIELDS.has(field)
    ? readAmount
    : SHARE_FIELDS.has(field)
      ? readShare
      : readDecimal
  if (!LIST_FIELDS.has(field) && !AMOUNT_FIELDS.has(field) && raw.includes(','))
    return { ok: false, message: `${label} takes one number` }
  const input = LIST_FIELDS.has(field) ? raw.split(',').map(read) : read(raw)
  const result = FundFieldSchemas[field].safeParse(input)
  if (result.success) return { ok: true, value: result.data }
  return { ok: false, message: firstMessage(result.error, `${label} is not valid`) }
}

export const toParams = (query: string | URLSearchParams) =>
  typeof query === 'string' ? new URLSearchParams(query) : query

/** Read `scenario`: which scenario the table, CSV and .xlsx show; base when absent. */
export function parseScenario(query: string | URLSearchParams): {
  scenario: ScenarioId
  error?: string
} {
  const raw = toParams(query).get('scenario')?.trim() ?? ''
  if (raw === '') return { scenario: 'base' }
  if (isScenario(raw)) return { scenario: raw }
  return { scenario: 'base', error: 'Scenario must be base, downside, upside or stress' }
}

/** A query string with `scenario=` added after the rest, unless it is the base case. */
export function withScenario(query: string, scenario: ScenarioId): string {
  return scenario === 'base' ? query : `${query}&scenario=${scenario}`
}

export const BAND_FIELDS = ['vol', 'paths', 'seed'] as const
export type BandField = (typeof BAND_FIELDS)[number]

const BAND_MESSAGES: Record<BandField, string> = {
  vol: 'Volatility must be a decimal from 0 to 1 (0.15 is 15% a year)',
  paths: `Paths must be a whole number from 1 to ${MAX_PATHS}`,
  seed: 'Seed must be a whole number from 0 to 4294967295',
}

/** Check one band setting; the value, or null when it breaks its rule. */
export function readBandField(field: BandField, text: string): number | null {
  const n = field === 'vol' ? readShare(text) : readDecimal(text)
  if (!Number.isFinite(n)) return null
  if (field === 'vol') return n >= 0 && n <= 1 ? n : null
  if (field === 'paths') return Number.isInteger(n) && n >= 1 && n <= MAX_PATHS ? n : null
  return Number.isInteger(n) && n >= 0 && n <= 4294967295 ? n : null
}

export const bandMessage = (field: BandField) => BAND_MESSAGES[field]

/** Read `vol`, `paths` and `seed` (defaults 0, 1,000 and 1); a message for each bad one. */
export function parseBandSettings(query: string | URLSearchParams): {
  settings: BandSettings
  errors: FieldErrors<BandField>
} {
  const params = toParams(query)
  const settings: BandSettings = { vol: 0, paths: DEFAULT_PATHS, seed: DEFAULT_SEED }
  const errors: FieldErrors<BandField> = {}
  for (const field of BAND_FIELDS) {
    const raw = params.get(field)
    if (raw === null || raw.trim() === '') continue
    const value = readBandField(field, raw)
    if (value === null) errors[field] = BAND_MESSAGES[field]
    else settings[field] = value
  }
  return { settings, errors }
}

/** A query string with `vol`, `paths` and `seed` added when there is any volatility. */
export function withBands(query: string, settings: BandSettings): string {
  if (settings.vol === 0) return query
  let out = `${query}&vol=${formatPlainDecimal(settings.vol)}`
  if (settings.paths !== DEFAULT_PATHS) out += `&paths=${settings.paths}`
  if (settings.seed !== DEFAULT_SEED) out += `&seed=${settings.seed}`
  return out
}

const STRESS_MESSAGE = 'A fall from 0 to 1 (0.35 or 35% is a 35% fall)'

/** The link's name of a stress field: `stress_calls` and so on. */
const stressParam = (key: StressKey) => `stress_${key}`

/** Check one stress share (0..1, decimal or percent); the value, or null. */
export function readStressField(text: string): number | null {
  const n = text.trim() === '' ? 0 : readShare(text)
  return Number.isFinite(n) && n >= SHIFT_LIMITS.calls.min && n <= SHIFT_LIMITS.calls.max ? n : null
}

/** Read `stress_calls`, `stress_dists`, `stress_nav`, `stress_public` (defaults DEFAULT_STRESS). */
export function parseStress(query: string | URLSearchParams): {
  stress: Record<StressKey, number>
  errors: FieldErrors<StressKey>
} {
  const params = toParams(query)
  const stress = { ...DEFAULT_STRESS }
  const errors: FieldErrors<StressKey> = {}
  for (const key of STRESS_KEYS) {
    const raw = params.get(stressParam(key))
    if (raw === null || raw.trim() === '') continue
    const value = readStressField(raw)
    if (value === null) errors[key] = STRESS_MESSAGE
    else stress[key] = value
  }
  return { stress, errors }
}

/** A query string with each stress field that differs from its default. */
export function withStress(query: string, stress: Readonly<Record<StressKey, number>>): string {
  let out = query
  for (const key of STRESS_KEYS)
    if (stress[key] !== DEFAULT_STRESS[key])
      out += `&${stressParam(key)}=${formatPlainDecimal(stress[key])}`
  return out
}

export type Frequency = 'annual' | 'quarterly'

/** The query with `freq=quarterly` added for quarterly rows; annual is the default, left out. */
export const withFrequency = (query: string, freq: Frequency) =>
  freq === 'quarterly' ? `${query}&freq=quarterly` : query

/** Read `freq`: annual unless `freq=quarterly`. */
export function parseFrequency(query: string | URLSearchParams): {
  freq: Frequency
  error?: string
} {
  const raw = toParams(query).get('freq')?.trim() ?? ''
  if (raw === '' || raw === 'annual') return { freq: 'annual' }
  if (raw === 'quarterly') return { freq: 'quarterly' }
  return { freq: 'annual', error: 'Frequency must be quarterly, or left out for annual' }
}

/**
 * One spelling of a query for all that read the same (with or without "?", any encoding, any
 * order of names; repeated names keep their order): what the server caches a rendered /pacing by
 * and what the lab's first render is marked with.
 */
export function normalizeQuery(query: string): string {
  const params = new URLSearchParams(query)
  params.sort()
  return params.toString()
}

/** Read `mode`: one fund unless `mode=portfolio`. */
export function parseMode(query: string | URLSearchParams): { mode: Mode; error?: string } {
  const raw = toParams(query).get('mode')
  if (raw === null || raw === '' || raw === 'fund') return { mode: 'fund' }
  if (raw === 'portfolio') return { mode: 'portfolio' }
  return { mode: 'fund', error: 'Mode must be portfolio, or left out for one fund' }
}

/**
 * Parse the one-fund fields of a query string (with or without the leading "?"). Never throws.
 * Cross-field rules (paid-in above the commitment) are checked when both fields are valid.
 */
export function parseFundQuery(query: string | URLSearchParams): FundQueryResult {
  const params = toParams(query)
  const values: Partial<Record<FundField, number | number[]>> = {}
  const errors: FieldErrors<FundField | 'mode'> = {}
  const { mode, error } = parseMode(params)
  if (error) errors.mode = error
  for (const field of FUND_FIELDS) {
    const raw = params.get(field)
    if (raw === null || raw.trim() === '') continue
    const parsed = parseField(field, raw)
    if (parsed.ok) values[field] = parsed.value
    else errors[field] = parsed.message
  }
  const fund = values as Partial<FundInputs>
  if (fund.paid !== undefined && fund.commitment !== undefined && fund.paid > fund.commitment) {
    errors.paid = 'Paid-in cannot exceed the commitment'
    delete fund.paid
  }
  return { mode, values: fund, errors }
}

/**
 * Parse the one-fund fields and fill what is absent or invalid from `defaults`, giving inputs the
 * engine accepts. If the mix still breaks a cross-field rule (a valid `paid` above the default
 * commitment), the offending field falls back to its default too and gets the message.
 */
export function fundInputsFromQuery(
  query: string | URLSearchParams,
  defaults: FundInputs,
): { mode: Mode; inputs: FundInputs; errors: FieldErrors<FundField | 'mode'> } {
  const { mode, values, errors } = parseFundQuery(query)
  let inputs: FundInputs = { ...defaults, ...values }
  for (let guard = 0; guard < FUND_FIELDS.length; guard++) {
    const problem = findFundInputError(inputs)
    if (!problem) break
    const [field, message] = problem
    if (field === 'stress') break
    errors[field] ??= message
    const fallback: FundInputs = { ...inputs }
    if (defaults[field] === undefined) delete fallback[field]
    else (fallback as unknown as Record<string, unknown>)[field] = defaults[field]
    if (JSON.stringify(fallback) === JSON.stringify(inputs))
      return { mode, inputs: defaults, errors }
    inputs = fallback
  }
  return { mode, inputs, errors }
}

const perYearText = (v: PerYear) =>
  typeof v === 'number' ? formatPlainDecimal(v) : v.map(formatPlainDecimal).join(',')

/**
 * The query string (without "?") for one fund, in the order docs/product.md, "Pacing Lab" lists
 * them. Optional fields at their defaults (yield 0, age 0, nav 0, paid 0, no horizon or last call)
 * are left out to keep links short; numbers are written in full so that the link reproduces the
 * result exactly.
 */
export function serializeFundQuery(inputs: FundInputs): string {
  const params = new URLSearchParams()
  params.set('commitment', formatPlainDecimal(inputs.commitment))
  params.set('rc', perYearText(inputs.rc))
  params.set('life', String(inputs.life))
  params.set('bow', formatPlainDecimal(inputs.bow))
  params.set('growth', perYearText(inputs.growth))
  if (inputs.yield) params.set('yield', formatPlainDecimal(inputs.yield))
  if (inputs.years !== undefined) params.set('years', String(inputs.years))
  if (inputs.age) params.set('age', String(inputs.age))
  if (inputs.nav) params.set('nav', formatPlainDecimal(inputs.nav))
  if (inputs.paid) params.set('paid', formatPlainDecimal(inputs.paid))
  if (inputs.lastcall !== undefined) params.set('lastcall', String(inputs.lastcall))
  // Commas in lists stay readable in the address bar; they are legal in a query string.
  return params.toString().replaceAll('%2C', ',')
}
