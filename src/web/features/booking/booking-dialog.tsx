/**
 * 'Schedule Your Consultation' (docs/product.md, "Routes and screens", "Look and feel"): the
 * scheduler's inline calendar for the intro-meeting link. Its widget script loads on the first
 * opening (the visitor asked for it; docs/product.md, "Privacy and third parties"), the calendar
 * initialises 100 ms after the dialog opens and the 'Loading booking calendar...' overlay hides
 * 1000 ms after that. Closing resets it. Without a configured link, or when the script fails, the
 * dialog offers a link and e-mail.
 */
import { CalendarClock, ExternalLink, Mail } from 'lucide-react'
import { useEffect, useState } from 'react'
import { buttonClasses } from '../../components/ui/button.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { settings } from '../../settings.ts'
import { httpsOrigin } from '#src/common/site/third-parties.ts'
import { loadScript } from './load-script.ts'
import { BOOKING_COPY } from '../../content/booking.ts'

/**
 * docs/product.md, "Look and feel": 100 ms before the calendar initialises, then 1000 ms until the
 * overlay hides.
 */
const BOOKING_TIMING = { initDelayMs: 100, overlayMs: 1000 } as const

interface InlineWidgetApi {
  initInlineWidget: (options: { url: string; parentElement: HTMLElement }) => void
}

/** The intro-meeting link, when it is an https link we can embed. */
function bookingUrl(): string | null {
  return httpsOrigin(settings.schedulerUrl) ? settings.schedulerUrl : null
}

function embedUrl(link: string): string {
  const url = new URL(link)
  // Our own consent banner covers the site; the scheduler's own banner would be a second one.
  url.searchParams.set('hide_gdpr_banner', '1')
  url.searchParams.set('primary_color', '0f7a63')
  return url.toString()
}

type Phase = 'loading' | 'ready' | 'failed'

interface Props {
  open: boolean
  onClose: () => void
}

function EmailFallback() {
  return (
    <div className="rounded-xl bg-ink-50 p-6 ring-1 ring-ink-100">
      <p className="text-ink-700">{BOOKING_COPY.emailText(settings.supportEmail)}</p>
      <a
        className={buttonClasses('primary', 'md', 'mt-4')}
        href={`mailto:${settings.supportEmail}`}
      >
        <Mail aria-hidden="true" className="size-4" />
        {BOOKING_COPY.emailButton}
      </a>
    </div>
  )
}

export default function BookingDialog({ open, onClose }: Props) {
  const link = bookingUrl()
  const scriptUrl = httpsOrigin(settings.schedulerScriptUrl) ? settings.schedulerScriptUrl : null
  const [container, setContainer] = useState<HTMLDivElement | null>(null)
  const [phase, setPhase] = useState<Phase>('loading')

  useEffect(() => {
    if (!open || !link || !scriptUrl || !container) return
    let cancelled = false
    const timers: ReturnType<typeof setTimeout>[] = []
    loadScript(scriptUrl).then(
      () => {
        if (cancelled) return
        timers.push(
          setTimeout(() => {
            const api = (window as unknown as { Calendly?: Partial<InlineWidgetApi> }).Calendly
            if (typeof api?.initInlineWidget !== 'function') {
              console.warn('The scheduler script loaded without its inline widget')
              setPhase('failed')
              return
            }
            container.replaceChildren()
            api.initInlineWidget({ url: embedUrl(link), parentElement: container })
            timers.push(setTimeout(() => setPhase('ready'), BOOKING_TIMING.overlayMs))
          }, BOOKING_TIMING.initDelayMs),
        )
      },
      (error: unknown) => {
        console.warn(error)
        if (!cancelled) setPhase('failed')
      },
    )
    return () => {
      // Reset on close (docs/product.md, "Routes and screens"): the next opening starts with a
      // fresh calendar.
      cancelled = true
      timers.forEach(clearTimeout)
      container.replaceChildren()
      setPhase('loading')
    }
  }, [open, link, scriptUrl, container])

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={BOOKING_COPY.title}
      description={BOOKING_COPY.description}
      showDescription
    >
      {!link ? (
        <EmailFallback />
      ) : (
        <>
          {!scriptUrl || phase === 'failed' ? (
            <div className="space-y-4">
              <div className="rounded-xl bg-ink-50 p-6 ring-1 ring-ink-100">
                {scriptUrl ? (
                  <p className="font-semibold text-brand-900">{BOOKING_COPY.failed}</p>
                ) : null}
                <a
                  className={buttonClasses('primary', 'md', scriptUrl ? 'mt-4' : '')}
                  href={link}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <ExternalLink aria-hidden="true" className="size-4" />
                  {BOOKING_COPY.openPage}
                </a>
              </div>
              <EmailFallback />
            </div>
          ) : null}
          {/* Stays mounted while the dialog is open, so a failure cannot re-trigger the load. */}
          {scriptUrl ? (
            <div className={phase === 'failed' ? 'hidden' : 'relative'}>
              <div
                ref={setContainer}
                className="h-[min(700px,calc(100dvh-12rem))] min-h-[420px] w-full overflow-hidden rounded-xl ring-1 ring-ink-100 [&_iframe]:size-full"
                data-booking-calendar=""
              />
              {phase === 'loading' ? (
                <div
                  role="status"
                  className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-xl bg-white/95 text-ink-700"
                >
                  <CalendarClock
                    aria-hidden="true"
                    className="size-8 animate-pulse text-accent-700"
                  />
                  <p className="font-medium">{BOOKING_COPY.loading}</p>
                </div>
              ) : null}
              <p className="mt-3 text-xs text-ink-500">{BOOKING_COPY.provider}</p>
            </div>
          ) : null}
        </>
      )}
    </Dialog>
  )
}
