/**
 * Bots are turned away without a captcha (docs/product.md, "Trust under abuse"): a filled
 * honeypot, or a form sent sooner than a person could fill it. A honeypot is never filled by a
 * person, so it gets a decoy; a fast sender may be a person whose browser filled the form, so it
 * is asked to confirm by e-mail instead. Both fields are optional, so plain API clients that send
 * neither are served normally.
 */
import { MIN_FILL_MS } from '#src/common/trial-limits.ts'
import type { TrialRequest } from '#src/common/trial-schema.ts'

type BotSign = 'honeypot' | 'too-fast'

export function botSign(
  request: Pick<TrialRequest, 'website' | 'form_elapsed_ms'>,
): BotSign | null {
  if (request.website !== undefined && request.website.trim() !== '') return 'honeypot'
  if (request.form_elapsed_ms !== undefined && request.form_elapsed_ms < MIN_FILL_MS)
    return 'too-fast'
  return null
}
