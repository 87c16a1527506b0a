/**
 * Icons below the fold as references into one cached sprite (docs/architecture.md, "Budgets"). Each
 * inline lucide icon repeats its drawing in every page's HTML; below the fold, where nothing
 * is painted before the stylesheet arrives anyway, an icon becomes
 * `<svg class="…" aria-hidden="true"><use href="/assets/icons-<hash>.svg#name"></use></svg>` and
 * its drawing goes into a sprite file that is fetched once, cached for a year, and shared by
 * every page. That takes about 1.3 KB off the landing page's compressed HTML.
 *
 * Only the markup inside the element marked `data-fold` changes: it is server-only
 * (components/server-only.tsx), so the browser never hydrates it and never compares it with a
 * render of its own. Icons above the fold stay inline: they paint with the first frame.
 */
import { createHash } from 'node:crypto'

/** The attributes lucide-react gives every icon, in the order it writes them. */
const LUCIDE_ATTRIBUTES =
  'xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" ' +
  'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"'

/**
 * How an icon is sized and painted stays on the icon itself, as lucide-react wrote it. Its size
 * until the stylesheet's class applies: without it an unstyled <svg> is 300 px wide, and a phone
 * whose page is wider than the screen zooms out (a layout shift of the whole page). A paint class
 * (the stars' fill-amber-400) overrides the paint attributes, which the drawing inherits through
 * <use>.
 */
const SIZE_AND_PAINT =
  'width="24" height="24" fill="none" stroke="currentColor" stroke-width="2" ' +
  'stroke-linecap="round" stroke-linejoin="round"'

const LUCIDE_ICON = new RegExp(
  `<svg ${LUCIDE_ATTRIBUTES} class="lucide lucide-([a-z0-9-]+)([^"]*)"( aria-hidden="true")?>(.*?)</svg>`,
  'g',
)

const FOLD_START = /<div\b[^>]*\sdata-fold=""[^>]*>/

/** Where the element that starts at `start` (a <div>) ends: just after its </div>. */
function divEnd(html: string, start: number): number {
  const tags = /<div\b|<\/div>/g
  tags.lastIndex = start
  let depth = 0
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    depth += match[0] === '</div>' ? -1 : 1
    if (depth === 0) return tags.lastIndex
  }
  throw new Error('the data-fold element is not closed')
}

/** What a build file is named after: its content, so it can be cached for a year. */
export function contentHash(content: string): string {
  return createHash('sha256').update(content).digest('base64url').slice(0, 10)
}

/** Placeholder for the sprite's URL until every document has given its icons. */
const SPRITE_URL = '__ICON_SPRITE__'

/**
 * Collects icons from documents and writes their sprite. Call `take` (or `takeAll`) for each
 * document, then `sprite()` once, then `finish` on each document they returned.
 */
export function createIconSprite() {
  const symbols = new Map<string, string>()
  return {
    /** The document with the icons below its fold replaced by references. */
    take(html: string): string {
      const fold = FOLD_START.exec(html)
      if (!fold) return html
      const end = divEnd(html, fold.index)
      return html.slice(0, fold.index) + this.takeAll(html.slice(fold.index, end)) + html.slice(end)
    },
    /** Markup no script renders (a document loaded on demand) with all its icons replaced. */
    takeAll(markup: string): string {
      return markup.replace(
        LUCIDE_ICON,
        (icon, name: string, classes: string, hidden: string, body: string) => {
          // Only decorative icons: one with a title or a label says something and stays whole.
          if (!hidden || /<title\b/.test(body)) return icon
          const known = symbols.get(name)
          if (known !== undefined && known !== body) throw new Error(`two drawings named ${name}`)
          symbols.set(name, body)
          return `<svg class="${classes.trim()}" ${SIZE_AND_PAINT} aria-hidden="true"><use href="${SPRITE_URL}#${name}"></use></svg>`
        },
      )
    },
    /** The sprite file's name (content-hashed) and text; null when no document had icons. */
    sprite(): { fileName: string; svg: string } | null {
      if (symbols.size === 0) return null
      const inner = [...symbols]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, body]) => `<symbol id="${name}" viewBox="0 0 24 24">${body}</symbol>`)
        .join('')
      const svg = `<svg xmlns="http://www.w3.org/2000/svg">${inner}</svg>\n`
      return { fileName: `icons-${contentHash(svg)}.svg`, svg }
    },
    finish(html: string, spriteUrl: string): string {
      return html.replaceAll(SPRITE_URL, spriteUrl)
    },
  }
}
