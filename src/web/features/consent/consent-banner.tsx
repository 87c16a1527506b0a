/**
 * The consent banner (docs/product.md, "Privacy and third parties"): accept all, reject all and one
 * switch per purpose on the first layer, with equal weight for accept and reject. Non-modal: the
 * page stays usable, and nothing optional loads until a choice is saved. Loaded lazily by
 * consent-root.tsx.
 */
import { ShieldCheck } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { routes } from '#src/common/paths.ts'
import { CONSENT_COPY } from '../../content/consent.ts'
import { buttonClasses } from '../../components/ui/button.tsx'
import { action } from '../../lib/actions.ts'
import { cn } from '../../lib/cn.ts'
import { CONSENT_CATEGORIES } from '#src/common/consent.ts'
import { NO_CONSENT, onConsentChange, readConsent, saveConsent } from './consent-store.ts'
import type { ConsentChoices } from '#src/common/consent.ts'

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
    <li className={cn('flex items-center', className)}>
      {/* The purpose's description stays for screen readers and as a tooltip; the bar stays short. */}
      <label
        htmlFor={id}
        title={text}
        className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-ink-800"
      >
        {/* A native checkbox as a switch: accessible as it is, and no library on the first load. */}
        <input
          type="checkbox"
          role="switch"
          id={id}
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange?.(event.target.checked)}
          aria-describedby={`${id}-text`}
          className="relative h-5 w-9 shrink-0 cursor-pointer appearance-none rounded-full bg-ink-300 transition-colors before:absolute before:top-0.5 before:left-0.5 before:size-4 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-accent-600 checked:before:translate-x-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 disabled:cursor-not-allowed disabled:opacity-70 motion-reduce:transition-none motion-reduce:before:transition-none"
        />
        {label}
      </label>
      <span id={`${id}-text`} className="sr-only">
        {text}
      </span>
    </li>
  )
}

export default function ConsentBanner({ onDone }: Props) {
  const titleId = useId()
  const purposesId = useId()
  // Phones show the purposes on request, so the bar stays a few lines tall.
  const [purposesShown, setPurposesShown] = useState(false)
  const [choices, setChoices] = useState<ConsentChoices>(
    () => readConsent()?.categories ?? NO_CONSENT,
  )

  // A purpose granted elsewhere meanwhile (the video's 'always allow') shows here too.
  useEffect(() => onConsentChange((record) => setChoices(record.categories)), [])

  // While the bar is up, the page gets room at its end as tall as the bar, so the bar never
  // covers the last of the page (the footer's links): scrolled to the bottom, all of it shows.
  // Space added after the content moves nothing already on screen (CLS stays 0).
  const bar = useRef<HTMLElement>(null)
  useEffect(() => {
    const element = bar.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const body = document.body
    const observer = new ResizeObserver(() => {
      body.style.paddingBottom = `${element.offsetHeight}px`
    })
    observer.observe(element)
    return () => {
      observer.disconnect()
      body.style.paddingBottom = ''
    }
  }, [])

  function decide(next: ConsentChoices) {
    const before = readConsent()?.categories
    saveConsent(next)
    onDone()
    // A script that already ran cannot be unloaded; a reload is the honest way to stop it.
    if (before && CONSENT_CATEGORIES.some((c) => before[c] && !next[c])) window.location.reload()
  }

  // A compact bar along the bottom edge: it covers no headline or primary control,
  // and it comes right after 'Skip to content' (page-shell.tsx), before the page's controls.
  return (
    <section
      ref={bar}
      aria-labelledby={titleId}
      className="animate-fade-in fixed inset-x-0 bottom-0 z-40 max-h-[calc(100dvh-1.5rem)] overflow-y-auto border-t border-ink-200 bg-white shadow-2xl"
      data-consent-banner=""
    >
      <div className="mx-auto grid max-w-7xl gap-x-8 gap-y-1 px-4 py-3 sm:px-6 lg:grid-cols-[1fr_auto] lg:items-center lg:px-8">
        <div className="text-[0.8125rem] leading-snug text-ink-700 sm:text-sm lg:col-start-1 lg:row-start-1">
          <h2
            id={titleId}
            className="mr-1.5 inline-flex items-center gap-1.5 align-[-0.2em] font-semibold text-brand-900"
          >
            <ShieldCheck aria-hidden="true" className="size-4 text-accent-700" />
            {CONSENT_COPY.title}
          </h2>
          <span className="max-sm:hidden">{CONSENT_COPY.text}</span>
          <span className="sm:hidden">{CONSENT_COPY.shortText}</span>{' '}
          {/* Opens the legal dialog in place where the page has one (lib/actions.ts), else navigates. */}
          <a
            className="font-semibold text-accent-700 underline underline-offset-2"
            href={routes.cookiePolicy}
            {...action('open-legal', 'cookies')}
          >
            {CONSENT_COPY.policyLink}
          </a>
        </div>
        <ul
          id={purposesId}
          aria-label={CONSENT_COPY.purposesLabel}
          className={cn(
            'flex flex-wrap gap-x-4 max-lg:-my-1 sm:gap-x-5 lg:col-start-1 lg:row-start-2',
            !purposesShown && 'max-sm:hidden',
          )}
        >
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
        <div className="grid grid-cols-3 gap-2 max-lg:mt-1.5 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:flex">
          <button
            type="button"
            className={buttonClasses('primary', 'sm', 'px-2 whitespace-nowrap lg:px-4')}
            onClick={() => decide(NO_CONSENT)}
          >
            {CONSENT_COPY.rejectAll}
          </button>
          <button
            type="button"
            className={buttonClasses(
              'secondary',
              'sm',
              cn('px-2 whitespace-nowrap lg:px-4', !purposesShown && 'max-sm:hidden'),
            )}
            onClick={() => decide(choices)}
          >
            {CONSENT_COPY.save}
          </button>
          {purposesShown ? null : (
            <button
              type="button"
              aria-expanded={false}
              aria-controls={purposesId}
              className={buttonClasses('secondary', 'sm', 'px-2 whitespace-nowrap sm:hidden')}
              onClick={() => {
                setPurposesShown(true)
                // The button goes away; focus moves on to the first choice it revealed.
                requestAnimationFrame(() =>
                  document
                    .getElementById(purposesId)
                    ?.querySelector<HTMLInputElement>('input:not(:disabled)')
                    ?.focus(),
                )
              }}
            >
              {CONSENT_COPY.choose}
            </button>
          )}
          <button
            type="button"
            className={buttonClasses('primary', 'sm', 'px-2 whitespace-nowrap lg:px-4')}
            onClick={() => decide({ functional: true, media: true, marketing: true })}
          >
            {CONSENT_COPY.acceptAll}
          </button>
        </div>
      </div>
    </section>
  )
}
