/**
 * The one script a pre-rendered document names (scripts/build.ts puts it in place of the page's
 * entry, DESIGN.md §9). The server's HTML paints first, styled by its critical CSS; after that
 * first paint this turns on the full stylesheet and loads the page's code (its entry and the
 * chunks the entry imports, listed in data-modules so they load in parallel), which hydrates.
 *
 * Nothing here may run before the first paint but this file: a page's JavaScript evaluated
 * before it delays the paint on a phone (Lighthouse counts every script evaluated before the
 * first paint as render-blocking).
 */
const script = document.querySelector<HTMLScriptElement>('script[data-modules]')
let started = false

function start() {
  if (started) return
  started = true
  // The rest of the stylesheet, fetched without blocking the paint (media="print"); the
  // <noscript> copy beside it styles the page when scripts do not run.
  const stylesheets = [...document.querySelectorAll<HTMLLinkElement>('link[data-deferred-css]')]
  for (const link of stylesheets) link.media = 'all'
  keepFragmentInView(stylesheets)
  for (const url of script?.dataset.modules?.split(' ').filter(Boolean) ?? []) {
    import(/* @vite-ignore */ url).catch((error: unknown) => {
      console.error(error)
    })
  }
}

/**
 * A visitor who follows a link to a section (/#pricing) lands on it. The browser scrolls to the
 * fragment while only the critical CSS applies, which styles the page above the fold: the
 * whole stylesheet then changes the height of everything above the section and would leave the
 * visitor a screen or more away from it. Once that stylesheet applies, the section is brought
 * back into view, unless the visitor has scrolled or pressed a key meanwhile.
 */
function keepFragmentInView(stylesheets: HTMLLinkElement[]) {
  const hash = location.hash
  let id: string
  try {
    id = decodeURIComponent(hash.slice(1))
  } catch {
    return
  }
  if (!id || !document.getElementById(id)) return
  const inputs = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const
  let moved = false
  const onInput = () => {
    moved = true
  }
  for (const type of inputs) addEventListener(type, onInput, { capture: true, passive: true })
  const loaded = stylesheets.map((link) =>
    link.sheet
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true })
          link.addEventListener('error', () => resolve(), { once: true })
        }),
  )
  // Before the frame that shows the whole stylesheet: a sheet already fetched resolves in this
  // task's microtasks, one still loading in its load event's task.
  void Promise.all(loaded).then(() => {
    for (const type of inputs) removeEventListener(type, onInput, { capture: true })
    const target = document.getElementById(id)
    // A visitor who has scrolled, or followed another link, is somewhere of their choosing.
    if (moved || !target || location.hash !== hash) return
    target.scrollIntoView({ behavior: 'instant', block: 'start' })
  })
}

// A button of a server-only section (data-action, lib/actions.ts) pressed before the page's
// code runs is not lost: marked, it runs once the code is there (installActionListener). A
// link goes where it points meanwhile, as without scripts.
document.addEventListener('click', (event) => {
  if (document.documentElement.hasAttribute('data-actions-ready')) return
  const target = (event.target as Element | null)?.closest?.('button[data-action]')
  if (!target) return
  document.querySelector('[data-action-pending]')?.removeAttribute('data-action-pending')
  target.setAttribute('data-action-pending', '')
})

// A frame's animation callbacks run just before it paints; a task queued from one runs after.
requestAnimationFrame(() => setTimeout(start, 0))
// A page opened in the background paints nothing until shown: nothing to wait for.
if (document.visibilityState !== 'visible') start()
