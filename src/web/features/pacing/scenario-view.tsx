/**
 * Scenarios side by side, as the one-fund lab and the portfolio plan both show them: a table with
 * each scenario's key figures and its editable shifts, the choice of the scenario the rest of the
 * page shows, and two charts of overlaid curves. What the figures and curves are is the caller's
 * (scenario-panel.tsx for one fund, plan-scenario-panel.tsx for the plan).
 */
import {
  SCENARIOS,
  STRESS_KEYS,
  type ScenarioId,
  type ScenarioShift,
  type StressKey,
} from '#src/common/pacing/scenarios.ts'
import { memo, type ReactNode } from 'react'
import { PACING_COPY } from '../../content/pacing.ts'
import { SCENARIO_COPY } from '../../content/pacing-parts.ts'
import { cn } from '../../lib/cn.ts'
import { Chart, type ChartSeries } from './chart.tsx'
import { SCROLL_SHADOW } from './data-table.tsx'
import { NumberBox, sameExceptCallbacks, TextField } from './field.tsx'
import { formatCompact } from './format.ts'
import type { ScenarioState } from './scenario-state.ts'

const S = { ...SCENARIO_COPY, names: PACING_COPY.scenarios.names }

/** One colour per scenario, the base strongest. */
const COLORS: Record<ScenarioId, string> = {
  base: 'var(--color-brand-700)',
  downside: '#b45309',
  upside: 'var(--color-accent-600)',
  stress: '#b91c1c',
}

const SHIFT_KEYS = ['growth', 'life'] as const

interface CurveChart {
  title: string
  summary: string
  values: Readonly<Record<ScenarioId, readonly number[]>>
}

interface ShiftInputProps {
  id: string
  label: string
  value: string
  error: string | undefined
  scenario: ScenarioId
  shiftKey: keyof ScenarioShift
  onEdit: (id: ScenarioId, key: keyof ScenarioShift, text: string) => void
}

/** One scenario's shift, typed in its cell; left alone by a keystroke elsewhere (field.tsx). */
const ShiftInput = memo(function ShiftInput({
  id,
  label,
  value,
  error,
  scenario,
  shiftKey,
  onEdit,
}: ShiftInputProps) {
  return (
    <>
      <NumberBox
        id={id}
        aria-label={label}
        aria-describedby={error ? `${id}-error` : undefined}
        value={value}
        onText={(text) => onEdit(scenario, shiftKey, text)}
        invalid={!!error}
        className="block min-h-11 w-20 rounded-md border bg-white px-2 text-right text-sm tabular-nums focus:ring-2 focus:outline-none"
      />
      {error ? (
        <span id={`${id}-error`} className="mt-1 block text-left text-xs text-red-800">
          {error}
        </span>
      ) : null}
    </>
  )
}, sameExceptCallbacks)

interface Props {
  /** Prefixes every id and the radio group's name ('' for one fund, 'plan-' for the plan). */
  idPrefix: string
  intro: string
  /** One line under each scenario's name: what it does. */
  describe: Readonly<Record<ScenarioId, string>>
  state: ScenarioState
  onChoose: (id: ScenarioId) => void
  onEditShift: (id: ScenarioId, key: keyof ScenarioShift, text: string) => void
  /** The key-figure columns; each cell is marked data-cell with its key. */
  columns: readonly { key: string; label: string }[]
  /** Each scenario's figures, formatted, in the order of `columns`. */
  figures: Readonly<Record<ScenarioId, readonly string[]>>
  /** X labels of both charts. */
  labels: readonly number[]
  charts: readonly [CurveChart, CurveChart]
  /** Which of the stress's falls apply: a plan adds the liquid assets' (`public`). */
  stressKeys: readonly StressKey[]
  /** Shown under the stress fields (a plan's denominator effect). */
  stressNote?: ReactNode
}

export function ScenarioView({
  idPrefix,
  intro,
  describe,
  state,
  onChoose,
  onEditShift,
  columns,
  figures,
  labels,
  charts,
  stressKeys,
  stressNote,
}: Props) {
  const lines = (values: CurveChart['values']): ChartSeries[] =>
    SCENARIOS.map((id) => ({
      id,
      label: S.names[id],
      kind: 'line',
      values: values[id],
      color: COLORS[id],
      strong: id === state.scenario,
      dashed: id !== 'base' && id !== state.scenario,
    }))
  const headers = [
    { key: 'scenario', label: S.columns.scenario },
    ...columns,
    ...SHIFT_KEYS.map((key) => ({ key, label: S.columns[key] })),
  ]

  return (
    <section
      aria-labelledby={`${idPrefix}scenarios-heading`}
      data-print="scenarios"
      className="space-y-4"
    >
      <div>
        <h2 id={`${idPrefix}scenarios-heading`} className="text-base font-semibold text-brand-900">
          {S.heading}
        </h2>
        <p className="mt-1 text-sm text-ink-600">{intro}</p>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-ink-800">{S.show}</legend>
        <div className="mt-2 flex flex-wrap gap-2" data-print-hide="">
          {SCENARIOS.map((id) => (
            <label
              key={id}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm',
                'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-400',
                state.scenario === id
                  ? 'border-brand-600 bg-brand-50 font-medium text-brand-900'
                  : 'border-ink-200 text-ink-700 hover:border-ink-300',
              )}
            >
              <input
                type="radio"
                name={`${idPrefix}scenario`}
                value={id}
                checked={state.scenario === id}
                onChange={() => onChoose(id)}
                className="size-4 shrink-0 accent-brand-700 focus-visible:outline-none"
              />
              {S.names[id]}
            </label>
          ))}
        </div>
      </fieldset>
      <div
        role="region"
        aria-label={S.tableRegion}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="overflow-x-auto rounded-xl ring-1 ring-ink-100"
        style={SCROLL_SHADOW}
      >
        <table
          id={`${idPrefix}scenario-table`}
          className="w-full border-collapse text-right text-sm tabular-nums"
        >
          <caption className="sr-only">{S.heading}</caption>
          <thead className="bg-ink-50 text-xs text-ink-700">
            <tr>
              {headers.map(({ key, label }, i) => (
                <th
                  key={key}
                  scope="col"
                  className={cn(
                    'bg-ink-50 px-3 py-2.5 align-bottom font-semibold',
                    i === 0 && 'sticky left-0 z-[1] text-left',
                  )}
                >
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {SCENARIOS.map((id) => (
              <tr
                key={id}
                data-scenario={id}
                className={cn('border-t border-ink-100', id === state.scenario && 'bg-brand-50')}
              >
                <th
                  scope="row"
                  className={cn(
                    'sticky left-0 z-[1] px-3 py-2 text-left font-medium whitespace-nowrap text-ink-800',
                    id === state.scenario ? 'bg-brand-50' : 'bg-white',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className="mr-2 inline-block h-0.5 w-3 align-middle"
                    style={{ background: COLORS[id] }}
                  />
                  {S.names[id]}
                  <span className="block max-w-[11rem] text-xs font-normal whitespace-normal text-ink-600 max-sm:hidden">
                    {describe[id]}
                  </span>
                </th>
                {columns.map(({ key }, i) => (
                  <td key={key} className="px-3 py-2 whitespace-nowrap" data-cell={key}>
                    {figures[id][i]}
                  </td>
                ))}
                {SHIFT_KEYS.map((key) => {
                  const error = state.shiftErrors[`${id}.${key}`]
                  const fieldId = `${idPrefix}scenario-${id}-${key}`
                  return (
                    <td key={key} className="px-2 py-1.5 align-top">
                      {id === 'base' ? (
                        <span className="text-ink-500">0</span>
                      ) : (
                        <ShiftInput
                          id={fieldId}
                          label={S.fieldLabel(S.names[id], S.columns[key])}
                          value={state.shiftTexts[id][key]}
                          error={error}
                          scenario={id}
                          shiftKey={key}
                          onEdit={onEditShift}
                        />
                      )}
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <fieldset
        className="rounded-xl bg-white p-4 ring-1 ring-ink-100"
        data-stress-fields=""
        aria-describedby={`${idPrefix}stress-intro`}
      >
        <legend className="px-1 text-sm font-semibold text-brand-900">{S.stressHeading}</legend>
        <p id={`${idPrefix}stress-intro`} className="text-xs text-ink-600">
          {S.stressIntro}
        </p>
        <div className="mt-3 grid grid-cols-1 gap-4 min-[400px]:grid-cols-2 xl:grid-cols-4">
          {STRESS_KEYS.filter((key) => stressKeys.includes(key)).map((key) => (
            <TextField
              key={key}
              id={`${idPrefix}stress-${key}`}
              label={S.stressFields[key].label}
              hint={S.stressFields[key].hint}
              value={state.shiftTexts.stress[key]}
              error={state.shiftErrors[`stress.${key}`]}
              onChange={(text) => onEditShift('stress', key, text)}
            />
          ))}
        </div>
        {stressNote}
      </fieldset>
      <div className="grid gap-6 xl:grid-cols-2">
        {charts.map((chart, i) => (
          <Chart
            key={chart.title}
            id={`${idPrefix}scenario-${i === 0 ? 'nav' : 'cumulative'}-chart`}
            title={chart.title}
            summary={chart.summary}
            labels={labels}
            series={lines(chart.values)}
            formatTick={formatCompact}
          />
        ))}
      </div>
    </section>
  )
}
