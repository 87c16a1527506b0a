/**
 * Capability tokens (waitlist, confirmation and sign-in links, console sessions): 256 random
 * bits, kept only as a hash. A plain hash is enough: there is nothing to brute-force.
 */
import { createHash, randomBytes } from 'node:crypto'

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashToken(token) }
}
