/** Data access for consent_records: the visitors' consent choices (DESIGN.md §8). */
import { asc, eq } from 'drizzle-orm'
import type { Db } from './client.ts'
import { consentRecords, type ConsentRow } from './schema.ts'

export type NewConsentRecord = typeof consentRecords.$inferInsert

export async function insertConsentRecord(db: Db, values: NewConsentRecord): Promise<void> {
  await db.insert(consentRecords).values(values)
}

/** Every recorded choice of one visitor, oldest first. */
export async function listConsentHistory(db: Db, consentId: string): Promise<ConsentRow[]> {
  return db
    .select()
    .from(consentRecords)
    .where(eq(consentRecords.consentId, consentId))
    .orderBy(asc(consentRecords.recordedAt), asc(consentRecords.id))
}
