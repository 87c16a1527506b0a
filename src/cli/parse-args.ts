/** The admin CLI's command line (DESIGN.md §6): argv in, a command or a usage error out. */
import { parseArgs } from 'node:util'
import { isModel, MODELS, type Model } from '#src/common/models.ts'
import type { AdminCommand } from '#src/server/admin/admin-commands.ts'
import { normalizeOperatorEmail } from '#src/server/admin/operator-email.ts'

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  licenses import --model basic|advanced FILE
                             Load activation keys, one a line (blank lines and # comments
                             skipped); keys already in the pool are skipped and counted.
  licenses stats             Keys per model: available, assigned, revoked, demo.
  leads export [--format csv|json]
                             Every trial request to stdout (CSV by default, formula-safe).
  leads delete --email ADDRESS --yes
                             Delete one person's trial requests and e-mails (a deletion
                             request under the privacy policy). Refuses without --yes.
  waitlist list [--model basic|advanced]
                             Visitors waiting for a key, oldest first.
  waitlist notify --model basic|advanced
                             E-mail each waiting visitor of the model once, oldest first,
                             with a key while the pool lasts.
  mail status                Outbox counts and the messages not delivered yet.
  mail retry                 Queue failed and dead messages again.
  operators add EMAIL        Let EMAIL sign in to the console at /admin (a one-time link
                             is e-mailed when they ask for it).
  operators list             Who may sign in to the console.
  operators remove EMAIL     Take EMAIL's access away; their sessions end at once.

Options:
  -h, --help                 Show this help.

With the embedded database, a running server does the work over DATA_DIR/admin.sock;
otherwise (or with DATABASE_URL) the CLI opens the database itself.
Exit codes: 0 done, 1 failed, 2 wrong usage.
`

export class UsageError extends Error {}

/** What the CLI should do; an import still has to read its file. */
export type CliRequest =
  | { kind: 'help' }
  | { kind: 'command'; command: Exclude<AdminCommand, { name: 'licenses import' }> }
  | { kind: 'import'; model: Model; file: string }

function model(value: string | undefined, required: true): Model
function model(value: string | undefined, required: false): Model | undefined
function model(value: string | undefined, required: boolean): Model | undefined {
  if (value === undefined) {
    if (required) throw new UsageError(`--model is required (${MODELS.join(' or ')})`)
    return undefined
  }
  if (!isModel(value)) throw new UsageError(`unknown model "${value}"; use ${MODELS.join(' or ')}`)
  return value
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
  const allow = (flags: ('model' | 'format' | 'email' | 'yes')[], positionalCount = 0) => {
    for (const flag of ['model', 'format', 'email', 'yes'] as const) {
      if (values[flag] !== undefined && !flags.includes(flag))
        throw new UsageError(`${name} takes no --${flag}`)
    }
    if (rest.length > positionalCount)
      throw new UsageError(`unexpected argument "${rest[positionalCount]}" for ${name}`)
  }

  switch (name) {
    case 'licenses import': {
      allow(['model'], 1)
      const m = model(values.model, true)
      const file = rest[0]
      if (!file) throw new UsageError('licenses import needs a FILE with one key a line')
      return { kind: 'import', model: m, file }
    }
    case 'licenses stats':
    case 'mail status':
    case 'mail retry':
      allow([])
      return { kind: 'command', command: { name } }
    case 'leads export': {
      allow(['format'])
      const format = values.format ?? 'csv'
      if (format !== 'csv' && format !== 'json')
        throw new UsageError(`unknown format "${format}"; use csv or json`)
      return { kind: 'command', command: { name, format } }
    }
    case 'leads delete': {
      allow(['email', 'yes'])
      const email = values.email?.trim()
      if (!email || !email.includes('@')) throw new UsageError('leads delete needs --email ADDRESS')
      if (!values.yes)
        throw new UsageError(`leads delete removes ${email}'s data for good; add --yes to do it`)
      return { kind: 'command', command: { name, email } }
    }
    case 'waitlist list': {
      allow(['model'])
      const m = model(values.model, false)
      return { kind: 'command', command: m ? { name, model: m } : { name } }
    }
    case 'waitlist notify':
      allow(['model'])
      return { kind: 'command', command: { name, model: model(values.model, true) } }
    case 'operators list':
      allow([])
      return { kind: 'command', command: { name } }
    case 'operators add':
    case 'operators remove': {
      allow([], 1)
      if (!rest[0]) throw new UsageError(`${name} needs an EMAIL`)
      const email = normalizeOperatorEmail(rest[0])
      if (!email) throw new UsageError(`"${rest[0]}" is not an e-mail address`)
      return { kind: 'command', command: { name, email } }
    }
    default:
      throw new UsageError(`unknown command "${name}"`)
  }
}
