/**
 * How a pre-rendered document loads its CSS and JavaScript (DESIGN.md §9, issue 12), applied by
 * scripts/build.ts to each document Vite built whose first render does not read the address
 * (the others keep Vite's script and their whole stylesheet inline: deliverPage's paintFirst):
 * - CSS: the critical rules (scripts/critical-css.ts) inline, so the first paint needs nothing
 *   but the HTML; the whole stylesheet as a link that does not block it (media="print", which
 *   src/web/boot.ts switches on after the first paint), cached across pages; a <noscript> copy
 *   of the link styles the page fully when scripts do not run.
 * - JavaScript: one small script (src/web/boot.ts, low priority) in place of the page's entry;
 *   it loads the entry and the chunks the entry imports, all at once, after the first paint,
 *   and for an address with a fragment the script that keeps its section in view
 *   (src/web/lib/fragment.ts).
 *
 * The CSP allows no inline script or event handler (server/http/security-headers.ts), so the
 * switch of the stylesheet is done by that script, never by an onload attribute.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { criticalCss } from './critical-css.ts'

/** What Vite's manifest says about one chunk (build.manifest). */
interface ManifestChunk {
  file: string
  name?: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  css?: string[]
}
export type Manifest = Record<string, ManifestChunk>

const ENTRY_SCRIPT = /<script type="module"[^>]*\ssrc="(\/assets\/[^"]+\.js)"[^>]*><\/script>/g
const STYLESHEET = /<link rel="stylesheet"[^>]*\shref="(\/assets\/[^"]+\.css)"[^>]*>/g

/** The URL of a chunk and of every chunk it imports statically, the chunk first. */
function moduleUrls(manifest: Manifest, file: string): string[] {
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]))
  const start = byFile.get(file.replace(/^\//, ''))
  if (start === undefined) throw new Error(`${file} is not in Vite's manifest`)
  const urls: string[] = []
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk) throw new Error(`Vite's manifest has no chunk ${key}`)
    const url = `/${chunk.file}`
    if (urls.includes(url)) return
    urls.push(url)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  visit(start)
  return urls
}

/** The URL of the entry named name in the build (vite.config.ts): "boot" or "fragment". */
function entryUrl(manifest: Manifest, name: string): string {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry && chunk.name === name)
  if (!entry) throw new Error(`Vite's manifest has no ${name} entry (vite.config.ts)`)
  return `/${entry.file}`
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')

/**
 * The document with its stylesheets and entry script delivered as the header comment says.
 * paintFirst false (a page whose first render reads the address, common/site/routes.ts):
 * hydrating before the first paint as Vite built it, with the whole stylesheet inline.
 */
export async function deliverPage(
  html: string,
  options: { clientDir: string; manifest: Manifest; paintFirst: boolean },
): Promise<string> {
  let result = html
  for (const [tag, href] of [...html.matchAll(STYLESHEET)]) {
    const css = await readFile(join(options.clientDir, href!), 'utf8')
    const inline = options.paintFirst ? await criticalCss(html, css) : css
    // A stylesheet cannot end a <style> element early unless it contains "</style".
    if (/<\/style/i.test(inline)) throw new Error(`${href} contains "</style"; cannot inline it`)
    const url = escapeAttribute(href!)
    // boot.ts removes the <style> right before the deferred link once that sheet applies.
    result = result.replace(tag, () =>
      options.paintFirst
        ? `<style>${inline}</style>` +
          `<link rel="stylesheet" crossorigin href="${url}" media="print" data-deferred-css>` +
          `<noscript><link rel="stylesheet" crossorigin href="${url}"></noscript>`
        : `<style>${inline}</style>`,
    )
  }
  if (!options.paintFirst) return result
  const boot = entryUrl(options.manifest, 'boot')
  const fragment = escapeAttribute(entryUrl(options.manifest, 'fragment'))
  for (const [tag, src] of [...result.matchAll(ENTRY_SCRIPT)]) {
    const modules = moduleUrls(options.manifest, src!).map(escapeAttribute).join(' ')
    result = result.replace(
      tag,
      () =>
        `<script type="module" src="${escapeAttribute(boot)}" fetchpriority="low" data-modules="${modules}" data-fragment="${fragment}"></script>`,
    )
  }
  return result
}
