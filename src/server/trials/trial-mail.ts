/**
 * The trial key e-mail, queued in the caller's transaction: the one place its payload is built
 * (mail/payloads.ts TrialMailPayload; templates.ts renders it). Used by a trial request, its
 * confirmation, a key resend and an address correction.
 */
import type { Model } from '#src/common/models.ts'
import type { Db } from '../db/client.ts'
import { enqueueMail } from '../mail/mail-queue.ts'
import type { TrialMailPayload } from '../mail/payloads.ts'

interface TrialMail {
  to: string
  firstName: string
  lastName: string
  model: Model
  activationKey: string
  /** The key was handed over before: this is the same key again, and the e-mail says so. */
  resend: boolean
  /** The submission the key belongs to. */
  submissionId: string
  messageIdDomain: string
}

/** Queues the trial key e-mail; the outbox row's id. */
export async function enqueueTrialMail(tx: Db, mail: TrialMail): Promise<string> {
  const payload: TrialMailPayload = {
    firstName: mail.firstName,
    lastName: mail.lastName,
    model: mail.model,
    activationKey: mail.activationKey,
    ...(mail.resend ? { resend: true } : {}),
  }
  const { id } = await enqueueMail(tx, {
    kind: 'trial',
    to: mail.to,
    payload: { ...payload },
    submissionId: mail.submissionId,
    messageIdDomain: mail.messageIdDomain,
  })
  return id
}
