/**
 * /pacing with a shared link's query, through the site routes with the page's render module
 * built for the test (as scripts/build.ts bundles it): the answer carries the link's figures,
 * field messages for a bad value, the portfolio tab for a portfolio link, and the static page's
 * policy and caching; a bare /pacing and a build without the module get the static page.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build } from 'vite'
import { CLIENT_ENTRIES, DOCUMENT_ROUTES } from '#src/common/site/routes.ts'
import { MAX_RENDERED_QUERY } from './pacing-render.ts'
import { loadSite, siteRoutes, type Site } from './site.ts'

const STATIC = 'the static page, with the default inputs'
const DEFAULT_TITLE = 'Pacing Lab: free fund-pacing calculator'
const DEFAULT_DESCRIPTION = 'Project calls, distributions and NAV.'
/** The static page's head as head.ts writes it (the parts a link's render changes). */
const HEAD = [
  `<title>${DEFAULT_TITLE}</title>`,
  `<meta name="description" content="${DEFAULT_DESCRIPTION}" />`,
  '<link rel="canonical" href="%PUBLIC_URL%/pacing" />',
  `<meta property="og:title" content="${DEFAULT_TITLE}" />`,
  `<meta property="og:description" content="${DEFAULT_DESCRIPTION}" />`,
  '<meta property="og:url" content="%PUBLIC_URL%/pacing" />',
  `<meta name="twitter:title" content="${DEFAULT_TITLE}" />`,
  `<meta name="twitter:description" content="${DEFAULT_DESCRIPTION}" />`,
].join('')
const TEMPLATE =
  `<!doctype html><html lang="en"><head><meta charset="UTF-8" />${HEAD}</head>` +
  '<body><div id="root"><!--app--></div><script type="module" src="/assets/boot.js"></script></body></html>'
const POLICIES = { markup: "default-src 'self'", header: "frame-ancestors 'none'" }

let dir: string

async function writeBuild(distDir: string, withRender: boolean) {
  await mkdir(join(distDir, 'site'), { recursive: true })
  for (const doc of [...DOCUMENT_ROUTES, ...CLIENT_ENTRIES])
    await writeFile(
      join(distDir, 'site', `${doc.name}.html`),
      `<!doctype html><html><head><meta charset="UTF-8" /></head><body><p>${doc.name === 'pacing' ? STATIC : doc.name}</p></body></html>`,
    )
  if (!withRender) return
  await build({
    configFile: resolve('vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: resolve('src/web/pages/pacing/pacing-render.tsx'),
      outDir: join(distDir, 'server'),
      emptyOutDir: true,
      copyPublicDir: false,
      manifest: false,
      rollupOptions: {
        output: { entryFileNames: 'pacing-render.mjs', chunkFileNames: 'assets/[name]-[hash].mjs' },
      },
    },
  })
  await writeFile(join(distDir, 'server', 'pacing-template.html'), TEMPLATE)
}

interface Logged {
  level: 'warn' | 'error'
  message: string
}

async function siteOf(distDir: string, logged: Logged[] = []) {
  const logger = {
    warn: (_: unknown, message: string) => void logged.push({ level: 'warn', message }),
    error: (_: unknown, message: string) => void logged.push({ level: 'error', message }),
  }
  const site: Site = await loadSite(
    distDir,
    'https://pacing.example',
    POLICIES,
    logger as Parameters<typeof loadSite>[3],
  )
  return siteRoutes(site, { uploadsDir: join(distDir, 'uploads') })
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pacing-render-test-'))
  await writeBuild(join(dir, 'built'), true)
  await writeBuild(join(dir, 'bare'), false)
}, 120_000)
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** The text of an element or the content of a meta tag in the head, unescaped. */
function headValue(html: string, tag: 'title' | string): string | undefined {
  const head = html.slice(0, html.indexOf('</head>'))
  const raw =
    tag === 'title'
      ? /<title>([^<]*)<\/title>/.exec(head)?.[1]
      : new RegExp(`<meta (?:name|property)="${tag}" content="([^"]*)"`).exec(head)?.[1]
  return raw
    ?.replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
}

/** A key figure's value as the page shows it (data-figure). */
function figure(html: string, id: string): string {
  const at = html.indexOf(`data-figure="${id}"`)
  return /<dd[^>]*>([^<]*)<\/dd>/.exec(html.slice(at))?.[1] ?? ''
}

/** The cells of the first row of a table in the HTML, as text. */
function firstRow(html: string, tableId: string): string[] {
  const table = html.slice(html.indexOf(`id="${tableId}"`))
  const row = /<tbody[^>]*>\s*<tr[^>]*>(.*?)<\/tr>/s.exec(table)?.[1] ?? ''
  return [...row.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/gs)].map((m) =>
    m[1]!.replace(/<[^>]+>/g, '').trim(),
  )
}

describe('GET /pacing with a query', () => {
  it("renders the link's inputs: the first year's call of a 250 commitment at rc 0.3 is 75.000", async () => {
    const app = await siteOf(join(dir, 'built'))
    const res = await app.request('/pacing?commitment=250&rc=0.3')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).not.toContain(STATIC)
    expect(firstRow(html, 'fund-table').slice(0, 2)).toEqual(['1', '75.000'])
    expect(html).not.toContain('2,500,000')
    expect(html).toMatch(/id="fund-commitment"[^>]*value="250"/)
    // The same head, policy and caching as the static document.
    expect(html).toContain('<link rel="canonical" href="https://pacing.example/pacing" />')
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'self'" />`,
    )
    expect(res.headers.get('content-security-policy')).toBe(POLICIES.header)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    // The lab hydrates from the query it was rendered with.
    expect(html).toContain('data-lab-query="commitment=250&amp;rc=0.3"')
  })

  it('answers the same page for the same link spelled otherwise, and revalidates it', async () => {
    const app = await siteOf(join(dir, 'built'))
    const a = await app.request('/pacing?commitment=250&rc=0.3')
    const b = await app.request('/pacing?rc=0%2E3&commitment=250')
    expect(b.headers.get('etag')).toBe(a.headers.get('etag'))
    const again = await app.request('/pacing?commitment=250&rc=0.3', {
      headers: { 'if-none-match': a.headers.get('etag')! },
    })
    expect(again.status).toBe(304)
  })

  it("a bad value shows the lab's own message beside its field", async () => {
    const app = await siteOf(join(dir, 'built'))
    const html = await (await app.request('/pacing?commitment=-5')).text()
    expect(html).toContain('Commitment must be a positive amount')
    expect(html).toContain('Some values in the link could not be used; they are marked below.')
    expect(html).toMatch(/id="fund-commitment"[^>]*value="-5"/)
  })

  it('a portfolio link opens on the plan with its funds and solved commitment', async () => {
    const app = await siteOf(join(dir, 'built'))
    const res = await app.request(
      '/pacing?mode=portfolio&total=50000000&target=0.2&fund=buyout,5000000,2022,2000000,3000000',
    )
    const html = await res.text()
    expect(html).toMatch(/aria-selected="true"[^>]*>Portfolio plan/)
    expect(html).toMatch(/id="plan-total"[^>]*value="50,?000,?000"/)
    const row = firstRow(html, 'plan-table')
    // Year, new commitment, calls, distributions, net, unfunded, private NAV, total portfolio.
    // The liquid part grows 6% and the private NAV as projected.
    expect(row[7]).toBe('53,210,000')
    const defaults = await (await app.request('/pacing?mode=portfolio')).text()
    expect(firstRow(defaults, 'plan-table')).not.toEqual(row)
  })

  it('a query too long to render on the server (about 50 funds) gets the static page', async () => {
    const app = await siteOf(join(dir, 'built'))
    const fund = 'fund=buyout,5000000,2022,2000000,3000000'
    const funds = (n: number) => Array.from({ length: n }, () => fund).join('&')
    const short = await (await app.request(`/pacing?mode=portfolio&${funds(10)}`)).text()
    expect(short).not.toContain(STATIC)
    const long = `?mode=portfolio&${funds(60)}`
    expect(long.length).toBeGreaterThan(MAX_RENDERED_QUERY)
    expect(await (await app.request(`/pacing${long}`)).text()).toContain(STATIC)
  })

  it('a total far below its funds (a NAV share of 1,700,000%) draws a few ticks, not a million', async () => {
    const app = await siteOf(join(dir, 'built'))
    const res = await app.request('/pacing?mode=portfolio&total=200&target=0.2')
    const html = await res.text()
    expect(html).toMatch(/aria-selected="true"[^>]*>Portfolio plan/)
    expect(html.length).toBeLessThan(500_000)
  })

  it("a one-fund link's preview states its figures: title, description, Open Graph and Twitter", async () => {
    const app = await siteOf(join(dir, 'built'))
    const html = await (await app.request('/pacing?commitment=50000000&life=10&growth=0.12')).text()
    const title = headValue(html, 'title')!
    const description = headValue(html, 'description')!
    // The figures the page itself shows for the link.
    for (const id of ['peak-nav', 'tvpi']) expect(title).toContain(figure(html, id))
    for (const id of ['trough', 'break-even', 'irr'])
      expect(description).toContain(figure(html, id))
    expect(title).toContain('50M')
    expect(title).not.toBe(DEFAULT_TITLE)
    expect(description).not.toBe(DEFAULT_DESCRIPTION)
    expect(headValue(html, 'og:title')).toBe(title)
    expect(headValue(html, 'twitter:title')).toBe(title)
    expect(headValue(html, 'og:description')).toBe(description)
    expect(headValue(html, 'twitter:description')).toBe(description)
    // Search engines keep one page; the preview's scraper stays on the link.
    expect(html).toContain('<link rel="canonical" href="https://pacing.example/pacing" />')
    expect(headValue(html, 'og:url')).toBe(
      'https://pacing.example/pacing?commitment=50000000&growth=0.12&life=10',
    )
  })

  it("a plan link's preview states the plan; a refused one says so", async () => {
    const app = await siteOf(join(dir, 'built'))
    const html = await (
      await app.request(
        '/pacing?mode=portfolio&total=50000000&target=0.2&fund=buyout,5000000,2022,2000000,3000000',
      )
    ).text()
    const title = headValue(html, 'title')!
    expect(title).toContain(figure(html, 'yearly-commitment'))
    expect(title).toContain('20.0%')
    expect(headValue(html, 'description')).toContain(figure(html, 'peak-unfunded'))
    expect(headValue(html, 'description')).toContain('1 existing fund')
    const refused = await (await app.request('/pacing?mode=portfolio&total=200&target=0.2')).text()
    expect(headValue(refused, 'title')).toContain('refused')
    expect(headValue(refused, 'description')).toContain('This target cannot be held')
  })

  it("escapes what a link brings into the head, and says when the link's values were refused", async () => {
    const app = await siteOf(join(dir, 'built'))
    const html = await (
      await app.request('/pacing?commitment=-5&note=%22%3E%3Cscript%3Ealert(1)%3C/script%3E')
    ).text()
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head).not.toContain('<script>alert')
    expect(head).not.toMatch(/content="[^"]*"[^ />]/)
    expect(headValue(html, 'og:url')).toContain('note=%22%3E%3Cscript%3E')
    expect(headValue(html, 'description')).toContain(
      'no figures are shown for a link whose inputs are not all valid',
    )
  })

  it('a bare /pacing, and an empty query, get the static page', async () => {
    const app = await siteOf(join(dir, 'built'))
    expect(await (await app.request('/pacing')).text()).toContain(STATIC)
    expect(await (await app.request('/pacing?')).text()).toContain(STATIC)
  })

  it('without the render module in the build: the static page, and one warning', async () => {
    const logged: Logged[] = []
    const app = await siteOf(join(dir, 'bare'), logged)
    for (const query of ['?commitment=250', '?commitment=300']) {
      const res = await app.request(`/pacing${query}`)
      expect(res.status).toBe(200)
      expect(await res.text()).toContain(STATIC)
      expect(res.headers.get('content-security-policy')).toBe(POLICIES.header)
    }
    expect(logged).toHaveLength(1)
    expect(logged[0]!.level).toBe('warn')
  })
})

// A read of the built template, so a test file that builds asserts what it built.
describe('the test build', () => {
  it('holds the render module and its template', async () => {
    const built = join(dir, 'built', 'server')
    expect(await readFile(join(built, 'pacing-template.html'), 'utf8')).toBe(TEMPLATE)
    expect(await readFile(join(built, 'pacing-render.mjs'), 'utf8')).toContain('renderPacingApp')
  })
})
