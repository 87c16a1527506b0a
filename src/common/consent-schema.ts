/**
 * A visitor's consent choice (docs/product.md, "Privacy and third parties": id, categories, policy
 * version, time): the one definition, as the browser stores it, sends it to POST /api/consents and
 * the server checks it.
 */
import * as z from 'zod/mini'

const flag = (name: string) => z.boolean(`categories.${name} must be true or false`)

export const ConsentRecordSchema = z.object({
  /** The browser's random id for this visitor's choices; the same id when they change them. */
  id: z
    .string('id is required')
    .check(z.regex(/^[A-Za-z0-9-]{8,64}$/, 'id must be 8 to 64 letters, digits or hyphens')),
  categories: z.object(
    { functional: flag('functional'), media: flag('media'), marketing: flag('marketing') },
    'categories must name functional, media and marketing',
  ),
  policy_version: z
    .string('policy_version is required')
    .check(z.regex(/^[A-Za-z0-9._-]{1,32}$/, 'policy_version must be a short version tag')),
  decided_at: z.iso.datetime({ offset: true, error: 'decided_at must be an ISO date-time' }),
})
export type ConsentRecord = z.infer<typeof ConsentRecordSchema>
