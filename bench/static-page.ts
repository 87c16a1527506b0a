/**
 * The static page LCP is judged against (docs/architecture.md, "Budgets"): our own `/` as the
 * server sends it, with every script removed and its critical CSS inline, served by a plain file
 * server (bench/static-page-server.ts) with the same images and stylesheets. Measured by Lighthouse
 * in the same run as ours, so a noisy machine moves both; what remains between the two is what our
 * JavaScript, our stylesheet's wait and our server cost the first paint.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { stylesheetLinks } from '../scripts/page-delivery.ts'
import { criticalCss } from './critical-css.ts'

/**
 * The document without JavaScript, drawn first by its critical CSS: every <script> goes except
 * structured data (content, not code), and so do <noscript> and module preloads; the site's
 * stylesheet gives way to the rules above the fold inline (bench/critical-css.ts), and is
 * still fetched, without blocking the paint and never applied (media="print"). The fastest
 * first paint a page of this content can have.
 */
async function staticPageOf(html: string, clientDir: string): Promise<string> {
  let page = html
    .replace(/<script\b([^>]*)>[\s\S]*?<\/script>\s*/gi, (tag, attributes: string) =>
      /\btype="application\/ld\+json"/i.test(attributes) ? tag : '',
    )
    .replace(/<noscript\b[^>]*>[\s\S]*?<\/noscript>\s*/gi, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>\s*/gi, '')
  for (const { tag, href } of stylesheetLinks(page)) {
    const critical = await criticalCss(page, await readFile(join(clientDir, href), 'utf8'))
    page = page.replace(
      tag,
      () =>
        `<style>${critical}</style><link rel="stylesheet" crossorigin href="${href}" media="print">`,
    )
  }
  return page
}

interface StaticPage {
  baseUrl: string
  stop: () => Promise<void>
}

/**
 * Starts the static server for ourBaseUrl's `/` on port. Files other than `/` come from the
 * build's client folder and the uploads folder, as our server would send them.
 */
export async function startStaticPage(
  ourBaseUrl: string,
  port: number,
  options: { clientDir: string; uploadsDir?: string },
): Promise<StaticPage> {
  const response = await fetch(new URL('/', ourBaseUrl), {
    headers: { 'Accept-Encoding': 'identity' },
  })
  if (!response.ok) throw new Error(`GET / answered ${response.status}`)
  const dir = mkdtempSync(join(tmpdir(), 'pacepoint-static-page-'))
  const file = join(dir, 'index.html')
  writeFileSync(file, await staticPageOf(await response.text(), options.clientDir))
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', resolve('bench/static-page-server.ts')],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        STATIC_PAGE_FILE: file,
        STATIC_PAGE_PORT: String(port),
        STATIC_PAGE_ROOTS: JSON.stringify({
          '/custom-uploads/': resolve(options.uploadsDir ?? 'public/custom-uploads'),
          '/': resolve(options.clientDir),
        }),
      },
    },
  )
  const baseUrl = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`static page server exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${baseUrl}/`)).ok) break
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('static page server did not start within 30 s')
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    baseUrl,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await exited
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
