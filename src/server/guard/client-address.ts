/**
 * Who is asking (docs/product.md, "Trust under abuse"): the client address, parsed and normalised by ipaddr.js so one
 * machine cannot get several limits by writing its address differently (`::ffff:10.0.0.1`,
 * `010.0.0.1`, `10.0.0.1:5555`), the network it sits in (/24, /64) for the subnet limit, and the
 * stored form of an address: an HMAC with IP_HASH_SECRET, never the address or a bare hash.
 */
import { createHmac } from 'node:crypto'
import ipaddr from 'ipaddr.js'
import type { TrustProxy } from '../config.ts'

type IpAddress = ipaddr.IPv4 | ipaddr.IPv6

/** What the rate limits and the stored hash see; `unknown` for in-process requests. */
interface ClientAddress {
  /** Canonical text: dotted decimal for IPv4 (mapped IPv6 unwrapped), RFC 5952 for IPv6. */
  address: string
  /** The /24 (IPv4) or /64 (IPv6) it belongs to, as CIDR text. */
  subnet: string
  /**
   * For IPv6, the /48 it belongs to (a site's whole allocation: 65,536 /64s), as CIDR text;
   * null for IPv4 and unknown clients.
   */
  network48: string | null
}

const UNKNOWN_CLIENT: ClientAddress = { address: 'unknown', subnet: 'unknown', network48: null }

const DOTTED_DECIMAL = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/

/**
 * Parses one address as a proxy or socket writes it: optional brackets and port, optional IPv6
 * zone. Four dotted decimal parts are read as decimal even with leading zeros (`010.0.0.1` is
 * 10.0.0.1, the way proxies and people write it, not inet_aton's octal). Returns null for
 * anything else.
 */
export function parseClientIp(raw: string): IpAddress | null {
  let text = raw.trim()
  if (!text || text.length > 100) return null
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text)
  if (bracketed) text = bracketed[1]!
  else if (/^[^:]+:\d{1,5}$/.test(text)) text = text.slice(0, text.lastIndexOf(':'))
  text = text.replace(/%[\w.-]+$/, '')
  const dotted = DOTTED_DECIMAL.exec(text)
  if (dotted) {
    const octets = dotted.slice(1).map(Number)
    if (octets.some((o) => o > 255)) return null
    return new ipaddr.IPv4(octets)
  }
  // IPv4 only in four decimal parts: inet_aton's other forms (`10.1`, hex, one number) are not
  // what a socket or a proxy writes, and reading them would give one machine more names.
  if (!ipaddr.IPv6.isValid(text)) return null
  let address: IpAddress
  try {
    address = ipaddr.IPv6.parse(text)
  } catch {
    return null
  }
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress())
    address = (address as ipaddr.IPv6).toIPv4Address()
  return address
}

export function describeClient(address: IpAddress | null): ClientAddress {
  if (!address) return UNKNOWN_CLIENT
  if (address.kind() === 'ipv4') {
    const octets = (address as ipaddr.IPv4).octets
    return {
      address: address.toString(),
      subnet: `${octets[0]}.${octets[1]}.${octets[2]}.0/24`,
      network48: null,
    }
  }
  const v6 = address as ipaddr.IPv6
  const network = new ipaddr.IPv6([...v6.parts.slice(0, 4), 0, 0, 0, 0])
  const site = new ipaddr.IPv6([...v6.parts.slice(0, 3), 0, 0, 0, 0, 0])
  return {
    address: v6.toString(),
    subnet: `${network.toString()}/64`,
    network48: `${site.toString()}/48`,
  }
}

/**
 * Whom a connection from this peer counts for in the per-client connection limit (lifecycle.ts):
 * its address, or its /64 for IPv6; null for a proxy we trust (TRUST_PROXY: every peer when
 * it is a hop count, a peer inside a listed network), whose connections carry many clients.
 */
export function connectionClient(peer: string | undefined, trust: TrustProxy): string | null {
  const ip = peer ? parseClientIp(peer) : null
  if (!ip || trust.kind === 'hops') return null
  if (trust.kind === 'cidrs' && trusted(ip, trust.cidrs)) return null
  const client = describeClient(ip)
  return ip.kind() === 'ipv6' ? client.subnet : client.address
}

function trusted(address: IpAddress, cidrs: [IpAddress, number][]): boolean {
  return cidrs.some(([network, bits]) => {
    if (network.kind() !== address.kind()) return false
    return address.match(network, bits)
  })
}

/**
 * The client's address from the socket's peer and the X-Forwarded-For header (docs/architecture.md, "Contracts: environment"):
 * - off: the peer; the header is the client's word and is ignored.
 * - N hops: the address N entries to the left of the peer (the peer is the nearest proxy, each
 *   proxy appends the address it saw), or the left-most entry when there are fewer.
 * - CIDRs: walking from the peer leftwards, the first address not in a trusted network.
 * An entry that is not an address ends the walk: the last good address before it is used, so
 * garbage never makes a new identity.
 */
export function resolveClientAddress(
  peer: string | null | undefined,
  forwardedFor: string | null | undefined,
  trust: TrustProxy,
): ClientAddress {
  const peerIp = peer ? parseClientIp(peer) : null
  if (trust.kind === 'off' || !forwardedFor) return describeClient(peerIp)
  const entries = forwardedFor
    .split(',')
    .slice(-64)
    .map((part) => part.trim())
    .filter(Boolean)
  // From nearest to farthest: the peer, then the header's entries right to left.
  const chain: (IpAddress | null)[] = [peerIp, ...entries.reverse().map(parseClientIp)]
  let chosen: IpAddress | null = peerIp
  if (trust.kind === 'hops') {
    for (let i = 1; i <= trust.hops && i < chain.length; i++) {
      const next = chain[i]
      if (!next) break
      chosen = next
    }
    return describeClient(chosen)
  }
  // CIDRs. A peer we cannot parse (in-process requests) is not a trusted proxy.
  for (let i = 0; i < chain.length; i++) {
    const hop = chain[i]
    if (!hop) break
    chosen = hop
    if (!trusted(hop, trust.cidrs)) break
  }
  return describeClient(chosen)
}

/** How a client address is stored and counted: HMAC-SHA-256 with IP_HASH_SECRET, hex. */
export function hashClientAddress(secret: string | Buffer, address: string): string {
  return createHmac('sha256', secret).update(`ip:${address}`).digest('hex')
}
