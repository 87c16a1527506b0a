import { describe, expect, it } from 'vitest'
import { loadConfig, parseTrustProxy, type TrustProxy } from '../config.ts'
import { hashClientAddress, parseClientIp, resolveClientAddress } from './client-address.ts'

const trust = (value: string) => parseTrustProxy(value) as TrustProxy

describe('client addresses, parsed by ipaddr.js', () => {
  it.each([
    ['10.0.0.1', '10.0.0.1'],
    ['::ffff:10.0.0.1', '10.0.0.1'],
    ['::FFFF:a00:1', '10.0.0.1'],
    ['010.0.0.1', '10.0.0.1'],
    ['10.000.0.01', '10.0.0.1'],
    ['10.0.0.1:5555', '10.0.0.1'],
    ['[::ffff:10.0.0.1]:443', '10.0.0.1'],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['[2001:db8::1]:8080', '2001:db8::1'],
    ['fe80::1%eth0', 'fe80::1'],
  ])('%s is %s', (raw, expected) => {
    expect(parseClientIp(raw)?.toString()).toBe(expected)
  })

  it.each(['', 'unknown', '10.0.0.256', '1.2.3', 'evil.example', '::g', '10.0.0.1, 10.0.0.2'])(
    'refuses %j',
    (raw) => {
      expect(parseClientIp(raw)).toBeNull()
    },
  )

  it('names the /24 and the /64', () => {
    expect(resolveClientAddress('10.1.2.3', null, trust('off'))).toEqual({
      address: '10.1.2.3',
      subnet: '10.1.2.0/24',
      network48: null,
    })
    expect(resolveClientAddress('2001:db8:1:2:3:4:5:6', null, trust('off'))).toEqual({
      address: '2001:db8:1:2:3:4:5:6',
      subnet: '2001:db8:1:2::/64',
      network48: '2001:db8:1::/48',
    })
  })
})

describe('TRUST_PROXY', () => {
  it('parses off, hop counts and CIDR lists, and names a bad value', () => {
    expect(parseTrustProxy('')).toEqual({ kind: 'off' })
    expect(parseTrustProxy('off')).toEqual({ kind: 'off' })
    expect(parseTrustProxy('0')).toEqual({ kind: 'off' })
    expect(parseTrustProxy('1')).toEqual({ kind: 'hops', hops: 1 })
    expect(parseTrustProxy('true')).toEqual({ kind: 'hops', hops: 1 })
    expect(parseTrustProxy('2')).toEqual({ kind: 'hops', hops: 2 })
    expect(parseTrustProxy('10.0.0.0/8, fd00::/8,192.0.2.7')?.kind).toBe('cidrs')
    expect(parseTrustProxy('10.0.0.0/33')).toBeNull()
    expect(parseTrustProxy('proxy.internal')).toBeNull()
    expect(() => loadConfig({ TRUST_PROXY: 'sometimes' })).toThrow(/TRUST_PROXY/)
    expect(loadConfig({}).trustProxy).toEqual({ kind: 'off' })
  })

  it('off: the socket peer, whatever the header says', () => {
    expect(resolveClientAddress('::ffff:127.0.0.9', '1.2.3.4', trust('off')).address).toBe(
      '127.0.0.9',
    )
  })

  it('hops: the address that many proxies to the left of the peer', () => {
    const xff = '6.6.6.6, 203.0.113.7, 10.0.0.5'
    expect(resolveClientAddress('10.0.0.9', xff, trust('1')).address).toBe('10.0.0.5')
    expect(resolveClientAddress('10.0.0.9', xff, trust('2')).address).toBe('203.0.113.7')
    expect(resolveClientAddress('10.0.0.9', '203.0.113.7', trust('3')).address).toBe('203.0.113.7')
    // Garbage ends the walk at the last good address; it never becomes an identity.
    expect(resolveClientAddress('10.0.0.9', 'garbage', trust('1')).address).toBe('10.0.0.9')
  })

  it('CIDRs: the first address from the right outside the trusted networks', () => {
    const t = trust('10.0.0.0/8,fd00::/8')
    expect(resolveClientAddress('10.0.0.9', '6.6.6.6, 203.0.113.7, 10.0.0.5', t).address).toBe(
      '203.0.113.7',
    )
    expect(resolveClientAddress('fd00::1', '2001:db8::5', t).address).toBe('2001:db8::5')
    // A peer outside the trusted networks is the client: its header is its own word.
    expect(resolveClientAddress('198.51.100.1', '6.6.6.6', t).address).toBe('198.51.100.1')
  })
})

describe('stored addresses', () => {
  it('are an HMAC with the secret, not a bare hash', () => {
    const a = hashClientAddress('secret-one-0123456789', '10.0.0.1')
    expect(a).toMatch(/^[0-9a-f]{64}$/)
    expect(hashClientAddress('secret-two-0123456789', '10.0.0.1')).not.toBe(a)
  })
})
