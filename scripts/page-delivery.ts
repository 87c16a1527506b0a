/**
 * How a pre-rendered document loads its CSS and JavaScript (docs/architecture.md, "Budgets";
 * decision 19), applied by scripts/build.ts to each document Vite built whose first render does not
 * read the address (the others keep Vite's script and their whole stylesheet inline: deliverPage's
 * paintFirst):
 * - CSS: the whole stylesheet as Vite links it, which the first paint waits for: the page is
 *   drawn once, styled, and the sheet is cached across pages. A page styled in two steps
 *   (critical CSS inline, the rest after the first paint) paid for restyling and laying out the
 *   whole page again in one long task right after it (decision 19).
 * - JavaScript: one small script (src/web/boot.ts, low priority) in place of the page's entry;
 *   it loads the entry and the chunks the entry imports, all at once, after the first paint,
 *   and for an address with a fragment the script that keeps its section in view while the
 *   page's code fills things in (src/web/lib/fragment.ts).
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

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

/** Each link to one of the build's stylesheets in html: the whole tag, and its href. */
export function stylesheetLinks(html: string): Array<{ tag: string; href: string }> {
  return [...html.matchAll(STYLESHEET)].map(([tag, href]) => ({ tag, href: href! }))
}

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
 * The document with its entry script delivered as the header comment says. paintFirst false (a
 * page whose first render reads the address, common/site/routes.ts): hydrating before the
 * first paint as Vite built it, with the whole stylesheet inline.
 */
export async function deliverPage(
  html: string,
  options: { clientDir: string; manifest: Manifest; paintFirst: boolean },
): Promise<string> {
  let result = html
  if (!options.paintFirst) {
    for (const { tag, href } of stylesheetLinks(html)) {
      const css = await readFile(join(options.clientDir, href), 'utf8')
      // A stylesheet cannot end a <style> element early unless it contains "</style".
      if (/<\/style/i.test(css)) throw new Error(`${href} contains "</style"; cannot inline it`)
      result = result.replace(tag, () => `<style>${css}</style>`)
    }
    return result
  }
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
