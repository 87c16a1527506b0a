/**
 * The one-fund lab's parts that load after the page's first JavaScript (lab-part.tsx): the
 * scenarios, the uncertainty bands (at once for a link with volatility) and fit to history (at
 * once for a link with `actuals=`, which is fitted on arrival).
 */
import { labPart } from './lab-part.tsx'

/** Whether the address the page was opened at has this parameter, not empty and not 0. */
const linkAsks = (name: string) => {
  const value = new URLSearchParams(window.location.search).get(name)?.trim()
  return value !== undefined && value !== '' && value !== '0'
}

export const ScenarioPanel = labPart('lab-scenarios', () =>
  import('./scenario-panel.tsx').then((m) => m.ScenarioPanel),
)

export const BandsPanel = labPart(
  'lab-bands',
  () => import('./bands-panel.tsx').then((m) => m.BandsPanel),
  () => linkAsks('vol'),
)

export const FitPanel = labPart(
  'lab-fit',
  () => import('./fit-panel.tsx').then((m) => m.FitPanel),
  () => linkAsks('actuals'),
)
