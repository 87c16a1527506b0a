/**
 * Alerts (docs/operations.md, "Alerts"): every condition the operator must hear about goes
 * through here, so each kind reaches both OPERATOR_EMAIL and ALERT_WEBHOOK_URL, once when its
 * episode starts and once when it ends. An episode is a row in alert_episodes (one open per kind
 * and subject), so several instances that notice the same thing send one alert. The e-mail is
 * queued in the caller's transaction; the webhook post is made by the alert monitor
 * (alert-monitor.ts), retried there, and never waits in a request.
 */
import type { Db } from '../db/client.ts'
import { enqueueMail, type MailKind } from '../mail/mail-queue.ts'
import type { AlertMailPayload } from '../mail/payloads.ts'
import {
  closeEpisode,
  deleteEndedEpisodesBefore,
  insertEndedEpisode,
  openEpisode,
} from './alert-repository.ts'

/** The kinds, as the webhook's `kind` and the e-mail's subject name them. */
export type AlertKind =
  | 'mail-failing'
  | 'mail-dead'
  | 'webhook-failed'
  | 'database-down'
  | 'server-errors'
  | 'low-supply'
  | 'claim-breaker'
  | 'paid-pool-empty'
  | 'unmatched-product'
  | 'order-needs-review'

/** Where an alert's e-mail goes: OPERATOR_EMAIL (null: the webhook alone). */
export interface AlertMail {
  operatorEmail: string | null
  messageIdDomain: string
}

interface Alert {
  kind: AlertKind
  /**
   * What the episode is about, when a kind can be open for several things at once: a model, a
   * product (`stripe:plink_1Ab`), an order reference. Never an e-mail address, key or token.
   */
  subject?: string
  /** One or two sentences a person acts on; the webhook's `text` and the e-mail's body. */
  text: string
  /**
   * The e-mail to send instead of the plain one with `text`, for kinds that had a detailed
   * e-mail of their own before the webhook existed (the low-supply and breaker figures).
   */
  mail?: { kind: MailKind; payload: Record<string, unknown> }
}

/**
 * Starts an episode of `alert.kind` for `alert.subject` and queues its e-mail, in `tx`; true when
 * it started now, false when that episode was open already (nothing is sent twice).
 */
export async function raiseAlert(tx: Db, mail: AlertMail, alert: Alert): Promise<boolean> {
  if (!(await openEpisode(tx, alert.kind, alert.subject ?? '', alert.text))) return false
  if (mail.operatorEmail) {
    const payload: AlertMailPayload = { kind: alert.kind, state: 'firing', text: alert.text }
    await enqueueMail(tx, {
      kind: alert.mail?.kind ?? 'alert',
      to: mail.operatorEmail,
      payload: alert.mail?.payload ?? { ...payload },
      messageIdDomain: mail.messageIdDomain,
    })
  }
  return true
}

/**
 * Ends the open episode of `kind` for `subject` and queues the e-mail saying so, in `tx`; false
 * when none was open.
 */
export async function resolveAlert(
  tx: Db,
  mail: AlertMail,
  alert: { kind: AlertKind; subject?: string; text: string },
): Promise<boolean> {
  if (!(await closeEpisode(tx, alert.kind, alert.subject ?? '', alert.text))) return false
  if (mail.operatorEmail) {
    const payload: AlertMailPayload = { kind: alert.kind, state: 'resolved', text: alert.text }
    await enqueueMail(tx, {
      kind: 'alert',
      to: mail.operatorEmail,
      payload: { ...payload },
      messageIdDomain: mail.messageIdDomain,
    })
  }
  return true
}

/**
 * An episode that began and ended while the database could not record it (database-down): kept
 * now that it answers, with the e-mail saying when it was; the monitor posts its end (and its
 * start, when that post did not get through while it lasted).
 */
export async function recordPastAlert(
  tx: Db,
  mail: AlertMail,
  alert: { kind: AlertKind; text: string; resolvedText: string; startedAt: Date },
  firingPosted: boolean,
): Promise<void> {
  await insertEndedEpisode(tx, { ...alert, firingPosted })
  if (mail.operatorEmail) {
    const payload: AlertMailPayload = {
      kind: alert.kind,
      state: 'resolved',
      text: `${alert.text} ${alert.resolvedText}`,
    }
    await enqueueMail(tx, {
      kind: 'alert',
      to: mail.operatorEmail,
      payload: { ...payload },
      messageIdDomain: mail.messageIdDomain,
    })
  }
}

/** Retention: forgets the alert episodes that ended more than `years` ago (privacy/retention.ts). */
export async function pruneEndedAlerts(tx: Db, now: Date, years: number): Promise<number> {
  return deleteEndedEpisodesBefore(tx, now, years)
}
