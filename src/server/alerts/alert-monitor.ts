/**
 * The alert monitor (docs/operations.md, "Alerts"): every few seconds it looks at what the
 * operator must hear about and was not raised where it happened: mail failing for longer than
 * ALERT_MAIL_FAILING_AFTER, dead mail, payment events that fail, the database away for more than
 * a minute, a burst of 5xx answers; it ends the episodes whose cause is gone (a pool refilled, a
 * breaker closed, a product mapped); it queues dead mail again once sending works; it announces
 * sales (NOTIFY_SALES); and it posts every episode's start and end to ALERT_WEBHOOK_URL, retried
 * with backoff, off any request's path. Any number of instances may run it: episodes and posts
 * are rows that one instance takes at a time.
 */
import { MODEL_LABELS, isModel } from '#src/common/models.ts'
import type { Db } from '../db/client.ts'
import type { Logger } from '../logger.ts'
import { isLowSupplyEpisodeOpen } from '../licenses/supply-watch.ts'
import { mailHealth, requeueDeadCanary, requeueRecentDeadMail } from '../mail/mail-queue.ts'
import { retryDelayMs } from '../mail/outbox-worker.ts'
import {
  hasUnmatchedOrders,
  isPaidPoolEpisodeOpen,
  countFailingWebhookEvents,
  isUnreadableEventKept,
} from '../orders/order-service.ts'
import { noticeNewSales } from '../orders/sale-notices.ts'
import { openBreakerEpisodeStart } from '../trials/claim-breaker.ts'
import { unreadableEventOfSubject } from '../orders/webhook-intake.ts'
import { claimDuePosts, listOpenEpisodes, markPostFailed, markPosted } from './alert-repository.ts'
import {
  raiseAlert,
  recordPastAlert,
  resolveAlert,
  type AlertKind,
  type AlertMail,
} from './alert-service.ts'
import { postAlert, type AlertPost } from './alert-webhook.ts'
import type { ServerErrorWindow } from './server-errors.ts'

interface AlertMonitorOptions {
  db: Db
  /** Throws when the database does not answer (Database.ping). */
  ping: () => Promise<void>
  logger: Logger
  mail: AlertMail
  /** ALERT_WEBHOOK_URL; null: alerts go by e-mail only. */
  webhookUrl: string | null
  /** Starts each posted text, so a shared channel shows which site speaks. */
  brand: string
  /** ALERT_MAIL_FAILING_AFTER. */
  mailFailingAfterMs: number
  serverErrors: ServerErrorWindow
  /** NOTIFY_SALES. */
  notifySales: boolean
  /** The outbox worker's kick, after the monitor queued e-mail. */
  onMailQueued?: () => void
  pollMs?: number
  /** How long the database may be away before database-down (a restart is not an outage). */
  databaseDownAfterMs?: number
  /** 5xx answers within the window (serverErrors) that raise server-errors. */
  serverErrorThreshold?: number
  postRetryBaseMs?: number
  postRetryMaxMs?: number
}

interface AlertMonitor {
  /** One look at everything, now; concurrent calls share the look in progress. */
  check(): Promise<void>
  stop(): Promise<void>
}

const POST_LEASE_MS = 60_000

function minutes(ms: number): string {
  return ms % 60_000 === 0 ? `${ms / 60_000} minutes` : `${Math.round(ms / 1000)} seconds`
}

const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`

/** The text of each kind's end, when the monitor sees its cause gone. */
function endedText(kind: string, subject: string): string | null {
  const label = isModel(subject) ? MODEL_LABELS[subject] : subject
  if (kind === 'low-supply')
    return `${label} trial keys: days of supply are back above LOW_SUPPLY_DAYS.`
  if (kind === 'claim-breaker')
    return `Claim breaker for ${label} closed: claims are back under CLAIM_BREAKER; requests get their keys at once again.`
  if (kind === 'paid-pool-empty')
    return `Paid ${label} keys were imported: waiting orders got theirs, oldest first.`
  if (kind === 'unmatched-product') return `No order of product ${subject} waits unmatched now.`
  // An unreadable payment event's own episode (orders/webhook-intake.ts), never 'processing'.
  const unreadable = kind === 'webhook-failed' ? unreadableEventOfSubject(subject) : null
  if (unreadable)
    return `The unreadable ${unreadable.provider} payment event ${unreadable.eventId} was dealt with: its row is deleted.`
  return null
}

export function startAlertMonitor(options: AlertMonitorOptions): AlertMonitor {
  const {
    db,
    logger,
    mail,
    webhookUrl,
    brand,
    mailFailingAfterMs,
    serverErrors,
    pollMs = 10_000,
    databaseDownAfterMs = 60_000,
    serverErrorThreshold = 10,
    postRetryBaseMs = 30_000,
    postRetryMaxMs = 15 * 60_000,
  } = options
  let stopped = false
  let running: Promise<void> | null = null
  let timer: NodeJS.Timeout | undefined
  /** The database's outage as this process sees it; it cannot be kept in the database. */
  let outage: { since: number; alerted: boolean; posted: boolean } | null = null

  const textOf = (post: AlertPost) =>
    `[${brand}] ${post.state === 'firing' ? 'Alert' : 'Resolved'} (${post.kind}): ${post.text}`

  const stopping = new AbortController()
  const post = (p: AlertPost) => postAlert(webhookUrl!, { ...p, text: textOf(p) }, stopping.signal)

  async function raise(kind: AlertKind, text: string, subject = ''): Promise<void> {
    const raised = await db.transaction((tx) => raiseAlert(tx, mail, { kind, subject, text }))
    if (!raised) return
    logger.error({ alert: kind, subject }, `alert: ${text}`)
    if (mail.operatorEmail) options.onMailQueued?.()
  }

  async function resolve(kind: AlertKind, text: string, subject = ''): Promise<void> {
    const resolved = await db.transaction((tx) => resolveAlert(tx, mail, { kind, subject, text }))
    if (!resolved) return
    logger.info({ alert: kind, subject }, `alert resolved: ${text}`)
    if (mail.operatorEmail) options.onMailQueued?.()
  }

  /** False while the database is away: nothing else can be looked at then. */
  async function checkDatabase(): Promise<boolean> {
    try {
      await options.ping()
    } catch (error) {
      const now = Date.now()
      outage ??= { since: now, alerted: false, posted: false }
      if (now - outage.since < databaseDownAfterMs) return false
      const text = `The database has not answered since ${utc(new Date(outage.since))}: trial requests, orders and e-mail wait for it.`
      if (!outage.alerted) {
        outage.alerted = true
        logger.error({ alert: 'database-down', err: error }, `alert: ${text}`)
      }
      // Posted from here, as it cannot be queued in the database; retried on each look.
      if (webhookUrl && !outage.posted) {
        try {
          await post({ kind: 'database-down', state: 'firing', text })
          outage.posted = true
        } catch (postError) {
          logger.warn({ err: postError }, 'posting the database-down alert failed; will retry')
        }
      }
      return false
    }
    if (outage) {
      const { since, alerted, posted } = outage
      if (alerted) {
        const startedAt = new Date(since)
        await db.transaction((tx) =>
          recordPastAlert(
            tx,
            mail,
            {
              kind: 'database-down',
              text: `The database did not answer from ${utc(startedAt)}.`,
              resolvedText: `It answers again since ${utc(new Date())}.`,
              startedAt,
            },
            posted,
          ),
        )
        logger.info({ alert: 'database-down' }, 'alert resolved: the database answers again')
        if (mail.operatorEmail) options.onMailQueued?.()
      }
      // Only now: had the record failed, the next look would try it again.
      outage = null
    }
    return true
  }

  async function checkMail(): Promise<void> {
    const health = await mailHealth(db)
    const now = Date.now()
    const failingLong =
      health.failingSince !== null &&
      now - health.failingSince.getTime() >= mailFailingAfterMs &&
      (health.lastSentAt === null || now - health.lastSentAt.getTime() >= mailFailingAfterMs)
    if (failingLong)
      await raise(
        'mail-failing',
        `E-mail sending has failed for more than ${minutes(mailFailingAfterMs)}: ${health.failing} messages wait to be retried` +
          `${health.lastSentAt ? `; the last one went out at ${utc(health.lastSentAt)}` : ''}.` +
          `${health.lastError ? ` Last error: ${health.lastError.slice(0, 200)}` : ''} Check SMTP_URL and the relay; npm run admin -- mail status.`,
      )
    // Ended by a message that went out, not by the failing ones giving up (that is mail-dead).
    else if (
      (health.lastSentAt !== null && now - health.lastSentAt.getTime() < mailFailingAfterMs) ||
      (health.failing === 0 && health.deadLastDay === 0)
    )
      await resolve(
        'mail-failing',
        health.lastSentAt
          ? `E-mail is going out again (last sent at ${utc(health.lastSentAt)}).`
          : 'No e-mail is waiting to be retried.',
      )
    if (health.deadLastDay > 0)
      await raise(
        'mail-dead',
        `${health.deadLastDay} e-mails gave up (dead) in the last 24 hours. Those younger than a day are queued again by themselves once a message goes out; or: npm run admin -- mail retry`,
      )
    else await resolve('mail-dead', 'No e-mail has given up in the last 24 hours now.')
  }

  async function checkWebhookEvents(): Promise<void> {
    const failing = await countFailingWebhookEvents(db)
    if (failing > 0)
      await raise(
        'webhook-failed',
        `${failing} payment events could not be processed; they are tried again with backoff. The log says why ("webhook event failed"); npm run admin -- orders list.`,
        'processing',
      )
    else await resolve('webhook-failed', 'Every stored payment event is processed.', 'processing')
  }

  async function checkServerErrors(): Promise<void> {
    const count = serverErrors.count()
    if (count >= serverErrorThreshold)
      await raise(
        'server-errors',
        `${count} server errors (5xx) within 5 minutes; the log has each one ("unhandled error", "database unavailable").`,
      )
    else if (count === 0) await resolve('server-errors', 'No server error for 5 minutes.')
  }

  /** Episodes raised where they happened end when their cause is gone. */
  async function endFinishedEpisodes(): Promise<void> {
    for (const episode of await listOpenEpisodes(db)) {
      const { kind, subject } = episode
      const text = endedText(kind, subject)
      if (!text) continue
      let open: boolean
      if (kind === 'low-supply') open = await isLowSupplyEpisodeOpen(db, subject)
      else if (kind === 'claim-breaker')
        open = isModel(subject) && (await openBreakerEpisodeStart(db, subject)) !== null
      else if (kind === 'paid-pool-empty') open = await isPaidPoolEpisodeOpen(db, subject)
      else if (kind === 'webhook-failed') {
        const event = unreadableEventOfSubject(subject)!
        open = await isUnreadableEventKept(db, event.provider, event.eventId)
      } else {
        const at = subject.indexOf(':')
        open = await hasUnmatchedOrders(db, subject.slice(0, at), subject.slice(at + 1))
      }
      if (!open) await resolve(kind as AlertKind, text, subject)
    }
  }

  async function retryDeadMail(): Promise<void> {
    const requeued = await requeueRecentDeadMail(db)
    if (requeued > 0) {
      logger.info({ messages: requeued }, 'dead e-mails queued again: sending works again')
      options.onMailQueued?.()
      return
    }
    if ((await requeueDeadCanary(db)) > 0) {
      logger.info('a dead e-mail is tried again, to learn whether sending works again')
      options.onMailQueued?.()
    }
  }

  async function noticeSales(): Promise<void> {
    if (!mail.operatorEmail) return
    const sales = await noticeNewSales(db, mail.operatorEmail, mail.messageIdDomain)
    if (sales) options.onMailQueued?.()
  }

  async function postDue(): Promise<void> {
    const due = await claimDuePosts(db, 10, POST_LEASE_MS)
    for (const episode of due) {
      try {
        if (!episode.firingPostedAt) {
          await post({ kind: episode.kind, state: 'firing', text: episode.text })
          await markPosted(db, episode.id, 'firing')
        }
        if (episode.endedAt) {
          await post({
            kind: episode.kind,
            state: 'resolved',
            text: episode.resolvedText ?? 'ended',
          })
          await markPosted(db, episode.id, 'resolved')
        }
      } catch (error) {
        const retryAt = new Date(
          Date.now() + retryDelayMs(episode.postAttempts, postRetryBaseMs, postRetryMaxMs),
        )
        const message = error instanceof Error ? error.message : String(error)
        logger.warn(
          { alert: episode.kind, attempts: episode.postAttempts, err: message, retryAt },
          'posting an alert to ALERT_WEBHOOK_URL failed; will retry',
        )
        await markPostFailed(db, episode.id, message, retryAt)
      }
    }
  }

  const steps: [string, () => Promise<void>][] = [
    ['mail', checkMail],
    ['dead mail', retryDeadMail],
    ['payment events', checkWebhookEvents],
    ['server errors', checkServerErrors],
    ['episodes', endFinishedEpisodes],
    ...(options.notifySales ? [['sales', noticeSales] as [string, () => Promise<void>]] : []),
    ...(webhookUrl ? [['webhook', postDue] as [string, () => Promise<void>]] : []),
  ]

  async function look(): Promise<void> {
    try {
      if (!(await checkDatabase())) return
    } catch (error) {
      logger.warn({ err: error }, 'alert monitor: recording the database outage failed')
      return
    }
    for (const [name, step] of steps) {
      if (stopped) return
      try {
        await step()
      } catch (error) {
        // One failing look (the database gone mid-way) leaves the others to the next.
        logger.warn({ err: error, step: name }, 'alert monitor: a check failed')
      }
    }
  }

  function check(): Promise<void> {
    running ??= look().finally(() => {
      running = null
    })
    return running
  }

  function schedule() {
    if (stopped) return
    timer = setTimeout(() => {
      void check().finally(schedule)
    }, pollMs)
    timer.unref()
  }
  schedule()

  return {
    check,
    async stop() {
      stopped = true
      clearTimeout(timer)
      stopping.abort()
      await running
    },
  }
}
