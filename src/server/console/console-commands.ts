/**
 * The operator's commands (docs/product.md, "Operator commands"), as plain functions over the
 * database. The CLI runs them directly, or, while a server holds the embedded database, asks that
 * server to run them over its console socket; both paths share this module, so they answer the same.
 * The commands and their options are defined in admin-command-schema.ts.
 */
import { maskEmail } from '#src/common/console-api.ts'
import { MODEL_LABELS, MODELS } from '#src/common/models.ts'
import { buildFunnel } from '../funnel/funnel-service.ts'
import { deletePersonData } from '../privacy/retention.ts'
import type { Db } from '../db/client.ts'
import { deleteOperator, insertOperator, listOperators } from './operator-repository.ts'
import {
  countMailByStatus,
  listUndeliveredMail,
  requeueMail,
  countSuppressions,
} from '../mail/mail-queue.ts'
import { listLeads, listWaitingSubmissions } from '../trials/trial-service.ts'
import {
  importLicenseKeys,
  KeyFileError,
  licenseStats,
  type LicenseCountsCache,
} from '../licenses/license-service.ts'
import type { RateLimit } from '../config.ts'
import {
  breakerStates,
  describeLimit,
  describeLimits,
  type BreakerState,
} from '../trials/claim-breaker.ts'
import { leadsToCsv, leadsToJson } from '../trials/leads-export.ts'
import { notifyWaitlist } from '../trials/waitlist-service.ts'
import {
  addInvoiceOrder,
  fulfilWaitingOrders,
  OrderCommandError,
  reprocessOrder,
  resendOrderKeys,
  listOrderKeys,
  listOrders,
  deleteUnreadableWebhookEvent,
  findUnreadableWebhookEvent,
  listUnreadableWebhookEvents,
  type OrderDeps,
  type UnreadableEventListing,
} from '../orders/order-service.ts'
import { ordersToCsv, ordersToJson } from '../orders/orders-export.ts'
import {
  exportPersonData,
  personExportCounts,
  personExportToCsv,
  personExportToJson,
} from '../privacy/person-export.ts'
import { CLI_ACTOR, recordAudit } from './audit-log.ts'
import { consoleRoutes } from '#src/common/paths.ts'
import { createSignInToken, SIGN_IN_LINK_MINUTES } from './console-auth.ts'
import { formatGoLiveReport, goLiveCheck, type GoLiveFacts } from './go-live-check.ts'
import { removeDemoLicenses } from '../licenses/license-service.ts'
import { BackupError, writeBackup, type BackupSecret } from '../db/backup.ts'
import type { ConsoleCommand } from './console-command-schema.ts'

/** Commands that change something or take data out: each run is written to the audit log. */
const AUDITED = new Set<ConsoleCommand['name']>([
  'licenses import',
  'leads export',
  'leads delete',
  'waitlist notify',
  'mail retry',
  'operators add',
  'operators remove',
  'orders list',
  'orders resend',
  'orders reprocess',
  'orders unreadable',
  'orders dismiss',
  'orders add',
  'licenses remove-demo',
  'console sign-in-link',
  'backup',
])

export interface ConsoleResult {
  exitCode: number
  stdout: string
  stderr: string
  /** True when the command queued e-mail, so whoever runs a worker should send it now. */
  mailQueued?: boolean
  /** The counts behind the message, for the console and the audit log. */
  data?: Record<string, unknown>
}

export interface ConsoleContext {
  db: Db
  messageIdDomain: string
  /** The server's license-count cache, dropped after an import or a notify. */
  counts?: LicenseCountsCache
  /** Where .eml files are written (DATA_DIR/mail), so a deletion removes them too. */
  mailDir?: string | null
  /** CLAIM_BREAKER, for `licenses stats`; absent or null shows it off. */
  claimBreaker?: RateLimit[] | null
  /** Who runs the command, for the audit log: an operator's address, or 'cli' (the default). */
  actor?: string
  /** The orders' settings (PAID_PRODUCTS, where alerts go); the orders commands need them. */
  orders?: OrderDeps
  /** PUBLIC_URL, the base of a printed sign-in link (`console sign-in-link`). */
  publicUrl?: string
  /** This install's configuration as the go-live check reads it (`doctor`). */
  goLive?: GoLiveFacts
  /** What a backup records about its source: which database, and the IP hash secret. */
  backup?: { source: 'embedded' | 'postgres'; ipHashSecret: BackupSecret | null }
}

/** The orders' dependencies: from the context, else what the database alone allows. */
function orderDeps(ctx: ConsoleContext): OrderDeps {
  if (!ctx.orders) throw new Error('the orders commands need the orders settings in their context')
  return ctx.orders
}

/** Plain-text table with aligned columns. */
function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd()
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n') + '\n'
}

/**
 * The claim breaker's state per model, for `licenses stats` (docs/product.md, "Trust under abuse").
 */
function describeBreakers(states: readonly BreakerState[], limits: RateLimit[] | null): string {
  if (!limits?.length) return 'Claim breaker: off (CLAIM_BREAKER=off).\n'
  const rows = states.map((s) => [
    MODEL_LABELS[s.model],
    `${s.claims} of ${s.limit.count}${limits.length > 1 ? ` per ${describeLimit(s.limit).split('/')[1]}` : ''}`,
    s.tripped
      ? `TRIPPED${s.since ? ` since ${iso(s.since)}` : ''}: requests need an e-mail confirmation`
      : 'closed: keys go out at once',
  ])
  return (
    `Claim breaker (CLAIM_BREAKER=${describeLimits(limits)}):\n` +
    formatTable(['Model', 'Claims in window', 'State'], rows)
  )
}

/**
 * `orders list`'s note of the payment events that could not be read (docs/operations.md,
 * "Payment events that cannot be read"); empty when there are none.
 */
function unreadableEventsTable(events: readonly UnreadableEventListing[]): string {
  if (events.length === 0) return ''
  const n = events.length
  return (
    `\n${n} payment event${n === 1 ? '' : 's'} could not be read: kept as received, not processed. ` +
    'Read one with orders unreadable --event NO.; record a payment among them by hand (orders add); then orders dismiss --event NO.\n' +
    formatTable(
      ['No.', 'Received', 'Provider', 'Event', 'Type', 'Unreadable'],
      events.map((e) => [
        String(e.id),
        iso(e.receivedAt),
        e.provider,
        e.eventId,
        e.eventType,
        `${e.reason} (${e.bytes} bytes)`,
      ]),
    )
  )
}

const ok = (stdout: string, extra: Partial<ConsoleResult> = {}): ConsoleResult => ({
  exitCode: 0,
  stdout,
  stderr: '',
  ...extra,
})
const fail = (stderr: string): ConsoleResult => ({ exitCode: 1, stdout: '', stderr })
const iso = (d: Date | null) => (d ? d.toISOString().replace(/\.\d{3}Z$/, 'Z') : '')

/**
 * Runs one command. The console calls this too (src/server/console/console-actions.ts), so the
 * CLI and the console run the same code and say the same thing.
 */
export async function executeConsoleCommand(
  ctx: ConsoleContext,
  command: ConsoleCommand,
): Promise<ConsoleResult> {
  const result = await execute(ctx, command)
  if (result.exitCode === 0 && AUDITED.has(command.name))
    await recordAudit(ctx.db, ctx.actor ?? CLI_ACTOR, command.name, result.data ?? {})
  return result
}

async function execute(ctx: ConsoleContext, command: ConsoleCommand): Promise<ConsoleResult> {
  switch (command.name) {
    case 'licenses import': {
      try {
        const batch = `import:${command.fileName}:${new Date().toISOString()}`
        const r = await importLicenseKeys(
          ctx.db,
          command.model,
          command.keysText,
          batch,
          command.pool,
        )
        ctx.counts?.invalidate()
        const paid = command.pool === 'paid'
        // Paid keys go to the orders waiting for them at once, oldest first.
        const fulfilled =
          paid && r.imported > 0 ? await fulfilWaitingOrders(orderDeps(ctx), command.model) : 0
        return ok(
          `Imported ${r.imported} ${paid ? 'paid ' : ''}${MODEL_LABELS[r.model]} key${r.imported === 1 ? '' : 's'} from ${command.fileName} ` +
            `(${r.read} read, ${r.duplicates} duplicate${r.duplicates === 1 ? '' : 's'} skipped).\n` +
            (fulfilled
              ? `${fulfilled} waiting order${fulfilled === 1 ? '' : 's'} fulfilled; their keys are e-mailed.\n`
              : ''),
          {
            data: { ...r, pool: command.pool, fileName: command.fileName, fulfilled },
            mailQueued: fulfilled > 0,
          },
        )
      } catch (error) {
        if (error instanceof KeyFileError)
          return { exitCode: 1, stdout: '', stderr: `${command.fileName}: ${error.message}\n` }
        throw error
      }
    }
    case 'licenses stats': {
      const stats = await licenseStats(ctx.db)
      const rows = MODELS.map((m) => {
        const s = stats[m]
        return [
          MODEL_LABELS[m],
          String(s.available),
          String(s.assigned),
          String(s.revoked),
          String(s.total),
          s.demoTotal ? `${s.demoAvailable} of ${s.demoTotal} available` : '',
        ]
      })
      let out = formatTable(
        ['Model', 'Available', 'Assigned', 'Revoked', 'Total', 'DEMO keys'],
        rows,
      )
      out =
        'Trial pool (trial requests):\n' +
        out +
        '\nPaid pool (orders):\n' +
        formatTable(
          ['Model', 'Available', 'Assigned', 'Revoked', 'Total'],
          MODELS.map((m) => {
            const p = stats[m].paid
            return [
              MODEL_LABELS[m],
              String(p.available),
              String(p.assigned),
              String(p.revoked),
              String(p.total),
            ]
          }),
        )
      const breakers = await breakerStates(ctx.db, ctx.claimBreaker ?? null)
      out += '\n' + describeBreakers(breakers, ctx.claimBreaker ?? null)
      if (MODELS.some((m) => stats[m].demoTotal > 0)) {
        out +=
          '\nDEMO keys were loaded on first start so the trial flow works out of the box; they activate nothing.\n' +
          'Real keys are handed out before demo keys. Import real keys with: npm run admin -- licenses import --model basic|advanced FILE\n'
      }
      return ok(out)
    }
    case 'leads export': {
      if (command.email) {
        const person = await exportPersonData(ctx.db, command.email)
        const out =
          command.format === 'json' ? personExportToJson(person) : personExportToCsv(person)
        // The audit log keeps that an export happened and how much it held, not whose.
        return ok(out, {
          data: {
            format: command.format,
            email: maskEmail(person.email),
            ...personExportCounts(person),
          },
        })
      }
      const leads = await listLeads(ctx.db)
      return ok(command.format === 'json' ? leadsToJson(leads) : leadsToCsv(leads), {
        data: { format: command.format, rows: leads.length },
      })
    }
    case 'waitlist list': {
      const waiting = await listWaitingSubmissions(ctx.db, command.model)
      if (waiting.length === 0) return ok('Nobody is waiting.\n')
      const rows = waiting.map((w) => [
        iso(w.createdAt),
        w.model,
        w.email,
        `${w.firstName} ${w.lastName}`,
        w.id,
      ])
      return ok(
        formatTable(['Since', 'Model', 'E-mail', 'Name', 'Submission'], rows) +
          `\n${waiting.length} waiting.\n`,
      )
    }
    case 'waitlist notify': {
      const r = await notifyWaitlist(ctx.db, command.model, ctx.messageIdDomain)
      if (r.withKey) ctx.counts?.invalidate()
      const total = r.withKey + r.withoutKey
      let out = `Notified ${total} waiting ${MODEL_LABELS[r.model]} visitor${total === 1 ? '' : 's'}: ${r.withKey} with a key, ${r.withoutKey} without (the pool ran out).\n`
      if (r.skipped) out += `${r.skipped} already held a valid key and were not e-mailed.\n`
      return ok(out, { mailQueued: total > 0, data: { ...r } })
    }
    case 'mail status': {
      const counts = await countMailByStatus(ctx.db)
      let out = formatTable(
        ['Status', 'Messages'],
        Object.entries(counts).map(([k, v]) => [k, String(v)]),
      )
      const undelivered = await listUndeliveredMail(ctx.db, 20)
      if (undelivered.length) {
        out +=
          '\nNot delivered yet (newest first, at most 20):\n' +
          formatTable(
            ['Status', 'Kind', 'To', 'Attempts', 'Next attempt', 'Last error'],
            undelivered.map((m) => [
              m.status,
              m.kind,
              m.to,
              String(m.attempts),
              m.status === 'dead' ? '' : iso(m.nextAttemptAt),
              (m.lastError ?? '').slice(0, 80),
            ]),
          )
      }
      if (counts.dead)
        out += `\n${counts.dead} dead: \`npm run admin -- mail retry\` queues them again.\n`
      const suppressed = await countSuppressions(ctx.db)
      if (suppressed)
        out += `\n${suppressed} address${suppressed === 1 ? ' is' : 'es are'} suppressed (refused for good); reminders and notices skip ${suppressed === 1 ? 'it' : 'them'}.\n`
      return ok(out)
    }
    case 'leads delete': {
      const r = await deletePersonData(ctx.db, command.email, { mailDir: ctx.mailDir })
      // The audit log keeps that a deletion happened, not whose: the address is masked.
      const data = { email: maskEmail(command.email.trim().toLowerCase()), ...r }
      if (
        r.submissions === 0 &&
        r.purchaseRequests === 0 &&
        r.orders === 0 &&
        r.mail === 0 &&
        r.files === 0 &&
        r.counters === 0 &&
        r.suppressions === 0
      )
        return ok(`No trial or purchase requests from ${command.email}.\n`, { data })
      const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
      const purchases =
        (r.purchaseRequests ? `, ${plural(r.purchaseRequests, 'purchase request')}` : '') +
        (r.orders ? `, the name and address of ${plural(r.orders, 'paid order')}` : '')
      return ok(
        `Deleted ${plural(r.submissions, 'trial request')}${purchases} and ${plural(r.mail, 'e-mail')} of ${command.email} ` +
          `(${plural(r.files, 'e-mail file')}, ${plural(r.counters, 'limit counter')}${r.suppressions ? ', its suppression-list entry' : ''}); keys they held stay in the pool's history without a name.\n`,
        { data },
      )
    }
    case 'funnel': {
      const report = await buildFunnel(ctx.db, command.days)
      if (command.format === 'json') return ok(JSON.stringify(report.sources, null, 2) + '\n')
      const rows = report.sources.map((r) => [
        r.source,
        String(r.visits),
        String(r.trials),
        String(r.keys),
        String(r.orders),
      ])
      return ok(
        `Funnel, last ${command.days} days (since ${report.since.slice(0, 10)}):\n` +
          formatTable(['source', 'visits', 'trials', 'keys', 'orders'], rows) +
          (rows.length ? '' : 'Nothing counted yet.\n'),
      )
    }
    case 'mail dkim-record':
      // The key is in the environment of whoever runs the CLI (src/cli/run-cli.ts answers it).
      return {
        exitCode: 1,
        stdout: '',
        stderr: 'mail dkim-record runs in the command line only.\n',
      }
    case 'mail retry': {
      const n = await requeueMail(ctx.db)
      return ok(`Queued ${n} failed or dead message${n === 1 ? '' : 's'} again.\n`, {
        mailQueued: n > 0,
        data: { requeued: n },
      })
    }
    case 'operators add': {
      const added = await insertOperator(ctx.db, command.email)
      return ok(
        added
          ? `Added operator ${command.email}; they sign in at /admin with a link e-mailed to them.\n`
          : `${command.email} is an operator already.\n`,
        { data: { email: command.email, added } },
      )
    }
    case 'operators list': {
      const list = await listOperators(ctx.db)
      if (list.length === 0)
        return ok('No operators yet. Add one with: npm run admin -- operators add EMAIL\n')
      return ok(
        formatTable(
          ['E-mail', 'Added'],
          list.map((o) => [o.email, iso(o.addedAt)]),
        ) + `\n${list.length} operator${list.length === 1 ? '' : 's'}.\n`,
      )
    }
    case 'orders list': {
      const list = await listOrders(ctx.db, command.status)
      const listings = await Promise.all(
        list.map(async (order) => ({
          order,
          keys: (await listOrderKeys(ctx.db, order.id)).map((k) => k.activationKey),
        })),
      )
      const data = { format: command.format, status: command.status ?? null, rows: list.length }
      if (command.format === 'json') return ok(ordersToJson(listings), { data })
      if (command.format === 'csv') return ok(ordersToCsv(listings), { data })
      // Payment events that never became an order because they could not be read.
      const unreadable = command.status
        ? ''
        : unreadableEventsTable(await listUnreadableWebhookEvents(ctx.db))
      if (list.length === 0)
        return ok(
          (command.status ? `No ${command.status} orders.\n` : 'No paid orders yet.\n') +
            unreadable,
          { data },
        )
      const money = (minor: number | null, currency: string | null) =>
        minor === null ? '' : `${(minor / 100).toFixed(2)} ${(currency ?? '').toUpperCase()}`.trim()
      return ok(
        formatTable(
          [
            'Created',
            'Reference',
            'Provider',
            'Status',
            'Model',
            'Keys',
            'Amount',
            'E-mail',
            'Order',
          ],
          listings.map(({ order, keys }) => [
            iso(order.createdAt),
            order.reference,
            order.provider,
            order.status,
            order.model ? MODEL_LABELS[order.model] : '',
            `${keys.length} of ${order.quantity}`,
            money(order.amountMinor, order.currency),
            order.email ? maskEmail(order.email) : '',
            order.id,
          ]),
        ) +
          `\n${list.length} order${list.length === 1 ? '' : 's'}. Keys and full addresses: --format csv or json.\n` +
          unreadable,
        { data },
      )
    }
    case 'orders unreadable': {
      if (!command.event) {
        const events = await listUnreadableWebhookEvents(ctx.db)
        return ok(
          events.length === 0
            ? 'No payment event that could not be read.\n'
            : unreadableEventsTable(events).trimStart(),
        )
      }
      const event = await findUnreadableWebhookEvent(ctx.db, Number(command.event))
      if (!event)
        return fail(`No unreadable payment event ${command.event} (see orders unreadable).\n`)
      // As received; what a terminal would act on (control characters) is shown escaped.
      const body = event.body.toString('utf8').replace(
        // eslint-disable-next-line no-control-regex
        /[\u0000-\u0008\u000b-\u001f\u007f]/g,
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      )
      return ok(
        `${event.provider} event ${event.eventId} (${event.eventType}), received ${iso(event.receivedAt)}: ${event.reason}.\n` +
          `Its body as received (${event.bytes} bytes; it may name the buyer):\n${body}\n`,
        { data: { event: event.id } },
      )
    }
    case 'orders dismiss': {
      if (!(await deleteUnreadableWebhookEvent(ctx.db, Number(command.event))))
        return fail(`No unreadable payment event ${command.event} (see orders unreadable).\n`)
      return ok(
        `Payment event ${command.event} deleted; its webhook-failed alert ends at the monitor's next check.\n`,
        { data: { event: Number(command.event) } },
      )
    }
    case 'orders resend':
    case 'orders reprocess':
    case 'orders add': {
      try {
        const deps = orderDeps(ctx)
        if (command.name === 'orders resend') {
          const order = await resendOrderKeys(deps, command.order)
          return ok(`Sent the keys of order ${order.reference} again.\n`, {
            mailQueued: true,
            data: { order: order.id },
          })
        }
        if (command.name === 'orders reprocess') {
          const order = await reprocessOrder(deps, command.order)
          return ok(`Order ${order.reference}: ${order.status}.\n`, {
            mailQueued: order.status !== 'unmatched',
            data: { order: order.id, status: order.status },
          })
        }
        const order = await addInvoiceOrder(deps, {
          email: command.email,
          name: command.buyerName,
          model: command.model,
          quantity: command.quantity,
          reference: command.reference,
        })
        return ok(
          `Recorded invoice ${order.reference} (${MODEL_LABELS[command.model]}, ${order.quantity} key${order.quantity === 1 ? '' : 's'}): ${order.status}.\n`,
          {
            mailQueued: true,
            data: { order: order.id, status: order.status, reference: order.reference },
          },
        )
      } catch (error) {
        if (error instanceof OrderCommandError)
          return { exitCode: 1, stdout: '', stderr: `${error.message}\n` }
        throw error
      }
    }
    case 'licenses remove-demo': {
      const removed = await removeDemoLicenses(ctx.db)
      ctx.counts?.invalidate()
      const total = MODELS.reduce((n, m) => n + removed[m], 0)
      const each = MODELS.map((m) => `${removed[m]} ${MODEL_LABELS[m]}`).join(', ')
      return ok(
        total === 0
          ? 'No demo keys left to remove.\n'
          : `Removed ${total} demo key${total === 1 ? '' : 's'} that were still available (${each}); demo keys already given to visitors stay.\n`,
        { data: { removed: total, ...removed } },
      )
    }
    case 'console sign-in-link': {
      const token = await createSignInToken(ctx.db, command.email)
      if (!token)
        return {
          exitCode: 1,
          stdout: '',
          stderr: `${command.email} is not an operator; add them first: npm run admin -- operators add ${command.email}\n`,
        }
      const base = (ctx.publicUrl ?? '').replace(/\/+$/, '')
      return ok(
        `${base}${consoleRoutes.signInLink(token)}\n` +
          `Sign-in link for ${command.email}: usable once, for ${SIGN_IN_LINK_MINUTES} minutes. Open it in the browser that should be signed in.\n`,
        { data: { email: command.email } },
      )
    }
    case 'doctor': {
      if (!ctx.goLive) throw new Error('doctor needs the configuration in its context')
      const report = await goLiveCheck(ctx.db, ctx.goLive)
      return {
        exitCode: report.blockers.length ? 1 : 0,
        stdout:
          command.format === 'json'
            ? JSON.stringify(report, null, 2) + '\n'
            : formatGoLiveReport(report),
        stderr: '',
      }
    }
    case 'backup': {
      if (!ctx.backup) throw new Error('backup needs its source in its context')
      try {
        const r = await writeBackup(ctx.db, command.file, ctx.backup)
        const secret = ctx.backup.ipHashSecret
        return ok(
          `Backed up ${r.rows} row${r.rows === 1 ? '' : 's'} of ${r.tables} tables to ${command.file}` +
            (secret
              ? `, with the IP hash secret (from ${secret.from === 'file' ? 'DATA_DIR/ip-hash-secret' : 'IP_HASH_SECRET'}).`
              : '; no IP hash secret was found to include.') +
            '\nIt holds every lead and that secret: keep it as safe as the database.\n',
          { data: { file: command.file, tables: r.tables, rows: r.rows } },
        )
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        if (code === 'EEXIST')
          return {
            exitCode: 1,
            stdout: '',
            stderr: `${command.file} exists (or a backup to it is under way); choose a new name\n`,
          }
        if (code === 'ENOENT' || code === 'EACCES' || code === 'ENOTDIR')
          return {
            exitCode: 1,
            stdout: '',
            stderr: `cannot write ${command.file}: ${code === 'EACCES' ? 'permission denied' : 'no such folder'}\n`,
          }
        if (error instanceof BackupError)
          return { exitCode: 1, stdout: '', stderr: `${error.message}\n` }
        throw error
      }
    }
    case 'operators remove': {
      const removed = await deleteOperator(ctx.db, command.email)
      if (!removed)
        return { exitCode: 1, stdout: '', stderr: `${command.email} is not an operator.\n` }
      return ok(`Removed operator ${command.email}; their sessions and sign-in links ended.\n`, {
        data: { email: command.email },
      })
    }
  }
}
