/**
 * License counts per model: loading, then loaded or failed (docs/product.md, "Trial requests").
 * Once loaded they also fill the pricing cards' slots (trial-key-slots.ts).
 */
import { useCallback, useEffect, useState } from 'react'
import type { LicenseCounts } from '#src/common/api-types.ts'
import { notify } from '../../components/toaster.tsx'
import { TRIAL_FEEDBACK as FEEDBACK } from '../../content/trial.ts'
import { withRetry } from './retry.ts'
import { fetchLicenseCounts } from './trial-api.ts'
import { fillTrialKeySlots } from './trial-key-slots.ts'

type CountsState =
  { status: 'loading' } | { status: 'loaded'; counts: LicenseCounts } | { status: 'error' }

export function useLicenseCounts() {
  const [state, setState] = useState<CountsState>({ status: 'loading' })
  const [generation, setGeneration] = useState(0)

  useEffect(() => {
    const controller = new AbortController()
    // A blip (a deploy, a dropped connection) should not cost the visitor the counts.
    withRetry(() => fetchLicenseCounts(controller.signal), controller.signal).then(
      (counts) => {
        setState({ status: 'loaded', counts })
        // The pricing cards show the same numbers as the form.
        fillTrialKeySlots(counts)
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        console.warn('License counts failed to load', error)
        setState({ status: 'error' })
        notify('error', FEEDBACK.countsFailed)
      },
    )
    return () => controller.abort()
  }, [generation])

  /** Loads the counts again, keeping the ones shown until the new ones arrive. */
  const refresh = useCallback(() => setGeneration((n) => n + 1), [])
  return { state, refresh }
}
