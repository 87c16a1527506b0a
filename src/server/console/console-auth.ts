/**
 * Signing in to the operator console (docs/product.md, "Operator console"): a listed operator asks for a link, gets a
 * one-time token by e-mail (valid 15 minutes), and trades it for a session. Tokens and session
 * ids are 256 random bits and stored only as SHA-256 hashes, so a copy of the database signs
 * nobody in; the CSRF token is kept as is, since it is worthless without the session cookie.
 * The answer to a sign-in request is the same whether or not the address is an operator's.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { RateLimit } from '../config.ts'
import type { Db } from '../db/client.ts'
import { findOperatorByEmail, findOperatorById } from './operator-repository.ts'
import {
  deleteExpiredSessions,
  deleteSession,
  insertSession,
  touchSession,
  type LiveSession,
  type SessionTimes,
} from './operator-session-repository.ts'
import {
  consumeSignInToken,
  deleteStaleSignInTokens,
  insertSignInToken,
} from './operator-sign-in-token-repository.ts'
import { enqueueMail } from '../mail/mail-queue.ts'
import type { OperatorSignInMailPayload } from '../mail/payloads.ts'
import { hitRateLimits } from '../guard/rate-limiter.ts'
import { recordAudit } from './audit-log.ts'
import { normalizeOperatorEmail } from './operator-email.ts'
import { hashIp } from '../guard/request-guard.ts'
import { hashToken } from '../guard/tokens.ts'

export const SIGN_IN_LINK_MINUTES = 15
const SESSION_TIMES: SessionTimes = {
  idleMs: 12 * 3_600_000,
  // However busy, a session ends after a week; the operator signs in again.
  maxMs: 7 * 24 * 3_600_000,
}

export interface SignInLimits {
  /** Sign-in requests per address asked for. */
  email: RateLimit
  /** The same over a day: what mail to one address is bounded by (docs/decisions/0022). */
  emailDaily?: RateLimit
  /** Sign-in requests and link redemptions per client address. */
  ip: RateLimit
}

const SIGN_IN_LIMITS: SignInLimits = {
  email: { count: 5, windowMs: 15 * 60_000 },
  emailDaily: { count: 20, windowMs: 24 * 3_600_000 },
  ip: { count: 20, windowMs: 15 * 60_000 },
}

interface ConsoleAuthDeps {
  db: Db
  messageIdDomain: string
  limits?: SignInLimits
  /** IP_HASH_SECRET: a client address is counted as its HMAC, never stored in the clear. */
  ipHashSecret: string
  /** The outbox worker's kick, so the link goes out at once. */
  onMailQueued?: () => void
  /** Runs work after the answer (after-answer.ts); without it, the work is awaited. */
  afterAnswer?: (work: () => Promise<unknown>) => void
}

export class SignInRateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many sign-in attempts; please wait a few minutes.')
  }
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/

function newSecret(): string {
  return randomBytes(32).toString('base64url')
}

async function limit(deps: ConsoleAuthDeps, checks: { name: string; value: string }[]) {
  const limits = deps.limits ?? SIGN_IN_LIMITS
  const verdict = await hitRateLimits(
    deps.db,
    checks.map((c) =>
      c.name === 'admin-sign-in-email'
        ? { ...c, limit: limits.email }
        : c.name === 'admin-sign-in-email-day'
          ? { ...c, limit: limits.emailDaily ?? SIGN_IN_LIMITS.emailDaily! }
          : { ...c, value: hashIp(deps.ipHashSecret, c.value), hashed: true, limit: limits.ip },
    ),
  )
  if (verdict.exceeded) throw new SignInRateLimitedError(verdict.retryAfterSeconds)
}

/**
 * A sign-in request. Every request counts against the limits, listed address or not, so the
 * limit tells nobody which addresses are operators'. A browser that signed in as this address
 * before (knownDevice, sign-in-device.ts) is held only by its client's limit. Throws
 * SignInRateLimitedError.
 */
export async function requestSignIn(
  deps: ConsoleAuthDeps,
  email: string,
  ip: string,
  knownDevice = false,
) {
  const address = normalizeOperatorEmail(email) ?? email.trim().toLowerCase()
  await limit(deps, [
    { name: 'admin-sign-in-ip', value: ip },
    ...(knownDevice
      ? []
      : [
          { name: 'admin-sign-in-email', value: address },
          { name: 'admin-sign-in-email-day', value: address },
        ]),
  ])
  // Everything that differs for a listed operator (the lookup, a token, the mail) runs after
  // the answer, so the answer takes as long for any address.
  const send = () => sendSignInLink(deps, address)
  if (deps.afterAnswer) deps.afterAnswer(send)
  else await send()
}

async function sendSignInLink(deps: ConsoleAuthDeps, address: string) {
  const operator = await findOperatorByEmail(deps.db, address)
  if (!operator) return
  const token = newSecret()
  await deps.db.transaction(async (tx) => {
    await insertSignInToken(tx, {
      tokenHash: hashToken(token),
      operatorId: operator.id,
      validMs: SIGN_IN_LINK_MINUTES * 60_000,
    })
    const payload: OperatorSignInMailPayload = { token, validMinutes: SIGN_IN_LINK_MINUTES }
    await enqueueMail(tx, {
      kind: 'operator-sign-in',
      to: operator.email,
      payload: { ...payload },
      messageIdDomain: deps.messageIdDomain,
    })
  })
  deps.onMailQueued?.()
  await deleteStaleSignInTokens(deps.db)
}

/**
 * A sign-in link's token for a listed operator, made on the command line instead of e-mailed
 * (`console sign-in-link`, for when mail is down): the same kind of token, valid as long and
 * usable once. Null when the address is not an operator's.
 */
export async function createSignInToken(db: Db, email: string): Promise<string | null> {
  const operator = await findOperatorByEmail(db, email)
  if (!operator) return null
  const token = newSecret()
  await insertSignInToken(db, {
    tokenHash: hashToken(token),
    operatorId: operator.id,
    validMs: SIGN_IN_LINK_MINUTES * 60_000,
  })
  await deleteStaleSignInTokens(db)
  return token
}

interface NewSession {
  /** The cookie's value; only its hash is stored. */
  sessionId: string
  csrfToken: string
  email: string
}

/**
 * Trades a sign-in token for a session: null when the token is malformed, unknown, used or
 * expired (one answer for all four). Throws SignInRateLimitedError.
 */
export async function redeemSignInToken(
  deps: ConsoleAuthDeps,
  token: string,
  ip: string,
): Promise<NewSession | null> {
  await limit(deps, [{ name: 'admin-sign-in-verify-ip', value: ip }])
  if (!TOKEN.test(token)) return null
  const operatorId = await consumeSignInToken(deps.db, hashToken(token))
  if (!operatorId) return null
  const operator = await findOperatorById(deps.db, operatorId)
  if (!operator) return null
  const session: NewSession = {
    sessionId: newSecret(),
    csrfToken: newSecret(),
    email: operator.email,
  }
  await insertSession(deps.db, {
    idHash: hashToken(session.sessionId),
    operatorId,
    csrfToken: session.csrfToken,
    times: SESSION_TIMES,
  })
  await recordAudit(deps.db, operator.email, 'sign-in')
  await deleteExpiredSessions(deps.db)
  return session
}

/** The live session behind a cookie value, its idle expiry moved on; null otherwise. */
export async function findLiveSession(
  db: Db,
  sessionId: string | undefined,
): Promise<LiveSession | null> {
  if (!sessionId || !TOKEN.test(sessionId)) return null
  return touchSession(db, hashToken(sessionId), SESSION_TIMES)
}

export async function endSession(db: Db, sessionId: string, email: string): Promise<void> {
  await deleteSession(db, hashToken(sessionId))
  await recordAudit(db, email, 'sign-out')
}

/** Compares the X-CSRF-Token header with the session's token in constant time. */
export function csrfTokenMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}
