/**
 * "Request an invoice" (docs/product.md, "Buying"): shown by Buy when the model has no checkout
 * link. The fields are checked with the server's own schema (this chunk loads on the first Buy),
 * each message sits beside its field (aria-invalid, aria-describedby), and focus goes to the first
 * bad one. A valid request is answered in place: what happens next, and the reference.
 */
import { CircleCheck, Loader2, ShieldCheck } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { ERROR_CODES } from '#src/common/api-types.ts'
import { MODELS, type Model } from '#src/common/models.ts'
import {
  COMPANY_MAX,
  MESSAGE_MAX,
  PurchaseRequestSchema,
  type PurchaseRequestInput,
} from '#src/common/purchase-schema.ts'
import { fieldErrors } from '#src/common/trial-schema.ts'
import { EMAIL_MAX, NAME_MAX } from '#src/common/trial-limits.ts'
import { Button } from '../../components/ui/button.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { FieldError, inputClasses, TextField } from '../../components/ui/text-field.tsx'
import { INVOICE_COPY as COPY } from '../../content/buy.ts'
import { formatPrice, PLANS } from '../../content/pricing.ts'
import { cn } from '../../lib/cn.ts'
import { settings } from '../../settings.ts'
import { submitPurchaseRequest } from './purchase-api.ts'

type Field = 'first_name' | 'last_name' | 'email' | 'company' | 'model' | 'message'
type FieldErrors = Partial<Record<Field, string>>
/** The order the form shows them, for moving focus to the first error. */
const FIELD_ORDER: readonly Field[] = [
  'model',
  'first_name',
  'last_name',
  'email',
  'company',
  'message',
]

interface Form {
  first_name: string
  last_name: string
  email: string
  company: string
  message: string
}
const EMPTY: Form = { first_name: '', last_name: '', email: '', company: '', message: '' }

interface Props {
  open: boolean
  initialModel: Model
  onClose: () => void
}

export default function InvoiceDialog({ open, initialModel, onClose }: Props) {
  const [model, setModel] = useState<Model>(initialModel)
  const [form, setForm] = useState<Form>(EMPTY)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [problem, setProblem] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const [done, setDone] = useState<{ requestId: string; email: string } | null>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const ids = useId()

  // Each opening starts on the model its Buy control named. What was typed stays, so a second
  // request (the other model, say) need not be typed again.
  useEffect(() => {
    if (!open) return
    setModel(initialModel)
    setDone(null)
    setProblem(null)
  }, [open, initialModel])

  const set = (field: keyof Form, value: string) => {
    setForm((current) => ({ ...current, [field]: value }))
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current))
  }

  function showErrors(next: FieldErrors) {
    setErrors(next)
    const first = FIELD_ORDER.find((field) => next[field])
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (submitting) return
    setProblem(null)
    const request: PurchaseRequestInput = {
      ...form,
      model,
      ...(form.message.trim() ? {} : { message: undefined }),
    }
    const parsed = PurchaseRequestSchema.safeParse(request)
    if (!parsed.success) return showErrors(fieldErrors(parsed.error) as FieldErrors)
    setErrors({})
    setSubmitting(true)
    const result = await submitPurchaseRequest(parsed.data)
    setSubmitting(false)
    if (result.ok) {
      setDone({ requestId: result.data.request_id, email: parsed.data.email })
      return
    }
    if (result.error.fields) {
      showErrors(result.error.fields as FieldErrors)
      setProblem(COPY.invalid)
    } else if (result.error.errorCode === ERROR_CODES.rateLimit) {
      setProblem(COPY.rateLimited(Math.max(1, Math.ceil((result.retryAfterSeconds ?? 60) / 60))))
    } else {
      setProblem(result.status === 0 ? COPY.network : COPY.failed)
    }
  }

  const plan = PLANS.find((p) => p.model === model) ?? PLANS[0]!

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose()
      }}
      title={done ? COPY.doneTitle : COPY.title}
      description={done ? undefined : COPY.description}
      showDescription
      className="max-w-2xl"
    >
      {done ? (
        <div className="space-y-5" role="status">
          <div className="flex gap-4 rounded-xl bg-accent-50 p-5 ring-1 ring-accent-200">
            <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-accent-700" />
            <div className="min-w-0 text-ink-800">
              <p className="font-semibold text-brand-900">
                {plan.name} license · {formatPrice(plan.priceUsd)}
              </p>
              <p className="mt-1 break-words">{COPY.done(done.email)}</p>
            </div>
          </div>
          <p className="text-sm text-ink-600">
            {COPY.reference}:{' '}
            <span className="font-mono text-ink-800 select-all">{done.requestId}</span>
          </p>
          <div className="flex justify-end">
            <Button variant="primary" onClick={onClose}>
              {COPY.close}
            </Button>
          </div>
        </div>
      ) : (
        <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5">
          <fieldset>
            <legend className="text-sm font-medium text-ink-800">{COPY.modelLegend}</legend>
            <div className="mt-2 grid grid-cols-2 gap-3">
              {MODELS.map((value) => {
                const p = PLANS.find((item) => item.model === value)!
                return (
                  <label
                    key={value}
                    className={cn(
                      'flex min-h-16 cursor-pointer flex-col justify-between gap-1 rounded-xl border-2 border-ink-200 bg-white px-4 py-3 transition-colors hover:border-ink-300 sm:flex-row sm:items-center sm:gap-3',
                      'has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-accent-400',
                    )}
                  >
                    <input
                      type="radio"
                      name="model"
                      value={value}
                      checked={model === value}
                      onChange={() => setModel(value)}
                      className="sr-only"
                    />
                    <span>
                      <span className="block font-semibold text-brand-900">{p.name}</span>
                      <span className="block text-xs text-ink-600">{COPY.oneTime}</span>
                    </span>
                    <span className="text-lg font-semibold text-brand-900 tabular-nums">
                      {formatPrice(p.priceUsd)}
                    </span>
                  </label>
                )
              })}
            </div>
          </fieldset>

          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              id={`${ids}-first`}
              name="first_name"
              label={COPY.firstName}
              autoComplete="given-name"
              required
              maxLength={NAME_MAX}
              value={form.first_name}
              error={errors.first_name}
              onChange={(e) => set('first_name', e.target.value)}
            />
            <TextField
              id={`${ids}-last`}
              name="last_name"
              label={COPY.lastName}
              autoComplete="family-name"
              required
              maxLength={NAME_MAX}
              value={form.last_name}
              error={errors.last_name}
              onChange={(e) => set('last_name', e.target.value)}
            />
            <TextField
              id={`${ids}-email`}
              name="email"
              type="email"
              label={COPY.email}
              autoComplete="email"
              required
              maxLength={EMAIL_MAX}
              value={form.email}
              error={errors.email}
              onChange={(e) => set('email', e.target.value)}
            />
            <TextField
              id={`${ids}-company`}
              name="company"
              label={COPY.company}
              autoComplete="organization"
              required
              maxLength={COMPANY_MAX}
              value={form.company}
              error={errors.company}
              onChange={(e) => set('company', e.target.value)}
            />
          </div>

          <div>
            <label htmlFor={`${ids}-message`} className="text-sm font-medium text-ink-800">
              {COPY.message}
            </label>
            <p id={`${ids}-message-hint`} className="mt-0.5 text-xs text-ink-600">
              {COPY.messageHint}
            </p>
            <textarea
              id={`${ids}-message`}
              name="message"
              rows={3}
              maxLength={MESSAGE_MAX}
              value={form.message}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={cn(`${ids}-message-hint`, errors.message && `${ids}-message-error`)}
              onChange={(e) => set('message', e.target.value)}
              className={cn(
                inputClasses,
                'py-2.5',
                errors.message && 'border-red-600 focus:border-red-600 focus:ring-red-200',
              )}
            />
            <FieldError id={`${ids}-message-error`} message={errors.message} />
          </div>

          {problem ? (
            <p
              role="alert"
              className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200"
            >
              {problem}{' '}
              <a
                className="font-semibold underline underline-offset-2"
                href={`mailto:${settings.supportEmail}`}
              >
                {settings.supportEmail}
              </a>
            </p>
          ) : null}

          <div className="flex flex-col-reverse items-stretch gap-4 border-t border-ink-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
            <p className="flex items-start gap-2 text-xs text-ink-600 sm:max-w-xs">
              <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-accent-700" />
              {COPY.guarantee}
            </p>
            <Button
              type="submit"
              variant="primary"
              size="lg"
              disabled={submitting}
              aria-busy={submitting}
            >
              {submitting ? <Loader2 aria-hidden="true" className="size-5 animate-spin" /> : null}
              {submitting ? COPY.submitting : `${COPY.submit} · ${formatPrice(plan.priceUsd)}`}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  )
}
