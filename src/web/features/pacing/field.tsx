/**
 * A labelled text field of the lab: its unit and range under the input, then its message (aria-invalid, aria-describedby). Numbers are typed as text (decimals, comma lists), and
 * ArrowUp / ArrowDown step single numbers, so the keyboard alone can tune a parameter.
 */
import { AlertCircle } from 'lucide-react'
import { memo, type InputHTMLAttributes, type KeyboardEvent } from 'react'
import { cn } from '../../lib/cn.ts'
import { useTypedBeforeHydration } from '../../lib/typed-before-hydration.ts'

/**
 * A field's props are equal when everything but its callbacks is: the lab's callbacks only
 * dispatch an update of the current state for this field (`onChange((current) => ...)`), so the
 * one from an earlier render does the same as a new one. Skipping the fields a keystroke did not
 * change keeps React from rewriting every input of the lab on every key (docs/architecture.md, "Budgets").
 */
export function sameExceptCallbacks<P extends object>(a: P, b: P): boolean {
  let count = 0
  for (const key in a) {
    count++
    const x = a[key]
    const y = b[key]
    if (typeof x === 'function' && typeof y === 'function') continue
    if (!Object.is(x, y)) return false
  }
  for (const _ in b) count--
  return count === 0
}

type NumberBoxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: string
  onText: (text: string) => void
  invalid: boolean
}

/**
 * The lab's box for a number: typed as text (decimals, comma lists, `25M`), red while its text
 * is refused, and what a visitor typed into it before the page's code ran kept once it runs
 * (typed-before-hydration.ts). `className` sets its size; the border follows `invalid`.
 */
export function NumberBox({ value, onText, invalid, className, ...rest }: NumberBoxProps) {
  const typed = useTypedBeforeHydration(value, onText)
  return (
    <input
      ref={typed}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      {...rest}
      value={value}
      onChange={(event) => onText(event.target.value)}
      aria-invalid={invalid || undefined}
      className={cn(
        className,
        invalid
          ? 'border-red-700 focus:border-red-700 focus:ring-red-100'
          : 'border-ink-300 focus:border-brand-500 focus:ring-brand-200',
      )}
    />
  )
}

export const inputClasses =
  'mt-1.5 block min-h-11 w-full rounded-lg border bg-white px-3 text-base text-ink-900 tabular-nums shadow-sm focus:ring-2 focus:outline-none sm:text-sm'

interface Props {
  id: string
  label: string
  hint?: string
  value: string
  error?: string
  onChange: (text: string) => void
  /** Called with +1 / -1 (times 10 with Shift) on the arrow keys. */
  onStep?: (direction: 1 | -1, large: boolean) => void
  className?: string
  /** Hide the label visually (a table header names the column). */
  labelHiddenFrom?: 'lg'
}

export const TextField = memo(function TextField({
  id,
  label,
  hint,
  value,
  error,
  onChange,
  onStep,
  className,
  labelHiddenFrom,
}: Props) {
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!onStep || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return
    event.preventDefault()
    onStep(event.key === 'ArrowUp' ? 1 : -1, event.shiftKey)
  }
  return (
    <div className={cn('min-w-0', className)}>
      <label
        htmlFor={id}
        className={cn(
          'block text-sm font-medium text-ink-800',
          labelHiddenFrom === 'lg' && 'lg:sr-only',
        )}
      >
        {label}
      </label>
      <NumberBox
        id={id}
        name={id}
        spellCheck={false}
        value={value}
        onText={onChange}
        onKeyDown={onKeyDown}
        invalid={!!error}
        aria-describedby={describedBy}
        className={inputClasses}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs leading-snug text-ink-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 flex gap-1.5 text-sm text-red-800">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  )
}, sameExceptCallbacks)
