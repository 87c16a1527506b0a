/**
 * Data access for key_resend_requests: key resends waiting for the worker (decision 21), stored
 * when asked for and taken by the outbox worker's pass.
 */
import { sql } from 'drizzle-orm'
import type { Model } from '#src/common/models.ts'
import { queryRows, type Db } from '../db/client.ts'
import { keyResendRequests } from '../db/schema.ts'

export async function insertKeyResendRequest(
  db: Db,
  emailCanonical: string,
  models: readonly Model[],
): Promise<void> {
  await db.insert(keyResendRequests).values({ emailCanonical, models: [...models] })
}

/**
 * Takes up to `batch` waiting requests, oldest first, deleting them in the caller's transaction
 * (SKIP LOCKED, so several workers share them): a crash before the commit loses none.
 */
export async function takeKeyResendRequests(
  tx: Db,
  batch: number,
): Promise<{ emailCanonical: string; models: Model[] }[]> {
  const rows = await queryRows<{ email_canonical: string; models: Model[] }>(
    tx,
    sql`delete from key_resend_requests where id in (
          select id from key_resend_requests order by id limit ${batch} for update skip locked)
        returning email_canonical, models`,
  )
  return rows.map((r) => ({ emailCanonical: r.email_canonical, models: r.models }))
}

/**
 * Makes the caller's transaction commit durably, whatever its connection's default: the mail
 * thread's connections commit without waiting for the disk, and a transaction that deletes
 * requests must not lose their e-mails in a crash.
 */
export async function commitDurably(tx: Db): Promise<void> {
  await tx.execute(sql`set local synchronous_commit = on`)
}
