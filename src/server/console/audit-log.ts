/**
 * The audit log (docs/product.md, "Operator console"): every operator action, from the console (the
 * operator's address) or the command line ('cli'). Details hold counts and names, never a lead's
 * address.
 */
import type { AuditEntry } from '#src/common/console-api.ts'
import type { Db } from '../db/client.ts'
import { insertAuditEntry, listAuditEntries } from './audit-repository.ts'

/** The actor of commands run from `npm run admin`. */
export const CLI_ACTOR = 'cli'

export async function recordAudit(
  db: Db,
  actor: string,
  action: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await insertAuditEntry(db, { actor, action, detail })
}

export async function recentAudit(db: Db, limit = 20): Promise<AuditEntry[]> {
  const rows = await listAuditEntries(db, limit)
  return rows.map((r) => ({
    at: r.at.toISOString(),
    actor: r.actor,
    action: r.action,
    detail: r.detail,
  }))
}
