/**
 * The admin CLI's command line (docs/architecture.md, "Contracts: CLI"): argv in, a command or a
 * usage error out. The command line becomes a candidate object (the command's name, its flags, its
 * argument) that the shared ConsoleCommandSchema checks, as the console socket and the console check
 * their JSON; this module only knows how each command is spelled on a command line.
 */
import { basename } from 'node:path'
import { parseArgs } from 'node:util'
import type * as z from 'zod/mini'
import { MODELS } from '#src/common/models.ts'
import {
  ConsoleCommandSchema,
  type ConsoleCommand,
  type ConsoleCommandName,
} from '#src/server/console/console-command-schema.ts'

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  licenses import --model basic|advanced [--pool trial|paid] FILE
                             Load activation keys, one a line (blank lines and # comments
                             skipped); keys already in the pool are skipped and counted.
                             --pool paid: keys for paid orders (waiting orders get theirs
                             at once, oldest first); trial (the default): for trials.
  licenses stats             Keys per model and pool: available, assigned, revoked, demo.
  leads export [--format csv|json] [--email ADDRESS]
                             Every trial request to stdout (CSV by default, formula-safe).
                             --email: everything held about one address instead (its trial
                             requests, invoice requests and paid orders with their keys),
                             the copy of their data a person may ask for.
  leads delete --email ADDRESS --yes
                             Delete one person's trial requests, invoice requests and
                             e-mails, and erase their name and address from their paid
                             orders, which are kept for accounting (a deletion request
                             under the privacy policy). Refuses without --yes.
  waitlist list [--model basic|advanced]
                             Visitors waiting for a key, oldest first.
  waitlist notify --model basic|advanced
                             E-mail each waiting visitor of the model once, oldest first,
                             with a key while the pool lasts.
  mail status                Outbox counts and the messages not delivered yet.
  mail retry                 Queue failed and dead messages again.
  funnel [--days N] [--format json]
                             Visits, trial requests, keys and paid orders per source over
                             the last N days (default 28); \`direct\` when no utm_source.
  mail dkim-record           The DNS TXT record that publishes the DKIM key (DKIM_DOMAIN,
                             DKIM_SELECTOR, DKIM_PRIVATE_KEY) for receivers to check.
  operators add EMAIL        Let EMAIL sign in to the console at /admin (a one-time link
                             is e-mailed when they ask for it).
  operators list             Who may sign in to the console.
  operators remove EMAIL     Take EMAIL's access away; their sessions end at once.
  orders list [--status fulfilled|awaiting_key|unmatched|refunded] [--format csv|json]
                             Paid orders, newest first, with their keys (CSV by default).
  orders resend --order ID   E-mail the order's keys again (the same keys).
  orders reprocess --order ID
                             Try an unmatched order again (after fixing PAID_PRODUCTS),
                             or an order awaiting a key.
  orders add --email E --name N --model basic|advanced [--quantity Q] --reference R
                             Record an invoice paid by transfer and e-mail its keys.

Options:
  -h, --help                 Show this help.

With the embedded database, a running server does the work over DATA_DIR/admin.sock;
otherwise (or with DATABASE_URL) the CLI opens the database itself.
Exit codes: 0 done, 1 failed, 2 wrong usage.
`

export class UsageError extends Error {}

type LicensesImport = Extract<ConsoleCommand, { name: 'licenses import' }>

/** What the CLI should do; an import still has to read its file. */
type CliRequest =
  | { kind: 'help' }
  | { kind: 'command'; command: Exclude<ConsoleCommand, LicensesImport> }
  | { kind: 'import'; command: Omit<LicensesImport, 'keysText'>; file: string }

const FLAGS = [
  'model',
  'format',
  'email',
  'yes',
  'pool',
  'status',
  'order',
  'name',
  'quantity',
  'reference',
  'days',
] as const
type Flag = (typeof FLAGS)[number]

interface CommandLine {
  flags: readonly Flag[]
  /** The one argument after the command's name, if it takes one. */
  argument?: 'FILE' | 'EMAIL'
}

/** How each command is spelled on the command line (the USAGE text above). */
const COMMAND_LINES: Record<ConsoleCommandName, CommandLine> = {
  'licenses import': { flags: ['model', 'pool'], argument: 'FILE' },
  'licenses stats': { flags: [] },
  'leads export': { flags: ['format', 'email'] },
  'leads delete': { flags: ['email', 'yes'] },
  'waitlist list': { flags: ['model'] },
  'waitlist notify': { flags: ['model'] },
  'mail status': { flags: [] },
  'mail retry': { flags: [] },
  'mail dkim-record': { flags: [] },
  funnel: { flags: ['days', 'format'] },
  'operators add': { flags: [], argument: 'EMAIL' },
  'operators list': { flags: [] },
  'operators remove': { flags: [], argument: 'EMAIL' },
  'orders list': { flags: ['status', 'format'] },
  'orders resend': { flags: ['order'] },
  'orders reprocess': { flags: ['order'] },
  'orders add': { flags: ['email', 'name', 'model', 'quantity', 'reference'] },
}

/** A schema issue in the operator's terms: a missing value is named as the flag or argument. */
function usageMessage(
  name: string,
  line: CommandLine | undefined,
  issue: z.core.$ZodIssue,
  candidate: Record<string, unknown>,
): string {
  const option = issue.path[0]
  if (typeof option !== 'string' || candidate[option] !== undefined) return issue.message
  if (option === 'model') return `--model is required (${MODELS.join(' or ')})`
  if (option === 'fileName') return `${name} needs a FILE with one key a line`
  if (option === 'order') return `${name} needs --order ID`
  if (option === 'buyerName') return `${name} needs --name NAME`
  if (option === 'reference') return `${name} needs --reference R`
  if (option === 'email')
    return line?.argument === 'EMAIL' ? `${name} needs an EMAIL` : `${name} needs --email ADDRESS`
  return issue.message
}

export function parseCliArgs(argv: readonly string[]): CliRequest {
  let parsed
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        model: { type: 'string' },
        format: { type: 'string' },
        email: { type: 'string' },
        yes: { type: 'boolean' },
        pool: { type: 'string' },
        status: { type: 'string' },
        order: { type: 'string' },
        name: { type: 'string' },
        quantity: { type: 'string' },
        reference: { type: 'string' },
        days: { type: 'string' },
      },
    })
  } catch (error) {
    throw new UsageError(
      error instanceof Error
        ? error.message.replace(/\. To specify a positional.*$/s, '')
        : String(error),
    )
  }
  const { values, positionals } = parsed
  if (values.help || positionals.length === 0 || positionals[0] === 'help') return { kind: 'help' }

  const [group, action, ...rest] = positionals
  const name = `${group} ${action ?? ''}`.trim()
  const candidate: Record<string, unknown> = {
    name,
    model: values.model,
    format: values.format,
    email: values.email,
    pool: values.pool,
    status: values.status,
    order: values.order,
    buyerName: values.name,
    quantity:
      values.quantity === undefined
        ? undefined
        : /^\d+$/.test(values.quantity)
          ? Number(values.quantity)
          : values.quantity,
    reference: values.reference,
    days: values.days,
  }
  // An unknown name has no spelling here: the schema refuses it below.
  const line = Object.hasOwn(COMMAND_LINES, name)
    ? COMMAND_LINES[name as ConsoleCommandName]
    : undefined
  const [argument] = rest
  if (line) {
    for (const flag of FLAGS) {
      if (values[flag] !== undefined && !line.flags.includes(flag))
        throw new UsageError(`${name} takes no --${flag}`)
    }
    const argumentCount = line.argument ? 1 : 0
    if (rest.length > argumentCount)
      throw new UsageError(`unexpected argument "${rest[argumentCount]}" for ${name}`)
    if (line.argument === 'EMAIL') candidate.email = argument
    // The key file is read once the options check out (run-cli.ts); until then its text is empty.
    if (line.argument === 'FILE' && argument !== undefined)
      Object.assign(candidate, { fileName: basename(argument), keysText: '' })
  }

  const result = ConsoleCommandSchema.safeParse(candidate)
  if (!result.success)
    throw new UsageError(usageMessage(name, line, result.error.issues[0]!, candidate))
  const command = result.data
  if (command.name === 'licenses import') {
    const { model, pool, fileName } = command
    return {
      kind: 'import',
      command: { name: command.name, model, pool, fileName },
      file: argument!,
    }
  }
  if (command.name === 'leads delete' && !values.yes)
    throw new UsageError(
      `leads delete removes ${command.email}'s data for good; add --yes to do it`,
    )
  return { kind: 'command', command }
}
