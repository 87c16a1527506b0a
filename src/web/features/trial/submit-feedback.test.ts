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

describe('feedbackFor a refused value', () => {
  it('shows the messages written for people, never the API’s field names', () => {
    const feedback = feedbackFor({
      ok: false,
      status: 400,
      error: {
        errorCode: 'VALIDATION_ERROR',
        error: 'The request is not valid',
        details: ['email: Did you mean robert@gmail.com?'],
        fields: { email: 'Did you mean robert@gmail.com?' },
      },
    })
    expect(feedback).toEqual({
      kind: 'error',
      title: 'Invalid Information',
      description: 'Did you mean robert@gmail.com?',
    })
  })
})
