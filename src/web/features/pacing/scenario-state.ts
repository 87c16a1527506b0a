/**
 * Scenarios and uncertainty bands as form state, shared by the one-fund lab and the portfolio plan
 * (each state carries these fields): the scenario shown (`scenario=`), each scenario's editable
 * shift (the stress's four falls are in the link as `stress_calls` and so on), and `vol`, `paths`
 * and `seed` with what was typed and the messages. Like the rest of the
 * lab's state, a bad text keeps its message and the last valid value stays in force.
 */
import {
  BAND_FIELDS,
  bandMessage,
  parseBandSettings,
  parseScenario,
  parseStress,
  readBandField,
  readDecimal,
  readStressField,
  type BandField,
  type FieldErrors,
} from '#src/common/pacing/query.ts'
import { DEFAULT_PATHS, DEFAULT_SEED, type BandSettings } from '#src/common/pacing/montecarlo.ts'
import {
  DEFAULT_SHIFTS,
  SCENARIOS,
  SHIFT_LIMITS,
  STRESS_KEYS,
  type ScenarioId,
  type ScenarioShift,
} from '#src/common/pacing/scenarios.ts'
import { PACING_COPY } from '../../content/pacing.ts'

type ShiftKey = keyof ScenarioShift
type ShiftTexts = Record<ScenarioId, Record<ShiftKey, string>>

export interface ScenarioState {
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

const shiftText = (key: ShiftKey, v: number) =>
  key === 'life' ? String(v) : String(Number(v.toFixed(6)))

function shiftTextsOf(shifts: Readonly<Record<ScenarioId, ScenarioShift>>): ShiftTexts {
  const texts = {} as ShiftTexts
  for (const id of SCENARIOS) {
    const d = shifts[id]
    texts[id] = {
      growth: shiftText('growth', d.growth),
      life: shiftText('life', d.life),
      calls: shiftText('calls', d.calls),
      dists: shiftText('dists', d.dists),
      nav: shiftText('nav', d.nav),
      public: shiftText('public', d.public),
    }
  }
  return texts
}

/** The base scenario, the default shifts and no volatility. */
export function initialScenarioState(): ScenarioState {
  const bands: BandSettings = { vol: 0, paths: DEFAULT_PATHS, seed: DEFAULT_SEED }
  return {
    scenario: 'base',
    shifts: { ...DEFAULT_SHIFTS },
    shiftTexts: shiftTextsOf(DEFAULT_SHIFTS),
    shiftErrors: {},
    bands,
    bandTexts: bandTextsOf(bands),
    bandErrors: {},
  }
}

/**
 * What a link says: `scenario`, the stress's falls, `vol`, `paths`, `seed`; a bad value keeps its
 * text and message.
 */
export function scenarioStateFromQuery(params: URLSearchParams): ScenarioState {
  const { settings, errors } = parseBandSettings(params)
  const bandTexts = bandTextsOf(settings)
  for (const field of BAND_FIELDS) {
    const raw = params.get(field)
    if (raw !== null && errors[field]) bandTexts[field] = raw
  }
  const { stress, errors: stressErrors } = parseStress(params)
  const shifts = { ...DEFAULT_SHIFTS, stress: { ...DEFAULT_SHIFTS.stress, ...stress } }
  const shiftTexts = shiftTextsOf(shifts)
  const shiftErrors: Record<string, string> = {}
  for (const key of STRESS_KEYS) {
    const message = stressErrors[key]
    if (!message) continue
    shiftErrors[`stress.${key}`] = message
    shiftTexts.stress[key] = params.get(`stress_${key}`) ?? ''
  }
  return {
    ...initialScenarioState(),
    scenario: parseScenario(params).scenario,
    shifts,
    shiftTexts,
    shiftErrors,
    bands: settings,
    bandTexts,
    bandErrors: errors,
  }
}

/** A band setting as typed; an empty volatility means none. */
export function editBandField<S extends ScenarioState>(
  state: S,
  field: BandField,
  text: string,
): S {
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

/** A scenario's shift as typed: kept when valid, else a message and the last valid value. */
export function editShift<S extends ScenarioState>(
  state: S,
  id: ScenarioId,
  key: ShiftKey,
  text: string,
): S {
  const shiftTexts = { ...state.shiftTexts, [id]: { ...state.shiftTexts[id], [key]: text } }
  const shiftErrors = { ...state.shiftErrors }
  const errorKey = `${id}.${key}`
  const stressKey = key !== 'growth' && key !== 'life'
  const value = stressKey
    ? (readStressField(text) ?? Number.NaN)
    : text.trim() === ''
      ? 0
      : readDecimal(text)
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

export function chooseScenario<S extends ScenarioState>(state: S, scenario: ScenarioId): S {
  return state.scenario === scenario ? state : { ...state, scenario }
}
