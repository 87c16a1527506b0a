/**
 * The one-fund form's state, as pure functions the page and its tests share. The fields hold the
 * text a visitor typed; `inputs` is the last complete, valid set of inputs, which drives the
 * result and the link. A field whose text is not valid keeps its text and gets a message, and the
 * result stays at the last valid inputs (docs/product.md, "Pacing Lab": never a broken page).
 */
import { findFundInputError, type FundInputs } from '#src/common/pacing/engine.ts'
import {
  BAND_FIELDS,
  FUND_FIELDS,
  bandMessage,
  fundInputsFromQuery,
  parseBandSettings,
  parseScenario,
  readBandField,
  type BandField,
  readDecimal,
  type FieldErrors,
  type FundField,
} from '#src/common/pacing/query.ts'
import {
  ASSET_CLASSES,
  DEFAULT_ASSET_CLASS,
  presetParametersAtAge,
  type AssetClass,
  type PresetParameters,
} from '#src/common/pacing/presets.ts'
import { DEFAULT_PATHS, DEFAULT_SEED, type BandSettings } from '#src/common/pacing/montecarlo.ts'
import {
  DEFAULT_SHIFTS,
  SCENARIOS,
  SHIFT_LIMITS,
  type ScenarioId,
  type ScenarioShift,
} from '#src/common/pacing/scenarios.ts'
import { FUND_FIELD_COPY, PACING_COPY } from '../../content/pacing.ts'
import { formatFieldValue } from './format.ts'

type FundTexts = Record<FundField, string>

type ShiftKey = keyof ScenarioShift
type ShiftTexts = Record<ScenarioId, Record<ShiftKey, string>>

export interface FundState {
  texts: FundTexts
  errors: FieldErrors<FundField>
  /** The last valid inputs: what the chart, table, key figures and the link show. */
  inputs: FundInputs
  /** The preset last chosen (or matched by a link); null when none fits. */
  preset: AssetClass | null
  /** The scenario the key figures, chart, table and downloads show (`scenario=`). */
  scenario: ScenarioId
  /** How each scenario departs from the inputs (editable; the last valid values). */
  shifts: Record<ScenarioId, ScenarioShift>
  shiftTexts: ShiftTexts
  /** Keyed `downside.growth` and so on. */
  shiftErrors: Record<string, string>
  /** Uncertainty: the last valid `vol`, `paths`, `seed`, their texts and messages. */
  bands: BandSettings
  bandTexts: Record<BandField, string>
  bandErrors: FieldErrors<BandField>
}

function bandTextsOf(settings: BandSettings): Record<BandField, string> {
  return {
    vol: settings.vol === 0 ? '' : String(settings.vol),
    paths: String(settings.paths),
    seed: String(settings.seed),
  }
}

/** A band setting as typed; an empty volatility means none. */
export function editBandField(state: FundState, field: BandField, text: string): FundState {
  const bandTexts = { ...state.bandTexts, [field]: text }
  const bandErrors = { ...state.bandErrors }
  const value = field === 'vol' && text.trim() === '' ? 0 : readBandField(field, text)
  if (value === null) {
    bandErrors[field] = bandMessage(field)
    return { ...state, bandTexts, bandErrors }
  }
  delete bandErrors[field]
  return { ...state, bandTexts, bandErrors, bands: { ...state.bands, [field]: value } }
}

const shiftText = (key: ShiftKey, v: number) =>
  key === 'life' ? String(v) : String(Number(v.toFixed(6)))

function defaultShiftTexts(): ShiftTexts {
  const texts = {} as ShiftTexts
  for (const id of SCENARIOS) {
    const d = DEFAULT_SHIFTS[id]
    texts[id] = {
      growth: shiftText('growth', d.growth),
      life: shiftText('life', d.life),
      shock: shiftText('shock', d.shock),
    }
  }
  return texts
}

const SCENARIO_DEFAULTS = () => {
  const bands: BandSettings = { vol: 0, paths: DEFAULT_PATHS, seed: DEFAULT_SEED }
  return {
    scenario: 'base' as ScenarioId,
    shifts: { ...DEFAULT_SHIFTS },
    shiftTexts: defaultShiftTexts(),
    shiftErrors: {},
    bands,
    bandTexts: bandTextsOf(bands),
    bandErrors: {},
  }
}

/** A scenario's shift as typed: kept when valid, else a message and the last valid value. */
export function editShift(
  state: FundState,
  id: ScenarioId,
  key: ShiftKey,
  text: string,
): FundState {
  const shiftTexts = { ...state.shiftTexts, [id]: { ...state.shiftTexts[id], [key]: text } }
  const shiftErrors = { ...state.shiftErrors }
  const errorKey = `${id}.${key}`
  const value = text.trim() === '' ? 0 : readDecimal(text)
  const { min, max } = SHIFT_LIMITS[key]
  const ok =
    Number.isFinite(value) &&
    value >= min &&
    value <= max &&
    (key !== 'life' || Number.isInteger(value))
  if (!ok) {
    shiftErrors[errorKey] = PACING_COPY.scenarios.shiftError[key]
    return { ...state, shiftTexts, shiftErrors }
  }
  delete shiftErrors[errorKey]
  const shifts = { ...state.shifts, [id]: { ...state.shifts[id], [key]: value } }
  return { ...state, shiftTexts, shiftErrors, shifts }
}

export function chooseScenario(state: FundState, scenario: ScenarioId): FundState {
  return state.scenario === scenario ? state : { ...state, scenario }
}

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
  if (texts.age === '' || inputs.age === undefined) texts.age = '0'
  return texts
}

export function initialFundState(inputs: FundInputs = DEFAULT_FUND): FundState {
  return {
    texts: textsFromInputs(inputs),
    errors: {},
    inputs,
    preset: matchPreset(inputs),
    ...SCENARIO_DEFAULTS(),
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
  const { inputs, errors } = fundInputsFromQuery(params, defaults)
  const texts = textsFromInputs(inputs)
  for (const field of FUND_FIELDS) {
    const raw = params.get(field)
    if (raw !== null && raw.trim() !== '' && errors[field]) texts[field] = raw
  }
  const fieldErrors: FieldErrors<FundField> = {}
  for (const field of FUND_FIELDS) if (errors[field]) fieldErrors[field] = errors[field]
  return {
    texts,
    errors: fieldErrors,
    inputs,
    preset: matchPreset(inputs),
    ...SCENARIO_DEFAULTS(),
    scenario: parseScenario(params).scenario,
    ...bandsFromQuery(params),
  }
}

function bandsFromQuery(params: URLSearchParams) {
  const { settings, errors } = parseBandSettings(params)
  const bandTexts = bandTextsOf(settings)
  for (const field of BAND_FIELDS) {
    const raw = params.get(field)
    if (raw !== null && errors[field]) bandTexts[field] = raw
  }
  return { bands: settings, bandTexts, bandErrors: errors }
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
    params.set(f, t)
  }
  const result = fundInputsFromQuery(params, base)
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
  const changed =
    !findFundInputError(result.inputs) &&
    JSON.stringify(result.inputs) !== JSON.stringify(state.inputs)
  // The same object when nothing changed, so the result is not recomputed.
  const inputs = changed ? result.inputs : state.inputs
  return { ...state, texts, errors, inputs }
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
