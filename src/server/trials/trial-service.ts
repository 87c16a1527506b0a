/**
 * A trial request (DESIGN.md §4, §5): rate limits, then in one transaction the submission,
 * its key from the pool and its e-mail in the outbox, all committed together or not at all.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { TrialSubmissionResponse } from '#src/common/api-types.ts'
import { LEGAL_VERSION } from '#src/common/site/legal.ts'
import { MODELS, TRIAL_VALID_DAYS, type Model } from '#src/common/models.ts'
import type { TrialRequest } from '#src/common/trial-schema.ts'
import type { RateLimit } from '../config.ts'
import { queryPrepared, type Db } from '../db/client.ts'
import {
  claimLicense,
  findValidLicenseForEmail,
  hasAvailableLicense,
  type ValidLicense,
} from '../db/license-repository.ts'
import { enqueueMail } from '../db/outbox-repository.ts'
import { counterParameters } from '../db/rate-limit-repository.ts'
import { trialSubmissions, type SubmissionRow } from '../db/schema.ts'
import {
  findSubmission,
  insertSubmission,
  markWaitlistJoined,
  setSubmissionLicense,
  updateWaitlistFlag,
} from '../db/submission-repository.ts'
import type { LicenseCountsCache } from '../licenses/license-service.ts'
import type { Logger } from '../logger.ts'
import type {
  ConfirmMailPayload,
  TrialMailPayload,
  WaitlistJoinedMailPayload,
} from '../mail/payloads.ts'
import { looksLikeBot } from './bot-check.ts'
import { recordBreakerEpisode } from './claim-breaker.ts'
import { describeClient, hashClientAddress, parseClientIp } from './client-address.ts'
import { canonicalEmail, DISPOSABLE_EMAIL_MESSAGE, isDisposableEmail } from './email-identity.ts'
import {
  hitRateLimits,
  planHits,
  verdictOf,
  type RateLimitCheck,
  type RateLimitVerdict,
} from './rate-limiter.ts'

/** Stored with each lead as the terms they agreed to: the legal texts' date (SPEC.md §9). */
const TERMS_VERSION = LEGAL_VERSION

/** How long a confirmation link (past the claim breaker) stays good. */
const CONFIRMATION_VALID_HOURS = 48

export interface TrialDeps {
  db: Db
  limits: { email: RateLimit; ip: RateLimit; subnet: RateLimit }
  /** CLAIM_BREAKER: claims per model per window before confirmation is required; null = off. */
  breaker: RateLimit | null
  /** OPERATOR_EMAIL: gets the breaker's alert, once per episode. */
  operatorEmail: string | null
  /** IP_HASH_SECRET: keys the HMAC of client addresses. */
  ipHashSecret: string
  counts: LicenseCountsCache
  messageIdDomain: string
  logger: Logger
  /** Called after a commit that queued e-mail, so the worker sends it now. */
  onMailQueued?: () => void
}

export interface ClientInfo {
  /** The client's address as resolved from the socket and trusted proxies; normalised here. */
  ip: string
  userAgent: string | null
}

export class RateLimitedError extends Error {
  constructor(
    readonly limit: 'email' | 'ip' | 'subnet',
    readonly retryAfterSeconds: number,
  ) {
    super(
      `Too many requests from this ${limit === 'email' ? 'e-mail address' : limit === 'ip' ? 'network address' : 'network'}`,
    )
  }
}

/** A request the shared schema accepts but the server refuses; it names the field. */
export class TrialValidationError extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super('The request is not valid')
  }
}

function newWaitlistToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashToken(token) }
}

/** The token is 256 random bits, so a plain hash is enough: nothing to brute-force. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** A client address as stored and counted: normalised, then an HMAC with IP_HASH_SECRET. */
export function hashIp(secret: string, ip: string): string {
  return hashClientAddress(secret, describeClient(parseClientIp(ip)).address)
}

/** A client's address and its /24 or /64, each hashed as hashIp hashes the address. */
interface ClientHashes {
  address: string
  subnet: string
}

function hashClient(secret: string, ip: string): ClientHashes {
  const client = describeClient(parseClientIp(ip))
  return {
    address: hashClientAddress(secret, client.address),
    subnet: hashClientAddress(secret, client.subnet),
  }
}

/**
 * The limits a trial request or a key resend counts against (DESIGN.md §14): the canonical
 * e-mail, the client address, and its /24 or /64. `prefix` keeps each action's counters apart.
 */
function trialLimitChecks(
  deps: Pick<TrialDeps, 'limits'>,
  emailCanonical: string | null,
  client: ClientHashes,
  prefix = '',
): RateLimitCheck<'email' | 'ip' | 'subnet'>[] {
  const checks: RateLimitCheck<'email' | 'ip' | 'subnet'>[] = []
  if (emailCanonical !== null)
    checks.push({ name: 'email', value: `${prefix}${emailCanonical}`, limit: deps.limits.email })
  checks.push(
    {
      name: 'ip',
      value: prefix + client.address,
      limit: deps.limits.ip,
      hashed: true,
    },
    {
      name: 'subnet',
      value: prefix + client.subnet,
      limit: deps.limits.subnet,
      hashed: true,
    },
  )
  return checks
}

/** Counts a request against the limits; throws RateLimitedError when one is exceeded. */
export async function enforceTrialLimits(
  deps: Pick<TrialDeps, 'db' | 'limits' | 'ipHashSecret'>,
  emailCanonical: string | null,
  ip: string,
  prefix = '',
): Promise<void> {
  const checks = trialLimitChecks(deps, emailCanonical, hashClient(deps.ipHashSecret, ip), prefix)
  throwIfLimited(await hitRateLimits(deps.db, checks))
}

function throwIfLimited(verdict: RateLimitVerdict<'email' | 'ip' | 'subnet'>): void {
  if (verdict.exceeded) throw new RateLimitedError(verdict.exceeded.name, verdict.retryAfterSeconds)
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

/** Queues the e-mail that hands over a key again, to the mailbox it was first sent to. */
async function enqueueResend(tx: Db, deps: TrialDeps, existing: ValidLicense): Promise<void> {
  const payload: TrialMailPayload = {
    // The owner's own name: a stranger typing this address must not choose the greeting.
    firstName: existing.firstName,
    lastName: existing.lastName,
    model: existing.license.model,
    activationKey: existing.license.activationKey,
    resend: true,
  }
  await enqueueMail(tx, {
    kind: 'trial',
    to: existing.email,
    payload: { ...payload },
    submissionId: existing.submissionId,
    messageIdDomain: deps.messageIdDomain,
  })
}

function advisoryLock(tx: Db, model: Model, emailCanonical: string) {
  return tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`trial:${model}:${emailCanonical}`}))`,
  )
}

type Outcome = 'claimed' | 'resent' | 'waitlist' | 'confirm'

/** A new submission's fields, before the path decides its key. */
interface NewSubmissionRow {
  id: string
  firstName: string
  lastName: string
  email: string
  emailCanonical: string
  model: Model
  source: string
  waitlistTokenHash: string
  ipHash: string
  userAgent: string | null
  termsVersion: string
}

/**
 * Past the claim breaker (DESIGN.md §14): the episode is recorded (the operator is e-mailed
 * once per episode), and the request is stored without a key, with a confirmation token whose
 * link claims it later. Rare, so it may take several round trips.
 */
async function requireConfirmation(
  deps: TrialDeps,
  request: TrialRequest,
  row: NewSubmissionRow,
  claims: number,
  limit: RateLimit,
): Promise<'confirm'> {
  const started = await recordBreakerEpisode(deps.db, request.model, claims, limit, {
    operatorEmail: deps.operatorEmail,
    messageIdDomain: deps.messageIdDomain,
  })
  if (started) {
    deps.logger.warn(
      { model: request.model, claims, alerted: Boolean(deps.operatorEmail) },
      'claim breaker tripped: trial requests for this model now need an e-mail confirmation',
    )
  }
  await deps.db.transaction(async (tx) => {
    // Nothing is claimed now; the key waits for the visitor to follow the e-mailed link.
    const confirmToken = randomBytes(32).toString('base64url')
    await insertSubmission(tx, {
      ...row,
      licenseId: null,
      confirmationTokenHash: hashToken(confirmToken),
      confirmationExpiresAt: sql`now() + make_interval(hours => ${CONFIRMATION_VALID_HOURS})`,
    } as typeof row & { licenseId: null })
    const payload: ConfirmMailPayload = {
      firstName: request.first_name,
      lastName: request.last_name,
      model: request.model,
      token: confirmToken,
    }
    await enqueueMail(tx, {
      kind: 'confirm',
      to: request.email,
      payload: { ...payload },
      submissionId: row.id,
      messageIdDomain: deps.messageIdDomain,
    })
  })
  return 'confirm'
}

/**
 * The usual path in one round trip (db/migrations/0080_trial_request_procedure.sql): the
 * request's rate-limit hits, committed without waiting for the disk, then unless a limit is
 * exceeded submit_trial (0070: the breaker check, the lock, a repeat's re-send or a claim, the
 * row and its e-mail) in a durable transaction of its own (decisions 9 and 18).
 */
const TRIAL_REQUEST = {
  name: 'trial-request',
  text: `call trial_request($1::text[], $2::timestamptz[], $3::timestamptz[], $4::int[],
    $5::float8[], $6::uuid, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17::int, $18,
    $19::int, $20::float8, null, null, null)`,
}

/**
 * A trial request (DESIGN.md §5, §14). The answer depends only on the pool and the breaker,
 * never on whether the address asked before: a repeat gets a fresh submission and token like
 * a first request, no other row is touched, and the valid key goes to its mailbox again.
 */
export async function submitTrial(
  deps: TrialDeps,
  request: TrialRequest,
  client: ClientInfo,
): Promise<TrialSubmissionResponse> {
  const clientHashes = hashClient(deps.ipHashSecret, client.ip)
  const ipHash = clientHashes.address
  if (looksLikeBot(request)) {
    deps.logger.info(
      { reason: request.website ? 'honeypot' : 'too fast', ipHash: ipHash.slice(0, 12) },
      'bot turned away',
    )
    return decoyResponse()
  }
  if (isDisposableEmail(request.email))
    throw new TrialValidationError('email', DISPOSABLE_EMAIL_MESSAGE)

  const emailCanonical = canonicalEmail(request.email)
  const now = Date.now()
  const hits = planHits(trialLimitChecks(deps, emailCanonical, clientHashes), now)
  const { token, hash } = newWaitlistToken()
  const submissionId = randomUUID()
  const row: NewSubmissionRow = {
    id: submissionId,
    firstName: request.first_name,
    lastName: request.last_name,
    email: request.email,
    emailCanonical,
    model: request.model,
    source: request.source,
    waitlistTokenHash: hash,
    ipHash,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
    termsVersion: TERMS_VERSION,
  }

  const [result] = await queryPrepared<{
    exceeded: number | null
    outcome: Outcome | 'breaker' | null
    claims: number | null
  }>(deps.db, TRIAL_REQUEST, [
    ...counterParameters(hits),
    row.id,
    row.firstName,
    row.lastName,
    row.email,
    emailCanonical,
    row.model,
    row.source,
    hash,
    ipHash,
    row.userAgent,
    TERMS_VERSION,
    TRIAL_VALID_DAYS,
    deps.messageIdDomain,
    deps.breaker?.count ?? null,
    deps.breaker ? deps.breaker.windowMs / 1000 : null,
  ])
  const { exceeded, outcome: submitted, claims } = result!
  throwIfLimited(verdictOf(hits, exceeded, now))
  if (submitted === null || claims === null) throw new Error('trial_request returned no outcome')
  let outcome: Outcome = submitted === 'breaker' ? 'confirm' : submitted
  if (submitted === 'breaker' && deps.breaker) {
    outcome = await requireConfirmation(deps, request, row, claims, deps.breaker)
  }

  if (outcome === 'claimed') deps.counts.invalidate()
  deps.onMailQueued?.()
  deps.logger.info({ submissionId, model: request.model, outcome }, 'trial request')
  if (outcome === 'confirm') {
    return {
      submission_id: submissionId,
      has_license: false,
      waitlist_eligible: false,
      confirmation_required: true,
      waitlist_token: token,
    }
  }
  const hasLicense = outcome === 'claimed' || outcome === 'resent'
  return {
    submission_id: submissionId,
    has_license: hasLicense,
    waitlist_eligible: !hasLicense,
    waitlist_token: token,
  }
}

type ConfirmationResult =
  { status: 'invalid' } | { status: 'key'; model: Model } | { status: 'waitlist'; model: Model }

/**
 * The visitor followed the confirmation link (DESIGN.md §14): the key is claimed and mailed
 * now, or their valid key mailed again, or, with the pool empty, the waitlist is offered.
 * Following the link again answers the same without claiming a second key.
 */
export async function confirmTrial(
  deps: Pick<TrialDeps, 'db' | 'counts' | 'messageIdDomain' | 'logger' | 'onMailQueued'>,
  token: string,
): Promise<ConfirmationResult> {
  const tokenHash = hashToken(token)
  const result = await deps.db.transaction(async (tx) => {
    const [submission] = await tx
      .select()
      .from(trialSubmissions)
      .where(
        and(
          eq(trialSubmissions.confirmationTokenHash, tokenHash),
          gt(trialSubmissions.confirmationExpiresAt, sql`now()`),
        ),
      )
      .for('update')
    if (!submission) return { status: 'invalid' as const, queued: false, claimed: false }
    const model = submission.model
    if (submission.confirmedAt) {
      return {
        status: submission.licenseId ? ('key' as const) : ('waitlist' as const),
        model,
        queued: false,
        claimed: false,
      }
    }
    const emailCanonical = submission.emailCanonical ?? canonicalEmail(submission.email)
    await advisoryLock(tx, model, emailCanonical)
    const markConfirmed = () =>
      tx
        .update(trialSubmissions)
        .set({ confirmedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(trialSubmissions.id, submission.id))
    const existing = await findValidLicenseForEmail(tx, emailCanonical, model, TRIAL_VALID_DAYS)
    if (existing) {
      await enqueueResend(tx, deps as TrialDeps, existing)
      await markConfirmed()
      return { status: 'key' as const, model, queued: true, claimed: false }
    }
    const license = await claimLicense(tx, model, submission.id)
    await markConfirmed()
    if (!license) return { status: 'waitlist' as const, model, queued: false, claimed: false }
    await setSubmissionLicense(tx, submission.id, license.id)
    const payload: TrialMailPayload = {
      firstName: submission.firstName,
      lastName: submission.lastName,
      model,
      activationKey: license.activationKey,
    }
    await enqueueMail(tx, {
      kind: 'trial',
      to: submission.email,
      payload: { ...payload },
      submissionId: submission.id,
      messageIdDomain: deps.messageIdDomain,
    })
    return { status: 'key' as const, model, queued: true, claimed: true }
  })
  if (result.claimed) deps.counts.invalidate()
  if (result.queued) deps.onMailQueued?.()
  if (result.status === 'invalid') return { status: 'invalid' }
  deps.logger.info({ model: result.model, status: result.status }, 'trial request confirmed')
  return { status: result.status, model: result.model! }
}

type WaitlistDeps = Pick<TrialDeps, 'db' | 'messageIdDomain' | 'onMailQueued'>

/**
 * The first time a submission joins the waitlist, its confirmation e-mail (issue 13), queued in
 * the transaction that sets the flag: it names the model and offers the other one while that
 * still has keys. Joining again, or after leaving, sends nothing more; nor does joining while
 * the address holds a valid key of the model (that key is what they get by e-mail). Returns
 * whether an e-mail was queued.
 */
async function confirmWaitlistJoin(
  tx: Db,
  deps: WaitlistDeps,
  submission: SubmissionRow,
): Promise<boolean> {
  if (!(await markWaitlistJoined(tx, submission.id))) return false
  if (submission.licenseId) return false
  const model = submission.model
  const canonical = submission.emailCanonical ?? canonicalEmail(submission.email)
  if (await findValidLicenseForEmail(tx, canonical, model, TRIAL_VALID_DAYS)) return false
  const other = MODELS.find((m) => m !== model)!
  const payload: WaitlistJoinedMailPayload = {
    firstName: submission.firstName,
    lastName: submission.lastName,
    model,
    otherModel: (await hasAvailableLicense(tx, other)) ? other : null,
  }
  await enqueueMail(tx, {
    kind: 'waitlist-joined',
    to: submission.email,
    payload: { ...payload },
    submissionId: submission.id,
    messageIdDomain: deps.messageIdDomain,
  })
  return true
}

/** A confirmed visitor who found the pool empty joins the waitlist; false for a bad token. */
export async function joinWaitlistByConfirmation(
  deps: WaitlistDeps,
  token: string,
): Promise<boolean> {
  const result = await deps.db.transaction(async (tx) => {
    const [submission] = await tx
      .update(trialSubmissions)
      .set({ waitlist: true, updatedAt: sql`now()` })
      .where(
        and(
          eq(trialSubmissions.confirmationTokenHash, hashToken(token)),
          isNull(trialSubmissions.licenseId),
          sql`${trialSubmissions.confirmedAt} is not null`,
        ),
      )
      .returning()
    if (!submission) return null
    return { queued: await confirmWaitlistJoin(tx, deps, submission) }
  })
  if (result?.queued) deps.onMailQueued?.()
  return result !== null
}

/**
 * `POST /api/key-resend` (DESIGN.md §5): when the address holds a valid key (of the model, or
 * of any model), that key's e-mail goes again to the mailbox it was sent to. The caller always
 * answers 202 the same way; only the limits (counted like trial requests) can refuse.
 */
export async function resendKey(
  deps: TrialDeps,
  request: { email: string; model?: Model },
  client: ClientInfo,
): Promise<void> {
  const emailCanonical = canonicalEmail(request.email)
  await enforceTrialLimits(deps, emailCanonical, client.ip, 'resend:')
  // Nothing was ever sent to a disposable address; the answer is the same either way.
  if (isDisposableEmail(request.email)) return
  const models: readonly Model[] = request.model ? [request.model] : MODELS
  let queued = 0
  await deps.db.transaction(async (tx) => {
    for (const model of models) {
      const existing = await findValidLicenseForEmail(tx, emailCanonical, model, TRIAL_VALID_DAYS)
      if (!existing) continue
      await enqueueResend(tx, deps, existing)
      queued++
    }
  })
  if (queued) deps.onMailQueued?.()
  deps.logger.info({ queued }, 'key resend requested')
}

type WaitlistChange =
  | { outcome: 'updated'; waitlist: boolean }
  /** No submission holds this token, whether the id or the token was wrong (DESIGN.md §5). */
  | { outcome: 'not-found' }
  /** The token holder sent a body that is not valid. */
  | { outcome: 'invalid' }

/**
 * Sets the waitlist flag when the token belongs to the submission; the first join also queues
 * its confirmation e-mail in the same transaction. `update` is null when the body was not
 * valid: the caller may say so only to the token's holder, so we check first.
 */
export async function changeWaitlist(
  deps: WaitlistDeps,
  submissionId: string,
  token: string,
  update: { waitlist: boolean } | null,
): Promise<WaitlistChange> {
  const tokenHash = hashToken(token)
  if (!update) {
    const submission = await findSubmission(deps.db, submissionId)
    return submission?.waitlistTokenHash === tokenHash
      ? { outcome: 'invalid' }
      : { outcome: 'not-found' }
  }
  const result = await deps.db.transaction(async (tx) => {
    const submission = await updateWaitlistFlag(tx, submissionId, tokenHash, update.waitlist)
    if (!submission) return null
    return { queued: update.waitlist && (await confirmWaitlistJoin(tx, deps, submission)) }
  })
  if (!result) return { outcome: 'not-found' }
  if (result.queued) deps.onMailQueued?.()
  return { outcome: 'updated', waitlist: update.waitlist }
}
