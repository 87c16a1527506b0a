import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  formatClock,
  formatDay,
  formatMeetingTime,
  initials,
  readMeetingParams,
  trustedEventUrl,
} from './meeting-details.ts'

afterEach(() => vi.restoreAllMocks())

describe('readMeetingParams', () => {
  it('reads the six parameters, each defaulting to empty', () => {
    expect(readMeetingParams('?email=a%40b.co&display_name=Ann+Lee')).toEqual({
      link: '',
      email: 'a@b.co',
      display_name: 'Ann Lee',
      start_at: '',
      end_at: '',
      event_url: '',
      title: '',
      host: '',
    })
  })

  it('reads Calendly’s and Cal.com’s redirect parameters, SPEC’s names first', () => {
    const calendly = readMeetingParams(
      '?invitee_full_name=Ann+Lee&invitee_email=ann%40fo.example&event_start_time=2026-03-02T14%3A00%3A00Z' +
        '&event_end_time=2026-03-02T14%3A15%3A00Z&event_type_name=Intro+call&assigned_to=Jan+Novak',
    )
    expect(calendly).toMatchObject({
      display_name: 'Ann Lee',
      email: 'ann@fo.example',
      start_at: '2026-03-02T14:00:00Z',
      end_at: '2026-03-02T14:15:00Z',
      title: 'Intro call',
      host: 'Jan Novak',
    })
    const calCom = readMeetingParams(
      '?attendeeName=Bo+Chen&email=bo%40fo.example&startTime=2026-03-02T14%3A00%3A00Z&endTime=2026-03-02T14%3A15%3A00Z&title=Intro',
    )
    expect(calCom).toMatchObject({
      display_name: 'Bo Chen',
      email: 'bo@fo.example',
      start_at: '2026-03-02T14:00:00Z',
      title: 'Intro',
    })
    expect(readMeetingParams('?display_name=Spec&invitee_full_name=Calendly').display_name).toBe(
      'Spec',
    )
  })

  it('cuts overlong values', () => {
    expect(readMeetingParams(`?display_name=${'x'.repeat(5000)}`).display_name).toHaveLength(500)
  })
})

describe('formatMeetingTime', () => {
  const start = '2026-03-02T14:00:00Z'
  const end = '2026-03-02T14:30:00Z'

  it.each([
    ['America/New_York', 'Monday, March 2, 2026', '9:00am \u2013 9:30am', 'Eastern Time'],
    ['Europe/Prague', 'Monday, March 2, 2026', '3:00pm \u2013 3:30pm', 'Central European Time'],
    ['Asia/Tokyo', 'Monday, March 2, 2026', '11:00pm \u2013 11:30pm', 'Japan Standard Time'],
    ['Pacific/Auckland', 'Tuesday, March 3, 2026', '3:00am \u2013 3:30am', 'New Zealand Time'],
    ['UTC', 'Monday, March 2, 2026', '2:00pm \u2013 2:30pm', 'Coordinated Universal Time'],
  ])('formats for %s', (zone, date, time, zoneName) => {
    expect(formatMeetingTime(start, end, zone)).toEqual({ date, time, zone, zoneName })
  })

  it('writes noon and midnight as 12', () => {
    expect(formatClock(new Date('2026-03-02T00:05:00Z'), 'UTC')).toBe('12:05am')
    expect(formatClock(new Date('2026-03-02T12:00:00Z'), 'UTC')).toBe('12:00pm')
  })

  it('logs and empties everything when a time cannot be parsed', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const empty = { date: '', time: '', zone: '', zoneName: '' }
    expect(formatMeetingTime('not a date', end, 'UTC')).toEqual(empty)
    expect(formatMeetingTime(start, '2026-13-45T99:00', 'UTC')).toEqual(empty)
    expect(formatMeetingTime(start, '', 'UTC')).toEqual(empty)
    expect(log).toHaveBeenCalledTimes(3)
  })

  it('stays silent when no time was given at all', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(formatMeetingTime('', '', 'UTC').date).toBe('')
    expect(log).not.toHaveBeenCalled()
  })
})

describe('formatDay', () => {
  it('is month day, year', () => {
    expect(formatDay(new Date('2026-03-02T12:00:00Z'), 'UTC')).toBe('March 2, 2026')
  })
})

describe('trustedEventUrl', () => {
  const host = 'calendly.com'
  it('accepts https on the scheduler host', () => {
    expect(trustedEventUrl('https://calendly.com/reschedulings/abc', host)).toBe(
      'https://calendly.com/reschedulings/abc',
    )
  })

  it.each([
    'http://calendly.com/x',
    'https://calendly.com.evil.test/x',
    'https://evil.test/https://calendly.com',
    'https://user:pw@calendly.com/x',
    'https://www.calendly.com/x',
    'javascript:alert(1)',
    'data:text/html,hi',
    '//calendly.com/x',
    '/relative',
    '',
  ])('refuses %j', (value) => {
    expect(trustedEventUrl(value, host)).toBeNull()
  })

  it('refuses everything without a configured scheduler', () => {
    expect(trustedEventUrl('https://calendly.com/x', null)).toBeNull()
  })
})

describe('initials', () => {
  it('takes the first letters', () => {
    expect(initials('Daniel Novak')).toBe('DN')
    expect(initials('  ann  maria lee ')).toBe('AM')
    expect(initials('émile zola', 1)).toBe('É')
    expect(initials('')).toBe('')
  })
})
