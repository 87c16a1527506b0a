/**
 * The site routes in-process (app.request, no port, no build): uploads and /lnf never reach
 * outside the uploads folder, the sitemap lists the public pages, static text files carry the
 * right types and PUBLIC_URL, and unknown paths get the 404 page.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLIENT_ENTRIES, DOCUMENT_ROUTES } from '#src/common/site/routes.ts'
import { Hono } from 'hono'
import { securityHeaders } from './security-headers.ts'
import {
  lnfFileName,
  loadSite,
  safeJoin,
  siteRoutes,
  withPolicyInMarkup,
  type Site,
} from './site.ts'
import type { StaticFile } from './static-file.ts'

const SECRET = 'top secret, outside the uploads folder'
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

let dir: string
let uploadsDir: string
let site: Site

function doc(name: string): StaticFile {
  return {
    type: 'text/html; charset=utf-8',
    body: Buffer.from(`<!doctype html><title>${name}</title><p data-doc="${name}"></p>`),
    etag: `"${name}"`,
    cacheControl: 'no-cache',
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'site-test-'))
  uploadsDir = join(dir, 'uploads')
  await mkdir(join(uploadsDir, 'screenshots'), { recursive: true })
  await writeFile(join(uploadsDir, 'chart.png'), PNG)
  await writeFile(join(uploadsDir, 'screenshots', 'fund.png'), PNG)
  // What an operator's copy or editor leaves behind in the uploads folder.
  await writeFile(join(uploadsDir, '.env'), SECRET)
  await mkdir(join(uploadsDir, '.git'))
  await writeFile(join(uploadsDir, '.git', 'config'), SECRET)
  // Neighbours an attacker would aim at: beside the uploads folder and in a sibling with a shared prefix.
  await writeFile(join(dir, 'secret.txt'), SECRET)
  await mkdir(join(dir, 'uploads-private'))
  await writeFile(join(dir, 'uploads-private', 'secret.txt'), SECRET)
  site = {
    documents: new Map(DOCUMENT_ROUTES.map((d) => [d.name, doc(d.name)])),
    files: new Map(),
    publicUrl: 'https://pacing.example',
  }
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const app = () => siteRoutes(site, { uploadsDir })

describe('safeJoin', () => {
  it('resolves plain names and sub-folders inside the root', () => {
    expect(safeJoin(uploadsDir, 'chart.png')).toBe(join(uploadsDir, 'chart.png'))
    expect(safeJoin(uploadsDir, 'screenshots/fund.png')).toBe(
      join(uploadsDir, 'screenshots', 'fund.png'),
    )
    expect(safeJoin(uploadsDir, 'with%20space.png')).toBe(join(uploadsDir, 'with space.png'))
  })

  it.each([
    '../secret.txt',
    '..',
    '.',
    'screenshots/../../secret.txt',
    '%2e%2e/secret.txt',
    '%2E%2E%2Fsecret.txt',
    '..%2fsecret.txt',
    '..%2Fsecret.txt',
    'screenshots%2f..%2f..%2fsecret.txt',
    '..\\secret.txt',
    '..%5csecret.txt',
    '..%5Csecret.txt',
    'screenshots\\..\\..\\secret.txt',
    'chart.png%00.txt',
    'chart.png\u0000',
    '%00',
    '%0a',
    '%E0%A4%A', // malformed escape
    '',
    '/',
  ])('refuses %j', (path) => {
    expect(safeJoin(uploadsDir, path)).toBeNull()
  })

  it('keeps absolute paths inside the root', () => {
    for (const path of ['/etc/passwd', '%2fetc%2fpasswd', '//etc/passwd']) {
      const full = safeJoin(uploadsDir, path)
      expect(full === null || full.startsWith(resolve(uploadsDir) + '/')).toBe(true)
    }
  })

  it('does not let a sibling folder with the same prefix pass', () => {
    expect(safeJoin(uploadsDir, '../uploads-private/secret.txt')).toBeNull()
  })

  it('decodes once only, so double-encoded dots stay a literal name', () => {
    expect(safeJoin(uploadsDir, '%252e%252e%252fsecret.txt')).toBe(
      join(uploadsDir, '%2e%2e%2fsecret.txt'),
    )
  })
})

describe('GET /custom-uploads/*', () => {
  it('serves an uploaded image with its content type', async () => {
    const res = await app().request('/custom-uploads/chart.png')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true)
    expect((await app().request('/custom-uploads/screenshots/fund.png')).status).toBe(200)
  })

  it.each([
    '/custom-uploads/../secret.txt',
    '/custom-uploads/%2e%2e/secret.txt',
    '/custom-uploads/%2e%2e%2fsecret.txt',
    '/custom-uploads/..%2fsecret.txt',
    '/custom-uploads/..%2Fuploads-private%2Fsecret.txt',
    '/custom-uploads/screenshots%2f..%2f..%2fsecret.txt',
    '/custom-uploads/..%5csecret.txt',
    '/custom-uploads/..\\secret.txt',
    '/custom-uploads/%2fetc%2fpasswd',
    '/custom-uploads//etc/passwd',
    '/custom-uploads/chart.png%00',
    '/custom-uploads/chart.png%00.txt',
    '/custom-uploads/%252e%252e%252fsecret.txt',
    '/custom-uploads/',
    '/custom-uploads/screenshots',
    '/custom-uploads/missing.png',
    '/custom-uploads/.env',
    '/custom-uploads/%2eenv',
    '/custom-uploads/.git/config',
    '/custom-uploads/screenshots/../.env',
  ])('answers %s with the 404 page and no file outside', async (path) => {
    const res = await app().request(path)
    const body = await res.text()
    expect(body).not.toContain(SECRET)
    expect(body).not.toContain('root:')
    expect(res.status).toBe(404)
    expect(body).toContain('data-doc="not-found"')
  })
})

describe('/lnf', () => {
  it('redirects without a file name', async () => {
    for (const path of ['/lnf', '/lnf/']) {
      const res = await app().request(path)
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe('/')
    }
  })

  it('serves the shell for a plain file name', async () => {
    for (const path of ['/lnf/chart.png', '/lnf/missing.png', '/lnf/with%20space.png']) {
      const res = await app().request(path)
      expect(res.status).toBe(200)
      expect(await res.text()).toContain('data-doc="lnf"')
    }
  })

  it.each([
    '/lnf/..%2fsecret.txt',
    '/lnf/..%2Fsecret.txt',
    '/lnf/%2e%2e%2fsecret.txt',
    '/lnf/..%5csecret.txt',
    '/lnf/..\\secret.txt',
    '/lnf/screenshots/fund.png',
    '/lnf/screenshots%2ffund.png',
    '/lnf/%2fetc%2fpasswd',
    '/lnf/chart.png%00',
    '/lnf/.env',
    '/lnf/%E0%A4%A',
  ])('answers %s with the shell and status 404, never a file', async (path) => {
    const res = await app().request(path)
    const body = await res.text()
    expect(body).not.toContain(SECRET)
    // The URL parser already folds some of these (a raw backslash becomes a slash) into paths
    // outside /lnf/, which then get the plain 404 page.
    expect(res.status).toBe(404)
    expect(body).toMatch(/data-doc="(lnf|not-found)"/)
  })

  it('checks names like the browser does', () => {
    expect(lnfFileName(uploadsDir, 'chart.png')).toBe('chart.png')
    expect(lnfFileName(uploadsDir, 'chart.png/')).toBe('chart.png')
    expect(lnfFileName(uploadsDir, 'a%2fb.png')).toBeNull()
    expect(lnfFileName(uploadsDir, '..')).toBeNull()
    expect(lnfFileName(uploadsDir, '')).toBeNull()
  })
})

describe('sitemap, robots and static files', () => {
  it('lists the public, indexable pages under PUBLIC_URL', async () => {
    const res = await app().request('/sitemap.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    const xml = await res.text()
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/)
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(locs).toEqual([
      'https://pacing.example/',
      'https://pacing.example/terms',
      'https://pacing.example/privacy-policy',
      'https://pacing.example/cookie-policy',
      'https://pacing.example/pacing',
      'https://pacing.example/methodology',
      'https://pacing.example/about',
      'https://pacing.example/security',
    ])
  })

  it('falls back to the request origin without PUBLIC_URL', async () => {
    const bare = siteRoutes({ ...site, publicUrl: undefined }, { uploadsDir })
    const xml = await (await bare.request('http://shop.test/sitemap.xml')).text()
    expect(xml).toContain('<loc>http://shop.test/</loc>')
  })

  it('loads robots.txt and test-static.txt from the build with their types and PUBLIC_URL', async () => {
    const dist = join(dir, 'dist')
    await mkdir(join(dist, 'site'), { recursive: true })
    await mkdir(join(dist, 'client'), { recursive: true })
    for (const d of [...DOCUMENT_ROUTES, ...CLIENT_ENTRIES])
      await writeFile(join(dist, 'site', `${d.name}.html`), `<p>${d.name}</p>`)
    for (const name of ['robots.txt', 'test-static.txt']) {
      await writeFile(join(dist, 'client', name), await readFile(join('public', name)))
    }
    const loaded = await loadSite(dist, 'https://pacing.example')
    const built = siteRoutes(loaded, { uploadsDir })

    const robots = await built.request('/robots.txt')
    expect(robots.status).toBe(200)
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const text = await robots.text()
    expect(text).toContain('Sitemap: https://pacing.example/sitemap.xml')
    expect(text).not.toContain('%PUBLIC_URL%')

    const testStatic = await built.request('/test-static.txt')
    expect(testStatic.status).toBe(200)
    expect(testStatic.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect((await testStatic.text()).length).toBeGreaterThan(0)

    const sitemap = await (await built.request('/sitemap.xml')).text()
    expect(sitemap).toContain('<loc>https://pacing.example/terms</loc>')
  })

  it('puts each document’s policy first in its head, the header keeping what markup cannot say', async () => {
    const dist = join(dir, 'dist-policy')
    await mkdir(join(dist, 'site'), { recursive: true })
    // Long enough to be served compressed.
    const head = `<!doctype html><html><head><meta charset="UTF-8" /><title>${'t'.repeat(600)}</title>`
    for (const d of DOCUMENT_ROUTES)
      await writeFile(join(dist, 'site', `${d.name}.html`), `${head}</head><p>${d.name}</p>`)
    for (const d of CLIENT_ENTRIES)
      await writeFile(join(dist, 'site', `${d.name}.html`), `${head}</head><div id="root">`)
    const policies = {
      markup: `default-src 'self'; script-src 'self' https://cdn.example/"x"`,
      header: "frame-ancestors 'none'",
    }
    const app = new Hono()
    app.use(securityHeaders({ csp: 'the whole policy', https: false }))
    app.route(
      '/',
      siteRoutes(await loadSite(dist, 'https://pacing.example', policies), { uploadsDir }),
    )

    for (const encoding of ['identity', 'br']) {
      const res = await app.request('/terms', { headers: { 'accept-encoding': encoding } })
      expect(res.headers.get('content-security-policy')).toBe("frame-ancestors 'none'")
      expect(res.headers.get('content-encoding')).toBe(encoding === 'br' ? 'br' : null)
      const bytes = Buffer.from(await res.arrayBuffer())
      expect((encoding === 'br' ? brotliDecompressSync(bytes) : bytes).toString()).toBe(
        '<!doctype html><html><head><meta charset="UTF-8" />' +
          `<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' https://cdn.example/&quot;x&quot;" />` +
          `<title>${'t'.repeat(600)}</title></head><p>terms</p>`,
      )
    }
    // The 404 page is a pre-rendered document too; the console's shell is not: whole header.
    expect((await app.request('/nope')).headers.get('content-security-policy')).toBe(
      "frame-ancestors 'none'",
    )
    const shell = await app.request('/admin')
    expect(shell.headers.get('content-type')).toContain('text/html')
    expect(shell.headers.get('content-security-policy')).toBe('the whole policy')
  })

  it('puts the policy after the doctype of a document without a character set', () => {
    expect(withPolicyInMarkup('<!doctype html><p>x</p>', "default-src 'self'")).toBe(
      `<!doctype html><meta http-equiv="Content-Security-Policy" content="default-src 'self'" /><p>x</p>`,
    )
  })
})

describe('pages and 404', () => {
  it.each([
    ['/', 'home'],
    ['/terms', 'terms'],
    ['/legal/terms', 'legal-terms'],
    ['/privacy-policy', 'privacy-policy'],
    ['/cookie-policy', 'cookie-policy'],
    ['/scheduling-thank-you', 'scheduling-thank-you'],
    ['/thank-you', 'thank-you'],
    ['/pacing', 'pacing'],
    ['/methodology', 'methodology'],
    ['/about', 'about'],
    ['/security', 'security'],
    ['/about/', 'about'],
  ])('%s shows the %s document', async (path, name) => {
    const res = await app().request(path)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain(`data-doc="${name}"`)
  })

  it.each(['/nope', '/terms/extra', '/api-docs', '/%2e%2e%2fetc%2fpasswd', '/.env'])(
    '%s gets the 404 page with status 404',
    async (path) => {
      const res = await app().request(path)
      expect(res.status).toBe(404)
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(await res.text()).toContain('data-doc="not-found"')
    },
  )
})

describe('revalidation', () => {
  it('a document answers 304 to its own ETag and the full page to any other', async () => {
    const first = await app().request('/')
    const etag = first.headers.get('etag')
    expect(etag).toBe('"home"')
    const again = await app().request('/', { headers: { 'If-None-Match': etag! } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    const stale = await app().request('/', { headers: { 'If-None-Match': '"older"' } })
    expect(stale.status).toBe(200)
    expect(await stale.text()).toContain('data-doc="home"')
  })

  it('a hashed asset is immutable and carries no ETag: it is never revalidated', async () => {
    const script = Buffer.from('console.log("hi")')
    const withAsset: Site = {
      ...site,
      files: new Map([
        [
          '/assets/boot-abc123.js',
          {
            type: 'text/javascript; charset=utf-8',
            body: script,
            etag: '"boot"',
            cacheControl: 'public, max-age=31536000, immutable',
          },
        ],
      ]),
    }
    const res = await siteRoutes(withAsset, { uploadsDir }).request('/assets/boot-abc123.js', {
      headers: { 'If-None-Match': '"boot"' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toContain('immutable')
    expect(res.headers.get('etag')).toBeNull()
    expect(await res.text()).toBe('console.log("hi")')
  })
})
