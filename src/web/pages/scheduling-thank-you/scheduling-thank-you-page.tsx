/**
 * /scheduling-thank-you: the confirmation after booking an intro meeting (docs/product.md,
 * "Routes and screens"). The query is read after hydration (the pre-rendered page shows a spinner
 * until then) and every value is shown as text; event_url is a link only on the scheduler's https
 * host (docs/product.md, "Privacy and third parties").
 */
import {
  CalendarDays,
  CalendarX2,
  Check,
  Clock,
  Info,
  Loader2,
  MapPin,
  RefreshCw,
  UserPlus,
  Users,
  Video,
} from 'lucide-react'
import { useEffect, useState, type ReactNode } from 'react'
import { buttonClasses } from '../../components/ui/button.tsx'
import { cn } from '../../lib/cn.ts'
import { SCHEDULING_COPY as COPY } from '../../content/scheduling.ts'
import { settings } from '../../settings.ts'
import { schedulerHost } from '#src/common/site/third-parties.ts'
import { trackConversion } from '../../features/tracking/conversion.ts'
import {
  formatDay,
  formatMeetingTime,
  initials,
  readMeetingParams,
  trustedEventUrl,
  type MeetingParams,
  type MeetingTime,
} from './meeting-details.ts'
import { SiteFooter } from '../../sections/site-footer.tsx'
import { SiteHeader } from '../../sections/site-header.tsx'
import { ServerOnly } from '../../components/server-only.tsx'
import { DialogHost } from '../../features/dialogs/dialog-host.tsx'

// The site's header and footer, server-only: they need no code here.
const StaticHeader = import.meta.env.SSR ? () => <SiteHeader /> : null
const StaticFooter = import.meta.env.SSR ? SiteFooter : null

interface Booking {
  params: MeetingParams
  time: MeetingTime
  eventUrl: string | null
  today: string
}

function Avatar({ text, tone }: { text: string; tone: 'brand' | 'accent' }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
        tone === 'brand' ? 'bg-brand-800 text-white' : 'bg-accent-100 text-accent-700',
      )}
    >
      {text}
    </span>
  )
}

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-2 px-5 py-5 sm:grid-cols-[9rem_1fr] sm:gap-6 sm:px-8">
      <dt className="flex items-center gap-2.5 text-sm font-semibold tracking-wide text-ink-500 uppercase sm:items-start sm:pt-0.5">
        <span className="text-accent-700">{icon}</span>
        {label}
      </dt>
      <dd className="min-w-0 text-ink-800">{children}</dd>
    </div>
  )
}

function inviteHref(booking: Booking): string {
  const lines = [
    `${COPY.meetingTitle(settings.productName)}`,
    [booking.time.date, booking.time.time, booking.time.zone].filter(Boolean).join(', '),
  ]
  if (booking.eventUrl) lines.push(booking.eventUrl)
  const query = new URLSearchParams({
    subject: COPY.inviteSubject(settings.productName),
    body: lines.join('\n'),
  })
  return `mailto:?${query.toString().replace(/\+/g, '%20')}`
}

function Confirmation({ booking }: { booking: Booking }) {
  const { params, time, eventUrl } = booking
  const [showJoinNote, setShowJoinNote] = useState(false)
  const guest =
    params.display_name && params.email ? { name: params.display_name, email: params.email } : null
  const host = params.host || settings.hostName
  const actionClass = buttonClasses(
    'secondary',
    'md',
    'flex-1 whitespace-nowrap max-sm:px-3 sm:flex-none',
  )

  return (
    <>
      <div className="text-center">
        <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-accent-100 text-accent-700 ring-8 ring-accent-50">
          <Check aria-hidden="true" className="size-7" strokeWidth={2.5} />
        </span>
        <h1 className="mt-6 text-3xl font-semibold tracking-tight text-brand-900 sm:text-4xl">
          {COPY.heading}
        </h1>
        <p className="mx-auto mt-3 max-w-lg text-lg text-ink-600">{COPY.text}</p>
        <div className="mt-8 flex flex-col items-center gap-3">
          {/* Side by side from 360 px; stacked below, where two labels and icons do not fit. */}
          <div className="flex w-full justify-center gap-3 max-[359px]:flex-col sm:w-auto">
            {eventUrl ? (
              <>
                <a
                  className={actionClass}
                  href={eventUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <RefreshCw aria-hidden="true" className="size-4" />
                  {COPY.reschedule}
                </a>
                <a
                  className={actionClass}
                  href={eventUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  <CalendarX2 aria-hidden="true" className="size-4" />
                  {COPY.cancel}
                </a>
              </>
            ) : (
              <>
                <button
                  type="button"
                  className={actionClass}
                  disabled
                  aria-describedby="event-link-note"
                >
                  <RefreshCw aria-hidden="true" className="size-4" />
                  {COPY.reschedule}
                </button>
                <button
                  type="button"
                  className={actionClass}
                  disabled
                  aria-describedby="event-link-note"
                >
                  <CalendarX2 aria-hidden="true" className="size-4" />
                  {COPY.cancel}
                </button>
              </>
            )}
          </div>
          {eventUrl ? null : (
            <p id="event-link-note" className="max-w-md text-sm text-ink-500">
              {COPY.untrustedLinkNote}
            </p>
          )}
        </div>
      </div>

      <dl className="mt-12 divide-y divide-ink-100 rounded-2xl bg-white shadow-sm ring-1 ring-ink-100">
        <Row icon={<CalendarDays aria-hidden="true" className="size-4" />} label={COPY.what}>
          <p className="font-semibold text-brand-900" data-testid="meeting-title">
            {params.title || COPY.meetingTitle(settings.productName)}
          </p>
          <p className="text-sm text-ink-500">15 minutes</p>
        </Row>
        <Row icon={<Clock aria-hidden="true" className="size-4" />} label={COPY.when}>
          <p className="font-semibold text-brand-900" data-testid="meeting-date">
            {time.date}
          </p>
          <p data-testid="meeting-time">{time.time}</p>
          <p className="text-sm text-ink-500">
            <span data-testid="meeting-zone">{time.zone}</span>
            {time.zoneName && time.zoneName !== time.zone ? <span> ({time.zoneName})</span> : null}
          </p>
        </Row>
        <Row icon={<Users aria-hidden="true" className="size-4" />} label={COPY.who}>
          <ul className="space-y-4">
            {/* The host the scheduler assigned, else the one the operator names (SITE_HOST_NAME). */}
            {host ? (
              <li className="flex items-center gap-3" data-testid="host">
                <Avatar text={initials(host)} tone="brand" />
                <div className="min-w-0">
                  <p className="font-semibold text-brand-900">
                    {host}{' '}
                    <span className="ml-1 text-xs font-medium text-ink-500">{COPY.host}</span>
                  </p>
                  {settings.hostEmail && host === settings.hostName ? (
                    <p className="truncate text-sm text-ink-600">{settings.hostEmail}</p>
                  ) : null}
                </div>
              </li>
            ) : null}
            {guest ? (
              <li className="flex items-center gap-3" data-testid="guest">
                <Avatar text={initials(guest.name, 1)} tone="accent" />
                <div className="min-w-0">
                  <p className="font-semibold break-words text-brand-900">{guest.name}</p>
                  <p className="text-sm break-all text-ink-600">{guest.email}</p>
                </div>
              </li>
            ) : null}
          </ul>
          <a className={buttonClasses('ghost', 'sm', 'mt-3 -ml-3')} href={inviteHref(booking)}>
            <UserPlus aria-hidden="true" className="size-4" />
            {COPY.inviteGuest}
          </a>
        </Row>
        <Row icon={<MapPin aria-hidden="true" className="size-4" />} label={COPY.where}>
          <div className="flex items-center gap-3">
            <button
              type="button"
              className="inline-flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700 hover:bg-brand-100"
              aria-label={COPY.whereButton}
              aria-expanded={showJoinNote}
              onClick={() => setShowJoinNote((v) => !v)}
            >
              <Video aria-hidden="true" className="size-5" />
            </button>
            <p className="font-semibold text-brand-900">{settings.meetingService}</p>
          </div>
          {showJoinNote ? (
            <p className="mt-2 flex items-center gap-2 text-sm text-ink-600">
              <Info aria-hidden="true" className="size-4 shrink-0" />
              {COPY.whereNote}
            </p>
          ) : null}
        </Row>
        <Row icon={<Info aria-hidden="true" className="size-4" />} label={COPY.details}>
          <dl className="grid grid-cols-[5rem_1fr] gap-y-1 text-sm">
            {settings.phone ? (
              <>
                <dt className="text-ink-500">{COPY.phoneLabel}</dt>
                <dd>
                  <a
                    className="font-medium text-brand-900 hover:underline"
                    href={`tel:${settings.phone.replace(/[^\d+]/g, '')}`}
                  >
                    {settings.phone}
                  </a>
                </dd>
              </>
            ) : null}
            <dt className="text-ink-500">{COPY.topicLabel}</dt>
            <dd className="font-medium text-brand-900">{COPY.topic}</dd>
          </dl>
        </Row>
      </dl>
      <p className="mt-6 text-center text-sm text-ink-500">
        {COPY.scheduledOn} <span data-testid="scheduled-on">{booking.today}</span>
      </p>
    </>
  )
}

export function SchedulingThankYouPage() {
  const [booking, setBooking] = useState<Booking | null>(null)

  useEffect(() => {
    const params = readMeetingParams(window.location.search)
    setBooking({
      params,
      time: formatMeetingTime(params.start_at, params.end_at),
      eventUrl: trustedEventUrl(params.event_url, schedulerHost(settings)),
      today: formatDay(new Date()),
    })
    trackConversion('scheduling')
  }, [])

  // The DialogHost runs the footer's data-action controls (Cookie settings, the legal texts).
  return (
    <DialogHost>
      <div className="flex min-h-dvh flex-col bg-ink-50">
        <ServerOnly render={StaticHeader} />
        <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-12 sm:px-6 sm:py-16">
          {booking ? (
            <Confirmation booking={booking} />
          ) : (
            <div role="status" className="flex flex-col items-center gap-3 py-24 text-ink-500">
              <Loader2 aria-hidden="true" className="size-8 animate-spin text-accent-700" />
              <span className="sr-only">{COPY.loading}</span>
            </div>
          )}
        </main>
        <ServerOnly render={StaticFooter} />
      </div>
    </DialogHost>
  )
}
