/**
 * Delivers mail_outbox rows (docs/architecture.md, "The outbox"). Each pass claims due rows with
 * SKIP LOCKED (so any number of instances can run it), records the attempt before sending, and on
 * failure schedules the next try with exponential backoff, or marks the row dead after maxAttempts.
 * kick() starts a pass at once, so a visitor's e-mail does not wait for the next poll; while the
 * process is answering requests (`busy`), each pass first waits for a gap, up to maxYieldMs.
 */
import { randomUUID } from 'node:crypto'
import type { Db } from '../db/client.ts'
import { runKeyResends } from '../trials/key-resend-service.ts'
import { claimDueMail, markMailFailed, markMailSent, renewMailLeases } from './outbox-repository.ts'
import type { OutboxRow } from '../db/schema.ts'
import type { Logger } from '../logger.ts'
import { waitForGap } from '../request-gauge.ts'
import { isSuppressed, suppressAddress } from './suppression-repository.ts'
import { canonicalEmail, maskEmailsIn } from '../guard/email-identity.ts'
import type { MailIdentity } from './mail-identity.ts'
import type { MailSettings } from './payloads.ts'
import { renderOutboxMail, UnknownMailError } from './templates.ts'
import { SMTP_CONNECTIONS, type MailTransport } from './transport.ts'

export interface OutboxWorkerOptions {
  db: Db
  transport: MailTransport
  identity: MailIdentity
  settings: MailSettings
  logger: Logger
  /** How often to look for due rows when nobody kicks. */
  pollMs?: number
  batchSize?: number
  /** Messages sent at once within a batch. */
  concurrency?: number
  maxAttempts?: number
  retryBaseMs?: number
  retryMaxMs?: number
  /**
   * How long a claimed row is ours before another worker may take it over. Short, and renewed every
   * renewMs while the message is being sent, so a crashed worker's rows come free soon
   * (docs/product.md, "Trust under abuse": within 30 s of a restart) and a slow send is never taken
   * over.
   */
  leaseMs?: number
  renewMs?: number
  /** Who holds the leases this worker takes; one per worker. */
  leaseOwner?: string
  /**
   * True while this process answers requests (request-gauge.ts): the worker then waits for a
   * gap before each batch, up to maxYieldMs, so e-mail never takes the CPU from a visitor.
   */
  busy?: () => boolean
  maxYieldMs?: number
}

export interface OutboxWorker {
  /** Starts a pass soon, e.g. after a submission queued a message. */
  kick(): void
  /** Runs passes until nothing is due; resolves with how many messages were handled. */
  drain(): Promise<number>
  /** Stops after the pass in progress. */
  stop(): Promise<void>
}

// Read by outbox-lease.test.ts through a dynamic import, which the checker does not follow.
// ts-unused-exports:disable-next-line
export const OUTBOX_DEFAULTS = {
  pollMs: 2_000,
  batchSize: 20,
  concurrency: SMTP_CONNECTIONS,
  maxAttempts: 8,
  retryBaseMs: 30_000,
  retryMaxMs: 3_600_000,
  leaseMs: 15_000,
  renewMs: 5_000,
  busy: () => false,
  maxYieldMs: 1_000,
} as const

/** Delay before attempt n+1 after n failed attempts: base, 2x, 4x ... capped, with 10% jitter. */
export function retryDelayMs(
  attempts: number,
  baseMs: number,
  maxMs: number,
  random = Math.random,
): number {
  const exp = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1))
  return Math.round(exp * (1 + random() * 0.1))
}

/** An error as logged and stored: addresses in SMTP answers (`550 <ann@…>`) masked. */
function errorText(error: unknown): string {
  if (error instanceof Error) return maskEmailsIn(error.message || error.name)
  return maskEmailsIn(String(error))
}

function withDefaults(options: OutboxWorkerOptions): Required<OutboxWorkerOptions> {
  const defined = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined))
  return {
    ...OUTBOX_DEFAULTS,
    renewMs: Math.max(50, Math.floor((options.leaseMs ?? OUTBOX_DEFAULTS.leaseMs) / 3)),
    leaseOwner: randomUUID(),
    ...defined,
  } as Required<OutboxWorkerOptions>
}

/**
 * Sent marks, written together: the first message sent is marked at once, and those sent while that
 * statement runs are marked by the next one, and so on (as a database groups commits). A busy
 * worker writes one statement per several messages instead of one each; a quiet one marks each
 * message as soon as it is sent. A failed write is kept and rethrown by `settled`; its rows keep
 * their lease until it lapses and are sent again then (at least once, docs/architecture.md,
 * "The outbox").
 */
function sentMarks(db: Db, onMarked: (ids: readonly string[]) => void) {
  let queued: string[] = []
  let writing: Promise<void> | null = null
  let failure: unknown = null
  const write = async () => {
    while (queued.length > 0) {
      const ids = queued
      queued = []
      try {
        await markMailSent(db, ids)
      } catch (error) {
        failure ??= error
      }
      onMarked(ids)
    }
    writing = null
  }
  return {
    add(id: string) {
      queued.push(id)
      writing ??= write()
    },
    /** Resolves when every mark added so far is written; rejects if any write failed. */
    async settled() {
      while (writing) await writing
      if (failure) throw failure
    },
  }
}

/**
 * Kinds that are notices rather than the key someone just asked for: they are not sent to an
 * address on the suppression list (a reminder, a waitlist notice or its confirmation).
 */
const SUPPRESSIBLE_KINDS = new Set(['trial-reminder', 'waitlist', 'waitlist-joined'])

/**
 * A refusal that will not change on a retry, of this recipient: a 5xx answer to RCPT TO, or a
 * 5.1.x (no such mailbox or domain) or 5.2.1 (mailbox disabled) status after the message. A
 * 5xx for other reasons (our authentication, a policy about the content) is not the address's.
 */
function permanentRecipientFailure(error: unknown): boolean {
  const e = error as { responseCode?: unknown; command?: unknown; response?: unknown }
  const code = typeof e?.responseCode === 'number' ? e.responseCode : 0
  if (code < 500 || code > 599) return false
  if (typeof e.command === 'string' && /^RCPT/i.test(e.command)) return true
  return typeof e.response === 'string' && /\b5\.(1\.\d|2\.1)\b/.test(e.response)
}

/** One message: render, send, and on failure record it. Never throws for a send failure. */
async function deliver(
  row: OutboxRow,
  o: Required<OutboxWorkerOptions>,
): Promise<'sent' | 'failed' | 'dead'> {
  let where: string
  if (SUPPRESSIBLE_KINDS.has(row.kind) && (await isSuppressed(o.db, canonicalEmail(row.to)))) {
    await markMailFailed(o.db, row.id, 'not sent: the address is on the suppression list', null)
    o.logger.info({ outboxId: row.id, kind: row.kind }, 'e-mail skipped: address suppressed')
    return 'dead'
  }
  try {
    const rendered = renderOutboxMail(row.kind, row.payload, o.settings, o.identity.publicUrl)
    const name = [row.payload.firstName, row.payload.lastName]
      .filter((v) => typeof v === 'string')
      .join(' ')
    const { replyTo, ...content } = rendered
    where = await o.transport.send({
      from: o.identity.from,
      replyTo: replyTo ?? o.identity.replyTo,
      to: { name, address: row.to },
      messageId: row.messageId,
      ...content,
    })
  } catch (error) {
    const refused = permanentRecipientFailure(error)
    if (refused) {
      // Retrying cannot help, and notices to this address stop from now on.
      await suppressAddress(o.db, row.to, canonicalEmail(row.to), errorText(error))
      o.logger.warn(
        { outboxId: row.id, kind: row.kind, err: errorText(error) },
        'address refused permanently: put on the suppression list',
      )
    }
    const permanent = refused || error instanceof UnknownMailError
    const dead = permanent || row.attempts >= o.maxAttempts
    const retryAt = dead
      ? null
      : new Date(Date.now() + retryDelayMs(row.attempts, o.retryBaseMs, o.retryMaxMs))
    await markMailFailed(o.db, row.id, errorText(error), retryAt)
    const log = { outboxId: row.id, kind: row.kind, attempts: row.attempts, err: errorText(error) }
    if (dead)
      o.logger.error(log, 'e-mail gave up (dead); `npm run admin -- mail retry` queues it again')
    else o.logger.warn({ ...log, retryAt }, 'e-mail failed; will retry')
    return dead ? 'dead' : 'failed'
  }
  o.logger.info(
    {
      outboxId: row.id,
      kind: row.kind,
      messageId: row.messageId,
      via: o.transport.kind,
      where,
    },
    'e-mail sent',
  )
  return 'sent'
}

/**
 * Waiting key resends (decision 21) become e-mails in the outbox before the pass claims its
 * batch, so they go out in the same pass. A failure is logged; the requests wait for the next.
 */
async function queueKeyResends(o: Required<OutboxWorkerOptions>): Promise<void> {
  try {
    const queued = await runKeyResends(o.db, {
      batch: o.batchSize,
      messageIdDomain: o.identity.messageIdDomain,
    })
    if (queued > 0) o.logger.info({ queued }, 'key resends queued')
  } catch (error) {
    o.logger.warn({ err: errorText(error) }, 'running key resends failed; will retry')
  }
}

/** One pass: claim a batch and deliver it. Returns the number of rows claimed. */
export async function runOutboxPass(options: OutboxWorkerOptions): Promise<number> {
  const o = withDefaults(options)
  await queueKeyResends(o)
  const rows = await claimDueMail(o.db, o.batchSize, o.leaseMs, o.leaseOwner)
  if (rows.length === 0) return 0
  // Rows claimed and not yet marked: their leases are renewed until they are.
  const held = new Set(rows.map((r) => r.id))
  const renewal = setInterval(() => {
    renewMailLeases(o.db, [...held], o.leaseOwner, o.leaseMs).catch((error: unknown) =>
      o.logger.warn({ err: errorText(error) }, 'renewing mail leases failed'),
    )
  }, o.renewMs)
  const marks = sentMarks(o.db, (ids) => ids.forEach((id) => held.delete(id)))
  let next = 0
  // Each message also waits for a gap in the requests (it renders on this thread), for a share
  // of maxYieldMs: under load that never eases, a batch still goes out within about maxYieldMs.
  const messageYieldMs = (o.maxYieldMs * o.concurrency) / o.batchSize
  const lanes = Array.from({ length: Math.min(o.concurrency, rows.length) }, async () => {
    while (next < rows.length) {
      await waitForGap(o.busy, messageYieldMs)
      if (next >= rows.length) break
      const row = rows[next++]!
      let outcome: Awaited<ReturnType<typeof deliver>> | null = null
      try {
        outcome = await deliver(row, o)
      } finally {
        if (outcome === 'sent') marks.add(row.id)
        else held.delete(row.id)
      }
    }
  })
  try {
    await Promise.all(lanes)
  } finally {
    try {
      await marks.settled()
    } finally {
      clearInterval(renewal)
    }
  }
  return rows.length
}

export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  // One lease owner for the worker's life, so each pass renews only what this worker holds.
  const o = withDefaults(options)
  let stopped = false
  let wake: (() => void) | null = null
  let kicked = false
  let errorStreak = 0

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        wake = null
        resolve()
      }
      wake = done
    })

  // Waits for a moment without requests (or maxYieldMs); a stop ends the wait, a kick does not.
  const yieldToRequests = () => waitForGap(o.busy, o.maxYieldMs, () => stopped)

  const loop = (async () => {
    while (!stopped) {
      kicked = false
      await yieldToRequests()
      if (stopped) break
      let claimed = 0
      try {
        claimed = await runOutboxPass(o)
        errorStreak = 0
      } catch (error) {
        // The database is away (restart, network): wait longer each time, up to a minute.
        errorStreak++
        o.logger.warn({ err: errorText(error), streak: errorStreak }, 'outbox pass failed')
      }
      if (stopped) break
      if (claimed === o.batchSize || kicked) continue
      await sleep(errorStreak ? Math.min(60_000, o.pollMs * 2 ** errorStreak) : o.pollMs)
    }
  })()

  return {
    kick() {
      kicked = true
      wake?.()
    },
    async drain() {
      let total = 0
      for (;;) {
        const n = await runOutboxPass(o)
        total += n
        if (n < o.batchSize) return total
      }
    },
    async stop() {
      stopped = true
      wake?.()
      await loop
    },
  }
}
