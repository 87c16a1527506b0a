/**
 * The admin CLI's command line (docs/architecture.md, "Contracts: CLI"): argv in, a command or a
 * usage error out. The command line becomes a candidate object (the command's name, its flags, its
 * argument) that the shared ConsoleCommandSchema checks, as the console socket and the console check
 * their JSON; this module only knows how each command is spelled on a command line.
 */
import { basename, resolve } from 'node:path'
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
                             Paid orders, newest first, as a table; --format csv or json
                             for every field, keys included.
  orders resend --order ID   E-mail the order's keys again (the same keys).
  orders reprocess --order ID
                             Try an unmatched order again (after fixing PAID_PRODUCTS),
                             or an order awaiting a key.
  orders unreadable [--event NO]
                             Signed payment events that could not be read (kept as
                             received); with --event, one of them with its body.
  orders dismiss --event NO  Delete an unreadable payment event once dealt with; its
                             alert ends.
  orders add --email E --name N --model basic|advanced [--quantity Q] --reference R
                             Record an invoice paid by transfer and e-mail its keys.
  console sign-in-link --email ADDRESS
                             Print a one-time sign-in link to the console (15 minutes) for a
                             listed operator: for when the e-mailed link cannot arrive.
  licenses remove-demo       Remove the demo keys still available (a first start loads
                             them); keys already given to visitors stay.
  doctor [--format json]     What stands between this install and a live site, one line
                             each; exits 1 while a blocker remains.
  backup FILE                A consistent copy of the whole database (and the IP hash
                             secret) to FILE, while the site runs; never overwrites FILE.
  restore FILE --yes         Restore a backup into an empty DATA_DIR, or an empty database
                             at DATABASE_URL. Refuses a database that holds anything.
  db copy --to postgres://...
                             Move the embedded database in DATA_DIR to an empty Postgres
                             database (stop the server first); DATA_DIR is left as it was.

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
  /** Command-line only: they need the database to themselves (data-commands.ts). */
  | { kind: 'restore'; file: string }
  | { kind: 'db copy'; to: string }

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
  'to',
  'event',
] as const
type Flag = (typeof FLAGS)[number]

interface CommandLine {
  flags: readonly Flag[]
  /** The one argument after the command's name, if it takes one. */
  argument?: 'FILE' | 'EMAIL' | 'PATH'
}

/** How each command is spelled on the command line (the USAGE text above). */
const COMMAND_LINES: Record<ConsoleCommandName, CommandLine> = {
  'licenses import': { flags: ['model', 'pool'], argument: 'FILE' },
  'licenses stats': { flags: [] },
  'licenses remove-demo': { flags: [] },
  'console sign-in-link': { flags: ['email'] },
  doctor: { flags: ['format'] },
  backup: { flags: [], argument: 'PATH' },
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
  'orders unreadable': { flags: ['event'] },
  'orders dismiss': { flags: ['event'] },
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
  if (option === 'file') return `${name} needs a FILE to write to`
  if (option === 'order') return `${name} needs --order ID`
  if (option === 'event') return `${name} needs --event NO (see orders unreadable)`
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
        event: { type: 'string' },
        days: { type: 'string' },
        to: { type: 'string' },
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

  const [group, action, ...more] = positionals
  const given = FLAGS.filter((flag) => values[flag] !== undefined)
  if (group === 'restore') {
    const stray = given.find((flag) => flag !== 'yes')
    if (stray) throw new UsageError(`restore takes no --${stray}`)
    if (!action) throw new UsageError('restore needs the backup FILE')
    if (more.length) throw new UsageError(`unexpected argument "${more[0]}" for restore`)
    if (!values.yes)
      throw new UsageError(
        'restore writes a whole database into DATA_DIR or DATABASE_URL (which must be empty); add --yes to do it',
      )
    return { kind: 'restore', file: resolve(action) }
  }
  if (group === 'db' && action === 'copy') {
    const stray = given.find((flag) => flag !== 'to')
    if (stray) throw new UsageError(`db copy takes no --${stray}`)
    if (more.length) throw new UsageError(`unexpected argument "${more[0]}" for db copy`)
    if (!values.to || !/^postgres(ql)?:\/\/\S+$/.test(values.to))
      throw new UsageError(
        'db copy needs --to postgres://user:password@host:5432/db (an empty database)',
      )
    return { kind: 'db copy', to: values.to }
  }
  // A command of one word (funnel, doctor, backup) takes what follows as its argument.
  const oneWord = Object.hasOwn(COMMAND_LINES, group!)
  const name = oneWord ? group! : `${group} ${action ?? ''}`.trim()
  const rest = oneWord && action !== undefined ? [action, ...more] : more
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
    event: values.event,
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
    // Absolute, so a server answering over the console socket writes where the operator meant.
    if (line.argument === 'PATH' && argument !== undefined) candidate.file = resolve(argument)
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
