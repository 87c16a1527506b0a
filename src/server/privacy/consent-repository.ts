/**
 * Data access for consent_records: the visitors' consent choices (docs/product.md,
 * "Privacy and third parties").
 */
import { asc, eq, sql } from 'drizzle-orm'
import { queryRows, type Db } from '../db/client.ts'
import { consentRecords, type ConsentRow } from '../db/schema.ts'

type NewConsentRecord = typeof consentRecords.$inferInsert

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

interface ConsentVersionCounts {
  policyVersion: string
  records: number
  visitors: number
  functional: number
  media: number
  marketing: number
  lastRecordedAt: Date
}

/** Recorded choices per policy version: records, distinct visitors, and each category allowed. */
export async function countConsentsByVersion(db: Db): Promise<ConsentVersionCounts[]> {
  const rows = await queryRows<{
    policy_version: string
    records: number
    visitors: number
    functional: number
    media: number
    marketing: number
    last: string | Date
  }>(
    db,
    sql`select policy_version, count(*)::int as records, count(distinct consent_id)::int as visitors,
          count(*) filter (where functional)::int as functional,
          count(*) filter (where media)::int as media,
          count(*) filter (where marketing)::int as marketing,
          max(recorded_at) as last
        from consent_records group by policy_version order by max(recorded_at) desc`,
  )
  return rows.map((r) => ({
    policyVersion: r.policy_version,
    records: Number(r.records),
    visitors: Number(r.visitors),
    functional: Number(r.functional),
    media: Number(r.media),
    marketing: Number(r.marketing),
    lastRecordedAt: new Date(r.last),
  }))
}

export async function countConsentVisitors(db: Db): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(distinct consent_id)::int as n from consent_records`,
  )
  return Number(rows[0]?.n ?? 0)
}
