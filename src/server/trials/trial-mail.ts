/**
 * The trial key e-mail, queued in the caller's transaction: the one place its payload is built
 * (mail/payloads.ts TrialMailPayload; templates.ts renders it). Used by a trial request, its
 * confirmation, a key resend and an address correction.
 */
import type { Model } from '#src/common/models.ts'
import type { Db } from '../db/client.ts'
import { enqueueMail } from '../mail/mail-queue.ts'
import type { TrialMailPayload } from '../mail/payloads.ts'
import type { ValidLicense } from '../licenses/license-service.ts'

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
async function enqueueTrialMail(tx: Db, mail: TrialMail): Promise<string> {
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

/** A key just given to a request, to the request's address, greeting its sender by name. */
export function enqueueNewKey(
  tx: Db,
  request: { id: string; email: string; firstName: string; lastName: string },
  key: { model: Model; activationKey: string },
  messageIdDomain: string,
): Promise<string> {
  return enqueueTrialMail(tx, {
    to: request.email,
    firstName: request.firstName,
    lastName: request.lastName,
    ...key,
    resend: false,
    submissionId: request.id,
    messageIdDomain,
  })
}

/**
 * A valid key handed over again: to the mailbox it first went to, greeting its owner by their
 * own name (never to whoever asked now), and saying it is the same key.
 */
export function enqueueKeyAgain(
  tx: Db,
  owner: ValidLicense,
  model: Model,
  messageIdDomain: string,
): Promise<string> {
  return enqueueTrialMail(tx, {
    to: owner.email,
    firstName: owner.firstName,
    lastName: owner.lastName,
    model,
    activationKey: owner.activationKey,
    resend: true,
    submissionId: owner.submissionId,
    messageIdDomain,
  })
}
