/**
 * Scenarios side by side for one fund: how each departs from the inputs (editable), their key
 * figures in one table, their NAV and cumulative net cash flow as overlaid curves, and the choice
 * of the scenario the rest of the page shows.
 */
import { memo, useMemo, type Dispatch, type SetStateAction } from 'react'
import { projectFund, type FundInputs } from '#src/common/pacing/engine.ts'
import { computeMetrics } from '#src/common/pacing/metrics.ts'
import { SCENARIOS, sharedYears, type ScenarioId } from '#src/common/pacing/scenarios.ts'
import { PACING_COPY } from '../../content/pacing.ts'
import { cn } from '../../lib/cn.ts'
import { Chart, type ChartSeries } from './chart.tsx'
import { SCROLL_SHADOW } from './data-table.tsx'
import { formatCompact, formatMultiple, formatPercent } from './format.ts'
import { chooseScenario, editShift, type FundState } from './fund-state.ts'

const S = PACING_COPY.scenarios
const F = PACING_COPY.figures

/** One colour per scenario, the base strongest. */
const COLORS: Record<ScenarioId, string> = {
  base: 'var(--color-brand-700)',
  downside: '#b45309',
  upside: 'var(--color-accent-600)',
  stress: '#b91c1c',
}

const SHIFT_KEYS = ['growth', 'life', 'shock'] as const

interface Props {
  state: FundState
  onChange: Dispatch<SetStateAction<FundState>>
  /** Each scenario's inputs (the shifts applied). */
  inputs: Readonly<Record<ScenarioId, FundInputs>>
}

function ScenarioPanelImpl({ state, onChange, inputs }: Props) {
  const figures = useMemo(
    () =>
      SCENARIOS.map((id) => {
        const i = inputs[id]
        return { id, metrics: computeMetrics(projectFund(i).rows, i.nav ?? 0) }
      }),
    [inputs],
  )
  // Curves over one shared horizon, so every scenario's year 5 sits above the same label.
  const curves = useMemo(() => {
    const years = sharedYears(SCENARIOS.map((id) => inputs[id]))
    return SCENARIOS.map((id) => ({ id, rows: projectFund({ ...inputs[id], years }).rows }))
  }, [inputs])
  const labels = curves[0]?.rows.map((r) => r.year) ?? []
  const lines = (pick: 'nav' | 'cumulativeNetCashFlow'): ChartSeries[] =>
    curves.map(({ id, rows }) => ({
      id,
      label: S.names[id],
      kind: 'line',
      values: rows.map((r) => r[pick]),
      color: COLORS[id],
      strong: id === state.scenario,
      dashed: id !== 'base' && id !== state.scenario,
    }))

  return (
    <section aria-labelledby="scenarios-heading" data-print="scenarios" className="space-y-4">
      <div>
        <h2 id="scenarios-heading" className="text-base font-semibold text-brand-900">
          {S.heading}
        </h2>
        <p className="mt-1 text-sm text-ink-600">{S.intro}</p>
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
                name="scenario"
                value={id}
                checked={state.scenario === id}
                onChange={() => onChange((current) => chooseScenario(current, id))}
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
          id="scenario-table"
          className="w-full border-collapse text-right text-sm tabular-nums"
        >
          <caption className="sr-only">{S.heading}</caption>
          <thead className="bg-ink-50 text-xs text-ink-700">
            <tr>
              {Object.entries(S.columns).map(([key, label], i) => (
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
            {figures.map(({ id, metrics: m }) => (
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
                    {S.describe[id]}
                  </span>
                </th>
                <td className="px-3 py-2 whitespace-nowrap">{formatCompact(m.peakNav.value)}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {m.deepestCumulativeNetCashFlow
                    ? formatCompact(m.deepestCumulativeNetCashFlow.value)
                    : F.notApplicable}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {m.breakEvenYear === null ? F.notApplicable : String(m.breakEvenYear)}
                </td>
                <td className="px-3 py-2 whitespace-nowrap" data-cell="tvpi">
                  {m.tvpi === null ? F.notApplicable : formatMultiple(m.tvpi)}
                </td>
                <td className="px-3 py-2 whitespace-nowrap" data-cell="irr">
                  {m.irr === null ? F.notApplicable : formatPercent(m.irr)}
                </td>
                {SHIFT_KEYS.map((key) => {
                  const error = state.shiftErrors[`${id}.${key}`]
                  const fieldId = `scenario-${id}-${key}`
                  return (
                    <td key={key} className="px-2 py-1.5 align-top">
                      {id === 'base' ? (
                        <span className="text-ink-500">0</span>
                      ) : (
                        <>
                          <input
                            id={fieldId}
                            type="text"
                            inputMode="decimal"
                            autoComplete="off"
                            aria-label={S.fieldLabel(S.names[id], S.columns[key])}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error ? `${fieldId}-error` : undefined}
                            value={state.shiftTexts[id][key]}
                            onChange={(event) =>
                              onChange((current) => editShift(current, id, key, event.target.value))
                            }
                            className={cn(
                              'block min-h-11 w-20 rounded-md border bg-white px-2 text-right text-sm tabular-nums focus:ring-2 focus:outline-none',
                              error
                                ? 'border-red-700 focus:ring-red-100'
                                : 'border-ink-300 focus:border-brand-500 focus:ring-brand-200',
                            )}
                          />
                          {error ? (
                            <span
                              id={`${fieldId}-error`}
                              className="mt-1 block text-left text-xs text-red-800"
                            >
                              {error}
                            </span>
                          ) : null}
                        </>
                      )}
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <Chart
          id="scenario-nav-chart"
          title={S.navChart}
          summary={S.navSummary}
          labels={labels}
          series={lines('nav')}
          formatTick={formatCompact}
        />
        <Chart
          id="scenario-cumulative-chart"
          title={S.cumulativeChart}
          summary={S.cumulativeSummary}
          labels={labels}
          series={lines('cumulativeNetCashFlow')}
          formatTick={formatCompact}
        />
      </div>
    </section>
  )
}

export const ScenarioPanel = memo(ScenarioPanelImpl)
