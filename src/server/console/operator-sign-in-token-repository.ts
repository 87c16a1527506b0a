/** Data access for operator_sign_in_tokens: one-time sign-in links, stored as hashes only. */
import { lt, sql } from 'drizzle-orm'
import { queryRows, type Db } from '../db/client.ts'
import { operatorSignInTokens } from '../db/schema.ts'

export async function insertSignInToken(
  db: Db,
  values: { tokenHash: string; operatorId: string; validMs: number },
): Promise<void> {
  await db.insert(operatorSignInTokens).values({
    tokenHash: values.tokenHash,
    operatorId: values.operatorId,
    expiresAt: sql`now() + make_interval(secs => ${values.validMs / 1000})`,
  })
}

/**
 * Marks the token used and returns its operator, in one statement: of two requests racing with
 * the same link, exactly one gets the operator. Null when the token is unknown, used or expired.
 */
export async function consumeSignInToken(db: Db, tokenHash: string): Promise<string | null> {
  const rows = await queryRows<{ operator_id: string }>(
    db,
    sql`update operator_sign_in_tokens set used_at = now()
        where token_hash = ${tokenHash} and used_at is null and expires_at > now()
        returning operator_id`,
  )
  return rows[0]?.operator_id ?? null
}

/** Tokens past their expiry (a day ago, so a late click still finds its row and is refused). */
export async function deleteStaleSignInTokens(db: Db): Promise<void> {
  await db
    .delete(operatorSignInTokens)
    .where(lt(operatorSignInTokens.expiresAt, sql`now() - interval '1 day'`))
}
