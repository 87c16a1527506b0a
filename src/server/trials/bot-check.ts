/**
 * Bots are turned away without a captcha (DESIGN.md §5): a filled honeypot or a form sent
 * sooner than a person could fill it. Both fields are optional, so plain API clients that send
 * neither are served normally.
 */
import { MIN_FILL_MS } from '#src/common/trial-limits.ts'
import type { TrialRequest } from '#src/common/trial-schema.ts'

export function looksLikeBot(request: Pick<TrialRequest, 'website' | 'form_elapsed_ms'>): boolean {
  if (request.website !== undefined && request.website.trim() !== '') return true
  if (request.form_elapsed_ms !== undefined && request.form_elapsed_ms < MIN_FILL_MS) return true
  return false
}
