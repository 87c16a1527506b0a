/**
 * A visitor who follows a link to a section (/#pricing) lands on it. The browser scrolls to the
 * fragment while only the critical CSS applies, which lays out the page above the fold only:
 * the whole stylesheet then changes the height of everything above the section, and so can the
 * page's code as it fills things in (keys left, the comparison's rows), which would leave the
 * visitor a screen or more away from it. So until the page has settled, each time the page's
 * height changes the section is brought back into view (a ResizeObserver's callback runs after
 * layout, before the paint), unless the visitor has scrolled, pressed a key or tapped (boot.ts
 * marks that from the start, so a move made before this script arrived counts too) or followed
 * another link.
 *
 * A script of its own (vite.config.ts), which boot.ts loads only for an address with a
 * fragment, so a first load of / does not carry it. The site's ids are plain ASCII: no decoding.
 */
const hash = location.hash
const target = () => (hash ? document.getElementById(hash.slice(1)) : null)
/** How long after the whole stylesheet applies the section is held in view. */
const SETTLE_MS = 3000

/** Whether the visitor has moved the page themselves (boot.ts). */
const moved = () => document.documentElement.hasAttribute('data-moved')

if (target() && !moved()) {
  const resized = new ResizeObserver(() => {
    if (location.hash === hash && !moved()) target()?.scrollIntoView({ behavior: 'instant' })
    else resized.disconnect()
  })
  resized.observe(document.body)
  // The whole sheet applies once boot.ts has removed the critical CSS before its link (its
  // load handler runs before the one here).
  const styled = [...document.querySelectorAll<HTMLLinkElement>('link[data-deferred-css]')].map(
    (link) =>
      new Promise<void>((resolve) => {
        if (link.previousElementSibling?.localName !== 'style') resolve()
        link.addEventListener('load', () => resolve(), { once: true })
        link.addEventListener('error', () => resolve(), { once: true })
      }),
  )
  void Promise.all(styled).then(() => setTimeout(() => resized.disconnect(), SETTLE_MS))
}
