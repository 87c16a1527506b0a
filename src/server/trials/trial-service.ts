/**
 * A trial request (DESIGN.md §4, §5): rate limits, then in one transaction the submission,
 * its key from the pool and its e-mail in the outbox, all committed together or not at all.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { TrialSubmissionResponse } from '#src/common/api-types.ts'
import { LEGAL_VERSION } from '#src/common/site/legal.ts'
import type { TrialRequest } from '#src/common/trial-schema.ts'
import type { RateLimit } from '../config.ts'
import type { Db } from '../db/client.ts'
import { claimLicense, findValidLicenseForEmail } from '../db/license-repository.ts'
import { enqueueMail } from '../db/outbox-repository.ts'
import {
  findSubmission,
  insertSubmission,
  replaceWaitlistTokenHash,
  updateWaitlistFlag,
} from '../db/submission-repository.ts'
import { TRIAL_VALID_DAYS, type LicenseCountsCache } from '../licenses/license-service.ts'
import type { Logger } from '../logger.ts'
import type { TrialMailPayload } from '../mail/templates.ts'
import { looksLikeBot } from './bot-check.ts'
import { hitRateLimits } from './rate-limiter.ts'

/** Stored with each lead as the terms they agreed to: the legal texts' date (SPEC.md §9). */
const TERMS_VERSION = LEGAL_VERSION

export interface TrialDeps {
  db: Db
  limits: { email: RateLimit; ip: RateLimit }
  counts: LicenseCountsCache
  messageIdDomain: string
  logger: Logger
  /** Called after a commit that queued e-mail, so the worker sends it now. */
  onMailQueued?: () => void
}

export interface ClientInfo {
  ip: string
  userAgent: string | null
}

export class RateLimitedError extends Error {
  constructor(
    readonly limit: 'email' | 'ip',
    readonly retryAfterSeconds: number,
  ) {
    super(
      `Too many trial requests from this ${limit === 'email' ? 'e-mail address' : 'network address'}`,
    )
  }
}

export function newWaitlistToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashToken(token) }
}

/** The token is 256 random bits, so a plain hash is enough: nothing to brute-force. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function hashIp(ip: string): string {
  return createHash('sha256').update(`ip:${ip}`).digest('hex')
}

/** What a bot sees: a plausible success, with nothing stored or assigned. */
function decoyResponse(): TrialSubmissionResponse {
  return {
    submission_id: randomUUID(),
    has_license: true,
    waitlist_eligible: false,
    waitlist_token: randomBytes(32).toString('base64url'),
  }
}

export async function submitTrial(
  deps: TrialDeps,
  request: TrialRequest,
  client: ClientInfo,
): Promise<TrialSubmissionResponse> {
  if (looksLikeBot(request)) {
    deps.logger.info(
      { reason: request.website ? 'honeypot' : 'too fast', ipHash: hashIp(client.ip).slice(0, 12) },
      'bot turned away',
    )
    return decoyResponse()
  }

  const verdict = await hitRateLimits(deps.db, [
    { name: 'email', value: request.email, limit: deps.limits.email },
    { name: 'ip', value: client.ip, limit: deps.limits.ip },
  ])
  if (verdict.exceeded) throw new RateLimitedError(verdict.exceeded.name, verdict.retryAfterSeconds)

  const { token, hash } = newWaitlistToken()
  const mailBase = {
    firstName: request.first_name,
    lastName: request.last_name,
    model: request.model,
  }

  const result = await deps.db.transaction(async (tx) => {
    // One request per e-mail and model at a time, so two quick repeats cannot both take a key.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`trial:${request.model}:${request.email}`}))`,
    )

    const existing = await findValidLicenseForEmail(
      tx,
      request.email,
      request.model,
      TRIAL_VALID_DAYS,
    )
    if (existing) {
      await replaceWaitlistTokenHash(tx, existing.submissionId, hash)
      const payload: TrialMailPayload = {
        ...mailBase,
        activationKey: existing.license.activationKey,
        resend: true,
      }
      await enqueueMail(tx, {
        kind: 'trial',
        to: request.email,
        payload: { ...payload },
        submissionId: existing.submissionId,
        messageIdDomain: deps.messageIdDomain,
      })
      return { submissionId: existing.submissionId, hasLicense: true, claimed: false, resent: true }
    }

    const submissionId = randomUUID()
    const license = await claimLicense(tx, request.model, submissionId)
    await insertSubmission(tx, {
      id: submissionId,
      firstName: request.first_name,
      lastName: request.last_name,
      email: request.email,
      model: request.model,
      source: request.source,
      licenseId: license?.id ?? null,
      waitlistTokenHash: hash,
      ipHash: hashIp(client.ip),
      userAgent: client.userAgent?.slice(0, 512) ?? null,
      termsVersion: TERMS_VERSION,
    })
    if (!license) return { submissionId, hasLicense: false, claimed: false, resent: false }

    const payload: TrialMailPayload = { ...mailBase, activationKey: license.activationKey }
    await enqueueMail(tx, {
      kind: 'trial',
      to: request.email,
      payload: { ...payload },
      submissionId,
      messageIdDomain: deps.messageIdDomain,
    })
    return { submissionId, hasLicense: true, claimed: true, resent: false }
  })

  if (result.claimed) deps.counts.invalidate()
  if (result.hasLicense) deps.onMailQueued?.()
  deps.logger.info(
    {
      submissionId: result.submissionId,
      model: request.model,
      hasLicense: result.hasLicense,
      resent: result.resent,
    },
    'trial request',
  )
  return {
    submission_id: result.submissionId,
    has_license: result.hasLicense,
    waitlist_eligible: !result.hasLicense,
    waitlist_token: token,
  }
}

export type WaitlistChange =
  | { outcome: 'updated'; waitlist: boolean }
  /** No submission holds this token, whether the id or the token was wrong (DESIGN.md §5). */
  | { outcome: 'not-found' }
  /** The token holder sent a body that is not valid. */
  | { outcome: 'invalid' }

/**
 * Sets the waitlist flag when the token belongs to the submission. `update` is null when the
 * body was not valid: the caller may say so only to the token's holder, so we check first.
 */
export async function changeWaitlist(
  db: Db,
  submissionId: string,
  token: string,
  update: { waitlist: boolean } | null,
): Promise<WaitlistChange> {
  const tokenHash = hashToken(token)
  if (!update) {
    const submission = await findSubmission(db, submissionId)
    return submission?.waitlistTokenHash === tokenHash
      ? { outcome: 'invalid' }
      : { outcome: 'not-found' }
  }
  return (await updateWaitlistFlag(db, submissionId, tokenHash, update.waitlist))
    ? { outcome: 'updated', waitlist: update.waitlist }
    : { outcome: 'not-found' }
}
