/**
 * Data access for audit_log: every operator action, newest first (docs/product.md,
 * "Operator console").
 */
import { desc } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { auditLog, type AuditRow } from '../db/schema.ts'

export async function insertAuditEntry(
  db: Db,
  entry: { actor: string; action: string; detail: Record<string, unknown> },
): Promise<void> {
  await db.insert(auditLog).values(entry)
}

export async function listAuditEntries(db: Db, limit: number): Promise<AuditRow[]> {
  return db.select().from(auditLog).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit)
}
