/**
 * A trial request (docs/architecture.md, "A trial request"): the request guard (bots, disposable
 * addresses), the limits' hits counted in their own short transaction (every attempt counts,
 * refused ones too), then one transaction for the rest: the breaker, the per-address lock, a
 * repeat's valid key or a claim from the pool, the submission and its e-mail in the outbox,
 * committed together. Past the claim breaker, sent faster than a person fills the form, or one
 * of a burst from a domain that is not a webmail provider's (RATE_LIMIT_DOMAIN), the request waits
 * for an e-mailed confirmation instead (confirmation-service.ts; decision 21).
 */
import { randomBytes, randomUUID } from 'node:crypto'
import type { TrialSubmissionResponse } from '#src/common/api-types.ts'
import { LEGAL_VERSION } from '#src/common/site/legal.ts'
import { TRIAL_VALID_DAYS, type Model } from '#src/common/models.ts'
import { isWebmailDomain } from '#src/common/webmail-domains.ts'
import type { TrialRequest } from '#src/common/trial-schema.ts'
import type { RateLimit } from '../config.ts'
import { botSign } from '../guard/bot-check.ts'
import { checkEmailDomain, canonicalEmail, emailDomain } from '../guard/email-identity.ts'
import { countHits, planHits, verdictOf, type RateLimitCheck } from '../guard/rate-limiter.ts'
import {
  enforceRequestLimits,
  hashClient,
  requestLimitChecks,
  throwIfLimited,
  type ClientInfo,
  type GuardDeps,
} from '../guard/request-guard.ts'
import { newToken } from '../guard/tokens.ts'
import {
  claimLicense,
  findValidLicense,
  hasAvailableLicense,
  type LicenseCountsCache,
} from '../licenses/license-service.ts'
import type { Logger } from '../logger.ts'
import { checkBreaker } from './claim-breaker.ts'
import { requireConfirmation, type NewSubmission } from './confirmation-service.ts'
import { insertSubmission, lockTrialAddress } from './submission-repository.ts'
import { enqueueKeyAgain, enqueueNewKey } from './trial-mail.ts'
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
  /** Told what became of each request that got this far (trial-routes.ts counts it). */
  onOutcome?: (model: Model, outcome: TrialServiceOutcome) => void
}

/** What a trial request came to; 'decoy' is a bot's look-alike success. */
export type TrialServiceOutcome = 'claimed' | 'resent' | 'waitlist' | 'confirm' | 'decoy'

/** What a bot sees: a plausible success, with nothing stored or assigned. */
function decoyResponse(): TrialSubmissionResponse {
  return {
    submission_id: randomUUID(),
    has_license: true,
    waitlist_eligible: false,
    waitlist_token: randomBytes(32).toString('base64url'),
  }
}

type SubmissionOutcome =
  | { outcome: 'claimed' | 'resent' | 'waitlist' }
  /** Nothing was done: the request takes the confirmation path. */
  | { outcome: 'breaker'; claims: number; limit: RateLimit }

/**
 * The submission's transaction: the breaker, the per-address lock, then a repeat's valid key
 * (handed over again to the mailbox it was first sent to, greeting its owner by their own name;
 * the new row holds no key) or a claim from the pool, the submission row and its e-mail in the
 * outbox, all or none.
 */
function storeSubmission(
  deps: Pick<TrialDeps, 'db' | 'breaker' | 'messageIdDomain'>,
  submission: NewSubmission,
): Promise<SubmissionOutcome> {
  return deps.db.transaction(async (tx) => {
    const { model, emailCanonical } = submission
    if (deps.breaker?.length) {
      const breaker = await checkBreaker(tx, model, deps.breaker)
      if (breaker.tripped)
        return { outcome: 'breaker' as const, claims: breaker.claims, limit: breaker.limit }
    }
    await lockTrialAddress(tx, model, emailCanonical)
    const { tokenHash, ...fields } = submission
    const row = { ...fields, waitlistTokenHash: tokenHash }

    const owner = await findValidLicense(tx, emailCanonical, model, TRIAL_VALID_DAYS)
    if (owner) {
      await insertSubmission(tx, { ...row, licenseId: null })
      await enqueueKeyAgain(tx, owner, model, deps.messageIdDomain)
      // As a first request would be answered now: by what the pool holds.
      return {
        outcome: (await hasAvailableLicense(tx, model))
          ? ('resent' as const)
          : ('waitlist' as const),
      }
    }

    const license = await claimLicense(tx, model, submission.id)
    await insertSubmission(tx, { ...row, licenseId: license?.id ?? null })
    if (!license) return { outcome: 'waitlist' as const }
    await enqueueNewKey(
      tx,
      submission,
      { model, activationKey: license.activationKey },
      deps.messageIdDomain,
    )
    return { outcome: 'claimed' as const }
  })
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
    deps.onOutcome?.(request.model, 'decoy')
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
    // Last, so a refusing limit that is also over wins (the first exceeded hit is reported).
    if (!isWebmailDomain(domain))
      checks.push({ name: 'domain', value: `domain:${domain}`, limit: deps.domainLimit })
    const exceeded = await countHits(deps.db, planHits(checks, now))
    if (exceeded?.check.name === 'domain') {
      // A burst from one company's (or an attacker's) domain: each address may be a colleague,
      // so it is asked to confirm rather than refused (decision 21).
      outcome = await requireConfirmation(deps, submission, null)
    } else {
      throwIfLimited(verdictOf(exceeded, now))
      const stored = await storeSubmission(deps, submission)
      outcome =
        stored.outcome === 'breaker'
          ? await requireConfirmation(deps, submission, stored)
          : stored.outcome
    }
  }

  if (outcome === 'claimed') {
    deps.counts.invalidate()
    await deps.supplyWatch?.afterClaim(request.model)
  }
  deps.onMailQueued?.()
  deps.logger.info({ submissionId: submission.id, model: request.model, outcome }, 'trial request')
  deps.onOutcome?.(request.model, outcome)
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

/**
 * What other subsystems read and write of this one's tables, in their own transactions: its
 * repositories are private to this folder (docs/architecture.md, "Layers"; eslint holds it).
 */
export {
  countRequestsPerDay,
  countWaitingByModel,
  listLeads,
  listLeadsOfPerson,
  listLeadsPage,
  listWaitingSubmissions,
} from './submission-repository.ts'
