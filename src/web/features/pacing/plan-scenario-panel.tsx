/**
 * Scenarios side by side for the portfolio plan: each scenario applied to every fund, the base
 * plan's commitments held (plan-scenarios.ts), with the plan's key figures per scenario and its
 * private NAV and cumulative net cash flow as overlaid curves (scenario-view.tsx lays them out).
 */
import { memo, useMemo, type Dispatch, type SetStateAction } from 'react'
import type { PortfolioResult } from '#src/common/pacing/portfolio.ts'
import { SCENARIOS, type ScenarioId } from '#src/common/pacing/scenarios.ts'
import { PACING_COPY } from '../../content/pacing.ts'
import { PORTFOLIO_COPY } from '../../content/pacing-plan.ts'
import { formatCompact, formatPercent } from './format.ts'
import type { PortfolioState } from './portfolio-state.ts'
import type { ScenarioState } from './scenario-state.ts'
import { chooseScenario, editShift } from './scenario-state.ts'
import { ScenarioView } from './scenario-view.tsx'

const S = PORTFOLIO_COPY.scenarios
const F = PACING_COPY.figures

const COLUMNS = [
  { key: 'peakNav', label: S.columns.peakNav },
  { key: 'trough', label: S.columns.trough },
  { key: 'finalShare', label: S.columns.finalShare },
  { key: 'firstAtTarget', label: S.columns.firstAtTarget },
  { key: 'lowestCoverage', label: S.columns.lowestCoverage },
] as const

type PerScenario<T> = Record<ScenarioId, T>

/** Cumulative net cash flow, year by year. */
function cumulativeOf(result: PortfolioResult): number[] {
  let sum = 0
  return result.rows.map((r) => (sum += r.netCashFlow))
}

function figuresOf(result: PortfolioResult, cumulative: readonly number[]): string[] {
  // A scenario under which the held plan breaks shows where, and no figures.
  if (result.refusal) return COLUMNS.map(() => S.breaksIn(result.refusal?.year ?? 0))
  const rows = result.rows
  const peak = rows.reduce((m, r) => Math.max(m, r.privateNav), 0)
  const trough = cumulative.reduce((m, v) => Math.min(m, v), 0)
  const final = rows[rows.length - 1]?.navShare
  const coverage = rows.reduce<number | null>(
    (m, r) => (r.coverage !== null && (m === null || r.coverage < m) ? r.coverage : m),
    null,
  )
  return [
    formatCompact(peak),
    trough < 0 ? formatCompact(trough) : F.notApplicable,
    final === undefined || !Number.isFinite(final) ? F.notApplicable : formatPercent(final),
    result.firstYearAtTarget === null ? F.notApplicable : String(result.firstYearAtTarget),
    coverage === null ? F.notApplicable : `${coverage.toFixed(2)}x`,
  ]
}

interface Props {
  /** The scenario and bands part of the plan's state: what these fields show. */
  state: ScenarioState
  onChange: Dispatch<SetStateAction<PortfolioState>>
  /** Each scenario's plan, the base's commitments held. */
  results: Readonly<PerScenario<PortfolioResult>>
  /** The private share in the stress year, stressed and not; null without a stress year. */
  denominator: { year: number; stressed: number; base: number } | null
}

const PLAN_STRESS_KEYS = ['calls', 'dists', 'nav', 'public'] as const

function PlanScenarioPanelImpl({ state, onChange, results, denominator }: Props) {
  const view = useMemo(() => {
    const figures = {} as PerScenario<string[]>
    const nav = {} as PerScenario<number[]>
    const cumulative = {} as PerScenario<number[]>
    for (const id of SCENARIOS) {
      cumulative[id] = cumulativeOf(results[id])
      nav[id] = results[id].rows.map((r) => r.privateNav)
      figures[id] = figuresOf(results[id], cumulative[id])
    }
    return { figures, nav, cumulative, labels: results.base.rows.map((r) => r.year) }
  }, [results])

  return (
    <ScenarioView
      idPrefix="plan-"
      intro={S.intro}
      describe={S.describe}
      state={state}
      onChoose={(id) => onChange((current) => chooseScenario(current, id))}
      onEditShift={(id, key, text) => onChange((current) => editShift(current, id, key, text))}
      columns={COLUMNS}
      figures={view.figures}
      labels={view.labels}
      charts={[
        { title: S.navChart, summary: S.navSummary, values: view.nav },
        { title: S.cumulativeChart, summary: S.cumulativeSummary, values: view.cumulative },
      ]}
      stressKeys={PLAN_STRESS_KEYS}
      stressNote={
        denominator ? (
          <p data-denominator="" className="mt-3 text-sm font-medium text-brand-900">
            {PORTFOLIO_COPY.denominator(
              denominator.year,
              formatPercent(denominator.stressed),
              formatPercent(denominator.base),
            )}
          </p>
        ) : null
      }
    />
  )
}

export const PlanScenarioPanel = memo(PlanScenarioPanelImpl)
