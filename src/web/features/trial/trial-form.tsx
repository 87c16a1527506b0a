/**
 * The trial request form (SPEC.md §2 "Trial form", §4, §5, §8). It preselects the model chosen
 * in pricing or named by the address (#trial-form-basic), shows licenses left per model, and on
 * submit goes to /thank-you, opens the waitlist dialog, or explains what went wrong.
 */
import { Loader2 } from 'lucide-react'
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react'
import type { TrialSubmissionResponse } from '#src/common/api-types.ts'
import { MODEL_LABELS, MODELS, type Model } from '#src/common/models.ts'
import { routes } from '#src/common/paths.ts'
import { TRIAL_SOURCE } from '#src/common/trial-schema.ts'
import { notify } from '../../components/toaster.tsx'
import { Button } from '../../components/ui/button.tsx'
import { PLANS } from '../../content/pricing.ts'
import { TRIAL_COPY } from '../../content/trial.ts'
import { cn } from '../../lib/cn.ts'
import { modelFromHash, onModelSelected } from '../../lib/model-selection.ts'
import { useSiteActions } from '../dialogs/dialog-host.tsx'
import { FEEDBACK, feedbackFor } from './submit-feedback.ts'
import { submitTrialRequest } from './trial-api.ts'
import { useLicenseCounts } from './use-license-counts.ts'

const WaitlistDialog = lazy(() => import('./waitlist-dialog.tsx'))

export interface TrialFormState {
  firstName: string
  lastName: string
  email: string
  model: Model
  agreeToTerms: boolean
}

export const INITIAL_FORM: TrialFormState = {
  firstName: '',
  lastName: '',
  email: '',
  model: 'advanced',
  agreeToTerms: false,
}

const inputClasses =
  'mt-1.5 block min-h-12 w-full rounded-lg border border-ink-300 bg-white px-3.5 text-base text-ink-900 shadow-sm placeholder:text-ink-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none'

export function TrialForm() {
  const [form, setForm] = useState<TrialFormState>(INITIAL_FORM)
  const [submitting, setSubmitting] = useState(false)
  const [waitlist, setWaitlist] = useState<TrialSubmissionResponse | null>(null)
  const { state: counts, refresh: refreshCounts } = useLicenseCounts()
  const { openChat, openLegal } = useSiteActions()
  const shownAt = useRef(0)
  const honeypot = useRef<HTMLInputElement>(null)
  const ids = useId()

  useEffect(() => {
    shownAt.current = Date.now()
    const fromHash = modelFromHash(window.location.hash)
    if (fromHash) setForm((current) => ({ ...current, model: fromHash }))
    const onHash = () => {
      const model = modelFromHash(window.location.hash)
      if (model) setForm((current) => ({ ...current, model }))
    }
    window.addEventListener('hashchange', onHash)
    const unsubscribe = onModelSelected((model) => setForm((current) => ({ ...current, model })))
    return () => {
      window.removeEventListener('hashchange', onHash)
      unsubscribe()
    }
  }, [])

  const set = <K extends keyof TrialFormState>(key: K, value: TrialFormState[K]) =>
    setForm((current) => ({ ...current, [key]: value }))

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (submitting) return
    if (!form.agreeToTerms) {
      notify('error', TRIAL_COPY.termsRequiredTitle, { description: TRIAL_COPY.termsRequiredText })
      return
    }
    setSubmitting(true)
    const result = await submitTrialRequest({
      first_name: form.firstName,
      last_name: form.lastName,
      email: form.email,
      model: form.model,
      source: TRIAL_SOURCE,
      website: honeypot.current?.value ?? '',
      form_elapsed_ms: Math.max(0, Date.now() - shownAt.current),
    })
    if (result.ok) {
      if (result.data.has_license) {
        window.location.assign(routes.thankYou(form.model))
        return // keep the busy state while the next page loads
      }
      setSubmitting(false)
      refreshCounts()
      if (result.data.waitlist_eligible) setWaitlist(result.data)
      return
    }
    setSubmitting(false)
    const feedback = feedbackFor(result)
    if (feedback.kind === 'rate-limit') {
      notify('error', feedback.title, {
        action: { label: FEEDBACK.askForMore, onClick: () => openChat() },
        duration: 8000,
      })
    } else {
      notify('error', feedback.title, { description: feedback.description })
    }
  }

  return (
    <>
      <form
        onSubmit={onSubmit}
        noValidate={false}
        aria-describedby={`${ids}-privacy`}
        className="space-y-5"
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <label htmlFor={`${ids}-first`} className="text-sm font-medium text-ink-800">
              {TRIAL_COPY.firstName}
            </label>
            <input
              id={`${ids}-first`}
              name="first_name"
              required
              maxLength={100}
              autoComplete="given-name"
              value={form.firstName}
              onChange={(e) => set('firstName', e.target.value)}
              className={inputClasses}
            />
          </div>
          <div>
            <label htmlFor={`${ids}-last`} className="text-sm font-medium text-ink-800">
              {TRIAL_COPY.lastName}
            </label>
            <input
              id={`${ids}-last`}
              name="last_name"
              required
              maxLength={100}
              autoComplete="family-name"
              value={form.lastName}
              onChange={(e) => set('lastName', e.target.value)}
              className={inputClasses}
            />
          </div>
        </div>
        <div>
          <label htmlFor={`${ids}-email`} className="text-sm font-medium text-ink-800">
            {TRIAL_COPY.email}
          </label>
          <input
            id={`${ids}-email`}
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            value={form.email}
            onChange={(e) => set('email', e.target.value)}
            className={inputClasses}
          />
        </div>
        {/* Honeypot (DESIGN.md §5): hidden from people and assistive technology, filled by bots. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor={`${ids}-website`}>Website</label>
          <input
            id={`${ids}-website`}
            ref={honeypot}
            name="website"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>

        <fieldset>
          <legend className="text-sm font-medium text-ink-800">{TRIAL_COPY.modelLegend}</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {MODELS.map((model) => {
              const plan = PLANS.find((p) => p.model === model)
              const left = counts.status === 'loaded' ? counts.counts[model] : null
              return (
                <label
                  key={model}
                  className={cn(
                    'relative flex min-h-16 cursor-pointer flex-col justify-center rounded-xl border-2 border-ink-200 bg-white px-4 py-3 transition-colors hover:border-ink-300',
                    'has-[:checked]:border-accent-600 has-[:checked]:bg-accent-50 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-accent-400',
                    'has-[:disabled]:cursor-wait has-[:disabled]:opacity-60',
                  )}
                >
                  <input
                    type="radio"
                    name="model"
                    value={model}
                    checked={form.model === model}
                    disabled={counts.status === 'loading'}
                    onChange={() => set('model', model)}
                    className="sr-only"
                  />
                  <span className="font-semibold text-brand-900">{MODEL_LABELS[model]} model</span>
                  <span className="text-sm text-ink-600">
                    {counts.status === 'loading'
                      ? TRIAL_COPY.licensesLoading
                      : left !== null
                        ? TRIAL_COPY.licensesLeft(left)
                        : plan?.bestFor}
                  </span>
                </label>
              )
            })}
          </div>
        </fieldset>

        <div className="flex items-start gap-3">
          <input
            id={`${ids}-terms`}
            name="agree_to_terms"
            type="checkbox"
            checked={form.agreeToTerms}
            onChange={(e) => set('agreeToTerms', e.target.checked)}
            className="mt-0.5 size-5 shrink-0 rounded border-ink-300 accent-accent-600"
          />
          <label htmlFor={`${ids}-terms`} className="text-sm text-ink-700">
            {TRIAL_COPY.agreePrefix}{' '}
            <a
              href={routes.legalTerms}
              onClick={(event) => {
                event.preventDefault()
                openLegal('terms')
              }}
              className="py-3.5 font-medium text-accent-700 underline underline-offset-2"
            >
              {TRIAL_COPY.termsLink}
            </a>
          </label>
        </div>

        <Button
          type="submit"
          variant="accent"
          size="lg"
          className="w-full"
          disabled={submitting}
          aria-busy={submitting}
        >
          {submitting ? <Loader2 aria-hidden="true" className="size-5 animate-spin" /> : null}
          {submitting ? TRIAL_COPY.submitting : TRIAL_COPY.submit}
        </Button>
        <p id={`${ids}-privacy`} className="text-center text-xs text-ink-500">
          {TRIAL_COPY.privacyPromise}
        </p>
      </form>
      {waitlist ? (
        <Suspense fallback={null}>
          <WaitlistDialog submission={waitlist} onClose={() => setWaitlist(null)} />
        </Suspense>
      ) : null}
    </>
  )
}
