/**
 * A visitor who follows a link to a section (/#pricing) lands on it: the browser scrolls there
 * with the first paint, which the site's stylesheet styles. Then the page's code fills things
 * in (keys left, the comparison's rows), which can change the height of what is above the
 * section; not every browser keeps the visitor's place against that (CSS scroll anchoring). So
 * for a few seconds after this script runs, each time the page's height changes the section is
 * brought back into view (a ResizeObserver's callback runs after layout, before the paint),
 * unless the visitor has scrolled, pressed a key or tapped (boot.ts marks that from the start,
 * so a move made before this script arrived counts too) or followed another link.
 *
 * A script of its own (vite.config.ts), which boot.ts loads only for an address with a
 * fragment, so a first load of / does not carry it. The site's ids are plain ASCII: no decoding.
 */
const hash = location.hash
const target = () => (hash ? document.getElementById(hash.slice(1)) : null)
/** How long the section is held in view while the page's code fills things in. */
const SETTLE_MS = 3000

/** Whether the visitor has moved the page themselves (boot.ts). */
const moved = () => document.documentElement.hasAttribute('data-moved')

if (target() && !moved()) {
  const resized = new ResizeObserver(() => {
    if (location.hash === hash && !moved()) target()?.scrollIntoView({ behavior: 'instant' })
    else resized.disconnect()
  })
  resized.observe(document.body)
  setTimeout(() => resized.disconnect(), SETTLE_MS)
}
