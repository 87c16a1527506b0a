/**
 * The portfolio plan's fields in the query string (docs/product.md, "Pacing Lab"): `total`,
 * `totalgrowth`, `target`, `horizon`, `start`, `class`, `mix`, `min_commit`, `ramp`, `rampcap`,
 * `liquid` and one `fund=class,commitment,vintage,paid,nav` per existing fund, read as query.ts
 * reads the one-fund fields. Apart from query.ts so that only the plan's code, which loads late,
 * carries them (docs/architecture.md, "Budgets").
 */
import * as z from 'zod/mini'
import { COMMITMENT_MAX_MESSAGE, MAX_AMOUNT, MAX_YEARS, NAV_MAX_MESSAGE } from './engine.ts'
import type { ExistingFund, PortfolioPlan } from './portfolio.ts'
import { ASSET_CLASSES, isAssetClass } from './presets.ts'
import { formatPlainDecimal } from './csv.ts'
import { findMixError, type MixEntry } from './mix.ts'
import {
  firstMessage,
  money,
  readAmount,
  readDecimal,
  readShare,
  toParams,
  wholeYears,
  type FieldErrors,
  type Parsed,
} from './query.ts'

const PORTFOLIO_FIELDS = [
  'total',
  'totalgrowth',
  'target',
  'horizon',
  'start',
  'class',
  'ramp',
  'rampcap',
  'liquid',
  'min_commit',
  'mix',
] as const
export type PortfolioField = (typeof PORTFOLIO_FIELDS)[number]

interface PortfolioQueryResult {
  /** The fields present and valid; `existingFunds` holds the valid `fund` entries, in order. */
  values: Partial<PortfolioPlan>
  /** Keyed by field, and `fund.<index>` for the index-th `fund` parameter (0-based). */
  errors: FieldErrors
}

const ASSET_CLASS_MESSAGE = `Asset class must be one of ${ASSET_CLASSES.join(', ')}`

const PortfolioFieldSchemas = {
  total: z
    .number('Total portfolio must be a number')
    .check(
      z.positive('Total portfolio must be a positive amount'),
      z.lte(1e15, 'Total portfolio must be at most 1e15'),
    ),
  totalgrowth: z
    .number('Portfolio growth must be a number')
    .check(
      z.gt(-1, 'Portfolio growth must be above -1 and at most 1 (0.05 is 5%)'),
      z.lte(1, 'Portfolio growth must be above -1 and at most 1 (0.05 is 5%)'),
    ),
  target: z
    .number('Target share must be a number')
    .check(
      z.gte(0, 'Target share must be between 0 and 1 (0.15 is 15%)'),
      z.lte(1, 'Target share must be between 0 and 1 (0.15 is 15%)'),
    ),
  horizon: wholeYears('Horizon', 1, MAX_YEARS),
  start: z
    .int('Start year must be a calendar year between 1900 and 2200')
    .check(
      z.gte(1900, 'Start year must be a calendar year between 1900 and 2200'),
      z.lte(2200, 'Start year must be a calendar year between 1900 and 2200'),
    ),
  ramp: wholeYears('Ramp-up', 0, MAX_YEARS),
  rampcap: z
    .number('Ramp cap must be a number')
    .check(
      z.gte(0, 'Ramp cap must be between 0 and 10 (0.5 is +50% a year)'),
      z.lte(10, 'Ramp cap must be between 0 and 10 (0.5 is +50% a year)'),
    ),
  liquid: z
    .number('Liquid assets must be a number')
    .check(
      z.gte(0, 'Liquid assets must be zero or a positive amount'),
      z.lte(1e15, 'Liquid assets must be at most 1e15'),
    ),
  min_commit: z
    .number('Minimum commitment must be a number')
    .check(
      z.gte(0, 'Minimum commitment must be a share from 0 to 1 (0.25 is 25%)'),
      z.lte(1, 'Minimum commitment must be a share from 0 to 1 (0.25 is 25%)'),
    ),
} as const

const PLAN_AMOUNT_FIELDS = new Set<string>(['total', 'liquid'])

/**
 * `mix=buyout:0.6,venture:0.2,...`: up to four strategies with positive weights (decimals or
 * percent), in order; or a message.
 */
function parseMix(raw: string): Parsed<MixEntry[]> {
  const entries: MixEntry[] = []
  for (const part of raw.split(',')) {
    if (part.trim() === '') continue
    const [name = '', weight = '', ...rest] = part.split(':').map((p) => p.trim())
    const value = readShare(weight)
    if (rest.length > 0 || !isAssetClass(name) || !Number.isFinite(value))
      return {
        ok: false,
        message: `Write the mix as class:weight pairs, such as buyout:0.6,venture:0.4 (classes: ${ASSET_CLASSES.join(', ')})`,
      }
    entries.push({ assetClass: name, weight: value })
  }
  const problem = findMixError(entries)
  return problem ? { ok: false, message: problem } : { ok: true, value: entries }
}

/** A mix as the link writes it. */
export const mixToParam = (mix: readonly MixEntry[]) =>
  mix.map((m) => `${m.assetClass}:${formatPlainDecimal(m.weight)}`).join(',')

/**
 * `fund=class,commitment,vintage,paid,nav`, read into an {@link ExistingFund}; four more optional
 * parts override the class preset: `,rc,life,bow,growth` (an empty part keeps the preset's).
 */
export function parseExistingFund(raw: string): Parsed<ExistingFund> {
  const parts = raw.split(',').map((p) => p.trim())
  if (parts.length !== 5 && parts.length !== 9)
    return { ok: false, message: 'Each fund needs class, commitment, vintage, paid-in and NAV' }
  const [assetClass = '', commitment = '', vintage = '', paid = '', nav = ''] = parts
  const overrides = parseFundOverrides(parts.slice(5))
  if (!overrides.ok) return overrides
  if (!isAssetClass(assetClass)) return { ok: false, message: ASSET_CLASS_MESSAGE }
  const fund: ExistingFund = {
    assetClass,
    commitment: readAmount(commitment),
    vintage: readDecimal(vintage),
    paidIn: readAmount(paid),
    nav: readAmount(nav),
  }
  const schema = z.object({
    commitment: z
      .number('Commitment must be a number')
      .check(z.positive('Commitment must be a positive amount')),
    vintage: z.int('Vintage must be a calendar year'),
    paidIn: money('Paid-in'),
    nav: money('NAV'),
  })
  const result = schema.safeParse(fund)
  if (!result.success)
    return { ok: false, message: firstMessage(result.error, 'Fund is not valid') }
  if (fund.commitment > MAX_AMOUNT) return { ok: false, message: COMMITMENT_MAX_MESSAGE }
  if (fund.nav > MAX_AMOUNT) return { ok: false, message: NAV_MAX_MESSAGE }
  if (fund.paidIn > fund.commitment)
    return { ok: false, message: 'Paid-in cannot exceed the commitment' }
  return { ok: true, value: { ...fund, ...overrides.value } }
}

const OVERRIDE_RULES = [
  ['rc', (n: number) => n >= 0 && n <= 1, 'Call rate must be between 0 and 1'],
  [
    'life',
    (n: number) => Number.isInteger(n) && n >= 1 && n <= 50,
    'Life must be a whole number of years from 1 to 50',
  ],
  ['bow', (n: number) => n >= 0 && n <= 20, 'Bow must be between 0 and 20'],
  ['growth', (n: number) => n > -0.99 && n <= 1, 'Growth must be above -0.99 and at most 1'],
] as const

/** The optional `rc,life,bow,growth` of a fund; empty parts keep the preset's. */
function parseFundOverrides(parts: readonly string[]): Parsed<Partial<ExistingFund>> {
  const value: Partial<Record<'rc' | 'life' | 'bow' | 'growth', number>> = {}
  for (const [i, [key, valid, message]] of OVERRIDE_RULES.entries()) {
    const raw = parts[i] ?? ''
    if (raw === '') continue
    const n = key === 'rc' || key === 'growth' ? readShare(raw) : readDecimal(raw)
    if (!Number.isFinite(n) || !valid(n)) return { ok: false, message }
    value[key] = n
  }
  return { ok: true, value }
}

/** Parse the portfolio plan's fields. Never throws; see {@link PortfolioQueryResult}. */
export function parsePortfolioQuery(query: string | URLSearchParams): PortfolioQueryResult {
  const params = toParams(query)
  const values: Partial<PortfolioPlan> = {}
  const errors: FieldErrors = {}
  const numbers: Partial<Record<Exclude<PortfolioField, 'class' | 'mix'>, number>> = {}
  for (const field of PORTFOLIO_FIELDS) {
    const raw = params.get(field)
    if (raw === null || raw.trim() === '') continue
    if (field === 'class') {
      if (isAssetClass(raw.trim()))
        values.newCommitmentClass = raw.trim() as PortfolioPlan['newCommitmentClass']
      else errors.class = ASSET_CLASS_MESSAGE
      continue
    }
    if (field === 'mix') {
      const mix = parseMix(raw)
      if (mix.ok) values.mix = mix.value
      else errors.mix = mix.message
      continue
    }
    const read = PLAN_AMOUNT_FIELDS.has(field)
      ? readAmount
      : field === 'horizon' || field === 'start' || field === 'ramp'
        ? readDecimal
        : readShare
    const result = PortfolioFieldSchemas[field].safeParse(read(raw))
    if (result.success) numbers[field] = result.data
    else errors[field] = firstMessage(result.error, `${field} is not valid`)
  }
  if (numbers.total !== undefined) values.totalValue = numbers.total
  if (numbers.totalgrowth !== undefined) values.totalGrowth = numbers.totalgrowth
  if (numbers.target !== undefined) values.targetShare = numbers.target
  if (numbers.horizon !== undefined) values.horizon = numbers.horizon
  if (numbers.start !== undefined) values.startYear = numbers.start
  if (numbers.ramp !== undefined) values.rampYears = numbers.ramp
  if (numbers.rampcap !== undefined) values.rampCap = numbers.rampcap
  if (numbers.liquid !== undefined) values.liquid = numbers.liquid
  if (numbers.min_commit !== undefined) values.minCommit = numbers.min_commit
  const funds: ExistingFund[] = []
  params.getAll('fund').forEach((raw, i) => {
    // A bare `fund=` says "no existing funds" (so a plan without any survives its link).
    if (raw.trim() === '') return
    const parsed = parseExistingFund(raw)
    if (parsed.ok) funds.push(parsed.value)
    else errors[`fund.${i}`] = `Fund ${i + 1}: ${parsed.message}`
  })
  if (funds.length > 0 || params.has('fund')) values.existingFunds = funds
  return { values, errors }
}

/** The query string (without "?") for a portfolio plan, `mode=portfolio` first. */
export function serializePortfolioQuery(plan: PortfolioPlan): string {
  const params = new URLSearchParams()
  params.set('mode', 'portfolio')
  params.set('total', formatPlainDecimal(plan.totalValue))
  params.set('totalgrowth', formatPlainDecimal(plan.totalGrowth))
  params.set('target', formatPlainDecimal(plan.targetShare))
  params.set('horizon', String(plan.horizon))
  params.set('start', String(plan.startYear))
  params.set('class', plan.newCommitmentClass)
  if (plan.rampYears !== undefined) params.set('ramp', String(plan.rampYears))
  if (plan.rampCap !== undefined) params.set('rampcap', formatPlainDecimal(plan.rampCap))
  if (plan.liquid !== undefined) params.set('liquid', formatPlainDecimal(plan.liquid))
  if (plan.minCommit !== undefined) params.set('min_commit', formatPlainDecimal(plan.minCommit))
  if (plan.mix !== undefined) params.set('mix', mixToParam(plan.mix))
  if (plan.existingFunds.length === 0) params.set('fund', '')
  for (const f of plan.existingFunds) {
    const parts: (string | number)[] = [f.assetClass, f.commitment, f.vintage, f.paidIn, f.nav]
    const overrides = [f.rc, f.life, f.bow, f.growth]
    if (overrides.some((v) => v !== undefined))
      parts.push(...overrides.map((v) => (v === undefined ? '' : v)))
    params.append(
      'fund',
      parts.map((v) => (typeof v === 'number' ? formatPlainDecimal(v) : v)).join(','),
    )
  }
  return params.toString().replaceAll('%2C', ',')
}
