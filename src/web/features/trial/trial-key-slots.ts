/**
 * Keys left per model beside the pricing cards' trial buttons (counts shown before the
 * form is filled). Pricing is a server-only section (docs/decisions/0006-islands.md), so it
 * renders a slot per model with a neutral line that claims no number, and the trial form's one
 * request for the counts fills every slot in place. The slot keeps its one-line box, so nothing
 * moves when the text changes (docs/architecture.md, "Budgets", CLS 0).
 */
import type { LicenseCounts } from '#src/common/api-types.ts'
import { isModel } from '#src/common/models.ts'
import { TRIAL_COPY } from '../../content/trial.ts'

/** The attribute a slot carries; its value is the model. */
const TRIAL_KEY_SLOT = 'data-trial-keys'

/** Attributes of a slot for one model. */
export function trialKeySlot(model: string): Record<string, string> {
  return { [TRIAL_KEY_SLOT]: model }
}

/** Writes each model's count into its slots. */
export function fillTrialKeySlots(counts: LicenseCounts, root: ParentNode = document): void {
  for (const slot of root.querySelectorAll<HTMLElement>(`[${TRIAL_KEY_SLOT}]`)) {
    const model = slot.getAttribute(TRIAL_KEY_SLOT)
    if (!isModel(model)) continue
    slot.textContent = TRIAL_COPY.licensesLeft(counts[model])
  }
}
