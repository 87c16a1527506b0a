/**
 * Annual or quarterly rows for a table and its downloads (`freq=quarterly`), in the one-fund lab
 * and the plan alike: two radio buttons drawn as a segmented control.
 */
import type { Frequency } from '#src/common/pacing/query.ts'
import { PACING_COPY } from '../../content/pacing.ts'
import { cn } from '../../lib/cn.ts'

interface Props {
  /** The radio group's name, one per table on the page. */
  name: string
  value: Frequency
  onChange: (freq: Frequency) => void
  /** Why the link's `freq` was not used (until one is chosen). */
  error?: string | null
}

export function FrequencySwitch({ name, value, onChange, error }: Props) {
  const copy = PACING_COPY.frequency
  const errorId = `${name}-error`
  return (
    <div data-print-hide="">
      <fieldset
        className="inline-flex gap-1 rounded-lg bg-ink-100 p-1"
        aria-describedby={error ? errorId : undefined}
      >
        <legend className="sr-only">{copy.legend}</legend>
        {(['annual', 'quarterly'] as const).map((freq) => (
          <label
            key={freq}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-3 text-sm',
              'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-400',
              value === freq ? 'bg-white font-semibold text-brand-900 shadow-sm' : 'text-ink-700',
            )}
          >
            <input
              type="radio"
              name={name}
              value={freq}
              checked={value === freq}
              onChange={() => onChange(freq)}
              className="sr-only"
            />
            {copy[freq]}
          </label>
        ))}
      </fieldset>
      {error ? (
        <p id={errorId} className="mt-1.5 max-w-xs text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  )
}
