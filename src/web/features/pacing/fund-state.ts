/**
 * The one-fund form's state, as pure functions the page and its tests share. The fields hold the
 * text a visitor typed; `inputs` is the last complete, valid set of inputs, which drives the
 * result and the link. A field whose text is not valid keeps its text and gets a message, and the
 * result stays at the last valid inputs (docs/product.md, "Pacing Lab": never a broken page).
 * A link with an invalid value is different (docs/product.md): its figures would not be the link's,
 * so none are shown (`linkBlocked`) until every marked field is fixed.
 *
 * The fund's age is typed as its vintage year (2022) or as an age (4): a four-digit year is read
 * as a vintage, age = this year - vintage, so a fund of this year's vintage is new (age 0), as in
 * the portfolio plan. The link keeps `age`.
 */
import { findFundInputError, type FundInputs } from '#src/common/pacing/engine.ts'
import {
  FUND_FIELDS,
  fundInputsFromQuery,
  parseFrequency,
  parseFundQuery,
  readDecimal,
  type FieldErrors,
  type Frequency,
  type FundField,
} from '#src/common/pacing/query.ts'
import { parseActualsParam, type ActualYear } from '#src/common/pacing/history.ts'
import {
  ASSET_CLASSES,
  DEFAULT_ASSET_CLASS,
  presetParametersAtAge,
  type AssetClass,
  type PresetParameters,
} from '#src/common/pacing/presets.ts'
import { FUND_FIELD_COPY, PACING_COPY } from '../../content/pacing.ts'
import { formatFieldValue } from './format.ts'
import {
  initialScenarioState,
  scenarioStateFromQuery,
  type ScenarioState,
} from './scenario-state.ts'

type FundTexts = Record<FundField, string>

/** The fields and inputs, with the scenario and bands (scenario-state.ts). */
export interface FundState extends ScenarioState {
  texts: FundTexts
  errors: FieldErrors<FundField>
  /** The last valid inputs: what the chart, table, key figures and the link show. */
  inputs: FundInputs
  /** The preset last chosen (or matched by a link); null when none fits. */
  preset: AssetClass | null
  /** The fund's history (`actuals=`, or a pasted one), or null. */
  actuals: ActualYear[] | null
  /** What was wrong with a link's `actuals=`, shown by the fit. */
  actualsError: string | null
  /** Annual rows, or quarterly (`freq=quarterly`) in the table and CSV. */
  freq: Frequency
  /** A link's `freq` that could not be read, shown beside the rows' switch until one is chosen. */
  freqError: string | null
  /** Opened from a link with invalid values: no figures until they are fixed. */
  linkBlocked: boolean
}

/** The calendar year now; a fund of this year's vintage is new. */
export const thisYear = () => new Date().getFullYear()

/** A four-digit year typed in the age field is a vintage. */
const VINTAGE = /^\s*(1[89]\d\d|2\d\d\d)\s*$/

const DEFAULT_COMMITMENT = 10_000_000

/** What /pacing shows before any input: a new buyout fund of 10 million. */
export const DEFAULT_FUND: FundInputs = {
  commitment: DEFAULT_COMMITMENT,
  ...presetParametersAtAge(DEFAULT_ASSET_CLASS, 0),
}

const REQUIRED = new Set<FundField>(['commitment', 'rc', 'life', 'bow', 'growth'])
const MODEL_FIELDS = ['rc', 'life', 'bow', 'growth', 'yield'] as const

function textsFromInputs(inputs: FundInputs): FundTexts {
  const texts = {} as FundTexts
  for (const field of FUND_FIELDS) {
    const value = inputs[field]
    // Optional fields at their defaults stay empty, as in a link.
    const isDefault = !REQUIRED.has(field) && (value === undefined || value === 0)
    texts[field] = isDefault && field !== 'age' ? '' : formatFieldValue(value)
  }
  texts.age = String(thisYear() - (inputs.age ?? 0))
  return texts
}

export function initialFundState(inputs: FundInputs = DEFAULT_FUND): FundState {
  return {
    texts: textsFromInputs(inputs),
    errors: {},
    inputs,
    preset: matchPreset(inputs),
    actuals: null,
    actualsError: null,
    freq: 'annual',
    freqError: null,
    linkBlocked: false,
    ...initialScenarioState(),
  }
}

const sameList = (a: number | readonly number[], b: number | readonly number[]) => {
  const x = typeof a === 'number' ? [a] : a
  const y = typeof b === 'number' ? [b] : b
  return x.length === y.length && x.every((v, i) => v === y[i])
}

/** Whether the inputs' model parameters are exactly this preset's (at the fund's age). */
export function followsPreset(inputs: FundInputs, preset: AssetClass): boolean {
  const p: PresetParameters = presetParametersAtAge(preset, inputs.age ?? 0)
  return (
    sameList(inputs.rc, p.rc) &&
    inputs.life === p.life &&
    inputs.bow === p.bow &&
    sameList(inputs.growth, p.growth) &&
    (inputs.yield ?? 0) === p.yield
  )
}

/** The first preset whose parameters the inputs follow, or null. */
function matchPreset(inputs: FundInputs): AssetClass | null {
  return ASSET_CLASSES.find((c) => followsPreset(inputs, c)) ?? null
}

/**
 * The state a link opens: valid values from the query, defaults for the rest, the raw text of
 * every field the link set (so a bad value shows as typed, next to its message).
 */
export function fundStateFromQuery(search: string, defaults: FundInputs = DEFAULT_FUND): FundState {
  const params = new URLSearchParams(search)
  // A preset's call rates and growth are read from the fund's age, in the form as in a plan.
  const age = parseFundQuery(params).values.age ?? 0
  const preset = matchPreset(defaults)
  const atAge = preset ? { ...defaults, ...presetParametersAtAge(preset, age) } : defaults
  const { inputs, errors } = fundInputsFromQuery(params, atAge)
  const texts = textsFromInputs(inputs)
  for (const field of FUND_FIELDS) {
    const raw = params.get(field)
    if (raw !== null && raw.trim() !== '' && errors[field]) texts[field] = raw
  }
  const fieldErrors: FieldErrors<FundField> = {}
  for (const field of FUND_FIELDS) if (errors[field]) fieldErrors[field] = errors[field]
  const rawActuals = params.get('actuals')
  const history =
    rawActuals === null || rawActuals.trim() === '' ? null : parseActualsParam(rawActuals)
  return {
    texts,
    errors: fieldErrors,
    inputs,
    preset: matchPreset(inputs),
    actuals: history?.ok ? history.actuals : null,
    actualsError: history && !history.ok ? history.message : null,
    freq: parseFrequency(params).freq,
    freqError: parseFrequency(params).error ?? null,
    linkBlocked: Object.keys(fieldErrors).length > 0,
    ...scenarioStateFromQuery(params),
  }
}

/** Whether a link's `freq` could not be read (the link's alert names it). */
export const linkFrequencyError = (search: string) => parseFrequency(search).error !== undefined

/** The age a typed text stands for: a vintage year as this year - vintage; else the text. */
function ageText(text: string): string {
  const vintage = VINTAGE.exec(text)?.[1]
  return vintage === undefined ? text : String(thisYear() - Number(vintage))
}

/**
 * A field's new text. Fields that are already marked are re-read too, so fixing one field can
 * clear a message that another field's value caused (paid-in above the commitment).
 */
export function editFundField(state: FundState, field: FundField, text: string): FundState {
  const texts = { ...state.texts, [field]: text }
  const errors: FieldErrors<FundField> = { ...state.errors }
  delete errors[field]
  const base: FundInputs = { ...state.inputs }
  const params = new URLSearchParams()
  const reread = new Set<FundField>([field, ...(Object.keys(state.errors) as FundField[])])
  for (const f of reread) {
    const t = texts[f].trim()
    if (t === '') {
      if (REQUIRED.has(f)) errors[f] = PACING_COPY.required(FUND_FIELD_COPY[f].label)
      else {
        delete base[f]
        delete errors[f]
      }
      continue
    }
    params.set(f, f === 'age' ? ageText(t) : t)
  }
  const result = fundInputsFromQuery(params, base)
  // A vintage after this year is a fund not started: say so in the field's own words.
  if (reread.has('age') && Number(params.get('age')) < 0 && VINTAGE.test(texts.age))
    result.errors.age = PACING_COPY.futureVintage(thisYear())
  for (const f of reread) {
    const message = result.errors[f as FundField]
    if (message) errors[f] = message
    else if (params.has(f)) delete errors[f]
  }
  // A message about another field (paid-in against a new commitment) lands on that field.
  for (const f of FUND_FIELDS) {
    const message = result.errors[f]
    if (message && !reread.has(f)) errors[f] = message
  }
  let next = result.inputs
  // A fund that follows its preset keeps following it at its new age (as the plan reads presets).
  if (
    field === 'age' &&
    !errors.age &&
    state.preset !== null &&
    followsPreset(state.inputs, state.preset) &&
    next.age !== state.inputs.age
  ) {
    const parameters = presetParametersAtAge(state.preset, next.age ?? 0)
    next = { ...next, rc: parameters.rc, growth: parameters.growth }
    texts.rc = formatFieldValue(parameters.rc)
    texts.growth = formatFieldValue(parameters.growth)
  }
  const changed = !findFundInputError(next) && JSON.stringify(next) !== JSON.stringify(state.inputs)
  // The same object when nothing changed, so the result is not recomputed.
  const inputs = changed ? next : state.inputs
  const linkBlocked = state.linkBlocked && Object.keys(errors).length > 0
  return { ...state, texts, errors, inputs, linkBlocked }
}

/** Annual or quarterly rows in the table and CSV. */
export function setFrequency(state: FundState, freq: Frequency): FundState {
  return state.freq === freq && state.freqError === null
    ? state
    : { ...state, freq, freqError: null }
}

/** Fill the model parameters from a preset, at the fund's current (valid) age. */
export function applyPreset(state: FundState, preset: AssetClass): FundState {
  const parameters = presetParametersAtAge(preset, state.inputs.age ?? 0)
  const inputs: FundInputs = { ...state.inputs, ...parameters }
  const texts = { ...state.texts }
  const errors = { ...state.errors }
  for (const f of MODEL_FIELDS) {
    texts[f] = f === 'yield' && parameters.yield === 0 ? '' : formatFieldValue(parameters[f])
    delete errors[f]
  }
  return { ...state, texts, errors, inputs, preset }
}

/** Step sizes for ArrowUp / ArrowDown in a field (Shift: ten times); lists do not step. */
export const FIELD_STEPS: Partial<Record<FundField, number>> = {
  commitment: 1_000_000,
  life: 1,
  bow: 0.1,
  growth: 0.01,
  yield: 0.01,
  years: 1,
  age: 1,
  nav: 1_000_000,
  paid: 1_000_000,
  lastcall: 1,
  rc: 0.05,
}

/**
 * The text after one arrow-key step, or null when the field holds a list or no number. Rounded
 * to the step's decimals so 2.5 + 0.1 reads "2.6", and never below `min`.
 */
export function stepText(text: string, step: number, direction: 1 | -1, min = 0): string | null {
  if (text.includes(',')) return null
  const current = text.trim() === '' ? 0 : readDecimal(text)
  if (!Number.isFinite(current)) return null
  const decimals = Math.max(0, -Math.floor(Math.log10(step)))
  const next = Math.max(min, current + direction * step)
  return String(Number(next.toFixed(decimals)))
}
