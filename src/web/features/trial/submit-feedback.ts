/** What the visitor is told when a submission fails (docs/product.md, "Trial requests"). */
import { ERROR_CODES } from '#src/common/api-types.ts'
import { TRIAL_FEEDBACK as FEEDBACK } from '../../content/trial.ts'
import type { SubmitResult } from './trial-api.ts'

type Feedback =
  | { kind: 'rate-limit'; title: string; description: string }
  | { kind: 'error'; title: string; description: string }

export function feedbackFor(result: Extract<SubmitResult, { ok: false }>): Feedback {
  const { errorCode, error, details } = result.error
  // When the visitor may try again, from the answer's Retry-After.
  if (errorCode === ERROR_CODES.rateLimit)
    return {
      kind: 'rate-limit',
      title: FEEDBACK.rateLimitTitle,
      description: FEEDBACK.rateLimitRetry(result.retryAfterSeconds ?? null),
    }
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
