/**
 * What the trial form hands to /thank-you: the submission's id and token (the capability to
 * correct the address once) and the address the key went to. Kept in sessionStorage, this tab
 * only, never in the URL, so neither the token nor the address reaches a log, a referrer or
 * the browser's history. Also the form's `source`: the page's utm_source, else the fixed tag.
 */
import type { TrialSubmissionResponse } from '#src/common/api-types.ts'
import { SOURCE_MAX } from '#src/common/trial-limits.ts'

const KEY = 'pacepoint:trial-submission'

export interface SubmissionHandoff {
  submissionId: string
  token: string
  email: string
}

export function rememberSubmission(response: TrialSubmissionResponse, email: string): void {
  try {
    const value: SubmissionHandoff = {
      submissionId: response.submission_id,
      token: response.waitlist_token,
      email: email.trim().toLowerCase(),
    }
    sessionStorage.setItem(KEY, JSON.stringify(value))
  } catch {
    // Storage off (private mode, policy): the thank-you page just offers no correction.
  }
}

export function readSubmission(): SubmissionHandoff | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<SubmissionHandoff>
    if (
      typeof value?.submissionId === 'string' &&
      typeof value.token === 'string' &&
      typeof value.email === 'string'
    )
      return value as SubmissionHandoff
  } catch {
    // Unreadable: as if nothing were kept.
  }
  return null
}

export function updateRememberedEmail(handoff: SubmissionHandoff, email: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...handoff, email }))
  } catch {
    // See rememberSubmission.
  }
}

/** `a***@gmail.com`: enough for the visitor to spot a typo in the domain, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1) return '***'
  return `${email[0]}***${email.slice(at)}`
}

/** The page's utm_source (trimmed, at most 100 characters), else the form's fixed tag. */
export function trialSource(search: string, fallback: string): string {
  const value = new URLSearchParams(search)
    .get('utm_source')
    // eslint-disable-next-line no-control-regex
    ?.replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, SOURCE_MAX)
  return value || fallback
}
