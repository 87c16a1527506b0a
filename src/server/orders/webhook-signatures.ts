/**
 * How each payment provider signs its webhooks (docs/product.md "Paid orders"), checked on the
 * raw body bytes before anything parses them, with a timing-safe comparison:
 * - Stripe: `Stripe-Signature: t=<unix s>,v1=<hex>[,v1=...]`, v1 = HMAC-SHA256(secret,
 *   `${t}.${body}`), |now - t| <= 300 s.
 * - Lemon Squeezy: `X-Signature: <hex>` = HMAC-SHA256(secret, body); no timestamp (a replay is
 *   caught by the event's and the order's identity).
 * - Paddle Billing: `Paddle-Signature: ts=<unix s>;h1=<hex>[;h1=...]`, h1 = HMAC-SHA256(secret,
 *   `${ts}:${body}`), |now - ts| <= 300 s.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { PaymentProvider } from '../db/schema.ts'

/** How far a signed timestamp may be from our clock, either way. */
const SIGNATURE_TOLERANCE_S = 300

const HEX = /^[0-9a-f]{64}$/i

function hmac(secret: string, ...parts: (string | Uint8Array)[]): Buffer {
  const mac = createHmac('sha256', secret)
  for (const part of parts) mac.update(part)
  return mac.digest()
}

/** Whether any of the hex signatures is the expected MAC; every candidate is compared in full. */
function matchesAny(expected: Buffer, candidates: readonly string[]): boolean {
  let ok = false
  for (const candidate of candidates) {
    if (!HEX.test(candidate)) continue
    if (timingSafeEqual(expected, Buffer.from(candidate, 'hex'))) ok = true
  }
  return ok
}

function fresh(timestamp: string | undefined, nowMs: number): timestamp is string {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return false
  return Math.abs(nowMs / 1000 - Number(timestamp)) <= SIGNATURE_TOLERANCE_S
}

/** `k=v` pairs split by `sep`; a key may repeat. */
function pairs(header: string, sep: string): [string, string][] {
  return header.split(sep).flatMap((part) => {
    const at = part.indexOf('=')
    return at > 0 ? [[part.slice(0, at).trim(), part.slice(at + 1).trim()] as [string, string]] : []
  })
}

/** The header each provider signs with (lower case, as the request's headers are read). */
export const SIGNATURE_HEADERS: Record<PaymentProvider, string> = {
  stripe: 'stripe-signature',
  lemonsqueezy: 'x-signature',
  paddle: 'paddle-signature',
}

/** Whether `header` is a valid, fresh signature of `body` with `secret` for the provider. */
export function verifyWebhookSignature(
  provider: PaymentProvider,
  secret: string,
  header: string | null | undefined,
  body: Uint8Array,
  nowMs = Date.now(),
): boolean {
  if (!header || header.length > 2048) return false
  if (provider === 'lemonsqueezy') return matchesAny(hmac(secret, body), [header.trim()])
  const fields = pairs(header, provider === 'stripe' ? ',' : ';')
  const timestamp = fields.find(([k]) => k === (provider === 'stripe' ? 't' : 'ts'))?.[1]
  if (!fresh(timestamp, nowMs)) return false
  const scheme = provider === 'stripe' ? 'v1' : 'h1'
  const signatures = fields.filter(([k]) => k === scheme).map(([, v]) => v)
  const expected = hmac(secret, timestamp, provider === 'stripe' ? '.' : ':', body)
  return matchesAny(expected, signatures)
}

/** A signature header as the provider would send it: for tests, the bench and docs' examples. */
export function signWebhook(
  provider: PaymentProvider,
  secret: string,
  body: string | Uint8Array,
  nowMs = Date.now(),
): string {
  const t = String(Math.floor(nowMs / 1000))
  if (provider === 'lemonsqueezy') return hmac(secret, body).toString('hex')
  if (provider === 'stripe') return `t=${t},v1=${hmac(secret, t, '.', body).toString('hex')}`
  return `ts=${t};h1=${hmac(secret, t, ':', body).toString('hex')}`
}
