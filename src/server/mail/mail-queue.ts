/**
 * Queueing an e-mail: what every subsystem calls, inside the transaction of what caused the
 * message, so a committed request always has its e-mail and a rolled-back one never does
 * (docs/architecture.md, "The outbox"). The row's id and its Message-ID are fixed here, once, so
 * every attempt sends the same Message-ID.
 */
import { randomUUID } from 'node:crypto'
import type { Db } from '../db/client.ts'
import { stableMessageId } from './mail-identity.ts'
import { insertOutboxRows, type NewMail } from './outbox-repository.ts'

export type { MailKind, NewMail } from './outbox-repository.ts'

/** Queues messages in one statement, each with its row id (given: a reminder names its message). */
export async function enqueueMails(
  tx: Db,
  mails: readonly (NewMail & { id: string })[],
): Promise<void> {
  await insertOutboxRows(
    tx,
    mails.map(({ messageIdDomain, ...mail }) => ({
      ...mail,
      messageId: stableMessageId(mail.id, messageIdDomain),
    })),
  )
}

/** Queues a message with its stable Message-ID; the row's id and that. */
export async function enqueueMail(
  tx: Db,
  mail: NewMail,
): Promise<{ id: string; messageId: string }> {
  const id = randomUUID()
  await enqueueMails(tx, [{ ...mail, id }])
  return { id, messageId: stableMessageId(id, mail.messageIdDomain) }
}

/**
 * What other subsystems read and write of this one's tables, in their own transactions: its
 * repositories are private to this folder (docs/architecture.md, "Layers"; eslint holds it).
 */
export {
  countMailByStatus,
  dropUnsentMailTo,
  listUndeliveredMail,
  mailHealth,
  requeueDeadCanary,
  requeueMail,
  requeueRecentDeadMail,
  releaseMailLeases,
} from './outbox-repository.ts'
export { countSuppressions, listSuppressions } from './suppression-repository.ts'
