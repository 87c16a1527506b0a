/**
 * One definition of a valid purchase request ("Request an invoice", docs/architecture.md,
 * "Contracts: API"; docs/product.md, "Buying"), used by the dialog and the server. Names and e-mail
 * follow the trial request's rules.
 */
import * as z from 'zod/mini'
import { MODELS } from './models.ts'
import { plainText } from './plain-text.ts'
import { emailField, nameField, NO_CONTROL_CHARS } from './trial-schema.ts'

export const COMPANY_MAX = 200
export const MESSAGE_MAX = 2000

/** A message may have line breaks and tabs, but no other control characters. */
// eslint-disable-next-line no-control-regex
const NO_CONTROL_CHARS_BUT_LINES = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/

export const PurchaseRequestSchema = z.object({
  first_name: nameField('First name'),
  last_name: nameField('Last name'),
  email: emailField(),
  company: z
    .string('Company is required')
    .check(
      plainText('Company'),
      z.trim(),
      z.minLength(1, 'Company is required'),
      z.maxLength(COMPANY_MAX, `Company must be at most ${COMPANY_MAX} characters`),
      z.regex(NO_CONTROL_CHARS, 'Company must not contain control characters'),
    ),
  model: z.enum(MODELS, 'Model must be basic or advanced'),
  message: z.optional(
    z
      .string('Message must be text')
      .check(
        plainText('Message'),
        z.trim(),
        z.maxLength(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters`),
        z.regex(NO_CONTROL_CHARS_BUT_LINES, 'Message must not contain control characters'),
      ),
  ),
})
export type PurchaseRequest = z.infer<typeof PurchaseRequestSchema>
export type PurchaseRequestInput = z.input<typeof PurchaseRequestSchema>

export const PurchaseRequestResponseSchema = z.object({ request_id: z.string() })
export type PurchaseRequestResponse = z.infer<typeof PurchaseRequestResponseSchema>
