/**
 * The portfolio plan form's state, as pure functions. Like the one-fund form (fund-state.ts): the
 * fields keep what was typed, `plan` is the last valid plan that drives the result and the link,
 * and a bad field gets its message while the result stays.
 */
import {
  findPortfolioPlanErrors,
  type ExistingFund,
  type PortfolioPlan,
} from '#src/common/pacing/portfolio.ts'
import {
  parseFrequency,
  readAmount,
  withBands,
  withFrequency,
  withScenario,
  withStress,
  type FieldErrors,
  type Frequency,
} from '#src/common/pacing/query.ts'
import {
  mixToParam,
  parseExistingFund,
  parsePortfolioQuery,
  serializePortfolioQuery,
} from '#src/common/pacing/plan-query.ts'
import { formatPlainDecimal } from '#src/common/pacing/csv.ts'
import { isAssetClass, type AssetClass } from '#src/common/pacing/presets.ts'
import { parseFundsCsv } from '#src/common/pacing/fund-import.ts'
import { PORTFOLIO_COPY } from '../../content/pacing-plan.ts'
import { formatFieldValue } from './format.ts'
import {
  initialScenarioState,
  scenarioStateFromQuery,
  type ScenarioState,
} from './scenario-state.ts'

export const PLAN_FIELDS = [
  'total',
  'totalgrowth',
  'target',
  'horizon',
  'start',
  'liquid',
  'rampcap',
  'min_commit',
  'mix',
] as const
type PlanField = (typeof PLAN_FIELDS)[number]
/** Fields that may be left empty (the engine's default then). */
const OPTIONAL_FIELDS: ReadonlySet<PlanField> = new Set(['liquid', 'rampcap', 'min_commit', 'mix'])
export const FUND_ROW_FIELDS = ['commitment', 'vintage', 'paid', 'nav'] as const
/** A fund's own parameters; empty keeps the class preset's. */
export const FUND_OVERRIDE_FIELDS = ['rc', 'life', 'bow', 'growth'] as const
export type FundRowField = (typeof FUND_ROW_FIELDS)[number] | (typeof FUND_OVERRIDE_FIELDS)[number]

export interface FundRow {
  /** Stable key for React and for the row's last valid fund. */
  id: number
  assetClass: AssetClass
  /** A class a link named that we do not know; the row shows its message until one is chosen. */
  unknownClass?: string
  commitment: string
  vintage: string
  paid: string
  nav: string
  rc: string
  life: string
  bow: string
  growth: string
  /** A name from an import, shown with the row. */
  name?: string
}

export interface RowError {
  field: FundRowField | 'assetClass'
  message: string
}

/** The plan's fields and funds, with the scenario and bands (scenario-state.ts). */
export interface PortfolioState extends ScenarioState {
  texts: Record<PlanField, string>
  newClass: AssetClass
  rows: FundRow[]
  errors: FieldErrors<PlanField>
  /** Row id -> the message for that fund, and which field it is about. */
  rowErrors: Record<number, RowError>
  /** The last valid plan. */
  plan: PortfolioPlan
  /** Each row's last valid fund, so a row being fixed still counts in the result. */
  validRows: Record<number, ExistingFund>
  nextId: number
  /** Opened from a link with invalid values: no figures until they are fixed (docs/product.md). */
  linkBlocked: boolean
  /** Yearly rows, or quarterly (`freq=quarterly`) in the table and downloads. */
  freq: Frequency
  /** A link's `freq` that could not be read, shown beside the rows' switch until one is chosen. */
  freqError: string | null
}

/**
 * The plan /pacing?mode=portfolio opens with. The start year is fixed (not "this year") so the
 * pre-rendered page and the hydrated one agree; visitors set their own.
 */
export const DEFAULT_PLAN: PortfolioPlan = {
  totalValue: 500_000_000,
  totalGrowth: 0.06,
  targetShare: 0.15,
  horizon: 15,
  startYear: 2026,
  newCommitmentClass: 'buyout',
  existingFunds: [
    {
      assetClass: 'buyout',
      commitment: 20_000_000,
      vintage: 2021,
      paidIn: 14_000_000,
      nav: 16_000_000,
    },
    {
      assetClass: 'venture',
      commitment: 10_000_000,
      vintage: 2022,
      paidIn: 5_000_000,
      nav: 5_500_000,
    },
    {
      assetClass: 'real-estate',
      commitment: 15_000_000,
      vintage: 2023,
      paidIn: 6_000_000,
      nav: 6_200_000,
    },
  ],
}

function planTexts(plan: PortfolioPlan): Record<PlanField, string> {
  return {
    total: formatFieldValue(plan.totalValue),
    totalgrowth: formatFieldValue(plan.totalGrowth),
    target: formatFieldValue(plan.targetShare),
    horizon: String(plan.horizon),
    start: String(plan.startYear),
    liquid: plan.liquid === undefined ? '' : formatFieldValue(plan.liquid),
    rampcap: plan.rampCap === undefined ? '' : formatFieldValue(plan.rampCap),
    min_commit: plan.minCommit === undefined ? '' : formatFieldValue(plan.minCommit),
    mix: plan.mix === undefined ? '' : mixToParam(plan.mix).replaceAll(',', ', '),
  }
}

const optionalText = (n: number | undefined) => (n === undefined ? '' : formatFieldValue(n))

function rowFromFund(fund: ExistingFund, id: number): FundRow {
  return {
    id,
    assetClass: fund.assetClass,
    commitment: formatFieldValue(fund.commitment),
    vintage: String(fund.vintage),
    paid: formatFieldValue(fund.paidIn),
    nav: formatFieldValue(fund.nav),
    rc: optionalText(fund.rc),
    life: optionalText(fund.life),
    bow: optionalText(fund.bow),
    growth: optionalText(fund.growth),
    ...(fund.name ? { name: fund.name } : {}),
  }
}

export function initialPortfolioState(plan: PortfolioPlan = DEFAULT_PLAN): PortfolioState {
  const rows = plan.existingFunds.map((f, i) => rowFromFund(f, i))
  return {
    texts: planTexts(plan),
    newClass: plan.newCommitmentClass,
    rows,
    errors: {},
    rowErrors: {},
    plan,
    validRows: Object.fromEntries(plan.existingFunds.map((f, i) => [i, f])),
    nextId: rows.length,
    linkBlocked: false,
    freq: 'annual',
    freqError: null,
    ...initialScenarioState(),
  }
}

/** Which field of a fund a parse message is about (query.ts names it at the start). */
function rowErrorField(message: string): RowError['field'] {
  const m = message.toLowerCase()
  if (m.startsWith('asset class')) return 'assetClass'
  if (m.startsWith('vintage')) return 'vintage'
  if (m.startsWith('paid-in')) return 'paid'
  if (m.startsWith('nav')) return 'nav'
  if (m.startsWith('call rate')) return 'rc'
  if (m.startsWith('life')) return 'life'
  if (m.startsWith('bow')) return 'bow'
  if (m.startsWith('growth')) return 'growth'
  return 'commitment'
}

// Rows are immutable; an edit replaces only its own row, so the others' parse results are reused
// (a 20-fund plan re-parsed on every keystroke cost several milliseconds of the frame).
const parsedRows = new WeakMap<FundRow, ReturnType<typeof parseExistingFund>>()

function parseRow(row: FundRow): ReturnType<typeof parseExistingFund> {
  let parsed = parsedRows.get(row)
  if (!parsed) {
    // Amounts may be typed as 25M or 300,000,000; the fund's text is comma-separated.
    const amount = (text: string) => {
      const n = readAmount(text)
      return Number.isFinite(n) ? formatPlainDecimal(n) : text.replaceAll(',', ' ')
    }
    const parts = [
      row.unknownClass ?? row.assetClass,
      amount(row.commitment),
      row.vintage,
      amount(row.paid),
      amount(row.nav),
    ]
    const overrides = [row.rc, row.life, row.bow, row.growth].map((t) => t.trim())
    if (overrides.some((t) => t !== '')) parts.push(...overrides)
    parsed = parseExistingFund(parts.join(','))
    if (parsed.ok && row.name) parsed = { ok: true, value: { ...parsed.value, name: row.name } }
    parsedRows.set(row, parsed)
  }
  return parsed
}

const FIELD_QUERY: Record<PlanField, string> = {
  total: 'total',
  totalgrowth: 'totalgrowth',
  target: 'target',
  horizon: 'horizon',
  start: 'start',
  liquid: 'liquid',
  rampcap: 'rampcap',
  min_commit: 'min_commit',
  mix: 'mix',
}

/**
 * Read every field and row; valid values replace the last plan's, invalid ones get a message and
 * leave the last valid value in place. Rules across fields (a vintage too far before the start
 * year) are checked on the whole plan; when it breaks one, the result stays at the last plan.
 */
function evaluatePortfolio(state: PortfolioState): PortfolioState {
  const errors: FieldErrors<PlanField> = {}
  const rowErrors: Record<number, RowError> = {}
  const last = state.plan
  const params = new URLSearchParams()
  for (const f of PLAN_FIELDS) {
    const text = state.texts[f].trim()
    if (text === '' && OPTIONAL_FIELDS.has(f)) continue
    if (text === '') errors[f] = `Enter a value for ${PORTFOLIO_COPY.fields[f].label.toLowerCase()}`
    else params.set(FIELD_QUERY[f], text)
  }
  const { values, errors: parseErrors } = parsePortfolioQuery(params)
  for (const f of PLAN_FIELDS) {
    const message = parseErrors[FIELD_QUERY[f]]
    if (message) errors[f] = message
  }
  const validRows: Record<number, ExistingFund> = {}
  const funds: ExistingFund[] = []
  for (const row of state.rows) {
    const parsed = parseRow(row)
    if (parsed.ok) {
      validRows[row.id] = parsed.value
      funds.push(parsed.value)
    } else {
      rowErrors[row.id] = { field: rowErrorField(parsed.message), message: parsed.message }
      const previous = state.validRows[row.id]
      if (previous) {
        validRows[row.id] = previous
        funds.push(previous)
      }
    }
  }
  const {
    liquid: _liquid,
    rampCap: _rampCap,
    minCommit: _minCommit,
    mix: _mix,
    ...lastRequired
  } = last
  const optional = <T>(f: PlanField, value: T | undefined, previous: T | undefined) =>
    state.texts[f].trim() === '' ? undefined : errors[f] ? previous : value
  const liquid = optional('liquid', values.liquid, last.liquid)
  const rampCap = optional('rampcap', values.rampCap, last.rampCap)
  const minCommit = optional('min_commit', values.minCommit, last.minCommit)
  const mix = optional('mix', values.mix, last.mix)
  const candidate: PortfolioPlan = {
    ...lastRequired,
    ...(liquid === undefined ? {} : { liquid }),
    ...(rampCap === undefined ? {} : { rampCap }),
    ...(minCommit === undefined ? {} : { minCommit }),
    ...(mix === undefined ? {} : { mix }),
    totalValue: values.totalValue ?? last.totalValue,
    totalGrowth: values.totalGrowth ?? last.totalGrowth,
    targetShare: values.targetShare ?? last.targetShare,
    horizon: values.horizon ?? last.horizon,
    startYear: values.startYear ?? last.startYear,
    newCommitmentClass: state.newClass,
    existingFunds: funds,
  }
  const planErrors = findPortfolioPlanErrors(candidate)
  const rowIds = state.rows.filter((r) => validRows[r.id]).map((r) => r.id)
  for (const [key, message] of Object.entries(planErrors)) {
    const index = /^fund\.(\d+)$/.exec(key)?.[1]
    const id = index === undefined ? undefined : rowIds[Number(index)]
    if (id !== undefined) rowErrors[id] ??= { field: 'vintage', message }
    else if ((PLAN_FIELDS as readonly string[]).includes(key)) errors[key as PlanField] ??= message
  }
  const plan = Object.keys(planErrors).length > 0 ? last : candidate
  const linkBlocked =
    state.linkBlocked && (Object.keys(errors).length > 0 || Object.keys(rowErrors).length > 0)
  return { ...state, errors, rowErrors, validRows, plan, linkBlocked }
}

export function editPlanField(state: PortfolioState, field: PlanField, text: string) {
  return evaluatePortfolio({ ...state, texts: { ...state.texts, [field]: text } })
}

export function setNewClass(state: PortfolioState, value: string) {
  return isAssetClass(value) ? evaluatePortfolio({ ...state, newClass: value }) : state
}

/** The link of what the plan shows: its inputs, rows, scenario, stress and bands. */
export function planQuery(state: PortfolioState): string {
  return withBands(
    withStress(
      withScenario(withFrequency(serializePortfolioQuery(state.plan), state.freq), state.scenario),
      state.shifts.stress,
    ),
    state.bands,
  )
}

/** Annual or quarterly rows in the plan's table and downloads. */
export function setPlanFrequency(state: PortfolioState, freq: Frequency): PortfolioState {
  return state.freq === freq && state.freqError === null
    ? state
    : { ...state, freq, freqError: null }
}

export function editFundRow(
  state: PortfolioState,
  id: number,
  field: FundRowField | 'assetClass',
  text: string,
): PortfolioState {
  const rows = state.rows.map((r) => {
    if (r.id !== id) return r
    if (field === 'assetClass') {
      if (!isAssetClass(text)) return r
      const { unknownClass: _, ...known } = r
      return { ...known, assetClass: text }
    }
    return { ...r, [field]: text }
  })
  return evaluatePortfolio({ ...state, rows })
}

export function addFundRow(state: PortfolioState): PortfolioState {
  const fund: ExistingFund = {
    assetClass: state.newClass,
    commitment: 10_000_000,
    vintage: state.plan.startYear,
    paidIn: 0,
    nav: 0,
  }
  const id = state.nextId
  return evaluatePortfolio({
    ...state,
    rows: [...state.rows, rowFromFund(fund, id)],
    nextId: id + 1,
  })
}

export function removeFundRow(state: PortfolioState, id: number): PortfolioState {
  const validRows = { ...state.validRows }
  delete validRows[id]
  return evaluatePortfolio({ ...state, rows: state.rows.filter((r) => r.id !== id), validRows })
}

/**
 * The state a `mode=portfolio` link opens, with the raw text of every bad field kept, and the
 * scenario and bands it names.
 */
export function portfolioStateFromQuery(
  search: string,
  defaults: PortfolioPlan = DEFAULT_PLAN,
): PortfolioState {
  const params = new URLSearchParams(search)
  const { values } = parsePortfolioQuery(params)
  const base = initialPortfolioState({ ...defaults, ...values })
  const texts = { ...base.texts }
  for (const f of PLAN_FIELDS) {
    const raw = params.get(FIELD_QUERY[f])
    if (raw !== null && raw.trim() !== '') texts[f] = raw
  }
  let rows = base.rows
  let validRows = base.validRows
  let nextId = base.nextId
  if (params.has('fund')) {
    // Every fund of the link gets a row, bad ones too, so their messages have a place.
    rows = params
      .getAll('fund')
      .filter((raw) => raw.trim() !== '')
      .map((raw, id) => {
        const parts = raw.split(',').map((p) => p.trim())
        const [assetClass = '', commitment = '', vintage = '', paid = '', nav = ''] = parts
        const [rc = '', life = '', bow = '', growth = ''] = parts.slice(5)
        const row: FundRow = {
          id,
          assetClass: isAssetClass(assetClass) ? assetClass : defaults.newCommitmentClass,
          commitment,
          vintage,
          paid,
          nav,
          rc,
          life,
          bow,
          growth,
        }
        if (!isAssetClass(assetClass)) row.unknownClass = assetClass
        return row
      })
    validRows = {}
    nextId = rows.length
  }
  const state: PortfolioState = {
    ...base,
    texts,
    rows,
    validRows,
    nextId,
    freq: parseFrequency(params).freq,
    freqError: parseFrequency(params).error ?? null,
    ...scenarioStateFromQuery(params),
  }
  const opened = evaluatePortfolio({
    ...state,
    linkBlocked: true,
    plan: { ...defaults, ...values, existingFunds: [] },
  })
  return opened
}

/**
 * Replace the existing funds with those of an imported CSV (fund-import.ts). With any bad line,
 * nothing changes and the problems are returned, one message a line.
 */
export function importFunds(
  state: PortfolioState,
  text: string,
): { state: PortfolioState; problems: string[]; imported: number } {
  const { funds, problems } = parseFundsCsv(text)
  if (problems.length > 0 || funds.length === 0)
    return { state, problems: problems.map((p) => p.message), imported: 0 }
  const rows = funds.map((f, i) => rowFromFund(f, state.nextId + i))
  const next = evaluatePortfolio({
    ...state,
    rows,
    validRows: {},
    nextId: state.nextId + rows.length,
  })
  return { state: next, problems: [], imported: funds.length }
}
