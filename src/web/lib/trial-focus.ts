/**
 * Where the keyboard goes when a control sends the visitor to the trial form ("Get Free Trial",
 * "Start Basic trial"): into the form, on its first field to fill, so the next Tab is not
 * somewhere the visitor has scrolled away from (docs/product.md). Without scrolling: the page's own
 * smooth scroll is on its way there. The pre-rendered form has the field before its code loads.
 */
import { anchors } from '#src/common/paths.ts'

export function focusTrialForm(): void {
  document
    .querySelector<HTMLInputElement>(`#${anchors.trialForm} input[autocomplete="given-name"]`)
    ?.focus({ preventScroll: true })
}
