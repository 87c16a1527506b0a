/**
 * The booking shown on /scheduling-thank-you, from the query the scheduler redirects with
 * (docs/product.md, "Routes and screens"). Every value is untrusted (docs/product.md,
 * "Privacy and third parties"): the page shows them as text only, and event_url becomes a link only
 * when it is https on the scheduler's host.
 */
/**
 * Each value by the names that may carry it, SPEC's first, then those of the schedulers the site
 * embeds when they redirect after a booking (docs/product.md): Calendly's (`invitee_full_name`,
 * `invitee_email`, `event_start_time`, `event_end_time`, `event_type_name`, `assigned_to`) and
 * Cal.com's (`attendeeName`, `email`, `startTime`, `endTime`, `title`).
 */
const MEETING_PARAMS = {
  link: ['link'],
  email: ['email', 'invitee_email'],
  display_name: ['display_name', 'invitee_full_name', 'attendeeName'],
  start_at: ['start_at', 'event_start_time', 'startTime'],
  end_at: ['end_at', 'event_end_time', 'endTime'],
  event_url: ['event_url'],
  /** The meeting's name on the scheduler; empty: the intro meeting's own title. */
  title: ['event_type_name', 'title'],
  /** Who the scheduler assigned the meeting to; empty: SITE_HOST_NAME. */
  host: ['assigned_to'],
} as const
export type MeetingParams = Record<keyof typeof MEETING_PARAMS, string>

/** Overlong values are cut: nothing legitimate is this long, and the layout stays intact. */
const MAX_LENGTH = 500

export function readMeetingParams(search: string): MeetingParams {
  const query = new URLSearchParams(search)
  const result = {} as MeetingParams
  for (const [name, sources] of Object.entries(MEETING_PARAMS) as [
    keyof MeetingParams,
    readonly string[],
  ][]) {
    const found = sources.map((source) => (query.get(source) ?? '').trim()).find(Boolean)
    result[name] = (found ?? '').slice(0, MAX_LENGTH)
  }
  return result
}

export interface MeetingTime {
  /** 'Monday, March 2, 2026' */
  date: string
  /** '9:00am – 9:30am' */
  time: string
  /** The browser's time zone, e.g. 'America/New_York'. */
  zone: string
  /** Its long generic name, e.g. 'Eastern Time'; may equal zone. */
  zoneName: string
}

const EMPTY_TIME: MeetingTime = { date: '', time: '', zone: '', zoneName: '' }
const LOCALE = 'en-US'

/** 'h:mm am/pm' in 12-hour form, lower case, no space (docs/product.md, "Routes and screens"). */
export function formatClock(date: Date, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat(LOCALE, {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone,
  }).formatToParts(date)
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? ''
  return `${part('hour')}:${part('minute')}${part('dayPeriod').toLowerCase()}`
}

/** 'March 2, 2026' */
export function formatDay(date: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat(LOCALE, {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(date)
}

function parseDate(value: string): Date | null {
  if (!value) return null
  const time = Date.parse(value)
  return Number.isNaN(time) ? null : new Date(time)
}

function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone
}

function zoneName(date: Date, timeZone: string): string {
  // 'Eastern Time' reads best; zones without a generic name (UTC) would show 'GMT+00:00'.
  for (const style of ['longGeneric', 'long'] as const) {
    try {
      const parts = new Intl.DateTimeFormat(LOCALE, {
        timeZone,
        timeZoneName: style,
      }).formatToParts(date)
      const name = parts.find((p) => p.type === 'timeZoneName')?.value
      if (name && !/^GMT([+-]|$)/.test(name)) return name
    } catch {
      return timeZone
    }
  }
  return timeZone
}

/**
 * The date, time span and zone of a meeting in the given (browser) time zone. When start_at or
 * end_at is present but cannot be parsed, all are empty and an error is logged (docs/product.md,
 * "Routes and screens"); the page still renders. A visit without the parameters at all shows empty
 * values silently.
 */
export function formatMeetingTime(
  startAt: string,
  endAt: string,
  timeZone = browserTimeZone(),
): MeetingTime {
  if (!startAt && !endAt) return EMPTY_TIME
  const start = parseDate(startAt)
  const end = parseDate(endAt)
  if (!start || !end) {
    console.error('Could not parse the meeting time', { start_at: startAt, end_at: endAt })
    return EMPTY_TIME
  }
  return {
    date: new Intl.DateTimeFormat(LOCALE, {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone,
    }).format(start),
    time: `${formatClock(start, timeZone)} \u2013 ${formatClock(end, timeZone)}`,
    zone: timeZone,
    zoneName: zoneName(start, timeZone),
  }
}

/** event_url as a link target only when it is https on the scheduler's host; else null. */
export function trustedEventUrl(value: string, schedulerHost: string | null): string | null {
  if (!value || !schedulerHost) return null
  try {
    const url = new URL(value)
    if (url.protocol !== 'https:' || url.host !== schedulerHost || url.username || url.password)
      return null
    return url.href
  } catch {
    return null
  }
}

/** Up to two initials of a name ('Daniel Novak' -> 'DN'). */
export function initials(name: string, max = 2): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, max)
    .map((word) => Array.from(word)[0]!.toUpperCase())
    .join('')
}
