/**
 * The uncertainty bands, computed off the main thread so typing stays smooth while thousands of
 * paths run. One message in (inputs and settings, tagged with an id), one message out.
 */
import type { FundInputs } from '#src/common/pacing/engine.ts'
import { simulateFundBands, type BandSettings } from '#src/common/pacing/montecarlo.ts'

interface Request {
  id: number
  inputs: FundInputs
  settings: BandSettings
}

self.onmessage = (event: MessageEvent<Request>) => {
  const { id, inputs, settings } = event.data
  try {
    self.postMessage({ id, bands: simulateFundBands(inputs, settings) })
  } catch {
    self.postMessage({ id, bands: null })
  }
}
