/** What the visitor is told when a submission fails (SPEC.md §8). */
import { ERROR_CODES } from '#src/common/api-types.ts'
import type { SubmitResult } from './trial-api.ts'

export const FEEDBACK = {
  rateLimitTitle: 'You have exceeded your limit of trial requests',
  askForMore: 'Ask for more',
  invalidTitle: 'Invalid Information',
  invalidFallback: 'Please check your information and try again.',
  failedTitle: 'Submission Failed',
  failedFallback: 'Something went wrong. Please try again.',
  networkFailure: 'We could not reach our server. Check your connection and try again.',
  waitlistAddedTitle: 'Added to Waitlist',
  waitlistAddedText: 'We\u2019ll notify you when new trial slots become available!',
  waitlistJoinFailed: 'Failed to join waitlist. Please try again.',
  waitlistCancelFailed: 'Failed to update preferences. Please try again.',
  countsFailed: 'Failed to load license counts. Please try again.',
} as const

export type Feedback =
  { kind: 'rate-limit'; title: string } | { kind: 'error'; title: string; description: string }

export function feedbackFor(result: Extract<SubmitResult, { ok: false }>): Feedback {
  const { errorCode, error, details } = result.error
  if (errorCode === ERROR_CODES.rateLimit)
    return { kind: 'rate-limit', title: FEEDBACK.rateLimitTitle }
  if (errorCode === ERROR_CODES.validation) {
    return {
      kind: 'error',
      title: FEEDBACK.invalidTitle,
      description: details && details.length ? details.join(', ') : FEEDBACK.invalidFallback,
    }
  }
  if (result.status === 0) {
    return { kind: 'error', title: FEEDBACK.failedTitle, description: FEEDBACK.networkFailure }
  }
  return {
    kind: 'error',
    title: FEEDBACK.failedTitle,
    description: error || (result.status ? `HTTP ${result.status}` : FEEDBACK.failedFallback),
  }
}
