/**
 * The operator's own browser, known by a mark it got when she signed in: an HMAC of her address
 * with IP_HASH_SECRET, kept in an HttpOnly cookie. A sign-in request that carries the mark for
 * the address it asks for is not held back by the per-address limits, which anyone can spend
 * for her by asking for links to her address (docs/decisions/0022). Nothing is stored; the mark
 * opens nothing by itself: it only lets its holder ask for a link, which still goes to her mailbox.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { normalizeOperatorEmail } from './operator-email.ts'

export const DEVICE_COOKIE = 'pp_console_device'
/** How long a browser stays known without signing in again. */
export const DEVICE_MAX_AGE_SECONDS = 180 * 24 * 3600

/** The mark of a browser that signed in as this address. */
export function deviceMark(secret: string, email: string): string {
  const address = normalizeOperatorEmail(email) ?? email.trim().toLowerCase()
  return createHmac('sha256', secret).update(`operator-device:${address}`).digest('base64url')
}

/** True when the cookie's value is the mark for this address (compared in constant time). */
export function isDeviceOf(secret: string, email: string, cookie: string | undefined): boolean {
  if (!cookie) return false
  const expected = Buffer.from(deviceMark(secret, email))
  const given = Buffer.from(cookie)
  return expected.length === given.length && timingSafeEqual(expected, given)
}
