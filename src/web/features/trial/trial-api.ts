/** The trial flow's calls to our API (DESIGN.md §5); answers are checked by the shared schemas. */
import {
  ApiErrorSchema,
  LicenseCountsSchema,
  TrialSubmissionResponseSchema,
} from '#src/common/api-schemas.ts'
import type { ApiError, LicenseCounts, TrialSubmissionResponse } from '#src/common/api-types.ts'
import { api } from '#src/common/paths.ts'
import type { TrialRequestInput } from '#src/common/trial-schema.ts'

export type SubmitResult =
  | { ok: true; data: TrialSubmissionResponse }
  /** status 0: the server could not be reached. */
  | { ok: false; status: number; error: Partial<ApiError> }

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json()
  } catch {
    return null
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
  if (response.ok) {
    const parsed = TrialSubmissionResponseSchema.safeParse(json)
    if (parsed.success) return { ok: true, data: parsed.data }
  }
  const error = ApiErrorSchema.safeParse(json)
  return { ok: false, status: response.status, error: error.success ? error.data : {} }
}

export async function fetchLicenseCounts(signal?: AbortSignal): Promise<LicenseCounts> {
  const response = await fetch(api.licenseCounts, {
    headers: { Accept: 'application/json' },
    signal,
  })
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  const parsed = LicenseCountsSchema.safeParse(await readJson(response))
  if (!parsed.success) throw new Error('Unexpected license counts')
  return parsed.data
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
