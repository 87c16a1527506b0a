/** Data access for operator_sessions: console sessions, keyed by the hash of the cookie's id. */
import { eq, lt, sql } from 'drizzle-orm'
import { queryRows, type Db } from '../db/client.ts'
import { operatorSessions } from '../db/schema.ts'

export interface SessionTimes {
  /** Idle expiry: each request moves the end this far ahead. */
  idleMs: number
  /** Absolute limit from the session's start, whatever the activity. */
  maxMs: number
}

export async function insertSession(
  db: Db,
  values: { idHash: string; operatorId: string; csrfToken: string; times: SessionTimes },
): Promise<void> {
  await db.insert(operatorSessions).values({
    idHash: values.idHash,
    operatorId: values.operatorId,
    csrfToken: values.csrfToken,
    expiresAt: sql`now() + make_interval(secs => ${values.times.idleMs / 1000})`,
  })
}

export interface LiveSession {
  operatorId: string
  email: string
  csrfToken: string
}

/**
 * Finds a live session and extends its idle expiry, in one statement (one round trip per
 * console request). Null when the session is unknown, expired, or its operator was removed.
 */
export async function touchSession(
  db: Db,
  idHash: string,
  times: SessionTimes,
): Promise<LiveSession | null> {
  const rows = await queryRows<{ operator_id: string; email: string; csrf_token: string }>(
    db,
    sql`update operator_sessions s
        set last_seen_at = now(),
            expires_at = least(
              now() + make_interval(secs => ${times.idleMs / 1000}),
              s.created_at + make_interval(secs => ${times.maxMs / 1000}))
        from operators o
        where s.id_hash = ${idHash} and s.expires_at > now() and o.id = s.operator_id
        returning s.operator_id, o.email, s.csrf_token`,
  )
  const row = rows[0]
  return row ? { operatorId: row.operator_id, email: row.email, csrfToken: row.csrf_token } : null
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.delete(operatorSessions).where(eq(operatorSessions.idHash, idHash))
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(operatorSessions).where(lt(operatorSessions.expiresAt, sql`now()`))
}
