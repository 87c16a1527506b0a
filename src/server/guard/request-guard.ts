/**
 * What every trial-like request (a trial, a key resend, a purchase request, a waitlist change)
 * passes first (docs/product.md, "Trust under abuse"): who the client is, kept only as an HMAC
 * with IP_HASH_SECRET, and the limits per canonical e-mail, per address and per /24 or /64.
 */
import type { RateLimit } from '../config.ts'
import type { Db } from '../db/client.ts'
import { describeClient, hashClientAddress, parseClientIp } from './client-address.ts'
import { hitRateLimits, type RateLimitCheck, type RateLimitVerdict } from './rate-limiter.ts'
import { RateLimitedError } from './refusals.ts'

export interface ClientInfo {
  /** The client's address as resolved from the socket and trusted proxies; normalised here. */
  ip: string
  userAgent: string | null
}

export interface RequestLimits {
  email: RateLimit
  ip: RateLimit
  subnet: RateLimit
}

export interface GuardDeps {
  db: Db
  limits: RequestLimits
  /** IP_HASH_SECRET: keys the HMAC of client addresses. */
  ipHashSecret: string
}

/** A client's address and its /24 or /64, each hashed as stored and counted. */
interface ClientHashes {
  address: string
  subnet: string
}

export function hashClient(secret: string, ip: string): ClientHashes {
  const client = describeClient(parseClientIp(ip))
  return {
    address: hashClientAddress(secret, client.address),
    subnet: hashClientAddress(secret, client.subnet),
  }
}

/** A client address as stored: normalised, then an HMAC with IP_HASH_SECRET. */
export function hashIp(secret: string, ip: string): string {
  return hashClient(secret, ip).address
}

type LimitName = keyof RequestLimits

/**
 * The limits a request counts against: the canonical e-mail (when there is one), the client
 * address, and its /24 or /64. `prefix` keeps each action's counters apart.
 */
export function requestLimitChecks(
  limits: RequestLimits,
  emailCanonical: string | null,
  client: ClientHashes,
  prefix = '',
): RateLimitCheck<LimitName>[] {
  const checks: RateLimitCheck<LimitName>[] = []
  if (emailCanonical !== null)
    checks.push({ name: 'email', value: `${prefix}${emailCanonical}`, limit: limits.email })
  checks.push(
    { name: 'ip', value: prefix + client.address, limit: limits.ip, hashed: true },
    { name: 'subnet', value: prefix + client.subnet, limit: limits.subnet, hashed: true },
  )
  return checks
}

export function throwIfLimited(verdict: RateLimitVerdict): void {
  if (verdict.exceeded) throw new RateLimitedError(verdict.exceeded.name, verdict.retryAfterSeconds)
}

/** Counts a request against the limits; throws RateLimitedError when one is exceeded. */
export async function enforceRequestLimits(
  deps: GuardDeps,
  emailCanonical: string | null,
  ip: string,
  prefix = '',
): Promise<void> {
  const checks = requestLimitChecks(
    deps.limits,
    emailCanonical,
    hashClient(deps.ipHashSecret, ip),
    prefix,
  )
  throwIfLimited(await hitRateLimits(deps.db, checks))
}
