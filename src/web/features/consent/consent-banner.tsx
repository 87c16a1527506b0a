/**
 * The consent banner (DESIGN.md §8): accept all, reject all and one switch per purpose on the
 * first layer, with equal weight for accept and reject. Non-modal: the page stays usable, and
 * nothing optional loads until a choice is saved. Loaded lazily by consent-root.tsx.
 */
import { ShieldCheck } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { routes } from '#src/common/paths.ts'
import { CONSENT_COPY } from '../../content/consent.ts'
import { buttonClasses } from '../../components/ui/button.tsx'
import { action } from '../../lib/actions.ts'
import { cn } from '../../lib/cn.ts'
import { CONSENT_CATEGORIES } from '#src/common/consent.ts'
import {
  NO_CONSENT,
  onConsentChange,
  readConsent,
  saveConsent,
  type ConsentChoices,
} from './consent-store.ts'

interface Props {
  onDone: () => void
}

function PurposeSwitch({
  label,
  text,
  checked,
  disabled,
  onChange,
  className,
}: {
  label: string
  text: string
  checked: boolean
  disabled?: boolean
  onChange?: (checked: boolean) => void
  className?: string
}) {
  const id = useId()
  return (
    <li
      className={cn(
        'flex items-center justify-between gap-4 py-2 sm:items-start sm:py-2.5',
        className,
      )}
    >
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-semibold text-brand-900">
          {label}
        </label>
        {/* Phones get the short form; the description stays for screen readers. */}
        <p id={`${id}-text`} className="text-xs leading-snug text-ink-600 max-sm:sr-only">
          {text}
        </p>
      </div>
      {/* A native checkbox as a switch: accessible as it is, and no library on the first load. */}
      <input
        type="checkbox"
        role="switch"
        id={id}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange?.(event.target.checked)}
        aria-describedby={`${id}-text`}
        className="relative h-6 w-10 shrink-0 cursor-pointer appearance-none rounded-full bg-ink-300 transition-colors before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-accent-600 checked:before:translate-x-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 disabled:cursor-not-allowed disabled:opacity-70 sm:mt-0.5 motion-reduce:transition-none motion-reduce:before:transition-none"
      />
    </li>
  )
}

export default function ConsentBanner({ onDone }: Props) {
  const titleId = useId()
  const [choices, setChoices] = useState<ConsentChoices>(
    () => readConsent()?.categories ?? NO_CONSENT,
  )

  // A purpose granted elsewhere meanwhile (the video's 'always allow') shows here too.
  useEffect(() => onConsentChange((record) => setChoices(record.categories)), [])

  function decide(next: ConsentChoices) {
    const before = readConsent()?.categories
    saveConsent(next)
    onDone()
    // A script that already ran cannot be unloaded; a reload is the honest way to stop it.
    if (before && CONSENT_CATEGORIES.some((c) => before[c] && !next[c])) window.location.reload()
  }

  return (
    <section
      aria-labelledby={titleId}
      className="animate-fade-in fixed inset-x-3 bottom-3 z-40 max-h-[calc(100dvh-1.5rem)] overflow-y-auto rounded-2xl bg-white p-4 shadow-2xl ring-1 ring-ink-200 sm:inset-x-auto sm:bottom-5 sm:left-5 sm:w-[28rem] sm:p-6"
      data-consent-banner=""
    >
      <h2 id={titleId} className="flex items-center gap-2 text-base font-semibold text-brand-900">
        <ShieldCheck aria-hidden="true" className="size-5 text-accent-700" />
        {CONSENT_COPY.title}
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-ink-700 max-sm:text-[0.8125rem] max-sm:leading-snug">
        {CONSENT_COPY.text}{' '}
        {/* Opens the legal dialog in place where the page has one (lib/actions.ts), else navigates. */}
        <a
          className="font-semibold text-accent-700 underline underline-offset-2"
          href={routes.cookiePolicy}
          {...action('open-legal', 'cookies')}
        >
          {CONSENT_COPY.policyLink}
        </a>
      </p>
      <ul className="mt-3 divide-y divide-ink-100 border-y border-ink-100">
        <PurposeSwitch
          label={CONSENT_COPY.necessaryLabel}
          text={CONSENT_COPY.necessaryText}
          checked
          disabled
          className="max-sm:hidden"
        />
        {CONSENT_CATEGORIES.map((category) => (
          <PurposeSwitch
            key={category}
            label={CONSENT_COPY.categories[category].label}
            text={CONSENT_COPY.categories[category].text}
            checked={choices[category]}
            onChange={(checked) => setChoices((current) => ({ ...current, [category]: checked }))}
          />
        ))}
      </ul>
      <div className="mt-4 grid grid-cols-3 gap-2">
        <button
          type="button"
          className={buttonClasses('primary', 'sm', 'px-2')}
          onClick={() => decide(NO_CONSENT)}
        >
          {CONSENT_COPY.rejectAll}
        </button>
        <button
          type="button"
          className={buttonClasses('secondary', 'sm', 'px-2')}
          onClick={() => decide(choices)}
        >
          {CONSENT_COPY.save}
        </button>
        <button
          type="button"
          className={buttonClasses('primary', 'sm', 'px-2')}
          onClick={() => decide({ functional: true, media: true, marketing: true })}
        >
          {CONSENT_COPY.acceptAll}
        </button>
      </div>
    </section>
  )
}
