/** Shown when the trial pool is empty (SPEC.md §2 "Waitlist dialog", §4, §8). */
import { useState } from 'react'
import type { TrialSubmissionResponse } from '#src/common/api-types.ts'
import { notify } from '../../components/toaster.tsx'
import { Button } from '../../components/ui/button.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { TRIAL_FEEDBACK as FEEDBACK, WAITLIST_COPY } from '../../content/trial.ts'
import { updateWaitlist } from './trial-api.ts'

interface Props {
  submission: TrialSubmissionResponse
  onClose: () => void
}

export default function WaitlistDialog({ submission, onClose }: Props) {
  const [busy, setBusy] = useState<'accept' | 'cancel' | null>(null)

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
      title={WAITLIST_COPY.title}
      description={WAITLIST_COPY.text}
      showDescription
      className="max-w-lg"
    >
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
