/** The trial flow's calls to our API (DESIGN.md §5). */
import type { ApiError, LicenseCounts, TrialSubmissionResponse } from '#src/common/api-types.ts'
import { isModel } from '#src/common/models.ts'
import { api } from '#src/common/paths.ts'
import type { TrialRequestInput } from '#src/common/trial-schema.ts'

export type SubmitResult =
  | { ok: true; data: TrialSubmissionResponse }
  | { ok: false; status: number; error: Partial<ApiError> }
  | {
      ok: false
      status: 0
      error: { error?: undefined; errorCode?: undefined; details?: undefined }
    }

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json()
  } catch {
    return null
  }
}

function asApiError(body: unknown): Partial<ApiError> {
  if (!body || typeof body !== 'object') return {}
  const { errorCode, error, details } = body as Record<string, unknown>
  return {
    errorCode: typeof errorCode === 'string' ? errorCode : undefined,
    error: typeof error === 'string' ? error : undefined,
    details: Array.isArray(details)
      ? details.filter((d): d is string => typeof d === 'string')
      : undefined,
  }
}

export async function submitTrialRequest(body: TrialRequestInput): Promise<SubmitResult> {
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
  if (response.ok && json && typeof json === 'object' && 'submission_id' in json) {
    return { ok: true, data: json as TrialSubmissionResponse }
  }
  return { ok: false, status: response.status, error: asApiError(json) }
}

export async function fetchLicenseCounts(signal?: AbortSignal): Promise<LicenseCounts> {
  const response = await fetch(api.licenseCounts, {
    headers: { Accept: 'application/json' },
    signal,
  })
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  const json = (await response.json()) as Record<string, unknown>
  const counts = { basic: Number(json.basic), advanced: Number(json.advanced) }
  if (!Number.isFinite(counts.basic) || !Number.isFinite(counts.advanced))
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

export { isModel }
