/**
 * The uncertainty bands, computed off the main thread so typing stays smooth while thousands of
 * paths run: one fund's, or a whole plan's with its commitments held. One message in (the request,
 * tagged with an id), one message out.
 */
import type { FundInputs } from '#src/common/pacing/engine.ts'
import { simulateFundBands, type BandSettings } from '#src/common/pacing/montecarlo.ts'
import { simulatePlanBands } from '#src/common/pacing/plan-scenarios.ts'
import type { PortfolioPlan } from '#src/common/pacing/portfolio.ts'
import type { ScenarioShift } from '#src/common/pacing/scenarios.ts'

export type BandsRequest =
  | { kind: 'fund'; inputs: FundInputs; settings: BandSettings }
  | {
      kind: 'plan'
      plan: PortfolioPlan
      /** The base plan's commitments, one a year, held on every path. */
      commitments: readonly number[]
      /** The scenario shown. */
      shift: ScenarioShift
      settings: BandSettings
    }

self.onmessage = (event: MessageEvent<BandsRequest & { id: number }>) => {
  const request = event.data
  try {
    const bands =
      request.kind === 'plan'
        ? simulatePlanBands(request.plan, request.commitments, request.shift, request.settings)
        : simulateFundBands(request.inputs, request.settings)
    self.postMessage({ id: request.id, bands })
  } catch {
    self.postMessage({ id: request.id, bands: null })
  }
}
