/**
 * The trial request form (docs/product.md, "Trial requests"). It preselects the model chosen
 * in pricing or named by the address (#trial-form-basic), shows licenses left per model, and on
 * submit goes to /thank-you, opens the waitlist dialog, or explains what went wrong.
 */
import { Loader2 } from 'lucide-react'
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react'
import type { TrialSubmissionResponse } from '#src/common/api-types.ts'
import { MODEL_LABELS, MODELS, type Model } from '#src/common/models.ts'
import { anchors, routes } from '#src/common/paths.ts'
import { EMAIL_MAX, NAME_MAX, TRIAL_SOURCE } from '#src/common/trial-limits.ts'
import type { TrialRequestInput } from '#src/common/trial-schema.ts'
import { notify, preloadToasts } from '../../components/toaster.tsx'
import { Button } from '../../components/ui/button.tsx'
import { FieldError, TextField } from '../../components/ui/text-field.tsx'
import { PLANS } from '../../content/pricing.ts'
import { TRIAL_COPY, TRIAL_FEEDBACK } from '../../content/trial.ts'
import { demoSettings } from '../../settings.ts'
import { cn } from '../../lib/cn.ts'
import { nearSince } from '../../lib/lazy-near.ts'
import { modelFromHash, onModelSelected } from '../../lib/model-selection.ts'
import { useSiteActions } from '../dialogs/dialog-host.tsx'
import { suggestEmail } from './email-suggestion.ts'
import { rememberSubmission, trialSource } from './submission-handoff.ts'
import { feedbackFor } from './submit-feedback.ts'
import { LostKeyForm } from './lost-key-form.tsx'
import { submitTrialRequest } from './trial-api.ts'
import { useLicenseCounts } from './use-license-counts.ts'

const loadWaitlistDialog = () => import('./waitlist-dialog.tsx')
const WaitlistDialog = lazy(loadWaitlistDialog)

interface TrialFormState {
  firstName: string
  lastName: string
  email: string
  model: Model
  agreeToTerms: boolean
}

const INITIAL_FORM: TrialFormState = {
  firstName: '',
  lastName: '',
  email: '',
  model: 'advanced',
  agreeToTerms: false,
}

/** Field errors by the request's field names, plus the terms checkbox. */
type FieldErrors = Partial<Record<'first_name' | 'last_name' | 'email' | 'terms', string>>

/** Below the header and a toast of three lines (components/toaster.tsx), with a gap. */
const TOAST_CLEARANCE_PX = (demoSettings ? 108 : 80) + 120 + 16

/** The request's fields in the order the form shows them, for moving focus to the first error. */
const FIELD_ORDER = ['first_name', 'last_name', 'email', 'terms'] as const

export function TrialForm() {
  const [form, setForm] = useState<TrialFormState>(INITIAL_FORM)
  const [submitting, setSubmitting] = useState(false)
  const [errors, setErrors] = useState<FieldErrors>({})
  /** A likely correction of a misspelt e-mail domain; a hint only, never blocking a submit. */
  const [suggestion, setSuggestion] = useState<string | null>(null)
  /** What the e-mail field holds now, for a suggestion that arrives after the visitor typed on. */
  const emailNow = useRef('')
  const formRef = useRef<HTMLFormElement>(null)
  const [waitlist, setWaitlist] = useState<{
    submission: TrialSubmissionResponse
    model: Model
  } | null>(null)
  /** Set when the visitor takes the other model from the waitlist dialog: submit again. */
  const [resubmit, setResubmit] = useState<Model | null>(null)
  const [confirmationSent, setConfirmationSent] = useState(false)
  /** A submit the visitor asked for before this code ran (lib/lazy-near.ts holds it). */
  const [heldSubmit, setHeldSubmit] = useState(false)
  const { state: counts, refresh: refreshCounts } = useLicenseCounts()
  const { openChat, openLegal } = useSiteActions()
  const shownAt = useRef(0)
  const honeypot = useRef<HTMLInputElement>(null)
  const ids = useId()

  useEffect(() => {
    // The form's code loads when the form comes near (sections/trial-section.tsx is lazy): it
    // was on the screen from then on, and what was typed meanwhile is the visitor's.
    shownAt.current = nearSince(anchors.trialForm) ?? Date.now()
    const element = formRef.current
    if (element) {
      const typed = (name: string) => {
        const field = element.elements.namedItem(name)
        return field instanceof HTMLInputElement ? field : null
      }
      const before = {
        firstName: typed('first_name')?.value ?? '',
        lastName: typed('last_name')?.value ?? '',
        email: typed('email')?.value ?? '',
        agreeToTerms: typed('agree_to_terms')?.checked ?? false,
      }
      if (before.firstName || before.lastName || before.email || before.agreeToTerms) {
        setForm((current) => ({ ...current, ...before }))
        // Typed before this code ran: the visitor has had the form since the page came (as far
        // back as the page can tell; performance.now() counts from there). Counted from now,
        // the time would look like a bot's and ask a person to confirm by e-mail.
        shownAt.current = Math.min(shownAt.current, Date.now() - performance.now())
      }
      if ('submitPending' in element.dataset) {
        delete element.dataset.submitPending
        setHeldSubmit(true)
      }
    }
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

  // Sent once the values taken over above are rendered: onSubmit reads them.
  useEffect(() => {
    if (!heldSubmit) return
    setHeldSubmit(false)
    formRef.current?.requestSubmit()
  }, [heldSubmit])

  // The same details, now for the other model, once the form shows that model.
  useEffect(() => {
    if (resubmit && form.model === resubmit) {
      setResubmit(null)
      formRef.current?.requestSubmit()
    }
  }, [resubmit, form.model])

  const set = <K extends keyof TrialFormState>(key: K, value: TrialFormState[K]) =>
    setForm((current) => ({ ...current, [key]: value }))
  /** Editing a field clears its message; the next submit checks again. */
  const clearError = (field: keyof FieldErrors) =>
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current))

  /** Shows the messages next to their fields and moves focus to the first bad one. */
  function showErrors(next: FieldErrors) {
    setErrors(next)
    const first = FIELD_ORDER.find((field) => next[field])
    const field = first
      ? formRef.current?.querySelector<HTMLElement>(
          `[name="${first === 'terms' ? 'agree_to_terms' : first}"]`,
        )
      : null
    if (!field) return
    field.focus({ preventScroll: true })
    // On a wide screen the toast sits top right, over the form's column: the form's heading goes
    // just below it, with the field still in view (docs/product.md).
    const heading = formRef.current?.parentElement?.querySelector('h3')
    if (heading && window.matchMedia('(min-width: 1024px)').matches) {
      const shift = heading.getBoundingClientRect().top - TOAST_CLEARANCE_PX
      if (field.getBoundingClientRect().bottom - shift < window.innerHeight - 16) {
        window.scrollBy({ top: shift, behavior: 'instant' })
        return
      }
    }
    // Else in the middle of the screen, clear of the toast at the top (components/toaster.tsx).
    field.scrollIntoView({ block: 'center', behavior: 'instant' })
  }

  /** The model other than the one without keys, while it has keys left. */
  function otherWithKeys(model: Model): { model: Model; left: number } | null {
    const other = MODELS.find((m) => m !== model)
    if (!other || counts.status !== 'loaded') return null
    const left = counts.counts[other]
    return left > 0 ? { model: other, left } : null
  }

  function otherLabelled(model: Model) {
    const other = otherWithKeys(model)
    return other ? { model: MODEL_LABELS[other.model], left: other.left } : null
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (submitting) return
    const request: TrialRequestInput = {
      first_name: form.firstName,
      last_name: form.lastName,
      email: form.email,
      model: form.model,
      source: trialSource(window.location.search, TRIAL_SOURCE),
      website: honeypot.current?.value ?? '',
      form_elapsed_ms: Math.max(0, Date.now() - shownAt.current),
    }
    // The same schema the server applies (docs/architecture.md, "Layers"): each message beside its
    // field. It and zod load on the first submit, not with the page.
    const { TrialRequestSchema, fieldErrors } = await import('#src/common/trial-schema.ts')
    const parsed = TrialRequestSchema.safeParse(request)
    const found: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error)
    if (!form.agreeToTerms) {
      found.terms = TRIAL_COPY.termsRequiredInline
      notify('error', TRIAL_COPY.termsRequiredTitle, { description: TRIAL_COPY.termsRequiredText })
    }
    if (Object.values(found).some(Boolean)) return showErrors(found)
    setErrors({})
    setSubmitting(true)
    // What the answer may need loads while the request is in flight: the toasts, and the
    // waitlist dialog when the counts say the model has no keys left.
    preloadToasts()
    if (counts.status === 'loaded' && counts.counts[form.model] === 0)
      loadWaitlistDialog().catch(() => {})
    const result = await submitTrialRequest(request)
    if (result.ok) {
      if (result.data.confirmation_required) {
        // Past the claim breaker, a form filled by the browser faster than a person types, or a
        // burst from the address's domain (docs/product.md, "Trust under abuse"): the key
        // follows the e-mailed link.
        setSubmitting(false)
        setConfirmationSent(true)
        // What will really happen: with the pool empty, the link offers the waitlist, not a key.
        const noSeats = counts.status === 'loaded' && counts.counts[form.model] === 0
        notify('success', TRIAL_COPY.confirmTitle, {
          description: noSeats
            ? TRIAL_COPY.confirmTextNoSeats(MODEL_LABELS[form.model])
            : TRIAL_COPY.confirmText,
          duration: 12000,
        })
        return
      }
      if (result.data.has_license) {
        rememberSubmission(result.data, form.email)
        window.location.assign(routes.thankYou(form.model))
        return // keep the busy state while the next page loads
      }
      setSubmitting(false)
      refreshCounts()
      if (result.data.waitlist_eligible) setWaitlist({ submission: result.data, model: form.model })
      return
    }
    setSubmitting(false)
    if (result.error.fields) showErrors(result.error.fields)
    const feedback = feedbackFor(result)
    if (feedback.kind === 'rate-limit') {
      notify('error', feedback.title, {
        description: feedback.description,
        action: { label: TRIAL_FEEDBACK.askForMore, onClick: () => openChat() },
        duration: 8000,
      })
    } else {
      notify('error', feedback.title, { description: feedback.description })
    }
  }

  /** The chosen model has no keys left: sending the form joins its waitlist. */
  const noKeys = counts.status === 'loaded' && counts.counts[form.model] === 0

  return (
    <>
      <form
        ref={formRef}
        onSubmit={onSubmit}
        noValidate
        aria-describedby={`${ids}-privacy`}
        className="space-y-5"
      >
        {/* First, so the keys left per model show before anything is typed. */}
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
          {/* Before anything is typed: the chosen model has no keys, so say what sending does. */}
          <p
            role="status"
            className="mt-3 rounded-lg bg-accent-50 px-3 py-2 text-sm text-brand-900 empty:m-0 empty:p-0"
          >
            {noKeys
              ? TRIAL_COPY.noKeysNote(MODEL_LABELS[form.model], otherLabelled(form.model))
              : ''}
          </p>
        </fieldset>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id={`${ids}-first`}
            label={TRIAL_COPY.firstName}
            name="first_name"
            required
            maxLength={NAME_MAX}
            autoComplete="given-name"
            value={form.firstName}
            error={errors.first_name}
            onChange={(e) => {
              set('firstName', e.target.value)
              clearError('first_name')
            }}
          />
          <TextField
            id={`${ids}-last`}
            label={TRIAL_COPY.lastName}
            name="last_name"
            required
            maxLength={NAME_MAX}
            autoComplete="family-name"
            value={form.lastName}
            error={errors.last_name}
            onChange={(e) => {
              set('lastName', e.target.value)
              clearError('last_name')
            }}
          />
        </div>
        <TextField
          id={`${ids}-email`}
          label={TRIAL_COPY.email}
          name="email"
          type="email"
          required
          maxLength={EMAIL_MAX}
          autoComplete="email"
          value={form.email}
          error={errors.email}
          {...(suggestion && !errors.email
            ? { 'aria-describedby': `${ids}-email-suggestion` }
            : {})}
          onChange={(e) => {
            set('email', e.target.value)
            emailNow.current = e.target.value
            clearError('email')
            setSuggestion(null)
          }}
          onBlur={(e) => {
            const typed = e.target.value
            void suggestEmail(typed).then((next) => {
              // Only while the field still holds what was checked.
              if (emailNow.current === typed) setSuggestion(next)
            })
          }}
        />
        {suggestion ? (
          <p id={`${ids}-email-suggestion`} className="-mt-3 text-sm text-ink-700">
            {TRIAL_COPY.didYouMean}{' '}
            <button
              type="button"
              onClick={() => {
                set('email', suggestion)
                emailNow.current = suggestion
                clearError('email')
                setSuggestion(null)
              }}
              className="min-h-6 font-semibold text-accent-700 underline underline-offset-2"
            >
              {suggestion}
            </button>
            ?
          </p>
        ) : null}
        {/* Honeypot (docs/architecture.md, "Contracts: API"): hidden from people and assistive
            technology, filled by bots. */}
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

        <div>
          <div className="flex items-start gap-3">
            <input
              id={`${ids}-terms`}
              name="agree_to_terms"
              type="checkbox"
              checked={form.agreeToTerms}
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? `${ids}-terms-error` : undefined}
              onChange={(e) => {
                set('agreeToTerms', e.target.checked)
                clearError('terms')
              }}
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
          <FieldError id={`${ids}-terms-error`} message={errors.terms} />
        </div>

        <Button
          type="submit"
          variant="accent"
          size="lg"
          className="w-full max-sm:px-4"
          disabled={submitting}
          aria-busy={submitting}
        >
          {submitting ? <Loader2 aria-hidden="true" className="size-5 animate-spin" /> : null}
          {submitting
            ? TRIAL_COPY.submitting
            : noKeys
              ? TRIAL_COPY.submitWaitlist(MODEL_LABELS[form.model])
              : TRIAL_COPY.submit}
        </Button>
        <p id={`${ids}-privacy`} className="text-center text-xs text-ink-500">
          {TRIAL_COPY.privacyPromise}
        </p>
        <p role="status" className="text-center text-sm font-medium text-brand-900">
          {confirmationSent ? `${TRIAL_COPY.confirmTitle}: ${TRIAL_COPY.confirmText}` : ''}
        </p>
      </form>
      <LostKeyForm model={form.model} className="mt-4 text-center" />
      {waitlist ? (
        <Suspense fallback={null}>
          <WaitlistDialog
            submission={waitlist.submission}
            model={waitlist.model}
            other={otherWithKeys(waitlist.model)}
            onClose={() => setWaitlist(null)}
            onTryOther={(model) => {
              setWaitlist(null)
              set('model', model)
              setResubmit(model)
            }}
          />
        </Suspense>
      ) : null}
    </>
  )
}
