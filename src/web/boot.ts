/**
 * The one script a pre-rendered document names (scripts/page-delivery.ts puts it in place of the
 * page's entry, docs/architecture.md, "Budgets"). The server's HTML paints first, styled by the
 * site's stylesheet; after that first paint this loads the page's code (its entry and the chunks
 * the entry imports, listed in data-modules so they load in parallel), which hydrates.
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
  const urls = script?.dataset.modules?.split(' ') ?? []
  // Landing on the section an address names (/#pricing): only such an address loads that.
  if (location.hash) urls.push(script?.dataset.fragment ?? '')
  for (const url of urls.filter(Boolean)) import(/* @vite-ignore */ url).catch(console.error)
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

// A model chosen by the address (#trial-form-basic, pricing's "Start Basic trial") is the one
// the pre-rendered form shows from the start, not only once the form's code has loaded: a
// visitor who types at once must not send the other model. The form's code takes it from
// there (features/trial/trial-form.tsx reads the same fragment).
function checkModelFromHash() {
  const model = /^#trial-form-(basic|advanced)$/.exec(location.hash)?.[1]
  const radio = model && document.querySelector(`input[name="model"][value="${model}"]`)
  if (radio instanceof HTMLInputElement) radio.checked = true
}
checkModelFromHash()
addEventListener('hashchange', checkModelFromHash)

// A visitor who arrives at a section (/#pricing) and scrolls, presses a key or taps while the
// page's code fills things in keeps the place they went to: lib/fragment.ts, which holds the
// section in view until then, reads this mark, whether it arrives before their move or after.
if (location.hash)
  for (const type of ['wheel', 'keydown', 'pointerdown', 'touchstart'])
    addEventListener(type, () => document.documentElement.setAttribute('data-moved', ''), {
      capture: true,
      passive: true,
      once: true,
    })

// The page's code is requested once the first contentful paint has been shown. Requested from
// the frame that draws it, the code is often on its way before that paint reaches the screen,
// and Lighthouse counts its download into the first paint and the largest one (FCP 1.09-1.24 s
// against 0.75 s in the same runs, decision 19). A browser without paint timing starts a little
// after its first frame instead.
function afterFirstPaint(then: () => void) {
  if (
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return
      observer.disconnect()
      setTimeout(then, 0)
    })
    observer.observe({ type: 'paint', buffered: true })
  } else requestAnimationFrame(() => setTimeout(then, 100))
}

afterFirstPaint(start)
// A page opened in the background paints nothing until shown: nothing to wait for.
if (document.visibilityState !== 'visible') start()
