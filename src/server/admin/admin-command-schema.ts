/**
 * The operator's commands (DESIGN.md §6) and their options, defined once. The CLI parses its
 * command line into a candidate object and checks it here (src/cli/parse-args.ts); the admin
 * socket and the console check the JSON they receive with the same schema. What is about the
 * command line only (which flags a command takes, --yes, reading FILE) stays in the CLI.
 *
 * The messages name the value, not how it was given: the CLI words a missing value as the flag
 * or argument its operator forgot, and passes every other message on as it is.
 */
import * as z from 'zod/mini'
import { MODELS } from '#src/common/models.ts'
import { normalizeOperatorEmail } from './operator-email.ts'

const ModelSchema = z.enum(MODELS, {
  error: (issue) =>
    issue.input === undefined
      ? `model is required (${MODELS.join(' or ')})`
      : `unknown model ${JSON.stringify(issue.input)}; use ${MODELS.join(' or ')}`,
})

const FORMATS = ['csv', 'json'] as const
const FormatSchema = z._default(
  z.enum(FORMATS, {
    error: (issue) => `unknown format ${JSON.stringify(issue.input)}; use ${FORMATS.join(' or ')}`,
  }),
  'csv',
)

const notAnAddress = (input: unknown) =>
  input === undefined
    ? 'an e-mail address is required'
    : `${JSON.stringify(input)} is not an e-mail address`

/** Whose data `leads delete` removes: any address a lead was stored with, trimmed. */
const LeadEmailSchema = z
  .string({ error: (issue) => notAnAddress(issue.input) })
  .check(
    z.trim(),
    z.maxLength(254, 'an e-mail address has at most 254 characters'),
    z.includes('@', { error: (issue) => notAnAddress(issue.input) }),
  )

/** An operator's address as stored: trimmed, lower case, plausibly an address. */
const OperatorEmailSchema = z.pipe(
  z.string({ error: (issue) => notAnAddress(issue.input) }),
  z.transform((value, ctx) => {
    const email = normalizeOperatorEmail(value)
    if (email) return email
    ctx.issues.push({ code: 'custom', input: value, message: notAnAddress(value) })
    return z.NEVER
  }),
)

const command = <Name extends string, Shape extends z.core.$ZodLooseShape>(
  name: Name,
  shape: Shape,
) => z.object({ name: z.literal(name), ...shape })

export const AdminCommandSchema = z.discriminatedUnion(
  'name',
  [
    command('licenses import', {
      model: ModelSchema,
      fileName: z.string('fileName is required'),
      keysText: z.string('keysText must be the key file as text'),
    }),
    command('licenses stats', {}),
    command('leads export', { format: FormatSchema }),
    command('leads delete', { email: LeadEmailSchema }),
    command('waitlist list', { model: z.optional(ModelSchema) }),
    command('waitlist notify', { model: ModelSchema }),
    command('mail status', {}),
    command('mail retry', {}),
    command('mail dkim-record', {}),
    command('funnel', {
      days: z._default(
        z.pipe(
          z.union([z.string(), z.number()]),
          z.transform((value, ctx) => {
            const n = Number(value)
            if (Number.isInteger(n) && n >= 1 && n <= 730) return n
            ctx.issues.push({
              code: 'custom',
              input: value,
              message: `--days must be 1 to 730, got ${JSON.stringify(value)}`,
            })
            return z.NEVER
          }),
        ),
        28,
      ),
      format: z._default(
        z.enum(['table', 'json'], {
          error: (issue) =>
            `unknown format ${JSON.stringify(issue.input)}; use json (or leave it out for a table)`,
        }),
        'table',
      ),
    }),
    command('operators add', { email: OperatorEmailSchema }),
    command('operators list', {}),
    command('operators remove', { email: OperatorEmailSchema }),
  ],
  {
    error: (issue) => {
      const input: unknown = issue.input
      if (!input || typeof input !== 'object' || Array.isArray(input))
        return 'command must be a JSON object'
      const { name } = input as { name?: unknown }
      return name === undefined ? 'command needs a name' : `unknown command ${JSON.stringify(name)}`
    },
  },
)

export type AdminCommand = z.infer<typeof AdminCommandSchema>
export type AdminCommandName = AdminCommand['name']
export type AdminCommandOf<Name extends AdminCommandName> = Extract<AdminCommand, { name: Name }>
