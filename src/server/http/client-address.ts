/**
 * The client's address: the socket's peer, or with TRUST_PROXY the address the trusted proxies
 * saw (hops or CIDRs), parsed and normalised by guard/client-address.ts.
 */
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { TrustProxy } from '../config.ts'
import { resolveClientAddress } from '../guard/client-address.ts'
import type { ClientInfo } from '../guard/request-guard.ts'

function resolved(c: Context, trustProxy: TrustProxy) {
  let peer: string | undefined
  try {
    peer = getConnInfo(c).remote.address
  } catch {
    // In-process requests (tests, app.request) have no socket.
  }
  return resolveClientAddress(peer, c.req.header('x-forwarded-for'), trustProxy)
}

export function clientAddress(c: Context, trustProxy: TrustProxy): string {
  return resolved(c, trustProxy).address
}

/**
 * One client for a per-client count: its address, its /64 for IPv6 (one subscriber's network);
 * undefined when the address is unknown (a Unix socket without TRUST_PROXY), which must not put
 * every visitor under one cap.
 */
export function clientCountingKey(c: Context, trustProxy: TrustProxy): string | undefined {
  const client = resolved(c, trustProxy)
  if (client.address === 'unknown') return undefined
  return client.address.includes(':') ? client.subnet : client.address
}

/** Who is asking, as the services record it. */
export function clientInfo(c: Context, trustProxy: TrustProxy): ClientInfo {
  return { ip: clientAddress(c, trustProxy), userAgent: c.req.header('user-agent') ?? null }
}
