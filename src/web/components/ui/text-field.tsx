/**
 * A labelled text input with its error beside it: aria-invalid and aria-describedby tie the
 * message to the field, so a screen reader reads it with the field.
 */
import { forwardRef, useId, type InputHTMLAttributes } from 'react'
import { cn } from '../../lib/cn.ts'

export const inputClasses =
  'mt-1.5 block min-h-12 w-full rounded-lg border border-ink-300 bg-white px-3.5 text-base text-ink-900 shadow-sm placeholder:text-ink-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none'

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string
  error?: string | null
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, id, className, ...input },
  ref,
) {
  const fallbackId = useId()
  const inputId = id ?? fallbackId
  const errorId = `${inputId}-error`
  return (
    <div className={className}>
      <label htmlFor={inputId} className="text-sm font-medium text-ink-800">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(
          inputClasses,
          error && 'border-red-600 focus:border-red-600 focus:ring-red-200',
        )}
        {...input}
      />
      <FieldError id={errorId} message={error} />
    </div>
  )
})

/** The message under a field; nothing when there is none. */
export function FieldError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null
  return (
    <p id={id} className="mt-1.5 text-sm text-red-700">
      {message}
    </p>
  )
}
