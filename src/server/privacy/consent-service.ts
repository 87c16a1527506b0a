/** Records visitors' consent choices (docs/product.md, "Privacy and third parties": id, categories, policy version, time). */
import type { ConsentRecord } from '#src/common/consent-schema.ts'
import type { Db } from '../db/client.ts'
import { insertConsentRecord } from './consent-repository.ts'
import { hitRateLimits } from '../guard/rate-limiter.ts'
import { hashIp, type ClientInfo } from '../guard/request-guard.ts'

/** Consent records a client address may send: plenty for people, a wall for a flood. */
export const CONSENT_RATE_LIMIT = { count: 60, windowMs: 3_600_000 }

export interface ConsentDeps {
  db: Db
  /** IP_HASH_SECRET: the stored address is an HMAC with it (docs/product.md, "Trust under abuse"). */
  ipHashSecret: string
}

type ConsentOutcome = { recorded: true } | { recorded: false; retryAfterSeconds: number }

export async function recordConsent(
  deps: ConsentDeps,
  record: ConsentRecord,
  client: ClientInfo,
): Promise<ConsentOutcome> {
  const { db } = deps
  const ipHash = hashIp(deps.ipHashSecret, client.ip)
  const verdict = await hitRateLimits(db, [
    { name: 'consent-ip', value: ipHash, limit: CONSENT_RATE_LIMIT, hashed: true },
  ])
  if (verdict.exceeded) return { recorded: false, retryAfterSeconds: verdict.retryAfterSeconds }
  await insertConsentRecord(db, {
    consentId: record.id,
    functional: record.categories.functional,
    media: record.categories.media,
    marketing: record.categories.marketing,
    policyVersion: record.policy_version,
    decidedAt: new Date(record.decided_at),
    ipHash,
    userAgent: client.userAgent?.slice(0, 500) ?? null,
  })
  return { recorded: true }
}

/**
 * What other subsystems read and write of this one's tables, in their own transactions: its
 * repositories are private to this folder (docs/architecture.md, "Layers"; eslint holds it).
 */
export { countConsentVisitors, countConsentsByVersion } from './consent-repository.ts'
