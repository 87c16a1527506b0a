/**
 * The client's address: the socket's peer, or with TRUST_PROXY the last X-Forwarded-For entry,
 * the one our own proxy appended (entries further left are whatever the client claimed).
 */
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { ClientInfo } from '../trials/trial-service.ts'

export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')
    const last = forwarded
      ?.split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .at(-1)
    if (last) return last.slice(0, 100)
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // In-process requests (tests, app.request) have no socket.
    return 'unknown'
  }
}

/** Who is asking, as the services record it. */
export function clientInfo(c: Context, trustProxy: boolean): ClientInfo {
  return { ip: clientAddress(c, trustProxy), userAgent: c.req.header('user-agent') ?? null }
}
