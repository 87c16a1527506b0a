/**
 * On /thank-you: where the key went (masked, `a***@gmail.com`) and, with the submission's own
 * token that the form kept (submission-handoff.ts), one correction of a mistyped address within
 * 24 hours: the server sends the same key to the new address. Nothing shows without a handoff
 * (another tab, a bookmark): the page then reads as before.
 */
import { useEffect, useId, useState, type FormEvent } from 'react'
import { EMAIL_MAX } from '#src/common/trial-limits.ts'
import { ADDRESS_CORRECTION_COPY as COPY } from '../../content/thank-you.ts'
import { TRIAL_COPY } from '../../content/trial.ts'
import { suggestEmail } from './email-suggestion.ts'
import {
  maskEmail,
  readSubmission,
  updateRememberedEmail,
  type SubmissionHandoff,
} from './submission-handoff.ts'
import { correctEmail, type CorrectionOutcome } from './trial-api.ts'

const MESSAGES: Record<Exclude<CorrectionOutcome, 'resent'>, string> = {
  'already-corrected': COPY.alreadyCorrected,
  'too-late': COPY.tooLate,
  'has-key': COPY.hasKey,
  invalid: COPY.invalid,
  limited: COPY.limited,
  'not-found': COPY.notFound,
  failed: COPY.failed,
}

export function AddressCorrection() {
  const id = useId()
  const [handoff, setHandoff] = useState<SubmissionHandoff | null>(null)
  const [email, setEmail] = useState('')
  const [suggestion, setSuggestion] = useState<string | null>(null)
  const [state, setState] = useState<'idle' | 'sending' | CorrectionOutcome>('idle')
  useEffect(() => setHandoff(readSubmission()), [])
  if (!handoff) return null

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!handoff || state === 'sending') return
    const next = email.trim().toLowerCase()
    setState('sending')
    const outcome = await correctEmail(handoff.submissionId, handoff.token, next)
    if (outcome === 'resent') {
      updateRememberedEmail(handoff, next)
      setHandoff({ ...handoff, email: next })
    }
    setState(outcome)
  }

  const done = state === 'resent' || state === 'already-corrected' || state === 'too-late'
  return (
    <div className="space-y-2 text-sm">
      <p className="text-ink-700">
        {COPY.sentTo}{' '}
        <strong className="font-semibold text-brand-900">{maskEmail(handoff.email)}</strong>.
      </p>
      {state === 'resent' ? (
        <p role="status" className="font-medium text-brand-900">
          {COPY.resent(maskEmail(handoff.email))}
        </p>
      ) : (
        <details>
          <summary className="cursor-pointer py-2 font-medium text-accent-700 underline underline-offset-2">
            {COPY.open}
          </summary>
          <form onSubmit={onSubmit} className="mt-2 space-y-3">
            <p className="text-ink-600">{COPY.intro}</p>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
              <div className="grow">
                <label htmlFor={`${id}-email`} className="font-medium text-ink-800">
                  {COPY.label}
                </label>
                <input
                  id={`${id}-email`}
                  type="email"
                  required
                  maxLength={EMAIL_MAX}
                  autoComplete="email"
                  value={email}
                  disabled={done}
                  onChange={(e) => {
                    setEmail(e.target.value)
                    setSuggestion(null)
                  }}
                  onBlur={(e) => {
                    const typed = e.target.value
                    void suggestEmail(typed).then(setSuggestion)
                  }}
                  className="mt-1 block min-h-11 w-full rounded-lg border border-ink-300 bg-white px-3 text-base text-ink-900"
                />
              </div>
              <button
                type="submit"
                disabled={state === 'sending' || done}
                className="min-h-11 rounded-lg bg-brand-800 px-4 font-semibold text-white disabled:opacity-60"
              >
                {state === 'sending' ? COPY.sending : COPY.submit}
              </button>
            </div>
            {suggestion && suggestion !== email ? (
              <p className="text-ink-700">
                {TRIAL_COPY.didYouMean}{' '}
                <button
                  type="button"
                  onClick={() => {
                    setEmail(suggestion)
                    setSuggestion(null)
                  }}
                  className="min-h-6 font-semibold text-accent-700 underline underline-offset-2"
                >
                  {suggestion}
                </button>
                ?
              </p>
            ) : null}
            <p role="status" className="text-red-700 empty:hidden">
              {state !== 'idle' && state !== 'sending' ? MESSAGES[state] : ''}
            </p>
          </form>
        </details>
      )}
    </div>
  )
}
