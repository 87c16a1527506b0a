import { useMemo } from 'react'
import type { ScenarioState } from './scenario-state.ts'

/**
 * The scenario and bands panels' part of a lab's state, the same object while none of it
 * changed, so the panels skip a render when a keystroke moved only other fields
 * (docs/architecture.md, "Budgets").
 */
export function useScenarioPanelState(state: ScenarioState): ScenarioState {
  const { scenario, shifts, shiftTexts, shiftErrors, bands, bandTexts, bandErrors } = state
  return useMemo(
    () => ({ scenario, shifts, shiftTexts, shiftErrors, bands, bandTexts, bandErrors }),
    [scenario, shifts, shiftTexts, shiftErrors, bands, bandTexts, bandErrors],
  )
}
