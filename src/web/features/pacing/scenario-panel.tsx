/**
 * Scenarios side by side for one fund: each scenario's key figures, its NAV and cumulative net cash
 * flow as overlaid curves, and its editable shifts (scenario-view.tsx lays them out).
 */
import { memo, useMemo, type Dispatch, type SetStateAction } from 'react'
import { projectFund, type FundInputs } from '#src/common/pacing/engine.ts'
import { computeMetrics } from '#src/common/pacing/metrics.ts'
import { SCENARIOS, sharedYears, type ScenarioId } from '#src/common/pacing/scenarios.ts'
import { PACING_COPY } from '../../content/pacing.ts'
import { SCENARIO_COPY } from '../../content/pacing-parts.ts'
import { formatCompact, formatMultiple, formatPercent } from './format.ts'
import type { FundState } from './fund-state.ts'
import type { ScenarioState } from './scenario-state.ts'
import { chooseScenario, editShift } from './scenario-state.ts'
import { ScenarioView } from './scenario-view.tsx'

const S = SCENARIO_COPY
/** One fund has no liquid assets to mark down. */
const FUND_STRESS_KEYS = ['calls', 'dists', 'nav'] as const
const F = PACING_COPY.figures

const COLUMNS = [
  { key: 'peakNav', label: S.columns.peakNav },
  { key: 'trough', label: S.columns.trough },
  { key: 'breakEven', label: S.columns.breakEven },
  { key: 'tvpi', label: S.columns.tvpi },
  { key: 'irr', label: S.columns.irr },
] as const

type PerScenario<T> = Record<ScenarioId, T>

interface Props {
  /** The scenario and bands part of the lab's state: what these fields show. */
  state: ScenarioState
  onChange: Dispatch<SetStateAction<FundState>>
  /** Each scenario's inputs (the shifts applied). */
  inputs: Readonly<Record<ScenarioId, FundInputs>>
}

function ScenarioPanelImpl({ state, onChange, inputs }: Props) {
  const figures = useMemo(() => {
    const out = {} as PerScenario<string[]>
    for (const id of SCENARIOS) {
      const m = computeMetrics(projectFund(inputs[id]).rows, inputs[id].nav ?? 0)
      out[id] = [
        formatCompact(m.peakNav.value),
        m.deepestCumulativeNetCashFlow
          ? formatCompact(m.deepestCumulativeNetCashFlow.value)
          : F.notApplicable,
        m.breakEvenYear === null ? F.notApplicable : String(m.breakEvenYear),
        m.tvpi === null ? F.notApplicable : formatMultiple(m.tvpi),
        m.irr === null ? F.notApplicable : formatPercent(m.irr),
      ]
    }
    return out
  }, [inputs])
  // Curves over one shared horizon, so every scenario's year 5 sits above the same label.
  const curves = useMemo(() => {
    const years = sharedYears(SCENARIOS.map((id) => inputs[id]))
    const nav = {} as PerScenario<number[]>
    const cumulative = {} as PerScenario<number[]>
    let labels: number[] = []
    for (const id of SCENARIOS) {
      const rows = projectFund({ ...inputs[id], years }).rows
      nav[id] = rows.map((r) => r.nav)
      cumulative[id] = rows.map((r) => r.cumulativeNetCashFlow)
      labels = rows.map((r) => r.year)
    }
    return { labels, nav, cumulative }
  }, [inputs])

  return (
    <ScenarioView
      idPrefix=""
      intro={S.intro}
      describe={S.describe}
      state={state}
      onChoose={(id) => onChange((current) => chooseScenario(current, id))}
      onEditShift={(id, key, text) => onChange((current) => editShift(current, id, key, text))}
      columns={COLUMNS}
      figures={figures}
      labels={curves.labels}
      charts={[
        { title: S.navChart, summary: S.navSummary, values: curves.nav },
        { title: S.cumulativeChart, summary: S.cumulativeSummary, values: curves.cumulative },
      ]}
      stressKeys={FUND_STRESS_KEYS}
    />
  )
}

export const ScenarioPanel = memo(ScenarioPanelImpl)
