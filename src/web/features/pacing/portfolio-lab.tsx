/**
 * The portfolio plan: the portfolio and target, existing funds (add, edit, remove), the solved
 * yearly commitment, NAV share against target, unfunded commitments, net cash flows and the
 * liquidity ratios. Feasibility first (docs/product.md): a plan the portfolio cannot carry shows why,
 * the first year it breaks and the highest target it can hold, and no rows, charts or figures.
 */
import { Plus, Trash2 } from 'lucide-react'
import {
  memo,
  useCallback,
  useDeferredValue,
  useId,
  useMemo,
  useState,
  type Dispatch,
  type SetStateAction,
} from 'react'
import {
  PLAN_CSV_COLUMNS,
  planRowValues,
  planToCsv,
  type PlanFlows,
} from '#src/common/pacing/plan-csv.ts'
import {
  PLAN_QUARTER_HEADER,
  planQuarterValues,
  planQuartersToCsv,
  type PlanQuarter,
} from '#src/common/pacing/plan-quarterly.ts'
import {
  planScenario,
  planScenarioQuarters,
  planScenarios,
  planStressYear,
} from '#src/common/pacing/plan-scenarios.ts'
import {
  planPortfolio,
  type PortfolioPlan,
  type PortfolioResult,
  type PortfolioYear,
} from '#src/common/pacing/portfolio.ts'
import type { ScenarioShift, ScenarioId } from '#src/common/pacing/scenarios.ts'
import { mixToParam } from '#src/common/pacing/plan-query.ts'
import { ASSET_CLASSES, PRESETS } from '#src/common/pacing/presets.ts'
import { buttonClasses } from '../../components/ui/button.tsx'
import { PACING_COPY } from '../../content/pacing.ts'
import { PORTFOLIO_COPY } from '../../content/pacing-plan.ts'
import { cn } from '../../lib/cn.ts'
import { Chart, type ChartSeries } from './chart.tsx'
import { shareDomain } from './chart-scale.ts'
import { DataTable, type Column } from './data-table.tsx'
import { saveCsv, saveXlsx } from './downloads.ts'
import { inputClasses, NumberBox, TextField } from './field.tsx'
import { FrequencySwitch } from './frequency-switch.tsx'
import { formatCompact, formatMoney, formatPercent } from './format.ts'
import { KeyFigures, type Figure } from './key-figures.tsx'
import { LabActions } from './lab-actions.tsx'
import { PlanBandsPanel } from './plan-bands-panel.tsx'
import { PlanScenarioPanel } from './plan-scenario-panel.tsx'
import { useScenarioPanelState } from './use-scenario-panel-state.ts'
import {
  FUND_OVERRIDE_FIELDS,
  FUND_ROW_FIELDS,
  PLAN_FIELDS,
  addFundRow,
  importFunds,
  editFundRow,
  planQuery,
  editPlanField,
  removeFundRow,
  setNewClass,
  setPlanFrequency,
  type FundRow,
  type FundRowField,
  type PortfolioState,
  type RowError,
} from './portfolio-state.ts'

const P = PORTFOLIO_COPY

// Below the fold the browser skips the layout and paint of these long parts until they scroll into
// view, which keeps a recompute within one frame for 20 funds over 35 years (docs/architecture.md,
// "Budgets").
const OFFSCREEN = '[content-visibility:auto] [contain-intrinsic-size:auto_1200px]'
const PC = P.columns

/** The amounts a year's row and a quarter's row both show, in the same order. */
const AMOUNT_COLUMNS: readonly Column<PlanFlows>[] = [
  { key: 'new', label: PC.newCommitment, value: (r) => formatMoney(r.newCommitment) },
  { key: 'calls', label: PC.contributions, value: (r) => formatMoney(r.contributions) },
  { key: 'dist', label: PC.distributions, value: (r) => formatMoney(r.distributions) },
  { key: 'net', label: PC.netCashFlow, value: (r) => formatMoney(r.netCashFlow) },
  { key: 'unfunded', label: PC.unfunded, value: (r) => formatMoney(r.unfunded) },
  { key: 'nav', label: PC.privateNav, value: (r) => formatMoney(r.privateNav) },
  { key: 'total', label: PC.totalPortfolio, value: (r) => formatMoney(r.totalPortfolio) },
]

/** A coverage ratio as `1.25x`, or a dash where the year has none. */
const timesOrDash = (v: number | null) => (v === null ? '–' : `${v.toFixed(2)}x`)

const PLAN_COLUMNS: readonly Column<PortfolioYear>[] = [
  { key: 'year', label: PC.year, value: (r) => String(r.year) },
  ...AMOUNT_COLUMNS,
  { key: 'share', label: PC.navShare, value: (r) => formatPercent(r.navShare) },
  { key: 'target', label: PC.targetShare, value: (r) => formatPercent(r.targetShare) },
  { key: 'liquid', label: PC.liquidAssets, value: (r) => formatMoney(r.liquidAssets) },
  { key: 'coverage', label: PC.coverage, value: (r) => timesOrDash(r.coverage) },
  { key: 'unfunded-nav', label: PC.unfundedToNav, value: (r) => timesOrDash(r.unfundedToNav) },
  {
    key: 'unfunded-coverage',
    label: PC.unfundedCoverage,
    value: (r) => timesOrDash(r.unfundedCoverage),
  },
  { key: 'overcommitment', label: PC.overcommitment, value: (r) => timesOrDash(r.overcommitment) },
  {
    key: 'next-calls',
    label: PC.nextCallsToLiquid,
    value: (r) => (r.nextCallsToLiquid === null ? '–' : formatPercent(r.nextCallsToLiquid)),
  },
]

const ratioOrDash = (v: number) => (Number.isFinite(v) ? formatPercent(v) : '–')

/** The quarterly table: the plan's flows and stocks; the coverage ratios stay annual. */
const QUARTER_COLUMNS: readonly Column<PlanQuarter>[] = [
  { key: 'quarter', label: PC.quarter, value: (r) => r.quarter },
  ...AMOUNT_COLUMNS,
  { key: 'share', label: PC.navShare, value: (r) => ratioOrDash(r.navShare) },
  { key: 'target', label: PC.targetShare, value: (r) => formatPercent(r.targetShare) },
  { key: 'liquid', label: PC.liquidPart, value: (r) => formatMoney(r.liquidPart) },
]

/** The stress year's private share, stressed and in the base case: the denominator effect. */
function denominatorOf(
  at: {
    plan: PortfolioPlan
    base: PortfolioResult
    commitments: readonly number[]
    shifts: Readonly<Record<ScenarioId, ScenarioShift>>
  },
  stressed: PortfolioResult,
) {
  const year = planStressYear(at.plan, at.commitments, at.shifts.stress)
  if (year === null || at.base.status === 'refused') return null
  return {
    year: at.plan.startYear + year,
    stressed: stressed.rows[year]?.navShare ?? Number.NaN,
    base: at.base.rows[year]?.navShare ?? Number.NaN,
  }
}

/** The row with the least (or most) of a ratio, skipping years without one. */
function extreme(
  rows: readonly PortfolioYear[],
  value: (r: PortfolioYear) => number | null,
  most: boolean,
): PortfolioYear | undefined {
  let best: PortfolioYear | undefined
  for (const r of rows) {
    const v = value(r)
    if (v === null) continue
    const b = best ? value(best) : null
    if (b === null || (most ? v > b : v < b)) best = r
  }
  return best
}

const selectClasses = cn(
  inputClasses,
  'border-ink-300 pr-8 focus:border-brand-500 focus:ring-brand-200',
)

interface RowProps {
  row: FundRow
  index: number
  error: RowError | undefined
  onEdit: (id: number, field: FundRowField | 'assetClass', text: string) => void
  onRemove: (id: number) => void
}

const FundRowEditor = memo(function FundRowEditor({
  row,
  index,
  error,
  onEdit,
  onRemove,
}: RowProps) {
  const n = index + 1
  const id = `fund-row-${row.id}`
  const errorId = error ? `${id}-error` : undefined
  const invalid = (field: RowError['field']) => error?.field === field
  /** A fund's number field, its own columns and its overrides alike. */
  const numberInput = (field: FundRowField) => (
    <NumberBox
      id={`${id}-${field}`}
      value={row[field]}
      onText={(text) => onEdit(row.id, field, text)}
      invalid={invalid(field)}
      aria-describedby={invalid(field) ? errorId : undefined}
      className={inputClasses}
    />
  )
  return (
    <li className="border-t border-ink-100 py-4 first:border-t-0 lg:py-2">
      <p className="mb-2 text-sm font-semibold text-brand-900 lg:sr-only">{P.fundLabel(n)}</p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-[12rem_repeat(4,minmax(0,1fr))_2.75rem] lg:items-end">
        <div className="col-span-2 sm:col-span-1">
          <label
            htmlFor={`${id}-class`}
            className="block text-sm font-medium text-ink-800 lg:sr-only"
          >
            {`${P.fundLabel(n)}: ${P.fundColumns.assetClass}`}
          </label>
          <select
            id={`${id}-class`}
            value={row.unknownClass === undefined ? row.assetClass : ''}
            onChange={(event) => onEdit(row.id, 'assetClass', event.target.value)}
            aria-invalid={invalid('assetClass') || undefined}
            aria-describedby={invalid('assetClass') ? errorId : undefined}
            className={cn(selectClasses, invalid('assetClass') && 'border-red-700')}
          >
            {row.unknownClass !== undefined ? <option value="">{row.unknownClass}</option> : null}
            {ASSET_CLASSES.map((c) => (
              <option key={c} value={c}>
                {PRESETS[c].label}
              </option>
            ))}
          </select>
        </div>
        {FUND_ROW_FIELDS.map((field) => (
          <div key={field} className="min-w-0">
            <label
              htmlFor={`${id}-${field}`}
              className="block text-sm font-medium text-ink-800 lg:sr-only"
            >
              {`${P.fundLabel(n)}: ${P.fundColumns[field]}`}
            </label>
            {numberInput(field)}
          </div>
        ))}
        <div className="flex items-end">
          <button
            type="button"
            onClick={() => onRemove(row.id)}
            aria-label={P.removeFund(n)}
            className={buttonClasses('ghost', 'sm', 'mt-1.5 size-11 px-0')}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
      <details className="mt-2" open={FUND_OVERRIDE_FIELDS.some((f) => row[f] !== '') || undefined}>
        <summary className="cursor-pointer text-xs text-ink-600">
          {row.name ? `${row.name} · ` : ''}
          {P.overridesHint}
        </summary>
        <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {FUND_OVERRIDE_FIELDS.map((field) => (
            <div key={field} className="min-w-0">
              <label htmlFor={`${id}-${field}`} className="block text-xs font-medium text-ink-800">
                {`${P.fundLabel(n)}: ${P.overrideColumns[field]}`}
              </label>
              {numberInput(field)}
            </div>
          ))}
        </div>
      </details>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-800">
          {`${P.fundLabel(n)}: ${error.message}`}
        </p>
      ) : null}
    </li>
  )
})

interface Props {
  state: PortfolioState
  onChange: Dispatch<SetStateAction<PortfolioState>>
}

export function PortfolioLab({ state, onChange }: Props) {
  const base = useMemo(() => planPortfolio(state.plan), [state.plan])
  // Every scenario holds the base plan's commitments (plan-scenarios.ts); the page shows one.
  const result = useMemo(
    () => planScenario(state.plan, base, state.shifts[state.scenario]),
    [state.plan, base, state.shifts, state.scenario],
  )
  const commitments = useMemo(() => base.rows.map((r) => r.newCommitment), [base])
  const rows = result.rows
  const last = rows[rows.length - 1]
  // The stress year and the private share in it, stressed and not: the denominator effect.
  const stressYear = useMemo(
    () => planStressYear(state.plan, commitments, state.shifts.stress),
    [state.plan, commitments, state.shifts.stress],
  )
  // The scenarios side by side and the bands follow a keystroke a moment later, in a render React
  // may interrupt, so the charts and table above them redraw first (docs/architecture.md,
  // "Budgets"). Their fields show the current state at once.
  const now = useMemo(
    () => ({ plan: state.plan, base, commitments, shifts: state.shifts }),
    [state.plan, base, commitments, state.shifts],
  )
  const later = useDeferredValue(now)
  const scenarios = useMemo(() => planScenarios(later.plan, later.base, later.shifts), [later])
  const laterDenominator = useMemo(() => denominatorOf(later, scenarios.stress), [later, scenarios])
  const panelState = useScenarioPanelState(state)
  // Quarterly rows of the scenario shown, its commitments held, only when asked for.
  const quarters = useMemo(
    () =>
      state.freq === 'quarterly' && result.status !== 'refused'
        ? planScenarioQuarters(state.plan, commitments, state.shifts[state.scenario])
        : null,
    [state.freq, state.plan, commitments, state.shifts, state.scenario, result.status],
  )
  // The key figure of the stress shown: the result is the stress scenario's then.
  const denominator =
    stressYear === null || base.status === 'refused' || state.scenario !== 'stress'
      ? null
      : {
          year: state.plan.startYear + stressYear,
          stressed: result.rows[stressYear]?.navShare ?? Number.NaN,
          base: base.rows[stressYear]?.navShare ?? Number.NaN,
        }

  const shareSeries = useMemo<ChartSeries[]>(
    () => [
      {
        id: 'share',
        label: P.series.share,
        kind: 'line',
        values: rows.map((r) => r.navShare),
        color: 'var(--color-accent-700)',
        strong: true,
      },
      {
        id: 'target',
        label: P.series.target,
        kind: 'line',
        values: rows.map((r) => r.targetShare),
        color: 'var(--color-brand-700)',
        dashed: true,
      },
    ],
    [rows],
  )
  const flowSeries = useMemo<ChartSeries[]>(
    () => [
      {
        id: 'net',
        label: P.series.netCashFlow,
        kind: 'bar',
        values: rows.map((r) => r.netCashFlow),
        color: 'var(--color-ink-300)',
      },
      {
        id: 'private-nav',
        label: P.series.privateNav,
        kind: 'line',
        values: rows.map((r) => r.privateNav),
        color: 'var(--color-brand-500)',
      },
      {
        id: 'unfunded',
        label: P.series.unfunded,
        kind: 'line',
        values: rows.map((r) => r.unfunded),
        color: 'var(--color-accent-700)',
        dashed: true,
      },
    ],
    [rows],
  )
  const labels = useMemo(() => rows.map((r) => r.year), [rows])

  const peakUnfunded = rows.reduce((m, r) => Math.max(m, r.unfunded), 0)
  const lowest = rows.reduce<PortfolioYear | undefined>(
    (m, r) =>
      r.coverage !== null && (m === undefined || r.coverage < (m.coverage ?? Infinity)) ? r : m,
    undefined,
  )
  const lowestUnfunded = extreme(rows, (r) => r.unfundedCoverage, false)
  const peakOver = extreme(rows, (r) => r.overcommitment, true)
  const figures: Figure[] = [
    ...(denominator
      ? [
          {
            id: 'stress-share',
            label: P.figures.stressShare,
            value: formatPercent(denominator.stressed),
            note: P.figures.stressShareNote(denominator.year, formatPercent(denominator.base)),
          },
        ]
      : []),
    {
      id: 'yearly-commitment',
      label: P.figures.yearlyCommitment,
      value: formatCompact(result.yearlyCommitment),
      note: P.figures.yearlyNote,
    },
    {
      id: 'first-at-target',
      label: P.figures.firstAtTarget,
      value:
        result.firstYearAtTarget === null
          ? PACING_COPY.figures.notApplicable
          : String(result.firstYearAtTarget),
      note:
        result.firstYearAtTarget === null
          ? P.figures.noTarget
          : P.figures.fit(result.fitFrom, result.fitTo),
    },
    {
      id: 'final-share',
      label: P.figures.finalShare,
      value: last ? formatPercent(last.navShare) : PACING_COPY.figures.notApplicable,
      note: `${P.series.target} ${formatPercent(state.plan.targetShare)}`,
    },
    {
      id: 'max-gap',
      label: P.figures.maxGap,
      value:
        result.firstYearAtTarget === null
          ? PACING_COPY.figures.notApplicable
          : `${(result.maxShareGap * 100).toFixed(2)} pt`,
      note: P.figures.maxGapNote,
    },
    ...(lowest
      ? [
          {
            id: 'lowest-coverage',
            label: P.figures.lowestCoverage,
            value: `${(lowest.coverage ?? 0).toFixed(2)}x`,
            note: P.figures.lowestCoverageNote(lowest.year),
          },
        ]
      : []),
    {
      id: 'peak-unfunded',
      label: P.figures.peakUnfunded,
      value: formatCompact(peakUnfunded),
      note: PACING_COPY.figures.inYear(rows.find((r) => r.unfunded === peakUnfunded)?.year ?? 0),
    },
    ...(lowestUnfunded
      ? [
          {
            id: 'unfunded-coverage',
            label: P.figures.lowestUnfundedCoverage,
            value: `${(lowestUnfunded.unfundedCoverage ?? 0).toFixed(2)}x`,
            note: P.figures.unfundedCoverageNote(lowestUnfunded.year),
          },
        ]
      : []),
    ...(peakOver
      ? [
          {
            id: 'overcommitment',
            label: P.figures.peakOvercommitment,
            value: `${(peakOver.overcommitment ?? 0).toFixed(2)}x`,
            note: P.figures.overcommitmentNote(peakOver.year),
          },
        ]
      : []),
  ]

  const onEditRow = useCallback(
    (id: number, field: FundRowField | 'assetClass', text: string) =>
      onChange((current) => editFundRow(current, id, field, text)),
    [onChange],
  )
  const onRemoveRow = useCallback(
    (id: number) => onChange((current) => removeFundRow(current, id)),
    [onChange],
  )
  const hasErrors = Object.keys(state.errors).length > 0 || Object.keys(state.rowErrors).length > 0
  const maxShare = Math.max(state.plan.targetShare, ...rows.map((r) => r.navShare))
  // Nothing of a plan that breaks is shown, nor of a link whose values could not all be used.
  const refused = base.status === 'refused'
  const scenarioBreaks = !refused && result.status === 'refused'
  const showResults = !state.linkBlocked && !refused && !scenarioBreaks

  return (
    <div className="space-y-10">
      <div className="grid gap-8 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] xl:gap-10">
        {/* On a phone the status and key figures come before the inputs (docs/product.md). */}
        <div className="min-w-0 space-y-4 lg:col-start-2 lg:row-start-1">
          {hasErrors ? (
            <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
              {PACING_COPY.keptResult}
            </p>
          ) : null}
          {state.linkBlocked ? (
            <p
              data-link-blocked=""
              className="rounded-xl bg-white px-4 py-6 text-sm text-ink-800 ring-1 ring-amber-200"
            >
              {PACING_COPY.linkBlocked}
            </p>
          ) : result.status !== 'ok' || refused ? (
            <p
              role="status"
              data-plan-status={refused ? 'refused' : result.status}
              className={cn(
                'rounded-lg px-4 py-3 text-sm ring-1',
                refused || scenarioBreaks
                  ? 'bg-red-50 text-red-900 ring-red-200'
                  : 'bg-brand-50 text-brand-900 ring-brand-200',
              )}
            >
              {refused && base.refusal
                ? P.refused(base.refusal.reason, base.refusal.year, base.refusal.highestTarget)
                : result.refusal
                  ? P.scenarioBreaks(
                      PACING_COPY.scenarios.names[state.scenario],
                      result.refusal.year,
                    )
                  : P.exceededToday(result.shareToday, state.plan.targetShare)}
            </p>
          ) : null}
          {showResults ? (
            <section aria-labelledby="plan-figures-heading">
              <h2 id="plan-figures-heading" className="sr-only">
                {PACING_COPY.keyFiguresHeading}
              </h2>
              <KeyFigures figures={figures} />
            </section>
          ) : null}
        </div>
        <form
          aria-label={P.settingsHeading}
          noValidate
          onSubmit={(event) => event.preventDefault()}
          className="self-start rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink-100 sm:p-6 lg:col-start-1 lg:row-span-2 lg:row-start-1"
        >
          <h2 className="text-sm font-semibold text-brand-900">{P.settingsHeading}</h2>
          <div className="mt-4 grid grid-cols-1 gap-4 min-[400px]:grid-cols-2">
            {PLAN_FIELDS.map((field) => (
              <TextField
                key={field}
                id={`plan-${field}`}
                label={P.fields[field].label}
                hint={P.fields[field].hint}
                value={state.texts[field]}
                error={state.errors[field]}
                onChange={(text) => onChange((current) => editPlanField(current, field, text))}
                className={cn(field === 'total' && 'min-[400px]:col-span-2')}
              />
            ))}
            <div className="min-[400px]:col-span-2">
              <label htmlFor="plan-class" className="block text-sm font-medium text-ink-800">
                {P.fields.class.label}
              </label>
              <p id="plan-class-hint" className="mt-0.5 text-xs text-ink-600">
                {P.fields.class.hint}
              </p>
              <select
                id="plan-class"
                value={state.newClass}
                aria-describedby="plan-class-hint"
                onChange={(event) =>
                  onChange((current) => setNewClass(current, event.target.value))
                }
                className={selectClasses}
              >
                {ASSET_CLASSES.map((c) => (
                  <option key={c} value={c}>
                    {PRESETS[c].label}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </form>

        <div className="min-w-0 space-y-8 lg:col-start-2 lg:row-start-2">
          {showResults ? (
            <>
              {result.coverageWarnings.length > 0 ? (
                <div
                  data-coverage-warnings
                  className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
                >
                  <h2 className="font-semibold">{P.coverageHeading}</h2>
                  <ul className="mt-1 list-disc pl-5">
                    {result.coverageWarnings.slice(0, 3).map((w) => (
                      <li key={w.year}>{P.coverageWarning(w.year, w.coverage)}</li>
                    ))}
                  </ul>
                  {result.coverageWarnings.length > 3 ? (
                    <details className="mt-1">
                      <summary className="cursor-pointer">
                        {P.moreWarnings(result.coverageWarnings.length - 3)}
                      </summary>
                      <ul className="mt-1 list-disc pl-5">
                        {result.coverageWarnings.slice(3).map((w) => (
                          <li key={w.year}>{P.coverageWarning(w.year, w.coverage)}</li>
                        ))}
                      </ul>
                    </details>
                  ) : null}
                </div>
              ) : null}
              <p className="text-sm text-ink-600">{P.rule}</p>
              {state.scenario !== 'base' ? (
                <p data-note="plan-scenario" className="text-sm font-medium text-brand-900">
                  {PACING_COPY.scenarios.showing(PACING_COPY.scenarios.names[state.scenario])}{' '}
                  {P.heldNote}
                </p>
              ) : null}
              <Chart
                id="plan-share-chart"
                title={P.shareChartHeading}
                summary={P.shareSummary}
                labels={labels}
                series={shareSeries}
                formatTick={(n) => formatPercent(n).replace('.0%', '%')}
                domain={shareDomain(maxShare)}
              />
              <Chart
                id="plan-flow-chart"
                title={P.flowChartHeading}
                summary={P.flowSummary}
                labels={labels}
                series={flowSeries}
                formatTick={formatCompact}
              />
            </>
          ) : null}
          {!state.linkBlocked && !refused ? (
            <PlanScenarioPanel
              state={panelState}
              onChange={onChange}
              results={scenarios}
              denominator={laterDenominator}
            />
          ) : null}
          {showResults ? (
            <>
              <PlanBandsPanel
                state={panelState}
                onChange={onChange}
                plan={later.plan}
                commitments={later.commitments}
              />
              <LabActions
                onCsv={() =>
                  quarters
                    ? saveCsv(planQuartersToCsv(quarters), PACING_COPY.files.portfolioQuarterlyCsv)
                    : saveCsv(planToCsv(rows), PACING_COPY.files.portfolioCsv)
                }
                onXlsx={() =>
                  saveXlsx(
                    [
                      quarters
                        ? {
                            sheet: P.xlsxSheet,
                            header: PLAN_QUARTER_HEADER,
                            rows: quarters.map((r) => [
                              r.quarter,
                              ...planQuarterValues(r).map((v) => (Number.isFinite(v) ? v : 0)),
                            ]),
                          }
                        : {
                            sheet: P.xlsxSheet,
                            header: PLAN_CSV_COLUMNS.map(([name]) => name),
                            // Empty cells have no number; the workbook shows 0 there, as the CSV leaves them empty.
                            rows: rows.map((r) => planRowValues(r).map((v) => v ?? 0)),
                          },
                    ],
                    { sheet: PACING_COPY.inputsSheet, lines: planInputLines(state) },
                    PACING_COPY.files.portfolioXlsx,
                  )
                }
              />
            </>
          ) : null}
        </div>
      </div>

      <section aria-labelledby="plan-funds-heading" className={OFFSCREEN}>
        <h2 id="plan-funds-heading" className="text-base font-semibold text-brand-900">
          {P.fundsHeading}
        </h2>
        <p className="mt-1 text-sm text-ink-600">{P.fundsIntro}</p>
        <div className="mt-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink-100 sm:p-6">
          <div
            aria-hidden="true"
            className="hidden gap-3 pb-2 text-xs font-semibold text-ink-700 lg:grid lg:grid-cols-[12rem_repeat(4,minmax(0,1fr))_2.75rem]"
          >
            <span>{P.fundColumns.assetClass}</span>
            {FUND_ROW_FIELDS.map((f) => (
              <span key={f}>{P.fundColumns[f]}</span>
            ))}
          </div>
          {state.rows.length === 0 ? (
            <p className="py-3 text-sm text-ink-600">{P.noFunds}</p>
          ) : (
            <ol>
              {state.rows.map((row, i) => (
                <FundRowEditor
                  key={row.id}
                  row={row}
                  index={i}
                  error={state.rowErrors[row.id]}
                  onEdit={onEditRow}
                  onRemove={onRemoveRow}
                />
              ))}
            </ol>
          )}
          <button
            type="button"
            onClick={() => onChange((current) => addFundRow(current))}
            className={buttonClasses('secondary', 'sm', 'mt-4')}
          >
            <Plus aria-hidden="true" className="size-4" />
            {P.addFund}
          </button>
        </div>
        <FundImport
          onImport={(text) => {
            const outcome = importFunds(state, text)
            if (outcome.imported > 0) onChange(outcome.state)
            return outcome
          }}
        />
      </section>

      {showResults ? (
        <section aria-labelledby="plan-table-heading" className={OFFSCREEN}>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 id="plan-table-heading" className="text-base font-semibold text-brand-900">
              {quarters ? P.quarterTableHeading : P.tableHeading}
            </h2>
            <FrequencySwitch
              name="plan-freq"
              value={state.freq}
              error={state.freqError}
              onChange={(freq) => onChange((current) => setPlanFrequency(current, freq))}
            />
          </div>
          <p className="mt-1 mb-3 text-sm text-ink-600">
            {quarters ? P.quarterTableCaption : P.tableCaption}
          </p>
          {quarters ? (
            <DataTable
              id="plan-table"
              caption={P.quarterTableCaption}
              regionLabel={P.quarterTableRegionLabel}
              columns={QUARTER_COLUMNS}
              rows={quarters}
              stickyFirst
            />
          ) : (
            <DataTable
              id="plan-table"
              caption={P.tableCaption}
              regionLabel={P.tableRegionLabel}
              columns={PLAN_COLUMNS}
              rows={rows}
              stickyFirst
            />
          )}
        </section>
      ) : null}
    </div>
  )
}

/** The plan's inputs for the workbook's Inputs sheet, its scenario, and the link that reopens it. */
function planInputLines(state: PortfolioState): [string, string | number][] {
  const plan = state.plan
  const lines: [string, string | number][] = [
    [PACING_COPY.scenarios.columns.scenario, PACING_COPY.scenarios.names[state.scenario]],
    [P.fields.total.label, plan.totalValue],
    [P.fields.totalgrowth.label, plan.totalGrowth],
    [P.fields.target.label, plan.targetShare],
    [P.fields.horizon.label, plan.horizon],
    [P.fields.start.label, plan.startYear],
    [P.fields.class.label, PRESETS[plan.newCommitmentClass].label],
  ]
  if (plan.liquid !== undefined) lines.push([P.fields.liquid.label, plan.liquid])
  if (plan.rampCap !== undefined) lines.push([P.fields.rampcap.label, plan.rampCap])
  if (plan.minCommit !== undefined) lines.push([P.fields.min_commit.label, plan.minCommit])
  if (plan.mix !== undefined) lines.push([P.fields.mix.label, mixToParam(plan.mix)])
  plan.existingFunds.forEach((f, i) =>
    lines.push([
      f.name ?? P.fundLabel(i + 1),
      [PRESETS[f.assetClass].label, f.commitment, f.vintage, f.paidIn, f.nav].join(', '),
    ]),
  )
  const origin = typeof location === 'undefined' ? '' : `${location.origin}${location.pathname}`
  lines.push([PACING_COPY.inputsSheetLink, `${origin}?${planQuery(state)}`])
  return lines
}

interface ImportProps {
  onImport: (text: string) => { problems: string[]; imported: number }
}

/** A file picker and a paste box for a CSV of existing funds, with a message per bad line. */
function FundImport({ onImport }: ImportProps) {
  const id = useId()
  const [text, setText] = useState('')
  const [problems, setProblems] = useState<string[]>([])
  const [done, setDone] = useState('')
  const run = (csv: string) => {
    const outcome = onImport(csv)
    setProblems(outcome.problems)
    setDone(outcome.imported > 0 ? P.imported(outcome.imported) : '')
  }
  return (
    <div className="mt-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink-100 sm:p-6">
      <h3 className="text-sm font-semibold text-brand-900">{P.importHeading}</h3>
      <p className="mt-1 text-xs text-ink-600">{P.importIntro}</p>
      <label htmlFor={`${id}-file`} className="mt-3 block text-sm font-medium text-ink-800">
        {P.importFile}
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept=".csv,text/csv,text/plain"
        className="mt-1 block text-sm"
        onChange={(event) => {
          const file = event.target.files?.[0]
          if (file)
            void file.text().then((content) => {
              setText(content)
              run(content)
            })
        }}
      />
      <label htmlFor={`${id}-paste`} className="mt-3 block text-sm font-medium text-ink-800">
        {P.importPaste}
      </label>
      <textarea
        id={`${id}-paste`}
        rows={4}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className={cn(inputClasses, 'border-ink-300 font-mono text-xs')}
      />
      <button
        type="button"
        onClick={() => run(text)}
        className={buttonClasses('secondary', 'sm', 'mt-3')}
      >
        {P.importButton}
      </button>
      <div role="status" className="mt-2 text-sm">
        {done ? <p className="text-brand-900">{done}</p> : null}
        {problems.length > 0 ? (
          <>
            <p className="text-red-800">{P.importFailed}</p>
            <ul className="list-disc pl-5 text-red-800">
              {problems.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </div>
  )
}
