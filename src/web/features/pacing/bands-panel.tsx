/**
 * Uncertainty for one fund: the bands of the scenario shown (bands-view.tsx lays them out; the
 * worker computes them).
 */
import { memo, useMemo, type Dispatch, type SetStateAction } from 'react'
import type { FundInputs } from '#src/common/pacing/engine.ts'
import {
  SUGGESTED_VOL,
  simulateFundBands,
  type BandSettings,
} from '#src/common/pacing/montecarlo.ts'
import { PACING_COPY } from '../../content/pacing.ts'
import { BANDS_COPY } from '../../content/pacing-parts.ts'
import { BandsView, useBands } from './bands-view.tsx'
import type { FundState } from './fund-state.ts'
import type { ScenarioState } from './scenario-state.ts'
import { editBandField } from './scenario-state.ts'

const B = BANDS_COPY

interface Props {
  /** The scenario and bands part of the lab's state: what these fields show. */
  state: ScenarioState
  onChange: Dispatch<SetStateAction<FundState>>
  /** The inputs of the scenario shown. */
  inputs: FundInputs
}

const deterministic = (r: { inputs: FundInputs; settings: BandSettings }) =>
  simulateFundBands(r.inputs, r.settings)

function BandsPanelImpl({ state, onChange, inputs }: Props) {
  const request = useMemo(
    () => ({ kind: 'fund' as const, inputs, settings: state.bands }),
    [inputs, state.bands],
  )
  const bands = useBands(request, deterministic)
  return (
    <BandsView
      idPrefix=""
      fieldPrefix="fund-"
      intro={B.intro}
      state={state}
      onEdit={(field, text) => onChange((current) => editBandField(current, field, text))}
      bands={bands}
      chart={{ title: B.chart, summary: B.summary }}
      fileName={PACING_COPY.files.bandsCsv}
      onSuggest={() => onChange((current) => editBandField(current, 'vol', String(SUGGESTED_VOL)))}
    />
  )
}

export const BandsPanel = memo(BandsPanelImpl)
