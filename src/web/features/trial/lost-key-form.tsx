/**
 * "Lost your key?" (docs/architecture.md, "Contracts: API"): a small disclosure with the address
 * and, optionally, the model; the server e-mails a valid key again and answers the same whether or
 * not there is one.
 */
import { useId, useState, type FormEvent } from 'react'
import { MODEL_LABELS, MODELS, isModel, type Model } from '#src/common/models.ts'
import { LOST_KEY_COPY } from '../../content/trial.ts'
import { requestKeyResend } from './trial-api.ts'

export function LostKeyForm({ model, className }: { model?: Model; className?: string }) {
  const id = useId()
  const [email, setEmail] = useState('')
  const [choice, setChoice] = useState<Model | ''>(model ?? '')
  const [state, setState] = useState<'idle' | 'sending' | 'accepted' | 'limited' | 'failed'>('idle')

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (state === 'sending') return
    setState('sending')
    setState(await requestKeyResend(email.trim(), choice || undefined))
  }

  const message =
    state === 'accepted'
      ? LOST_KEY_COPY.done
      : state === 'limited'
        ? LOST_KEY_COPY.tooMany
        : state === 'failed'
          ? LOST_KEY_COPY.failed
          : ''
  return (
    <details className={className}>
      <summary className="cursor-pointer py-3 text-sm font-medium text-accent-700 underline underline-offset-2">
        {LOST_KEY_COPY.summary}
      </summary>
      <form onSubmit={onSubmit} className="mt-2 space-y-3 text-sm">
        <p className="text-ink-600">{LOST_KEY_COPY.intro}</p>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="grow">
            <label htmlFor={`${id}-email`} className="font-medium text-ink-800">
              {LOST_KEY_COPY.email}
            </label>
            <input
              id={`${id}-email`}
              type="email"
              required
              maxLength={254}
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className="mt-1 block min-h-11 w-full rounded-lg border border-ink-300 bg-white px-3 text-base text-ink-900"
            />
          </div>
          <div>
            <label htmlFor={`${id}-model`} className="font-medium text-ink-800">
              {LOST_KEY_COPY.model}
            </label>
            <select
              id={`${id}-model`}
              value={choice}
              onChange={(e) => setChoice(isModel(e.target.value) ? e.target.value : '')}
              className="mt-1 block min-h-11 rounded-lg border border-ink-300 bg-white px-3 text-base text-ink-900"
            >
              <option value="">{LOST_KEY_COPY.anyModel}</option>
              {MODELS.map((m) => (
                <option key={m} value={m}>
                  {MODEL_LABELS[m]}
                </option>
              ))}
            </select>
          </div>
          <button
            type="submit"
            disabled={state === 'sending'}
            className="min-h-11 rounded-lg bg-brand-800 px-4 font-medium text-white hover:bg-brand-900 disabled:opacity-60"
          >
            {state === 'sending' ? LOST_KEY_COPY.sending : LOST_KEY_COPY.submit}
          </button>
        </div>
        <p role="status" className="text-ink-700">
          {message}
        </p>
      </form>
    </details>
  )
}
