/**
 * Code for pre-rendered markup below the fold, loaded when that markup comes within a screen of the
 * viewport or the visitor reaches into it, not with the page (docs/architecture.md, "Layers",
 * "Budgets"). Rendered inside <Suspense>, the lazy component leaves the server's markup as it is
 * while its code loads, then hydrates it in place: nothing moves, nothing is drawn twice.
 *
 * Until then a form inside is never sent the browser's way (a GET of this page with the fields
 * in the address): the submit is held, marked data-submit-pending on the form, for the
 * component to send once it runs. The pre-render loads every such part first (loadNearParts),
 * so its markup is in the HTML.
 */
import { createElement, lazy, useEffect, type ComponentType } from 'react'

/** What a visitor does to a part of the page before its code is there. */
const REACHING_IN = ['pointerdown', 'focusin', 'keydown', 'submit'] as const

const nearAt = new Map<string, number>()

/** When (Date.now()) the element with this id came near or was touched; undefined before. */
export function nearSince(id: string): number | undefined {
  return nearAt.get(id)
}

/** What ends each wait of whenNear, by id (loadNow ends it early). */
const waiting = new Map<string, Set<() => void>>()

/** Resolves once the element with this id is near the viewport or touched (at once without it). */
export function whenNear(id: string): Promise<void> {
  return new Promise((resolve) => {
    const element = document.getElementById(id)
    if (!element || typeof IntersectionObserver === 'undefined' || nearAt.has(id)) {
      if (!nearAt.has(id)) nearAt.set(id, Date.now())
      resolve()
      return
    }
    const done = () => {
      observer.disconnect()
      for (const type of REACHING_IN) element.removeEventListener(type, done, true)
      waiting.get(id)?.delete(done)
      if (!nearAt.has(id)) nearAt.set(id, Date.now())
      resolve()
    }
    if (!waiting.has(id)) waiting.set(id, new Set())
    waiting.get(id)!.add(done)
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) done()
      },
      { rootMargin: '100% 0px' },
    )
    observer.observe(element)
    for (const type of REACHING_IN) element.addEventListener(type, done, true)
  })
}

/**
 * The part with this id is wanted before it comes near (the page knows it will be needed, or
 * what it shows has changed): its code loads now.
 */
export function loadNow(id: string): void {
  if (!nearAt.has(id)) nearAt.set(id, Date.now())
  for (const done of [...(waiting.get(id) ?? [])]) done()
}

const loaders: Array<() => Promise<unknown>> = []

/** Code the pre-render loads before it renders, as it does a lazyNear part's (loadNearParts). */
export function loadBeforeRender(load: () => Promise<unknown>): void {
  loaders.push(load)
}

/** Loads the code of every part made with lazyNear; the pre-render awaits it before rendering. */
export async function loadNearParts(): Promise<void> {
  await Promise.all(loaders.map((load) => load()))
}

/** A lazyNear component, and a way to load its code before it first renders. */
export type NearComponent<P extends object> = ComponentType<P> & {
  /** Loads the code now; a first render after it has settled renders at once, not suspending. */
  preload: () => Promise<unknown>
}

/**
 * React.lazy whose code loads once the element with this id is near (whenNear). Once loaded it
 * renders at once, without suspending: always so in the pre-render, after loadNearParts.
 */
export function lazyNear<P extends object>(
  id: string,
  load: () => Promise<ComponentType<P>>,
): NearComponent<P> {
  let running = false
  if (typeof document !== 'undefined') {
    document.getElementById(id)?.addEventListener(
      'submit',
      (event) => {
        if (running) return
        event.preventDefault()
        if (event.target instanceof HTMLFormElement) event.target.dataset.submitPending = ''
      },
      true,
    )
  }
  let component: ComponentType<P> | undefined
  const ensure = async () => {
    if (!component) {
      const Loaded = await load()
      // Mounted after the part's own effects: from then on its handlers answer submits.
      component = function Running(props: P) {
        useEffect(() => {
          running = true
        }, [])
        return createElement(Loaded, props)
      }
    }
    return { default: component }
  }
  loaders.push(ensure)
  const Lazy = lazy(() => {
    if (component) {
      const loaded = { default: component }
      // A thenable that calls back at once: React takes the component without suspending.
      return { then: (resolve: (value: typeof loaded) => void) => resolve(loaded) } as Promise<
        typeof loaded
      >
    }
    return whenNear(id).then(ensure)
  })
  return Object.assign(Lazy, { preload: ensure })
}
