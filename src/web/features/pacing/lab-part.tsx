/**
 * A part of the lab whose code is not in the page's first JavaScript (docs/architecture.md,
 * "Budgets"): scenarios, uncertainty bands, fit to history. The server renders it into the HTML
 * like the rest (its code is loaded before any render there: lib/lazy-near.ts, loadNearParts); in
 * the browser its markup stays as rendered until its code arrives and hydrates it in place, with
 * nothing drawn twice. The code loads when the part comes within a screen of the viewport or is
 * touched (lazyNear), as soon as what it shows changes, or at once when `eager` says the address
 * asks for it.
 *
 * Until then the part is held at the props it was first rendered with: React can only hydrate
 * markup rendered from the same props, and given others before its code is there it would throw
 * the server's markup away and show the (empty) fallback instead.
 *
 * A part first mounted in the browser (the lab opened at a link it could not compute, then fixed)
 * has no markup to keep: it is empty until its code arrives, unless `preload` brought the code
 * before (fund-lab.tsx does while the link is blocked), in which case it renders at once.
 */
import {
  Suspense,
  createElement,
  memo,
  useEffect,
  useState,
  useSyncExternalStore,
  type ComponentType,
} from 'react'
import { lazyNear, loadNow, type NearComponent } from '../../lib/lazy-near.ts'

const subscribeNothing = () => () => {}
/** True on the server and while hydrating (React reads the server snapshot then). */
const serverSnapshot = () => true
const clientSnapshot = () => false

function sameProps(a: object, b: object): boolean {
  const keys = Object.keys(a)
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.is(a[key as keyof typeof a], b[key as keyof typeof b]))
  )
}

/**
 * id: the wrapper element's, the one lazyNear watches. load: the part's component.
 * eager: read once in the browser; true loads the code at once.
 */
export function labPart<P extends object>(
  id: string,
  load: () => Promise<ComponentType<P>>,
  eager?: () => boolean,
): NearComponent<P> {
  // Once the part has mounted with its code anywhere, every render passes the current props.
  let live = false
  const listeners = new Set<() => void>()
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  }
  const isLive = () => live
  const Lazy = lazyNear(id, async () => {
    const Part = await load()
    return function Hydrated(props: P) {
      useEffect(() => {
        if (live) return
        live = true
        for (const listener of listeners) listener()
      }, [])
      return createElement(Part, props)
    }
  })
  // Memoised: while the props are held, React never reaches the boundary, which stays as the
  // server rendered it.
  const Boundary = memo(function Boundary({ props }: { props: P }) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    )
  })

  // Memoised too: a part whose props are those of the last render (a deferred value still held,
  // fund-lab.tsx) costs nothing on a keystroke.
  const Part = memo(function LabPart(props: P) {
    const running = useSyncExternalStore(subscribe, isLive, isLive)
    const hydrating = useSyncExternalStore(subscribeNothing, clientSnapshot, serverSnapshot)
    const [first] = useState<P | null>(() => (hydrating ? props : null))
    const held = !running && first !== null
    const changed = held && !sameProps(first, props)
    useEffect(() => {
      if (running) return
      // Mounted in the browser (no markup to keep), changed, or asked for by the address.
      if (first === null || changed || eager?.()) loadNow(id)
    }, [running, first, changed])
    return (
      <div id={id}>
        <Boundary props={held ? first : props} />
      </div>
    )
  })
  return Object.assign(Part, { preload: Lazy.preload })
}
