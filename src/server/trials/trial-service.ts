/**
 * A trial request (docs/architecture.md, "A trial request"): the request guard (bots, disposable
 * addresses, limits), then in one round trip the limits' hits and, in one transaction, the
 * submission, its key from the pool and its e-mail in the outbox (db/functions/trial_request.sql
 * and submit_trial.sql). Past the claim breaker, sent faster than a person fills the form, or one
 * of a burst from a domain that is not a webmail provider's (RATE_LIMIT_DOMAIN), the request waits
 * for an e-mailed confirmation instead (confirmation-service.ts; decision 21).
 */
import { randomBytes, randomUUID } from 'node:crypto'
import type { TrialSubmissionResponse } from '#src/common/api-types.ts'
import { LEGAL_VERSION } from '#src/common/site/legal.ts'
import { TRIAL_VALID_DAYS } from '#src/common/models.ts'
import { isWebmailDomain } from '#src/common/webmail-domains.ts'
import type { TrialRequest } from '#src/common/trial-schema.ts'
import type { RateLimit } from '../config.ts'
import { callTrialRequest, type TrialSubmissionArgs } from '../db/functions.ts'
import { botSign } from '../guard/bot-check.ts'
import { checkEmailDomain, canonicalEmail, emailDomain } from '../guard/email-identity.ts'
import { planHits, verdictOf, type RateLimitCheck } from '../guard/rate-limiter.ts'
import {
  enforceRequestLimits,
  hashClient,
  requestLimitChecks,
  throwIfLimited,
  type ClientInfo,
  type GuardDeps,
} from '../guard/request-guard.ts'
import { newToken } from '../guard/tokens.ts'
import type { LicenseCountsCache } from '../licenses/license-service.ts'
import type { Logger } from '../logger.ts'
import { requireConfirmation, type NewSubmission } from './confirmation-service.ts'
import type { SupplyWatch } from '../licenses/supply-watch.ts'

/** Stored with each lead as the terms they agreed to: the legal texts' date. */
const TERMS_VERSION = LEGAL_VERSION

export interface TrialDeps extends GuardDeps {
  /** CLAIM_BREAKER: claims per model in each window before confirmation is required; null = off. */
  breaker: RateLimit[] | null
  /** Alerts the operator when a model's days of supply run low (LOW_SUPPLY_DAYS). */
  supplyWatch?: SupplyWatch
  /**
   * RATE_LIMIT_DOMAIN: requests per recipient domain that is not a webmail provider's; past it a
   * request is confirmed by e-mail, never refused.
   */
  domainLimit: RateLimit
  /** OPERATOR_EMAIL: gets the breaker's alert, once per episode. */
  operatorEmail: string | null
  counts: LicenseCountsCache
  messageIdDomain: string
  logger: Logger
  /** Called after a commit that queued e-mail, so the worker sends it now. */
  onMailQueued?: () => void
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

/**
 * A trial request. The answer depends only on the pool and the breaker, never on whether the
 * address asked before: a repeat gets a fresh submission and token like a first request, no
 * other row is touched, and the valid key goes to its mailbox again.
 */
export async function submitTrial(
  deps: TrialDeps,
  request: TrialRequest,
  client: ClientInfo,
): Promise<TrialSubmissionResponse> {
  const clientHashes = hashClient(deps.ipHashSecret, client.ip)
  const sign = botSign(request)
  if (sign === 'honeypot') {
    deps.logger.info({ reason: sign, ipHash: clientHashes.address.slice(0, 12) }, 'bot turned away')
    return decoyResponse()
  }
  checkEmailDomain(request.email)

  const emailCanonical = canonicalEmail(request.email)
  const { token, hash } = newToken()
  const submission: NewSubmission = {
    id: randomUUID(),
    firstName: request.first_name,
    lastName: request.last_name,
    email: request.email,
    emailCanonical,
    model: request.model,
    source: request.source,
    tokenHash: hash,
    ipHash: clientHashes.address,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
    termsVersion: TERMS_VERSION,
  }

  let outcome: 'claimed' | 'resent' | 'waitlist' | 'confirm'
  if (sign === 'too-fast') {
    // Perhaps a person whose browser filled the form: the key waits for the e-mailed link.
    await enforceRequestLimits(deps, emailCanonical, client.ip)
    outcome = await requireConfirmation(deps, submission, null)
  } else {
    const now = Date.now()
    const checks: RateLimitCheck[] = requestLimitChecks(deps.limits, emailCanonical, clientHashes)
    const domain = emailDomain(emailCanonical)
    // Last, so a refusing limit that is also over wins (the first exceeded position is reported).
    const domainPosition = isWebmailDomain(domain) ? null : checks.length + 1
    if (domainPosition !== null)
      checks.push({ name: 'domain', value: `domain:${domain}`, limit: deps.domainLimit })
    const hits = planHits(checks, now)
    const args: TrialSubmissionArgs = {
      ...submission,
      validDays: TRIAL_VALID_DAYS,
      messageIdDomain: deps.messageIdDomain,
      breakerCounts: deps.breaker?.map((l) => l.count) ?? null,
      breakerSeconds: deps.breaker?.map((l) => l.windowMs / 1000) ?? null,
    }
    const result = await callTrialRequest(deps.db, hits, args)
    if (result.exceeded !== null && result.exceeded === domainPosition) {
      // A burst from one company's (or an attacker's) domain: each address may be a colleague,
      // so it is asked to confirm rather than refused (decision 21).
      outcome = await requireConfirmation(deps, submission, null)
    } else {
      throwIfLimited(verdictOf(hits, result.exceeded, now))
      if (result.outcome === null || result.claims === null)
        throw new Error('trial_request returned no outcome')
      const tripped = deps.breaker?.[(result.breaker_window ?? 1) - 1]
      outcome =
        result.outcome === 'breaker' && tripped
          ? await requireConfirmation(deps, submission, {
              claims: result.claims,
              limit: tripped,
            })
          : result.outcome === 'breaker'
            ? 'confirm'
            : result.outcome
    }
  }

  if (outcome === 'claimed') {
    deps.counts.invalidate()
    await deps.supplyWatch?.afterClaim(request.model)
  }
  deps.onMailQueued?.()
  deps.logger.info({ submissionId: submission.id, model: request.model, outcome }, 'trial request')
  if (outcome === 'confirm') {
    return {
      submission_id: submission.id,
      has_license: false,
      waitlist_eligible: false,
      confirmation_required: true,
      waitlist_token: token,
    }
  }
  const hasLicense = outcome === 'claimed' || outcome === 'resent'
  return {
    submission_id: submission.id,
    has_license: hasLicense,
    waitlist_eligible: !hasLicense,
    waitlist_token: token,
  }
}
