/**
 * The one-fund form's state, as pure functions the page and its tests share. The fields hold the
 * text a visitor typed; `inputs` is the last complete, valid set of inputs, which drives the
 * result and the link. A field whose text is not valid keeps its text and gets a message, and the
 * result stays at the last valid inputs (docs/product.md, "Pacing Lab": never a broken page).
 */
import { findFundInputError, type FundInputs } from '#src/common/pacing/engine.ts'
import {
  FUND_FIELDS,
  fundInputsFromQuery,
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
    ...scenarioStateFromQuery(params),
  }
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
