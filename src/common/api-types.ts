/**
 * Shapes of the API's answers (docs/architecture.md, "Contracts: API"), shared by the server and
 * the browser client.
 */
import type * as z from 'zod/mini'
import type { LicenseCountsSchema, TrialSubmissionResponseSchema } from './api-schemas.ts'

export type TrialSubmissionResponse = z.infer<typeof TrialSubmissionResponseSchema>
export type LicenseCounts = z.infer<typeof LicenseCountsSchema>

export interface KeyResendResponse {
  status: 'accepted'
}

export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  rateLimit: 'RATE_LIMIT_EXCEEDED',
  notFound: 'NOT_FOUND',
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  /** A payment provider's webhook whose signature is missing, wrong or stale. */
  invalidSignature: 'INVALID_SIGNATURE',
  /** The address of a submission was corrected once already; a second correction is refused. */
  alreadyCorrected: 'ALREADY_CORRECTED',
  /** The correction window (24 hours from the request) has passed. */
  tooLate: 'TOO_LATE',
  /** The corrected address already holds a key of the submission's model. */
  emailHasKey: 'EMAIL_HAS_KEY',
} as const

export interface ApiError {
  errorCode: string
  error: string
  details?: string[]
  /** With VALIDATION_ERROR: the message for each bad field, by the request's field name. */
  fields?: Record<string, string>
}
