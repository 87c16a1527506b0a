/**
 * Security checks, as an operator would verify them. What other suites already prove
 * is referenced, not repeated:
 * - path traversal in-process, case by case: http/site.test.ts (safeJoin, /custom-uploads, /lnf);
 *   here the same over a raw socket through the whole server, where no client tidies the path;
 * - the waitlist token rule (a wrong token is 404 for any id): http/trial-submissions.test.ts; the fuzz suite
 *   (hostile-input.test.ts) also checks that no PATCH without the token ever succeeds;
 * - CSV cell escaping: trials/leads-export.test.ts; here end to end from the API to the CLI;
 * - the 500 handler hiding internals: http/errors.test.ts; here a real database failure;
 * - escaping in the templates: mail/templates.test.ts; here the delivered message, parsed.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse as parseCsv } from 'csv-parse/sync'
import { sql } from 'drizzle-orm'
import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailAssets } from '#src/common/paths.ts'
import { DOCUMENT_ROUTES } from '#src/common/site/routes.ts'
import { DEFAULT_SETTINGS } from '#src/common/site/settings.ts'
import { runCli } from '#src/cli/run-cli.ts'
import { embeddedDataDir, queryRows } from '../db/client.ts'
import { insertLicenses } from '../licenses/license-repository.ts'
import { enqueueMail } from '../mail/mail-queue.ts'
import { insertSubmission } from '../trials/submission-repository.ts'
import { mailIdentity } from '../mail/mail-identity.ts'
import { startOutboxWorker } from '../mail/outbox-worker.ts'
import { createMailTransport } from '../mail/transport.ts'
import {
  killAllServers,
  placeholderBuild,
  startServerProcess,
  type ServerProcess,
} from '#tests/support/server-process.ts'
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink.ts'
import {
  createTestApp,
  memoryLogger,
  postJson,
  testConfig,
  trialRequest,
} from '#tests/support/test-app.ts'
import {
  createTestDatabase,
  describeEachDatabase,
  resetTables,
  seedEmbeddedDataDir,
} from '#tests/support/test-database.ts'

const SUBMIT = '/api/trial-submissions'

function expectSecurityHeaders(res: Response, what: string) {
  const csp = res.headers.get('content-security-policy') ?? ''
  if (res.headers.get('content-type')?.startsWith('text/html')) {
    expect(csp, what).toMatch(/(^|; )default-src 'self'(;|$)/)
    expect(csp, what).toMatch(/(^|; )object-src 'none'(;|$)/)
    expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/)
    expect(res.headers.get('cross-origin-opener-policy'), what).toBe('same-origin')
  } else {
    // Not a document: a policy that loads nothing, and none of the document-only headers.
    expect(csp, what).toMatch(/(^|; )default-src 'none'(;|$)/)
    expect(res.headers.get('permissions-policy'), what).toBeNull()
  }
  expect(csp, what).toMatch(/(^|; )frame-ancestors 'none'(;|$)/)
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff')
  expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin')
  expect(res.headers.get('x-frame-options'), what).toBe('DENY')
}

describeEachDatabase('security checks on %s', (database, kind) => {
  let app: Hono

  it('puts the security headers on every page and on every kind of API answer', async () => {
    await resetTables(database())
    await insertLicenses(database().db, 'basic', ['HDR-1'], 'headers')
    app = createTestApp(database(), { env: { RATE_LIMIT_EMAIL: '1/1h' } }).app
    const answers: [string, Response][] = []
    for (const doc of DOCUMENT_ROUTES)
      answers.push([`page ${doc.path}`, await app.request(doc.path)])
    for (const path of [
      '/nope',
      '/lnf/chart.png',
      '/lnf/..%2fx',
      '/custom-uploads/x.png',
      '/sitemap.xml',
    ])
      answers.push([path, await app.request(path)])
    answers.push(['POST to a page', await app.request('/', { method: 'POST' })])
    answers.push([
      '201',
      await postJson(app, SUBMIT, trialRequest({ email: 'h@example.com', model: 'basic' })),
    ])
    answers.push([
      '429',
      await postJson(app, SUBMIT, trialRequest({ email: 'h@example.com', model: 'basic' })),
    ])
    answers.push(['400', await postJson(app, SUBMIT, '{"first_name":')])
    answers.push(['405', await app.request(SUBMIT)])
    answers.push(['API 404', await app.request('/api/nope')])
    answers.push([
      'PATCH 404',
      await app.request('/api/trial-submissions/x/waitlist', { method: 'PATCH' }),
    ])
    answers.push(['counts', await app.request('/api/license-counts')])
    const consent = {
      id: 'consent-headers-1',
      categories: { functional: true, media: false, marketing: false },
      policy_version: '2025-08-01',
      decided_at: new Date().toISOString(),
    }
    answers.push(['consent 204', await postJson(app, '/api/consents', consent)])
    answers.push(['consent 400', await postJson(app, '/api/consents', { ...consent, id: '<x>' })])
    answers.push(['healthz', await app.request('/healthz')])
    answers.push(['readyz', await app.request('/readyz')])
    const expected = [200, 201, 204, 302, 400, 404, 405, 429]
    for (const [what, res] of answers) {
      expect(expected, what).toContain(res.status)
      expectSecurityHeaders(res, what)
    }
    // And the 503s of a database that is gone.
    const gone = await createTestDatabase(kind)
    const goneApp = createTestApp(gone).app
    await gone.close()
    for (const res of [
      await goneApp.request('/readyz'),
      await postJson(goneApp, SUBMIT, trialRequest()),
    ]) {
      expect(res.status).toBe(503)
      expectSecurityHeaders(res, '503')
    }
  })

  it('hides internals when the database fails in an unexpected way (500)', async () => {
    const broken = await createTestDatabase(kind)
    try {
      const { app: brokenApp, logLines } = createTestApp(broken)
      // A schema an upgrade got wrong: the query fails with the database's own words.
      await broken.db.execute(sql`drop table licenses cascade`)
      for (const res of [
        await postJson(brokenApp, SUBMIT, trialRequest()),
        await brokenApp.request('/api/license-counts'),
      ]) {
        expect(res.status).toBe(500)
        expectSecurityHeaders(res, '500')
        const text = await res.text()
        expect(JSON.parse(text)).toEqual({
          errorCode: 'INTERNAL_ERROR',
          error: 'Internal server error',
        })
        expect(text).not.toMatch(/licenses|relation|select|\.ts|at |stack|postgres|pglite/i)
      }
      // The operator still gets the cause, in the log.
      const logged = logLines.find((l) => l.msg === 'unhandled error')
      expect(JSON.stringify(logged)).toMatch(/licenses/)
    } finally {
      await broken.close()
    }
  })

  it('holds the e-mail limit when 50 requests for one address arrive at once on two instances', async () => {
    await resetTables(database())
    await insertLicenses(database().db, 'advanced', ['RL-1', 'RL-2', 'RL-3'], 'rate')
    const env = { RATE_LIMIT_EMAIL: '3/1h', RATE_LIMIT_IP: '100000/1h', TRUST_PROXY: '1' }
    const instances = [
      createTestApp(database(), { env }).app,
      createTestApp(database(), { env }).app,
    ]
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postJson(
          instances[i % 2]!,
          SUBMIT,
          trialRequest({ email: 'Same@Example.com', model: 'advanced' }),
          {
            'X-Forwarded-For': `198.51.100.${i}`,
          },
        ),
      ),
    )
    const statuses = responses.map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(3)
    expect(statuses.filter((s) => s === 429)).toHaveLength(47)
    // The accepted repeats re-send the one key; the pool lost only that key.
    const [row] = await queryRows<{ n: number }>(
      database().db,
      sql`select count(*)::int as n from licenses where status = 'assigned'`,
    )
    expect(row!.n).toBe(1)
  })

  it('holds the address limit when 50 requests from one address arrive at once', async () => {
    await resetTables(database())
    const env = { RATE_LIMIT_EMAIL: '100/1h', RATE_LIMIT_IP: '5/1h', TRUST_PROXY: '1' }
    const instances = [
      createTestApp(database(), { env }).app,
      createTestApp(database(), { env }).app,
    ]
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        postJson(instances[i % 2]!, SUBMIT, trialRequest({ email: `ip${i}@example.com` }), {
          'X-Forwarded-For': '203.0.113.7',
        }),
      ),
    )
    const statuses = responses.map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(5)
    expect(statuses.filter((s) => s === 429)).toHaveLength(45)
  })

  it('exports leads as CSV a spreadsheet cannot run, from what visitors typed', async () => {
    await resetTables(database())
    app = createTestApp(database(), {
      env: { RATE_LIMIT_EMAIL: '100/1h', RATE_LIMIT_IP: '100000/1h' },
    }).app
    const hostile = [
      '=HYPERLINK("http://evil.test","x")',
      '+1+cmd|" /C calc"!A0',
      '-2+3',
      '@SUM(A1:A9)',
      ' =1+1',
      '＝1+1',
      '=cmd|"/c calc"!A1\n,"x"',
    ]
    for (const [i, name] of hostile.entries()) {
      const res = await postJson(
        app,
        SUBMIT,
        trialRequest({
          first_name: name.trim() || name,
          last_name: name,
          source: name.slice(0, 60),
        }),
      )
      // Names hold letters, marks, spaces, apostrophes, hyphens and dots only.
      expect(res.status, `${i}: ${name}`).toBe(400)
      // Older rows, or a source field, may still hold such text: the export must defuse it.
      if (!name.includes('\n'))
        await insertSubmission(database().db, {
          firstName: name.trim() || name,
          lastName: name,
          email: `csv${i}@example.com`,
          model: 'basic',
          source: name.slice(0, 60),
          waitlistTokenHash: `csv-${i}`,
        })
    }
    let stdout = ''
    const code = await runCli(['leads', 'export', '--format', 'csv'], {
      config: testConfig(),
      io: { stdout: (t) => (stdout += t), stderr: () => {} },
      database: database(),
    })
    expect(code).toBe(0)
    const rows = parseCsv(stdout) as string[][]
    expect(rows[0]).toContain('first_name')
    const cells = rows.slice(1).flat()
    expect(rows.length - 1).toBe(hostile.length - 1)
    for (const cell of cells) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/)
    // Escaped, not altered: the text after the guard is what the visitor typed.
    expect(cells).toContain(`'=HYPERLINK("http://evil.test","x")`)
  })
})

describeEachDatabase('the trial e-mail as delivered, on %s', (database) => {
  let smtp: SmtpSink
  beforeAll(async () => {
    smtp = await startSmtpSink()
  })
  afterAll(async () => {
    await smtp?.close()
  })

  it('carries no HTML and no header a visitor typed into a name', async () => {
    const names: [string, string][] = [
      ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>'],
      ['"Evil" <evil@attacker.test>, Bcc: spy@attacker.test', 'x'],
      ['=?utf-8?B?QmNjOiBzcHlAYXR0YWNrZXIudGVzdA==?=', 'Lovelace'],
      ['Ada\u2028Bcc: spy@attacker.test', '\u0085Cc: spy@attacker.test'],
      ['a@b.test>, <spy@attacker.test', ';,"<>'],
      ['</p><a href="javascript:alert(1)">click</a>', '&lt;already&gt;'],
    ]
    await insertLicenses(
      database().db,
      'basic',
      names.map((_, i) => `INJ-${i}`),
      'injection',
    )
    const transport = createMailTransport({ smtpUrl: smtp.url, dataDir: '/nonexistent' })
    const worker = startOutboxWorker({
      db: database().db,
      transport,
      identity: mailIdentity(
        { mailFrom: '', publicUrl: 'https://trial.example.test' },
        DEFAULT_SETTINGS,
      ),
      settings: DEFAULT_SETTINGS,
      logger: memoryLogger().logger,
      pollMs: 20,
    })
    try {
      const app = createTestApp(database(), {
        env: { RATE_LIMIT_EMAIL: '100/1h', RATE_LIMIT_IP: '100000/1h' },
        onMailQueued: () => worker.kick(),
      }).app
      for (const [i, [first, last]] of names.entries()) {
        const res = await postJson(
          app,
          SUBMIT,
          trialRequest({
            first_name: first,
            last_name: last,
            email: `victim${i}@example.com`,
            model: 'basic',
          }),
        )
        // The API refuses such names ...
        expect(res.status, first).toBe(400)
        // ... and the e-mail escapes them anyway, whatever reaches the outbox.
        await enqueueMail(database().db, {
          kind: 'trial',
          to: `victim${i}@example.com`,
          payload: { firstName: first, lastName: last, model: 'basic', activationKey: `INJ-${i}` },
          messageIdDomain: 'trial.example.test',
        })
        worker.kick()
      }
      const mail = await smtp.waitFor(names.length, 20_000)
      for (const [i, [first]] of names.entries()) {
        const address = `victim${i}@example.com`
        const got = mail.filter((m) => m.to.includes(address))
        expect(got, first).toHaveLength(1)
        const message = got[0]!
        // The SMTP envelope: the visitor and nobody else.
        expect(message.to, first).toEqual([address])
        const { parsed } = message
        const fields = parsed.headerLines.map((h) => h.key)
        expect(
          fields.filter((n) => n === 'to'),
          first,
        ).toHaveLength(1)
        expect(
          fields.filter((n) => n === 'subject'),
          first,
        ).toHaveLength(1)
        expect(
          fields.filter((n) => ['bcc', 'cc', 'set-cookie'].includes(n)),
          first,
        ).toEqual([])
        // The To header holds one address, for a mail client too; the rest is display name,
        // quoted or encoded.
        expect(
          [parsed.to].flat().flatMap((t) => t?.value.map((a) => a.address)),
          first,
        ).toEqual([address])
        const to = parsed.headerLines
          .find((h) => h.key === 'to')!
          .line.replace(/^to:\s*/i, '')
          .replace(/\r?\n[ \t]+/g, ' ')
        const outsideName = to
          .replace(/"(?:[^"\\]|\\.)*"/g, '')
          .replace(/=\?[^?]+\?[QqBb]\?[^?]*\?=/g, '')
        expect(outsideName.match(/@/g), `${first}: ${to}`).toHaveLength(1)
        expect(to.endsWith(`<${address}>`), to).toBe(true)

        const { html, text } = message
        expect(html).toContain(`INJ-${i}`)
        expect(text).toContain(`INJ-${i}`)
        // Our logo is the one image; nothing a visitor typed becomes markup.
        const images = html.match(/<img\b[^>]*>/gi) ?? []
        expect(images, first).toHaveLength(1)
        expect(images[0]).toContain(`src="https://trial.example.test${mailAssets.logo}"`)
        expect(html.replace(images[0]!, ''), first).not.toMatch(
          /<script|<img|<svg|<a href="javascript:|onerror=/i,
        )
      }
      const victim0 = mail.find((m) => m.to.includes('victim0@example.com'))!
      const scriptHtml = `${victim0.html}\n${victim0.text}`
      expect(scriptHtml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    } finally {
      await worker.stop()
      transport.close()
    }
  })
})

describe('the whole server over a raw socket', () => {
  const SECRET = 'secret beside the uploads folder'
  let dir: string
  let distDir: string
  let server: ServerProcess
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'traversal-'))
    distDir = await placeholderBuild()
    await mkdir(join(dir, 'uploads', 'screenshots'), { recursive: true })
    await writeFile(join(dir, 'uploads', 'chart.png'), 'PNG')
    await writeFile(join(dir, 'secret.txt'), SECRET)
    await mkdir(join(dir, 'uploads-private'))
    await writeFile(join(dir, 'uploads-private', 'secret.txt'), SECRET)
    await mkdir(join(distDir, 'client', 'assets'), { recursive: true })
    await writeFile(join(distDir, 'client', 'assets', 'app-1234.js'), 'console.log(1)')
    await writeFile(join(distDir, 'client', 'assets', 'app-1234.css'), 'p{color:red}')
    await writeFile(join(distDir, 'secret.txt'), SECRET)
    await seedEmbeddedDataDir(embeddedDataDir(join(dir, 'data')))
    server = await startServerProcess({
      DATA_DIR: join(dir, 'data'),
      DIST_DIR: distDir,
      UPLOADS_DIR: join(dir, 'uploads'),
    })
  }, 60_000)
  afterAll(async () => {
    await killAllServers()
    if (dir) await rm(dir, { recursive: true, force: true })
    if (distDir) await rm(distDir, { recursive: true, force: true })
  })

  /** Sends the path byte for byte (fetch and URL would resolve the dots first). */
  function rawGet(path: string, method = 'GET'): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port: Number(new URL(server.url).port) })
      let answer = ''
      socket.on('data', (c: Buffer) => (answer += c.toString('latin1')))
      socket.on('error', reject)
      socket.on('close', () =>
        resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]), body: answer }),
      )
      socket.write(
        Buffer.from(`${method} ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, 'latin1'),
      )
    })
  }

  it('never serves a file outside the uploads folder or the build', async () => {
    expect((await rawGet('/custom-uploads/chart.png')).status).toBe(200)
    expect((await rawGet('/assets/app-1234.js')).status).toBe(200)
    const attempts = [
      '/custom-uploads/../secret.txt',
      '/custom-uploads/../../secret.txt',
      '/custom-uploads/..%2fsecret.txt',
      '/custom-uploads/%2e%2e/secret.txt',
      '/custom-uploads/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/custom-uploads/..%5csecret.txt',
      '/custom-uploads/..\\secret.txt',
      '/custom-uploads/..%2fuploads-private%2fsecret.txt',
      '/custom-uploads/%252e%252e%252fsecret.txt',
      '/custom-uploads/chart.png%00../../secret.txt',
      '/custom-uploads//etc/passwd',
      '/custom-uploads/%2fetc%2fpasswd',
      '/lnf/../secret.txt',
      '/lnf/..%2f..%2fsecret.txt',
      '/lnf/%2e%2e%2fsecret.txt',
      '/assets/../secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/../secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e/%2e%2e/etc/passwd',
      '//etc/passwd',
      '/site/../secret.txt',
      '/./secret.txt',
    ]
    for (const path of attempts) {
      const res = await rawGet(path)
      expect(res.body, path).not.toContain(SECRET)
      expect(res.body, path).not.toMatch(/root:x:0:0|"name": "pacing-models-site"/)
      expect([400, 404], `${path}: ${res.status}`).toContain(res.status)
    }
  }, 60_000)

  // Found by this case: HEAD /healthz and /readyz lost them, because @hono/node-server's
  // Response drops headers a middleware adds after the handler when Hono derives the HEAD
  // answer (fixed in server/index.ts).
  it('puts the security headers on GET and HEAD of every kind of answer, and on scripts only theirs', async () => {
    // The security headers on GET and HEAD of every kind of answer, as the real server writes
    // them (in-process tests do not run its Response class).
    for (const path of [
      '/',
      '/terms',
      '/nope',
      '/sitemap.xml',
      '/custom-uploads/chart.png',
      '/healthz',
      '/readyz',
      '/api/license-counts',
      '/api/nope',
    ])
      for (const method of ['GET', 'HEAD']) {
        const res = await rawGet(path, method)
        const head = res.body.split('\r\n\r\n')[0]!
        const what = `${method} ${path} (${res.status})`
        expect(head, what).toMatch(/^content-security-policy: .*frame-ancestors 'none'/im)
        expect(head, what).toMatch(/^x-content-type-options: nosniff$/im)
        expect(head, what).toMatch(/^referrer-policy: strict-origin-when-cross-origin$/im)
        expect(head, what).toMatch(/^x-frame-options: DENY$/im)
      }
    // A page's scripts and stylesheets, which a browser never runs as a page: nosniff keeps them
    // what their type says, the resource policy keeps other sites from loading them, and what
    // guards a document is not repeated on each (docs/architecture.md, "Budgets").
    for (const [path, type] of [
      ['/assets/app-1234.js', 'text/javascript'],
      ['/assets/app-1234.css', 'text/css'],
    ] as const)
      for (const method of ['GET', 'HEAD']) {
        const res = await rawGet(path, method)
        const head = res.body.split('\r\n\r\n')[0]!
        const what = `${method} ${path} (${res.status})`
        expect(res.status, what).toBe(200)
        expect(head, what).toMatch(new RegExp(`^content-type: ${type}`, 'im'))
        expect(head, what).toMatch(/^x-content-type-options: nosniff$/im)
        expect(head, what).toMatch(/^cross-origin-resource-policy: same-site$/im)
        expect(head, what).not.toMatch(
          /^(content-security-policy|x-frame-options|referrer-policy):/im,
        )
      }
    expect(server.child.exitCode).toBeNull()
  }, 60_000)
})
