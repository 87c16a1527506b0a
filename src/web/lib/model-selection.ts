/**
 * Choosing a model in pricing (SPEC.md §2): the address fragment becomes trial-form-{model},
 * the page scrolls to the form, and a model-selected event tells the form which model to
 * preselect. Values other than basic/advanced are ignored (SPEC.md §5).
 */
import { isModel, type Model } from '#src/common/models.ts'
import { anchors } from '#src/common/paths.ts'
import { scrollToAnchor } from './scroll.ts'

export const MODEL_SELECTED_EVENT = 'model-selected'

export function selectModel(model: Model): void {
  history.replaceState(history.state, '', `#${anchors.trialFormFor(model)}`)
  scrollToAnchor(anchors.trialForm)
  window.dispatchEvent(new CustomEvent(MODEL_SELECTED_EVENT, { detail: model }))
}

/** Calls back with each valid model selected; returns the unsubscribe function. */
export function onModelSelected(callback: (model: Model) => void): () => void {
  const listener = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail
    if (isModel(detail)) callback(detail)
  }
  window.addEventListener(MODEL_SELECTED_EVENT, listener)
  return () => window.removeEventListener(MODEL_SELECTED_EVENT, listener)
}

/** The model named by an address fragment like #trial-form-basic, or null. */
export function modelFromHash(hash: string): Model | null {
  const match = /^#trial-form-(.+)$/.exec(hash)
  const value = match?.[1]
  return isModel(value) ? value : null
}
