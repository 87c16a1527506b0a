/**
 * Shown when the trial pool of the chosen model is empty (docs/product.md, "Waitlist").
 * It names the model and, while the other model still has keys, offers that one.
 */
import { ArrowRight } from 'lucide-react'
import { useState } from 'react'
import type { TrialSubmissionResponse } from '#src/common/api-types.ts'
import { MODEL_LABELS, type Model } from '#src/common/models.ts'
import { notify } from '../../components/toaster.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { TRIAL_FEEDBACK as FEEDBACK, WAITLIST_COPY } from '../../content/trial.ts'
import { updateWaitlist } from './trial-api.ts'

interface Props {
  submission: TrialSubmissionResponse
  /** The model whose keys are gone. */
  model: Model
  /** The other model and its keys left, when it still has some. */
  other: { model: Model; left: number } | null
  onClose: () => void
  /** Request the other model's trial with the same details instead. */
  onTryOther: (model: Model) => void
}

export default function WaitlistDialog({ submission, model, other, onClose, onTryOther }: Props) {
  const [busy, setBusy] = useState<'accept' | 'cancel' | null>(null)
  const label = MODEL_LABELS[model]

  async function choose(waitlist: boolean) {
    setBusy(waitlist ? 'accept' : 'cancel')
    try {
      await updateWaitlist(submission.submission_id, submission.waitlist_token, waitlist)
      if (waitlist)
        notify('success', FEEDBACK.waitlistAddedTitle, { description: FEEDBACK.waitlistAddedText })
    } catch (error) {
      console.warn('Waitlist update failed', error)
      notify('error', waitlist ? FEEDBACK.waitlistJoinFailed : FEEDBACK.waitlistCancelFailed)
    } finally {
      setBusy(null)
      onClose()
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !busy) void choose(false)
      }}
      title={WAITLIST_COPY.title(label)}
      description={WAITLIST_COPY.text(label)}
      showDescription
      className="max-w-lg"
    >
      {other ? (
        <div className="mt-1 mb-5 rounded-xl bg-accent-50 p-3 ring-1 ring-accent-100 sm:p-4">
          <p className="text-sm text-ink-700">
            {WAITLIST_COPY.otherAvailable(MODEL_LABELS[other.model], other.left)}
          </p>
          <Button
            variant="primary"
            size="sm"
            className="mt-3 w-full whitespace-nowrap px-4 sm:w-auto"
            disabled={busy !== null}
            onClick={() => onTryOther(other.model)}
          >
            {WAITLIST_COPY.tryOther(MODEL_LABELS[other.model])}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Button>
        </div>
      ) : null}
      <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={busy !== null} onClick={() => void choose(false)}>
          {busy === 'cancel' ? WAITLIST_COPY.cancelling : WAITLIST_COPY.cancel}
        </Button>
        <Button variant="accent" disabled={busy !== null} onClick={() => void choose(true)}>
          {busy === 'accept' ? WAITLIST_COPY.accepting : WAITLIST_COPY.accept}
        </Button>
      </div>
    </Dialog>
  )
}
