/** What the visitor is told when a submission fails (docs/product.md, "Trial requests"). */
import { ERROR_CODES } from '#src/common/api-types.ts'
import { TRIAL_FEEDBACK as FEEDBACK } from '../../content/trial.ts'
import type { SubmitResult } from './trial-api.ts'

type Feedback =
  | { kind: 'rate-limit'; title: string; description: string }
  | { kind: 'error'; title: string; description: string }

export function feedbackFor(result: Extract<SubmitResult, { ok: false }>): Feedback {
  const { errorCode, error, details, fields } = result.error
  // When the visitor may try again, from the answer's Retry-After.
  if (errorCode === ERROR_CODES.rateLimit)
    return {
      kind: 'rate-limit',
      title: FEEDBACK.rateLimitTitle,
      description: FEEDBACK.rateLimitRetry(result.retryAfterSeconds ?? null),
    }
  if (errorCode === ERROR_CODES.validation) {
    // The per-field messages, written for people; `details` may name a field as the API
    // knows it (`email: ...`), which a visitor should never read (docs/product.md).
    const messages = fields ? Object.values(fields).filter(Boolean) : (details ?? [])
    return {
      kind: 'error',
      title: FEEDBACK.invalidTitle,
      description: messages.length ? messages.join(' ') : FEEDBACK.invalidFallback,
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
