/**
 * Choosing a model in pricing (docs/product.md, "Routes and screens"): the address fragment becomes trial-form-{model},
 * the page scrolls to the form, and a model-selected event tells the form which model to
 * preselect. Values other than basic/advanced are ignored (docs/product.md, "Routes and screens").
 */
import { isModel, type Model } from '#src/common/models.ts'
import { anchors, routes } from '#src/common/paths.ts'
import { scrollToAnchor } from './scroll.ts'
import { focusTrialForm } from './trial-focus.ts'
import { emit, on } from './site-events.ts'

export function selectModel(model: Model): void {
  // The footer's model links on pages without the form (/about, /security) go to the landing page's.
  if (!document.getElementById(anchors.trialForm)) {
    window.location.assign(`${routes.home}#${anchors.trialFormFor(model)}`)
    return
  }
  history.replaceState(history.state, '', `#${anchors.trialFormFor(model)}`)
  // The form's code loads when the form comes near and may not have heard this event: the
  // pre-rendered form shows the model meanwhile (as boot.ts does for a followed link).
  const radio = document.querySelector(`input[name="model"][value="${model}"]`)
  if (radio instanceof HTMLInputElement) radio.checked = true
  // To the form itself, not the section heading a screen above it on a phone .
  scrollToAnchor(anchors.trialFormFor(model))
  focusTrialForm()
  emit('model-selected', model)
}

/** Calls back with each valid model selected; returns the unsubscribe function. */
export function onModelSelected(callback: (model: Model) => void): () => void {
  return on('model-selected', (detail) => {
    if (isModel(detail)) callback(detail)
  })
}

/** The model named by an address fragment like #trial-form-basic, or null. */
export function modelFromHash(hash: string): Model | null {
  const match = /^#trial-form-(.+)$/.exec(hash)
  const value = match?.[1]
  return isModel(value) ? value : null
}
