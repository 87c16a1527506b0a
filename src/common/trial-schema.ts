/**
 * One definition of a valid trial request, used by the form and the server (docs/architecture.md,
 * "Layers"). zod/mini keeps the browser's share small; it is loaded only when the visitor submits.
 */
import * as z from 'zod/mini'
import { MODELS } from './models.ts'
import { plainText } from './plain-text.ts'

import { EMAIL_MAX, NAME_MAX, SOURCE_MAX, TRIAL_SOURCE } from './trial-limits.ts'

/** Control characters have no place in a name; they are how header injection starts. */
// eslint-disable-next-line no-control-regex
export const NO_CONTROL_CHARS = /^[^\u0000-\u001f\u007f]*$/

/**
 * Names are letters (any script), combining marks, spaces, apostrophes, hyphens and dots, so no
 * URL, address or markup can ride in our e-mail from our domain. A dot followed by
 * two letters (`evil.com`) is refused too; initials like `J.R.R.` are fine.
 */
const NAME_CHARS = /^(?!.*\.\p{L}{2})[\p{L}\p{M} '’.\-‐]*$/u

/** A required name of at most NAME_MAX characters; the purchase request uses it too. */
export const nameField = (label: string) =>
  z
    .string(`${label} is required`)
    .check(
      plainText(label),
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(NAME_MAX, `${label} must be at most ${NAME_MAX} characters`),
      z.regex(NO_CONTROL_CHARS, `${label} must not contain control characters`),
      z.regex(
        NAME_CHARS,
        `${label} may contain only letters, spaces, apostrophes, hyphens and dots`,
      ),
    )

/** A required e-mail address, trimmed and lower-cased; the purchase request uses it too. */
export const emailField = () =>
  z
    .string('E-mail is required')
    .check(
      plainText('E-mail'),
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, 'E-mail is required'),
      z.maxLength(EMAIL_MAX, `E-mail must be at most ${EMAIL_MAX} characters`),
      z.email('E-mail must be a valid e-mail address'),
    )

export const TrialRequestSchema = z.object({
  first_name: nameField('First name'),
  last_name: nameField('Last name'),
  email: emailField(),
  model: z.enum(MODELS, 'Model must be basic or advanced'),
  source: z._default(
    z
      .string('Source must be text')
      .check(
        plainText('Source'),
        z.trim(),
        z.maxLength(SOURCE_MAX, `Source must be at most ${SOURCE_MAX} characters`),
        z.regex(NO_CONTROL_CHARS, 'Source must not contain control characters'),
      ),
    TRIAL_SOURCE,
  ),
  /** Honeypot: a field people never see and bots fill in. Optional. */
  website: z.optional(z.string().check(plainText('website'), z.maxLength(2000))),
  /** Milliseconds between the form being shown and submitted, by the browser's clock. Optional. */
  form_elapsed_ms: z.optional(z.number().check(z.int(), z.gte(0))),
})
export type TrialRequest = z.infer<typeof TrialRequestSchema>
export type TrialRequestInput = z.input<typeof TrialRequestSchema>

/**
 * `POST /api/key-resend` (docs/architecture.md, "Contracts: API"): the address, and the model when
 * the visitor knows it.
 */
export const KeyResendSchema = z.object({
  email: z
    .string('E-mail is required')
    .check(
      plainText('E-mail'),
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, 'E-mail is required'),
      z.maxLength(EMAIL_MAX, `E-mail must be at most ${EMAIL_MAX} characters`),
      z.email('E-mail must be a valid e-mail address'),
    ),
  model: z.optional(z.enum(MODELS, 'Model must be basic or advanced')),
})

export const WaitlistUpdateSchema = z.object({
  waitlist: z.boolean('waitlist must be true or false'),
})

/**
 * The first message for each top-level field of a failed parse: the API's `fields` map, which the
 * form shows next to each field.
 */
/** `PATCH /api/trial-submissions/:id/email`: the corrected address (checked like a request's). */
export const EmailCorrectionSchema = z.object({ email: emailField() })

export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const fields: Record<string, string> = {}
  const messages = describeIssues(error)
  error.issues.forEach((issue, index) => {
    const field = issue.path[0]
    if (typeof field === 'string' && !(field in fields)) fields[field] = messages[index]!
  })
  return fields
}

/** The messages of a failed parse, one per bad field, as the API's details list. */
export function describeIssues(error: z.core.$ZodError): string[] {
  return error.issues.map((issue) => {
    const field = issue.path.join('.')
    if (issue.code === 'invalid_type' && field) {
      return issue.message.startsWith('Invalid input')
        ? `${field} has the wrong type`
        : issue.message
    }
    return issue.message
  })
}
