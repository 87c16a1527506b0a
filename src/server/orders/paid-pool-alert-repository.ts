/**
 * Data access for paid_pool_alerts: the empty paid pool's alert goes once per model per episode
 * (a row while it lasts; an import of paid keys ends it).
 */
import { eq } from 'drizzle-orm'
import type { Model } from '#src/common/models.ts'
import type { Db } from '../db/client.ts'
import { paidPoolAlerts } from '../db/schema.ts'

/** Starts the model's episode; true when it had not started yet (the alert should go now). */
export async function startPaidPoolEpisode(tx: Db, model: Model): Promise<boolean> {
  const rows = await tx
    .insert(paidPoolAlerts)
    .values({ model })
    .onConflictDoNothing()
    .returning({ model: paidPoolAlerts.model })
  return rows.length > 0
}

export async function endPaidPoolEpisode(db: Db, model: Model): Promise<void> {
  await db.delete(paidPoolAlerts).where(eq(paidPoolAlerts.model, model))
}

/** Whether the model's empty-pool episode is still open (the alert's end follows it). */
export async function isPaidPoolEpisodeOpen(db: Db, model: string): Promise<boolean> {
  const rows = await db
    .select({ model: paidPoolAlerts.model })
    .from(paidPoolAlerts)
    .where(eq(paidPoolAlerts.model, model as Model))
  return rows.length > 0
}
