/**
 * The trial flow's calls to our API (docs/architecture.md, "Contracts: API"). A submission's answer
 * is checked by the shared schemas, loaded while the first submission is in flight; the license
 * counts, read on every page load, by a plain check, so the page does not load zod for two numbers.
 */
import {
  ERROR_CODES,
  type ApiError,
  type LicenseCounts,
  type TrialSubmissionResponse,
} from '#src/common/api-types.ts'
import type { Model } from '#src/common/models.ts'
import { api } from '#src/common/paths.ts'
import type { TrialRequestInput } from '#src/common/trial-schema.ts'

export type SubmitResult =
  | { ok: true; data: TrialSubmissionResponse }
  /** status 0: the server could not be reached. retryAfterSeconds: a 429's Retry-After. */
  | { ok: false; status: number; error: Partial<ApiError>; retryAfterSeconds?: number }

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json()
  } catch {
    return null
  }
}

export async function submitTrialRequest(body: TrialRequestInput): Promise<SubmitResult> {
  // Loaded while the request is in flight, so the answer is read as soon as it arrives rather
  // than after one more download.
  const schemas = import('#src/common/api-schemas.ts')
  schemas.catch(() => {}) // awaited below; a failed load is reported there, not as unhandled
  let response: Response
  try {
    response = await fetch(api.trialSubmissions, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    })
  } catch {
    return { ok: false, status: 0, error: {} }
  }
  const json = await readJson(response)
  const { ApiErrorSchema, TrialSubmissionResponseSchema } = await schemas
  if (response.ok) {
    const parsed = TrialSubmissionResponseSchema.safeParse(json)
    if (parsed.success) return { ok: true, data: parsed.data }
  }
  const error = ApiErrorSchema.safeParse(json)
  const retryAfter = Number(response.headers.get('retry-after'))
  return {
    ok: false,
    status: response.status,
    error: error.success ? error.data : {},
    ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
  }
}

export async function fetchLicenseCounts(signal?: AbortSignal): Promise<LicenseCounts> {
  const response = await fetch(api.licenseCounts, {
    headers: { Accept: 'application/json' },
    signal,
  })
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  const json = (await readJson(response)) as Partial<Record<keyof LicenseCounts, unknown>> | null
  const count = (value: unknown) =>
    Number.isInteger(value) && Number(value) >= 0 ? Number(value) : NaN
  const counts = { basic: count(json?.basic), advanced: count(json?.advanced) }
  if (Number.isNaN(counts.basic) || Number.isNaN(counts.advanced))
    throw new Error('Unexpected license counts')
  return counts
}

/** Sets or clears the waitlist flag of one submission; the token proves it is ours. */
export async function updateWaitlist(
  submissionId: string,
  token: string,
  waitlist: boolean,
): Promise<void> {
  const response = await fetch(api.waitlist(submissionId), {
    method: 'PATCH',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ waitlist }),
  })
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
}

/**
 * "Lost your key?": always accepted for a valid address (docs/architecture.md, "Contracts: API");
 * 429 when limited.
 */
export async function requestKeyResend(
  email: string,
  model?: Model,
): Promise<'accepted' | 'limited' | 'failed'> {
  try {
    const response = await fetch(api.keyResend, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(model ? { email, model } : { email }),
    })
    if (response.status === 202) return 'accepted'
    return response.status === 429 ? 'limited' : 'failed'
  } catch {
    return 'failed'
  }
}

export type CorrectionOutcome =
  | 'resent'
  | 'already-corrected'
  | 'too-late'
  | 'has-key'
  | 'invalid'
  | 'limited'
  | 'not-found'
  | 'failed'

/** Sends the key to a corrected address (once, within 24 hours); the token proves it is ours. */
export async function correctEmail(
  submissionId: string,
  token: string,
  email: string,
): Promise<CorrectionOutcome> {
  try {
    const response = await fetch(api.emailCorrection(submissionId), {
      method: 'PATCH',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ email }),
    })
    if (response.ok) return 'resent'
    const json = (await readJson(response)) as { errorCode?: unknown } | null
    if (response.status === 409)
      return json?.errorCode === ERROR_CODES.tooLate
        ? 'too-late'
        : json?.errorCode === ERROR_CODES.emailHasKey
          ? 'has-key'
          : 'already-corrected'
    if (response.status === 400) return 'invalid'
    if (response.status === 429) return 'limited'
    if (response.status === 404) return 'not-found'
    return 'failed'
  } catch {
    return 'failed'
  }
}
