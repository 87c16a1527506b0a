/**
 * Trial reminders (TRIAL_REMINDERS, default `3d,0d`): for each trial key handed out, a notice
 * some days before the trial ends and on the day, each once. A pass schedules the reminders
 * that come due within about a day (not every key's rows when it is handed out), then claims
 * the due ones a batch at a time (SKIP LOCKED, so several instances share the work) and, in the
 * claim's transaction, queues their e-mails in the outbox or records why each was skipped: a few
 * statements per batch of 500, not per reminder, so the first pass on a database that already
 * holds 100,000 trials takes seconds. It runs at start and every 30 seconds, so a due reminder
 * goes out within a minute; one whose moment passed a day or more ago (the site was down) is
 * skipped.
 */
import { TRIAL_VALID_DAYS } from '#src/common/models.ts'
import type { Db } from '../db/client.ts'
import { randomUUID } from 'node:crypto'
import { hashToken, newToken } from '../guard/tokens.ts'
import { enqueueMails, type NewMail } from '../mail/mail-queue.ts'
import {
  analyzeReminders,
  claimDueReminders,
  markRemindersSent,
  markRemindersSkipped,
  scheduleReminders,
  skipStaleReminders,
  stopRemindersByToken,
  type SentReminder,
} from './reminder-repository.ts'
import type { Logger } from '../logger.ts'
import type { ReminderMailPayload } from '../mail/payloads.ts'

export interface ReminderDeps {
  db: Db
  /** Days before a trial's end (TRIAL_REMINDERS); empty: off. */
  offsets: readonly number[]
  messageIdDomain: string
  logger: Logger
  onMailQueued?: () => void
}

/** Reminders claimed, and their rows locked, per transaction. */
const BATCH = 500
const REMINDER_INTERVAL_MS = 30_000
/** Rows written by one scheduling after which the planner's statistics are refreshed. */
const ANALYZE_AFTER_ROWS = 2_000

/**
 * "Stop these reminders" with the link's token (256 random bits; only its hash is kept): true
 * when it stopped a reminder's trial, false for a token that names none.
 */
export function stopReminders(db: Db, token: string): Promise<boolean> {
  return stopRemindersByToken(db, hashToken(token))
}

/** One pass at `now`. Returns how many reminders were queued and skipped. */
export async function runReminderPass(
  deps: ReminderDeps,
  now = new Date(),
): Promise<{ scheduled: number; queued: number; skipped: number }> {
  const totals = { scheduled: 0, queued: 0, skipped: 0 }
  if (deps.offsets.length === 0) return totals
  const scheduled = await scheduleReminders(deps.db, deps.offsets, TRIAL_VALID_DAYS, now)
  totals.scheduled = scheduled.scheduled
  if (scheduled.scheduled + scheduled.stale >= ANALYZE_AFTER_ROWS) await analyzeReminders(deps.db)
  // The stale ones in one statement (after the site was down), not one by one.
  totals.skipped = scheduled.stale + (await skipStaleReminders(deps.db, now))
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const due = await claimDueReminders(tx, now, BATCH)
      const skipped: { license_id: string; offset_days: number; reason: string }[] = []
      const sent: SentReminder[] = []
      const mails: (NewMail & { id: string })[] = []
      for (const r of due) {
        if (r.skip || !r.email) {
          skipped.push({
            license_id: r.license_id,
            offset_days: r.offset_days,
            reason: r.skip ?? 'gone',
          })
          continue
        }
        const { token: stopToken, hash: stopHash } = newToken()
        const payload: ReminderMailPayload = {
          firstName: r.first_name ?? '',
          lastName: r.last_name ?? '',
          model: r.model,
          endsAt: new Date(r.ends_at).toISOString(),
          today: r.offset_days === 0,
          stopToken,
        }
        const outboxId = randomUUID()
        sent.push({
          license_id: r.license_id,
          offset_days: r.offset_days,
          outbox_id: outboxId,
          stop_token_hash: stopHash,
        })
        mails.push({
          id: outboxId,
          kind: 'trial-reminder',
          to: r.email,
          payload: { ...payload },
          submissionId: r.submission_id,
          messageIdDomain: deps.messageIdDomain,
        })
      }
      await markRemindersSkipped(tx, skipped, now)
      // A batch in two statements, not one per reminder: the first pass after an upgrade or a
      // long downtime may find thousands due. Only the reminders this pass moved to sent get
      // their e-mail.
      const moved = await markRemindersSent(tx, sent, now)
      const queued = mails.filter((m) => moved.has(m.id))
      await enqueueMails(tx, queued)
      return { claimed: due.length, queued: queued.length, skipped: skipped.length }
    })
    totals.queued += batch.queued
    totals.skipped += batch.skipped
    if (batch.claimed < BATCH) break
  }
  if (totals.queued) deps.onMailQueued?.()
  if (totals.queued || totals.skipped)
    deps.logger.info(totals, 'trial reminders: queued and skipped')
  return totals
}

/** Runs a pass now and every REMINDER_INTERVAL_MS until stopped. Nothing when off. */
export function startReminderScheduler(
  deps: ReminderDeps,
  intervalMs = REMINDER_INTERVAL_MS,
): { stop(): Promise<void> } {
  if (deps.offsets.length === 0) {
    deps.logger.info('TRIAL_REMINDERS=off: no trial reminders are sent')
    return { stop: async () => {} }
  }
  let running: Promise<unknown> = Promise.resolve()
  let stopped = false
  const tick = () => {
    running = runReminderPass(deps).catch((error: unknown) =>
      deps.logger.warn({ err: (error as Error).message }, 'trial reminder pass failed'),
    )
  }
  tick()
  const timer = setInterval(() => {
    if (!stopped) void running.then(tick)
  }, intervalMs)
  timer.unref()
  return {
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
