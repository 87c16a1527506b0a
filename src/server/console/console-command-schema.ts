/**
 * The operator's commands (docs/product.md, "Operator commands") and their options, defined once.
 * The CLI parses its command line into a candidate object and checks it here
 * (src/cli/parse-args.ts); the console socket and the console check the JSON they receive with the
 * same schema. What is about the command line only (which flags a command takes, --yes, reading
 * FILE) stays in the CLI.
 *
 * The messages name the value, not how it was given: the CLI words a missing value as the flag
 * or argument its operator forgot, and passes every other message on as it is.
 */
import * as z from 'zod/mini'
import { MODELS } from '#src/common/models.ts'
import { plainText } from '#src/common/plain-text.ts'
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

/** A list's output: a table to read (the default), or CSV or JSON for another program. */
const LIST_FORMATS = ['table', 'csv', 'json'] as const
const ListFormatSchema = z._default(
  z.enum(LIST_FORMATS, {
    error: (issue) =>
      `unknown format ${JSON.stringify(issue.input)}; use ${LIST_FORMATS.join(', ')}`,
  }),
  'table',
)

const POOLS = ['trial', 'paid'] as const
const PoolSchema = z._default(
  z.enum(POOLS, {
    error: (issue) => `unknown pool ${JSON.stringify(issue.input)}; use ${POOLS.join(' or ')}`,
  }),
  'trial',
)

const ORDER_STATUSES = ['fulfilled', 'awaiting_key', 'unmatched', 'refunded'] as const
const OrderStatusSchema = z.enum(ORDER_STATUSES, {
  error: (issue) =>
    `unknown status ${JSON.stringify(issue.input)}; use ${ORDER_STATUSES.join(', ')}`,
})

/** An order as the operator names it: our id, the provider's order id or its reference. */
const OrderIdSchema = z
  .string('an order id is required')
  .check(z.trim(), z.minLength(1, 'an order id is required'), z.maxLength(200, 'not an order id'))

/** A payment event's row number, as `orders unreadable` lists it. */
const EventRowSchema = z
  .string('an event number from orders unreadable is required')
  .check(
    z.trim(),
    z.regex(/^[1-9][0-9]{0,14}$/, 'an event is its number in orders unreadable, e.g. --event 12'),
  )

const notAnAddress = (input: unknown) =>
  input === undefined
    ? 'an e-mail address is required'
    : `${JSON.stringify(input)} is not an e-mail address`

/** Whose data `leads delete` removes: any address a lead was stored with, trimmed. */
const LeadEmailSchema = z
  .string({ error: (issue) => notAnAddress(issue.input) })
  .check(
    plainText('the e-mail address'),
    z.trim(),
    z.maxLength(254, 'an e-mail address has at most 254 characters'),
    z.includes('@', { error: (issue) => notAnAddress(issue.input) }),
  )

/** An operator's address as stored: trimmed, lower case, plausibly an address. */
const OperatorEmailSchema = z.pipe(
  z.string({ error: (issue) => notAnAddress(issue.input) }).check(plainText('the e-mail address')),
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

export const ConsoleCommandSchema = z.discriminatedUnion(
  'name',
  [
    command('licenses import', {
      model: ModelSchema,
      /** trial (the default): keys for trial requests; paid: keys for orders. */
      pool: PoolSchema,
      fileName: z.string('fileName is required').check(plainText('fileName')),
      keysText: z.string('keysText must be the key file as text').check(plainText('keysText')),
    }),
    command('licenses stats', {}),
    /** The demo keys a first start loaded that are still available; assigned ones stay. */
    command('licenses remove-demo', {}),
    /** A one-time sign-in link printed, for when the e-mailed one cannot arrive (§21). */
    command('console sign-in-link', { email: OperatorEmailSchema }),
    /** What stands between this install and a live site (go-live-check.ts). */
    command('doctor', {
      format: z._default(
        z.enum(['table', 'json'], {
          error: (issue) =>
            `unknown format ${JSON.stringify(issue.input)}; use json (or leave it out for a list)`,
        }),
        'table',
      ),
    }),
    /** A consistent copy of every table into FILE, an absolute path on the server's machine. */
    command('backup', {
      file: z
        .string('a FILE to write the backup to is required')
        .check(
          plainText('FILE'),
          z.minLength(1, 'a FILE to write the backup to is required'),
          z.regex(/^\//, 'the backup FILE must be an absolute path'),
        ),
    }),
    /** With an address: everything held about that one person (their copy of their data). */
    command('leads export', { format: FormatSchema, email: z.optional(LeadEmailSchema) }),
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
    command('orders list', { status: z.optional(OrderStatusSchema), format: ListFormatSchema }),
    command('orders resend', { order: OrderIdSchema }),
    command('orders reprocess', { order: OrderIdSchema }),
    command('orders unreadable', { event: z.optional(EventRowSchema) }),
    command('orders dismiss', { event: EventRowSchema }),
    command('orders add', {
      email: LeadEmailSchema,
      /** --name on the command line (`name` is the command's own). */
      buyerName: z
        .string('name is required')
        .check(
          z.trim(),
          z.minLength(1, 'name is required'),
          z.maxLength(200, 'a name has at most 200 characters'),
        ),
      model: ModelSchema,
      quantity: z._default(
        z
          .number('quantity must be a whole number from 1 to 100')
          .check(
            z.int('quantity must be a whole number from 1 to 100'),
            z.gte(1, 'quantity must be a whole number from 1 to 100'),
            z.lte(100, 'quantity must be a whole number from 1 to 100'),
          ),
        1,
      ),
      reference: z
        .string('reference is required')
        .check(
          z.trim(),
          z.minLength(1, 'reference is required'),
          z.maxLength(100, 'a reference has at most 100 characters'),
        ),
    }),
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

export type ConsoleCommand = z.infer<typeof ConsoleCommandSchema>
export type ConsoleCommandName = ConsoleCommand['name']
export type ConsoleCommandOf<Name extends ConsoleCommandName> = Extract<
  ConsoleCommand,
  { name: Name }
>
