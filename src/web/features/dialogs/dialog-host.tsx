/**
 * The page-level dialogs (video, gallery, booking, legal, invoice request) and the chat, behind one small
 * context so any section can open them. Each dialog's code loads on first open (React.lazy),
 * so none of it is in the first page load (docs/architecture.md, "Layers").
 */
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react'
import type { ReactNode } from 'react'
import type { Model } from '#src/common/models.ts'
import type { LegalTab } from '#src/common/paths.ts'
import { installActionListener } from '../../lib/actions.ts'
import { openConsentSettings } from '../consent/consent-store.ts'
import { selectModel } from '../../lib/model-selection.ts'
import { openChat } from '../chat/open-chat.ts'
import { buy as buyModel } from '../buy/buy.ts'

const VideoDialog = lazy(() => import('../video/video-dialog.tsx'))
const GalleryDialog = lazy(() => import('../gallery/gallery-dialog.tsx'))
const BookingDialog = lazy(() => import('../booking/booking-dialog.tsx'))
const LegalDialog = lazy(() => import('../legal/legal-dialog.tsx'))
const InvoiceDialog = lazy(() => import('../buy/invoice-dialog.tsx'))

interface SiteActions {
  openVideo: () => void
  openGallery: (model: Model) => void
  openBooking: () => void
  openLegal: (tab: LegalTab) => void
  openChat: () => void
  /**
   * Buy a model: its checkout link, or the "Request an invoice" dialog (docs/product.md, "Buying").
   */
  buy: (model: Model) => void
}

const SiteActionsContext = createContext<SiteActions | null>(null)

export function useSiteActions(): SiteActions {
  const actions = useContext(SiteActionsContext)
  if (!actions) throw new Error('useSiteActions must be used inside <DialogHost>')
  return actions
}

type Open =
  | { kind: 'none' }
  | { kind: 'video' }
  | { kind: 'gallery'; model: Model }
  | { kind: 'booking' }
  | { kind: 'legal'; tab: LegalTab }
  | { kind: 'invoice'; model: Model }

interface DialogHostProps {
  children: ReactNode
  /** Called when the legal dialog closes; the legal routes navigate to / then. */
  onLegalClose?: () => void
}

export function DialogHost({ children, onLegalClose }: DialogHostProps) {
  const [open, setOpen] = useState<Open>({ kind: 'none' })
  // Dialogs stay mounted once loaded so that closing can animate and reopening is instant.
  const [loaded, setLoaded] = useState<Set<Open['kind']>>(() => new Set())
  const show = useCallback((next: Open) => {
    setLoaded((current) => (current.has(next.kind) ? current : new Set(current).add(next.kind)))
    setOpen(next)
  }, [])
  const close = useCallback(() => setOpen({ kind: 'none' }), [])

  const actions = useMemo<SiteActions>(
    () => ({
      openVideo: () => show({ kind: 'video' }),
      openGallery: (model) => show({ kind: 'gallery', model }),
      openBooking: () => show({ kind: 'booking' }),
      openLegal: (tab) => show({ kind: 'legal', tab }),
      openChat,
      buy: (model) => buyModel(model, () => show({ kind: 'invoice', model })),
    }),
    [show],
  )

  // Controls in server-only sections (data-action attributes) run through the same actions.
  useEffect(
    () =>
      installActionListener({
        ...actions,
        selectModel,
        openCookieSettings: openConsentSettings,
      }),
    [actions],
  )

  const closeLegal = useCallback(() => {
    close()
    onLegalClose?.()
  }, [close, onLegalClose])

  return (
    <SiteActionsContext.Provider value={actions}>
      {children}
      <Suspense fallback={null}>
        {loaded.has('video') ? <VideoDialog open={open.kind === 'video'} onClose={close} /> : null}
        {loaded.has('gallery') ? (
          <GalleryDialog
            open={open.kind === 'gallery'}
            initialModel={open.kind === 'gallery' ? open.model : 'advanced'}
            onClose={close}
          />
        ) : null}
        {loaded.has('booking') ? (
          <BookingDialog open={open.kind === 'booking'} onClose={close} />
        ) : null}
        {loaded.has('invoice') ? (
          <InvoiceDialog
            open={open.kind === 'invoice'}
            initialModel={open.kind === 'invoice' ? open.model : 'advanced'}
            onClose={close}
          />
        ) : null}
        {loaded.has('legal') ? (
          <LegalDialog
            open={open.kind === 'legal'}
            tab={open.kind === 'legal' ? open.tab : 'terms'}
            onClose={closeLegal}
          />
        ) : null}
      </Suspense>
    </SiteActionsContext.Provider>
  )
}
