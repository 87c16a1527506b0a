/**
 * Data access for mail_suppressions: addresses a receiving server refused permanently. Keyed by
 * the canonical address (guard/email-identity.ts), so `Ann.Smith@gmail.com` and
 * `annsmith@gmail.com`, one mailbox, are one row.
 */
import { count, desc, eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { mailSuppressions } from '../db/schema.ts'

/** Puts the address on the list; a second refusal keeps the first row. */
export async function suppressAddress(
  db: Db,
  email: string,
  emailCanonical: string,
  reason: string,
): Promise<void> {
  await db
    .insert(mailSuppressions)
    .values({ email: email.toLowerCase(), emailCanonical, reason: reason.slice(0, 500) })
    .onConflictDoNothing({ target: mailSuppressions.emailCanonical })
}

export async function isSuppressed(db: Db, emailCanonical: string): Promise<boolean> {
  const [row] = await db
    .select({ email: mailSuppressions.emailCanonical })
    .from(mailSuppressions)
    .where(eq(mailSuppressions.emailCanonical, emailCanonical))
  return Boolean(row)
}

/** Newest first, for the console and `mail status`. */
export async function listSuppressions(db: Db, limit: number) {
  return db
    .select()
    .from(mailSuppressions)
    .orderBy(desc(mailSuppressions.suppressedAt))
    .limit(limit)
}

export async function countSuppressions(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(mailSuppressions)
  return Number(row?.n ?? 0)
}
