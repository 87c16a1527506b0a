/**
 * Uncertainty for the portfolio plan: the bands of the scenario shown over all its funds, the base
 * plan's commitments held (plan-scenarios.ts, run in the worker), with the private share's bands
 * against the target (bands-view.tsx lays them out).
 */
import { memo, useMemo, type Dispatch, type SetStateAction } from 'react'
import { SUGGESTED_VOL, type Bands } from '#src/common/pacing/montecarlo.ts'
import { simulatePlanBands } from '#src/common/pacing/plan-scenarios.ts'
import type { BandsRequest } from './bands.worker.ts'
import type { PortfolioPlan } from '#src/common/pacing/portfolio.ts'
import { PACING_COPY } from '../../content/pacing.ts'
import { PORTFOLIO_COPY } from '../../content/pacing-plan.ts'
import { BandsView, bandLines, useBands } from './bands-view.tsx'
import { Chart } from './chart.tsx'
import { shareDomain } from './chart-scale.ts'
import { formatPercent } from './format.ts'
import type { PortfolioState } from './portfolio-state.ts'
import type { ScenarioState } from './scenario-state.ts'
import { editBandField } from './scenario-state.ts'

const B = PORTFOLIO_COPY.bands

function ShareBands({ bands, target }: { bands: Bands; target: number }) {
  const share = bands.share
  // A path whose total falls to zero has no share; such bands are not drawn.
  if (!share || ![share.p10, share.p50, share.p90].flat().every(Number.isFinite)) return null
  return (
    <Chart
      id="plan-share-bands-chart"
      title={B.shareChart}
      summary={B.shareSummary}
      labels={bands.years}
      series={[
        ...bandLines(
          'share',
          { p10: B.series.shareP10, p50: B.series.shareP50, p90: B.series.shareP90 },
          share,
          { outer: 'var(--color-accent-400)', median: 'var(--color-accent-700)' },
          true,
        ),
        {
          id: 'target',
          label: PORTFOLIO_COPY.series.target,
          kind: 'line',
          values: bands.years.map(() => target),
          color: 'var(--color-brand-700)',
          dashed: true,
        },
      ]}
      formatTick={(n) => formatPercent(n).replace('.0%', '%')}
      domain={shareDomain(Math.max(target, ...share.p90))}
    />
  )
}

interface Props {
  /** The scenario and bands part of the plan's state: what these fields show. */
  state: ScenarioState
  onChange: Dispatch<SetStateAction<PortfolioState>>
  /** The plan the bands are of. */
  plan: PortfolioPlan
  /** The base plan's commitments, one a year. */
  commitments: readonly number[]
}

const deterministic = (r: Extract<BandsRequest, { kind: 'plan' }>) =>
  simulatePlanBands(r.plan, r.commitments, r.shift, r.settings)

function PlanBandsPanelImpl({ state, onChange, plan, commitments }: Props) {
  const shift = state.shifts[state.scenario]
  const request = useMemo(
    () => ({ kind: 'plan' as const, plan, commitments, shift, settings: state.bands }),
    [plan, commitments, shift, state.bands],
  )
  const bands = useBands(request, deterministic)
  return (
    <BandsView
      idPrefix="plan-"
      fieldPrefix="plan-"
      intro={B.intro}
      state={state}
      onEdit={(field, text) => onChange((current) => editBandField(current, field, text))}
      bands={bands}
      chart={{ title: B.chart, summary: B.summary }}
      fileName={PACING_COPY.files.planBandsCsv}
      onSuggest={() => onChange((current) => editBandField(current, 'vol', String(SUGGESTED_VOL)))}
    >
      {bands ? <ShareBands bands={bands} target={plan.targetShare} /> : null}
    </BandsView>
  )
}

export const PlanBandsPanel = memo(PlanBandsPanelImpl)
