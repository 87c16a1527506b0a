/**
 * The API's answers (docs/architecture.md, "Contracts: API") as schemas, so the browser checks what
 * it reads instead of casting it. zod/mini keeps the browser's share small.
 */
import * as z from 'zod/mini'

export const TrialSubmissionResponseSchema = z.object({
  submission_id: z.string(),
  has_license: z.boolean(),
  waitlist_eligible: z.boolean(),
  waitlist_token: z.string(),
  /**
   * Past the claim breaker: the key follows an e-mailed confirmation (docs/product.md,
   * "Trust under abuse").
   */
  confirmation_required: z.optional(z.literal(true)),
})

export const LicenseCountsSchema = z.object({
  basic: z.number().check(z.int(), z.gte(0)),
  advanced: z.number().check(z.int(), z.gte(0)),
})

/** An error answer; every field optional, since a proxy or a crash may answer anything. */
// Imported on demand (trial-api.ts, purchase-api.ts), which the checker does not follow.
// ts-unused-exports:disable-next-line
export const ApiErrorSchema = z.object({
  errorCode: z.optional(z.string()),
  error: z.optional(z.string()),
  details: z.optional(z.array(z.string())),
  fields: z.optional(z.record(z.string(), z.string())),
})
