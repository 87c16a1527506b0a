/**
 * What every trial-like request (a trial, a key resend, a purchase request, a waitlist change)
 * passes first (docs/product.md, "Trust under abuse"): who the client is, kept only as an HMAC
 * with IP_HASH_SECRET, and the limits per canonical e-mail, per address, per /24 or /64, and per
 * IPv6 /48.
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
  /** RATE_LIMIT_IPV6_48: per IPv6 /48, whose 65,536 /64s each pass the subnet limit. */
  network48: RateLimit
}

export interface GuardDeps {
  db: Db
  limits: RequestLimits
  /** IP_HASH_SECRET: keys the HMAC of client addresses. */
  ipHashSecret: string
}

/** A client's address, its /24 or /64 and its IPv6 /48, each hashed as stored and counted. */
interface ClientHashes {
  address: string
  subnet: string
  /** Null for IPv4 and unknown clients: they count no /48. */
  network48: string | null
}

export function hashClient(secret: string, ip: string): ClientHashes {
  const client = describeClient(parseClientIp(ip))
  return {
    address: hashClientAddress(secret, client.address),
    subnet: hashClientAddress(secret, client.subnet),
    network48: client.network48 === null ? null : hashClientAddress(secret, client.network48),
  }
}

/** A client address as stored: normalised, then an HMAC with IP_HASH_SECRET. */
export function hashIp(secret: string, ip: string): string {
  return hashClient(secret, ip).address
}

type LimitName = keyof RequestLimits

/**
 * The limits a request counts against: the canonical e-mail (when there is one), the client
 * address, its /24 or /64, and an IPv6 client's /48. `prefix` keeps each action's counters apart.
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
  if (client.network48 !== null)
    checks.push({
      name: 'network48',
      value: prefix + client.network48,
      limit: limits.network48,
      hashed: true,
    })
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
