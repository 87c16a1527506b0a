/**
 * Toasts (sonner). Up to 3 visible; 4000 ms for ordinary toasts (docs/product.md, "Look and feel").
 * Sonner is loaded on the first toast, or ahead of one (preloadToasts), so it costs the first page
 * load nothing; it replays toasts created before its Toaster subscribed, so none is lost while it
 * loads.
 */
import { lazy, Suspense, useEffect, useState } from 'react'
import type { ExternalToast } from 'sonner'
import { demoSettings } from '../settings.ts'

const loadSonner = () => import('sonner')
const SonnerToaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })))

let showToaster: (() => void) | null = null

type ToastKind = 'success' | 'error' | 'info'

/**
 * Starts loading sonner ahead of a toast that may follow (a submission in flight), so the toast
 * shows as soon as the answer does instead of after one more download.
 */
export function preloadToasts(): void {
  loadSonner().catch(() => {})
}

/** Shows a toast; the title is the bold line, options.description the text under it. */
export function notify(kind: ToastKind, title: string, options?: ExternalToast): void {
  showToaster?.()
  void loadSonner().then(({ toast }) => toast[kind](title, options))
}

export function Toaster() {
  const [show, setShow] = useState(false)
  useEffect(() => {
    showToaster = () => setShow(true)
    return () => {
      showToaster = null
    }
  }, [])
  if (!show) return null
  return (
    <Suspense fallback={null}>
      {/* At the top, under the header: at the bottom a toast covered the form's submit button,
          its privacy note and the consent bar (the form brings the field it is about to the
          middle of the screen, features/trial/trial-form.tsx). */}
      <SonnerToaster
        position="top-right"
        offset={{ top: demoSettings ? 108 : 80, right: 24 }}
        mobileOffset={{ top: demoSettings ? 100 : 72, left: 8, right: 8 }}
        visibleToasts={3}
        duration={4000}
        closeButton
      />
    </Suspense>
  )
}
