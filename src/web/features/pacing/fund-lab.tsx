/**
 * One fund: presets, inputs, key figures, the J-curve chart, actions and the yearly (or quarterly)
 * table. On a phone the key figures come before the inputs (docs/product.md); on a wide screen they
 * sit above the chart, beside the inputs. A fund with its history (`actuals=`) also shows its
 * figures to date and since inception, and counts cumulative net cash flow from inception.
 */
import { useDeferredValue, useEffect, useMemo, type Dispatch, type SetStateAction } from 'react'
import {
  projectFund,
  type FundInputs,
  type ProjectionRow,
  type ResolvedFundInputs,
} from '#src/common/pacing/engine.ts'
import { computeMetrics } from '#src/common/pacing/metrics.ts'
import { formatPlainDecimal, projectionToCsv } from '#src/common/pacing/csv.ts'
import { fromInception, toDateFigures, type InceptionFigures } from '#src/common/pacing/history.ts'
import {
  projectFundQuarterly,
  quarterlyToCsv,
  type QuarterRow,
} from '#src/common/pacing/quarterly.ts'
import { ASSET_CLASSES, PRESETS } from '#src/common/pacing/presets.ts'
import { SCENARIOS, applyScenario, type ScenarioId } from '#src/common/pacing/scenarios.ts'
import type { FundField } from '#src/common/pacing/query.ts'
import { FUND_FIELD_COPY, PACING_COPY } from '../../content/pacing.ts'
import { cn } from '../../lib/cn.ts'
import { Chart, type ChartSeries } from './chart.tsx'
import { DataTable, type Column } from './data-table.tsx'
import { saveCsv, saveXlsx } from './downloads.ts'
import { TextField } from './field.tsx'
import { FrequencySwitch } from './frequency-switch.tsx'
import { formatCompact, formatMoney, formatMultiple, formatPercent, moneyDigits } from './format.ts'
import {
  FIELD_STEPS,
  applyPreset,
  editFundField,
  followsPreset,
  setFrequency,
  stepText,
  thisYear,
  type FundState,
} from './fund-state.ts'
import { KeyFigures, type Figure } from './key-figures.tsx'
import { useScenarioPanelState } from './use-scenario-panel-state.ts'
import { LabActions } from './lab-actions.tsx'
import { BandsPanel, FitPanel, ScenarioPanel } from './fund-parts.ts'

const C = PACING_COPY.columns

/** The table's columns, amounts with `digits` decimals (more for small commitments). */
function fundColumns(digits: number): readonly Column<ProjectionRow>[] {
  const money = (n: number) => formatMoney(n, digits)
  return [
    { key: 'year', label: C.year, value: (r) => String(r.year) },
    { key: 'contributions', label: C.contributions, value: (r) => money(r.contributions) },
    { key: 'distributions', label: C.distributions, value: (r) => money(r.distributions) },
    { key: 'nav', label: C.nav, value: (r) => money(r.nav) },
    { key: 'net', label: C.netCashFlow, value: (r) => money(r.netCashFlow) },
    { key: 'cum', label: C.cumulativeNetCashFlow, value: (r) => money(r.cumulativeNetCashFlow) },
    { key: 'unfunded', label: C.unfunded, value: (r) => money(r.unfunded) },
  ]
}

/** The quarterly table's columns: a calendar quarter instead of the fund's age. */
function quarterColumns(digits: number): readonly Column<QuarterRow>[] {
  const money = (n: number) => formatMoney(n, digits)
  return [
    { key: 'quarter', label: C.quarter, value: (r) => r.quarter },
    { key: 'contributions', label: C.contributions, value: (r) => money(r.contributions) },
    { key: 'distributions', label: C.distributions, value: (r) => money(r.distributions) },
    { key: 'nav', label: C.nav, value: (r) => money(r.nav) },
    { key: 'net', label: C.netCashFlow, value: (r) => money(r.netCashFlow) },
    { key: 'cum', label: C.cumulativeNetCashFlow, value: (r) => money(r.cumulativeNetCashFlow) },
    { key: 'unfunded', label: C.unfunded, value: (r) => money(r.unfunded) },
  ]
}

/** IRR, TVPI and DPI to date and since inception, for a fund with its history. */
function InceptionTable({ toDate, since }: { toDate: InceptionFigures; since: InceptionFigures }) {
  const I = PACING_COPY.inception
  const cells = (f: InceptionFigures) => [
    f.irr === null ? PACING_COPY.figures.notApplicable : formatPercent(f.irr),
    f.tvpi === null ? PACING_COPY.figures.notApplicable : formatMultiple(f.tvpi),
    f.dpi === null ? PACING_COPY.figures.notApplicable : formatMultiple(f.dpi),
  ]
  const rows = [
    { id: 'to-date', label: I.toDate, note: I.toDateNote, values: cells(toDate) },
    { id: 'since-inception', label: I.since, note: I.sinceNote, values: cells(since) },
  ]
  return (
    <table className="mt-3 w-full rounded-xl bg-white text-sm tabular-nums ring-1 ring-ink-100">
      <caption className="sr-only">{I.caption}</caption>
      <thead className="text-xs text-ink-600">
        <tr>
          <th scope="col" className="px-3 pt-2 text-left font-medium">
            <span className="sr-only">{I.period}</span>
          </th>
          {I.columns.map((c) => (
            <th key={c} scope="col" className="px-3 pt-2 text-right font-medium">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id} data-figure={r.id} className="border-t border-ink-100 first:border-t-0">
            <th scope="row" className="px-3 py-2 text-left font-medium text-ink-800">
              {r.label}
              <span className="block text-xs font-normal text-ink-600">{r.note}</span>
            </th>
            {r.values.map((v, i) => (
              <td
                key={I.columns[i]}
                className="px-3 py-2 text-right text-base font-semibold text-brand-900"
              >
                {v}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The workbook's columns: the CSV's six and Unfunded. */
const XLSX_HEADER = [
  C.year,
  C.contributions,
  C.distributions,
  C.nav,
  C.netCashFlow,
  C.cumulativeNetCashFlow,
  C.unfunded,
]

/** What the Inputs sheet records: every input as the engine used it, and the link. */
function inputLines(inputs: ResolvedFundInputs, scenario: ScenarioId): [string, string | number][] {
  const list = (v: number | readonly number[]) =>
    typeof v === 'number' ? v : v.map(formatPlainDecimal).join(', ')
  const lines: [string, string | number][] = [
    [PACING_COPY.scenarios.columns.scenario, PACING_COPY.scenarios.names[scenario]],
    [FUND_FIELD_COPY.commitment.label, inputs.commitment],
    [FUND_FIELD_COPY.rc.label, list(inputs.rc)],
    [FUND_FIELD_COPY.life.label, inputs.life],
    [FUND_FIELD_COPY.bow.label, inputs.bow],
    [FUND_FIELD_COPY.growth.label, list(inputs.growth)],
    [FUND_FIELD_COPY.yield.label, inputs.yield],
    [FUND_FIELD_COPY.years.label, inputs.years],
    [FUND_FIELD_COPY.age.label, inputs.age],
    [FUND_FIELD_COPY.nav.label, inputs.nav],
    [FUND_FIELD_COPY.paid.label, inputs.paid],
  ]
  if (inputs.lastcall !== undefined) lines.push([FUND_FIELD_COPY.lastcall.label, inputs.lastcall])
  lines.push([PACING_COPY.inputsSheetLink, window.location.href])
  return lines
}

const GROUPS: ReadonlyArray<{ legend: string; fields: readonly FundField[] }> = [
  { legend: PACING_COPY.groups.model, fields: ['rc', 'life', 'bow', 'growth', 'yield'] },
  { legend: PACING_COPY.groups.fund, fields: ['commitment', 'age', 'nav', 'paid', 'lastcall'] },
  { legend: PACING_COPY.groups.projection, fields: ['years'] },
]
const WIDE = new Set<FundField>(['rc', 'commitment'])
// Growth may be negative; every other field is zero or more.
const STEP_MIN: Partial<Record<FundField, number>> = { growth: -0.99 }

interface Props {
  state: FundState
  onChange: Dispatch<SetStateAction<FundState>>
}

export function FundLab({ state, onChange }: Props) {
  const scenarioInputs = useMemo(
    () =>
      Object.fromEntries(
        SCENARIOS.map((id) => [id, applyScenario(state.inputs, state.shifts[id])]),
      ) as Record<ScenarioId, FundInputs>,
    [state.inputs, state.shifts],
  )
  // The scenarios and bands below the chart follow a keystroke a moment later, in a render React
  // may interrupt, so the chart and table the visitor is watching redraw first
  // (docs/architecture.md, "Budgets"). Their fields show the current state at once.
  const laterInputs = useDeferredValue(scenarioInputs)
  const panelState = useScenarioPanelState(state)
  // A link whose figures cannot be computed shows none of the parts below the chart, so nothing
  // brings their code. It loads meanwhile: once the fields are fixed the parts appear with the
  // figures, instead of a moment later under the visitor's pointer (lab-part.tsx).
  useEffect(() => {
    if (!state.linkBlocked) return
    for (const part of [ScenarioPanel, BandsPanel, FitPanel]) void part.preload()
  }, [state.linkBlocked])
  const projection = useMemo(
    () => projectFund(scenarioInputs[state.scenario]),
    [scenarioInputs, state.scenario],
  )
  // A fund under way: today's NAV counts as paid in at time 0 (metrics.ts).
  const openingNav = projection.inputs.nav
  const underWay = openingNav > 0
  const metrics = useMemo(
    () => computeMetrics(projection.rows, openingNav),
    [projection, openingNav],
  )
  // The history counts only while it ends where the projection starts.
  const history =
    state.actuals !== null && state.actuals.length === projection.inputs.age ? state.actuals : null
  const inception = useMemo(
    () => (history ? fromInception(history, projection.rows) : null),
    [history, projection.rows],
  )
  const toDate = useMemo(() => (history ? toDateFigures(history) : null), [history])
  // Peak NAV, trough and break-even over the fund's whole life when its history is known.
  const lifeMetrics = useMemo(
    () => (inception ? computeMetrics(inception.all, 0) : metrics),
    [inception, metrics],
  )
  const rows = inception ? inception.rows : projection.rows
  const digits = moneyDigits(Math.max(projection.inputs.commitment, metrics.peakNav.value))
  const columns = useMemo(() => fundColumns(digits), [digits])
  const quarters = useMemo(
    () =>
      state.freq === 'quarterly'
        ? projectFundQuarterly(
            scenarioInputs[state.scenario],
            thisYear(),
            inception ? (rows[0]?.cumulativeNetCashFlow ?? 0) - (rows[0]?.netCashFlow ?? 0) : 0,
          )
        : null,
    [state.freq, scenarioInputs, state.scenario, inception, rows],
  )
  const qColumns = useMemo(() => quarterColumns(digits), [digits])
  const copy = PACING_COPY
  const f = copy.figures

  const series = useMemo<ChartSeries[]>(
    () => [
      {
        id: 'contributions',
        label: copy.series.contributions,
        kind: 'bar',
        values: rows.map((r) => -r.contributions),
        color: 'var(--color-ink-300)',
      },
      {
        id: 'distributions',
        label: copy.series.distributions,
        kind: 'bar',
        values: rows.map((r) => r.distributions),
        color: 'var(--color-accent-300)',
      },
      {
        id: 'nav',
        label: copy.series.nav,
        kind: 'line',
        values: rows.map((r) => r.nav),
        color: 'var(--color-brand-500)',
      },
      {
        id: 'cumulative',
        label: copy.series.cumulative,
        kind: 'line',
        values: rows.map((r) => r.cumulativeNetCashFlow),
        color: 'var(--color-accent-700)',
        strong: true,
      },
    ],
    [rows, copy],
  )

  const trough = lifeMetrics.deepestCumulativeNetCashFlow
  const figures: Figure[] = [
    {
      id: 'peak-nav',
      label: f.peakNav,
      value: formatCompact(lifeMetrics.peakNav.value),
      note: f.inYear(lifeMetrics.peakNav.year),
    },
    {
      id: 'trough',
      label: inception ? f.troughSinceInception : f.trough,
      value: trough ? formatCompact(trough.value) : f.notApplicable,
      note: trough ? f.inYear(trough.year) : f.noTrough,
    },
    {
      id: 'break-even',
      label: f.breakEven,
      value:
        lifeMetrics.breakEvenYear === null ? f.notApplicable : String(lifeMetrics.breakEvenYear),
      note: lifeMetrics.breakEvenYear === null ? f.noBreakEven : f.breakEvenNote,
    },
    {
      id: 'tvpi',
      label: f.tvpi,
      value: metrics.tvpi === null ? f.notApplicable : formatMultiple(metrics.tvpi),
      note: metrics.tvpi === null ? f.noTvpi : underWay ? f.tvpiNoteUnderWay : f.tvpiNote,
    },
    {
      id: 'irr',
      label: f.irr,
      value: metrics.irr === null ? f.notApplicable : formatPercent(metrics.irr),
      note: metrics.irr === null ? f.noIrr : underWay ? f.irrNoteUnderWay : f.irrNote,
    },
  ]

  const edit = (field: FundField, text: string) =>
    onChange((current) => editFundField(current, field, text))
  const step = (field: FundField, direction: 1 | -1, large: boolean) =>
    onChange((current) => {
      const size = (FIELD_STEPS[field] ?? 1) * (large ? 10 : 1)
      const next = stepText(current.texts[field], size, direction, STEP_MIN[field] ?? 0)
      return next === null ? current : editFundField(current, field, next)
    })
  const hasErrors = Object.keys(state.errors).length > 0
  const edited = state.preset !== null && !followsPreset(state.inputs, state.preset)
  const quarterly = quarters !== null

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] xl:gap-10">
      {state.linkBlocked ? (
        <p
          data-link-blocked=""
          className="rounded-xl bg-white px-4 py-6 text-sm text-ink-800 ring-1 ring-amber-200 lg:col-start-2 lg:row-start-1"
        >
          {copy.linkBlocked}
        </p>
      ) : (
        <section
          aria-labelledby="fund-figures-heading"
          className="min-w-0 space-y-3 lg:col-start-2 lg:row-start-1"
        >
          {hasErrors ? (
            <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
              {copy.keptResult}
            </p>
          ) : null}
          <h2 id="fund-figures-heading" className="sr-only">
            {copy.keyFiguresHeading}
          </h2>
          <KeyFigures figures={figures} />
          {underWay ? (
            <p data-note="under-way" className="text-sm text-ink-600">
              {history ? f.underWayWithHistory : f.underWay}
            </p>
          ) : null}
          {toDate && inception ? (
            <InceptionTable toDate={toDate} since={inception.sinceInception} />
          ) : null}
        </section>
      )}
      <form
        aria-label={copy.modes.fund}
        noValidate
        onSubmit={(event) => event.preventDefault()}
        className="space-y-6 self-start rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink-100 sm:p-6 lg:col-start-1 lg:row-span-2 lg:row-start-1"
      >
        <fieldset>
          <legend className="text-sm font-semibold text-brand-900">{copy.presetsLegend}</legend>
          <p className="mt-0.5 text-xs text-ink-600">{copy.presetsHint}</p>
          <div className="mt-3 grid grid-cols-2 gap-2">
            {ASSET_CLASSES.map((c) => (
              <label
                key={c}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm',
                  'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-400',
                  state.preset === c
                    ? 'border-brand-600 bg-brand-50 font-medium text-brand-900'
                    : 'border-ink-200 text-ink-700 hover:border-ink-300',
                )}
              >
                <input
                  type="radio"
                  name="preset"
                  value={c}
                  checked={state.preset === c}
                  onChange={() => onChange((current) => applyPreset(current, c))}
                  className="size-4 shrink-0 accent-brand-700 focus-visible:outline-none"
                />
                {PRESETS[c].label}
              </label>
            ))}
          </div>
          <p className="mt-2 min-h-4 text-xs text-ink-600" aria-live="polite">
            {edited ? copy.presetEdited : ''}
          </p>
        </fieldset>
        {GROUPS.map((group) => (
          <fieldset key={group.legend} className="border-t border-ink-100 pt-5">
            <legend className="float-left mb-3 w-full text-sm font-semibold text-brand-900">
              {group.legend}
            </legend>
            <div className="clear-left grid grid-cols-1 gap-4 min-[400px]:grid-cols-2">
              {group.fields.map((field) => (
                <TextField
                  key={field}
                  id={`fund-${field}`}
                  label={FUND_FIELD_COPY[field].label}
                  hint={FUND_FIELD_COPY[field].hint}
                  value={state.texts[field]}
                  error={state.errors[field]}
                  onChange={(text) => edit(field, text)}
                  onStep={(direction, large) => step(field, direction, large)}
                  className={cn(WIDE.has(field) && 'min-[400px]:col-span-2')}
                />
              ))}
            </div>
          </fieldset>
        ))}
      </form>

      {state.linkBlocked ? null : (
        <div className="min-w-0 space-y-8 lg:col-start-2 lg:row-start-2">
          {state.scenario !== 'base' ? (
            <p data-note="scenario" className="text-sm font-medium text-brand-900">
              {copy.scenarios.showing(copy.scenarios.names[state.scenario])}
            </p>
          ) : null}
          <Chart
            id="fund-chart"
            title={copy.chartHeading}
            summary={copy.chartSummary}
            labels={rows.map((r) => r.year)}
            series={series}
            formatTick={formatCompact}
          />
          <ScenarioPanel state={panelState} onChange={onChange} inputs={laterInputs} />
          <BandsPanel state={panelState} onChange={onChange} inputs={laterInputs[state.scenario]} />
          <FitPanel state={state} onChange={onChange} />
          <LabActions
            onCsv={() =>
              quarters
                ? saveCsv(quarterlyToCsv(quarters), copy.files.quarterlyCsv)
                : saveCsv(projectionToCsv(rows), copy.files.csv)
            }
            onXlsx={() =>
              saveXlsx(
                [
                  quarters
                    ? {
                        sheet: copy.xlsxSheet,
                        header: [C.quarter, ...XLSX_HEADER.slice(1)],
                        rows: quarters.map((r) => [
                          r.quarter,
                          r.contributions,
                          r.distributions,
                          r.nav,
                          r.netCashFlow,
                          r.cumulativeNetCashFlow,
                          r.unfunded,
                        ]),
                      }
                    : {
                        sheet: copy.xlsxSheet,
                        header: XLSX_HEADER,
                        rows: rows.map((r) => [
                          r.year,
                          r.contributions,
                          r.distributions,
                          r.nav,
                          r.netCashFlow,
                          r.cumulativeNetCashFlow,
                          r.unfunded,
                        ]),
                      },
                ],
                { sheet: copy.inputsSheet, lines: inputLines(projection.inputs, state.scenario) },
                copy.files.xlsx,
              )
            }
          />
          <p data-print-summary="" className="hidden text-sm text-ink-800">
            {copy.printSummary}
          </p>
          <section aria-labelledby="fund-table-heading">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <h2 id="fund-table-heading" className="text-base font-semibold text-brand-900">
                {quarterly ? copy.quarterTableHeading : copy.tableHeading}
              </h2>
              <FrequencySwitch
                name="fund-freq"
                value={state.freq}
                error={state.freqError}
                onChange={(freq) => onChange((current) => setFrequency(current, freq))}
              />
            </div>
            <p className="mt-1 mb-3 text-sm text-ink-600">
              {quarterly ? copy.quarterTableCaption : copy.tableCaption}
              {inception ? ` ${copy.fromInceptionNote}` : ''}
            </p>
            {quarters ? (
              <DataTable
                id="fund-table"
                caption={copy.quarterTableCaption}
                regionLabel={copy.tableRegionLabel}
                columns={qColumns}
                rows={quarters}
                stickyFirst
              />
            ) : (
              <DataTable
                id="fund-table"
                caption={copy.tableCaption}
                regionLabel={copy.tableRegionLabel}
                columns={columns}
                rows={rows}
                stickyFirst
              />
            )}
          </section>
        </div>
      )}
    </div>
  )
}
