import { describe, expect, it } from 'vitest'
import { feedbackFor } from './submit-feedback.ts'

const limited = (retryAfterSeconds?: number) =>
  feedbackFor({
    ok: false,
    status: 429,
    error: { errorCode: 'RATE_LIMIT_EXCEEDED', error: 'Too many trial requests' },
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  })

describe('feedbackFor a refused limit', () => {
  it('says when the visitor may try again, from Retry-After', () => {
    expect(limited(30)).toMatchObject({
      kind: 'rate-limit',
      title: 'You have exceeded your limit of trial requests',
      description: 'You can try again in a minute, or ask us for more.',
    })
    expect(limited(1500).description).toBe('You can try again in 25 minutes, or ask us for more.')
    expect(limited(20 * 3600).description).toBe(
      'You can try again in about 20 hours, or ask us for more.',
    )
  })

  it('says later without a Retry-After', () => {
    expect(limited().description).toBe('Please try again later, or ask us for more.')
  })
})
