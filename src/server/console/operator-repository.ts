/**
 * Data access for operators: who may sign in to the console (docs/product.md, "Operator console").
 */
import { asc, eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { operators, type OperatorRow } from '../db/schema.ts'

/** Adds the operator; false when the address was listed already. */
export async function insertOperator(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .insert(operators)
    .values({ email })
    .onConflictDoNothing({ target: operators.email })
    .returning({ id: operators.id })
  return rows.length > 0
}

export async function listOperators(db: Db): Promise<OperatorRow[]> {
  return db.select().from(operators).orderBy(asc(operators.addedAt), asc(operators.email))
}

export async function findOperatorByEmail(db: Db, email: string): Promise<OperatorRow | null> {
  const [row] = await db.select().from(operators).where(eq(operators.email, email))
  return row ?? null
}

export async function findOperatorById(db: Db, id: string): Promise<OperatorRow | null> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id))
  return row ?? null
}

/** Removes the operator; their sign-in links and sessions go with them (ON DELETE CASCADE). */
export async function deleteOperator(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .delete(operators)
    .where(eq(operators.email, email))
    .returning({ id: operators.id })
  return rows.length > 0
}
