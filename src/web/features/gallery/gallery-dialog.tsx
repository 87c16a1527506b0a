/**
 * The screenshot gallery dialog (docs/product.md, "Routes and screens").
 * Grid view (no image selected) and full-size view (an index selected). The model switch shows
 * only in the grid; switching returns to it. Left/right arrows move in the full-size view;
 * Escape there returns to the grid, and Escape in the grid closes the dialog.
 * Loaded lazily by the dialog host: the default export is what React.lazy needs.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { MODELS, MODEL_LABELS, type Model } from '#src/common/models.ts'
import { buttonClasses } from '../../components/ui/button.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { cn } from '../../lib/cn.ts'
import { selectModel } from '../../lib/model-selection.ts'
import { GALLERY_COPY } from '../../content/gallery.ts'
import { GalleryGrid } from './gallery-grid.tsx'
import { GalleryViewer } from './gallery-viewer.tsx'
import { chooseScreenshots, type ScreenshotItem } from './screenshots.ts'
import { useScreenshots } from './use-screenshots.ts'

interface Props {
  open: boolean
  initialModel: Model
  onClose: () => void
  /** Lists that replace the loaded ones when non-empty (docs/product.md, "Routes and screens"). */
  basicScreenshots?: ScreenshotItem[]
  advancedScreenshots?: ScreenshotItem[]
}

export default function GalleryDialog({
  open,
  initialModel,
  onClose,
  basicScreenshots,
  advancedScreenshots,
}: Props) {
  const lists = useScreenshots()
  const [model, setModel] = useState<Model>(initialModel)
  const [index, setIndex] = useState<number | null>(null)
  const cardButtons = useRef(new Map<number, HTMLButtonElement>())
  const backButton = useRef<HTMLButtonElement>(null)
  const switchButtons = useRef(new Map<Model, HTMLButtonElement>())
  const contentRef = useRef<HTMLDivElement>(null)
  /** Where focus goes after the next view change. */
  const pendingFocus = useRef<(() => void) | null>(null)

  // Each opening starts in the grid of the model it was opened for.
  useEffect(() => {
    if (open) {
      setModel(initialModel)
      setIndex(null)
    }
  }, [open, initialModel])

  const supplied = model === 'basic' ? basicScreenshots : advancedScreenshots
  const items = lists
    ? chooseScreenshots(lists[model], supplied)
    : supplied?.length
      ? supplied
      : null
  const count = items?.length ?? 0
  /** While the shipped samples are installed, the gallery says so (docs/product.md). */
  const samples = items?.some((item) => item.sample) ?? false

  const showImage = useCallback((next: number) => {
    pendingFocus.current = () => {
      // Keep focus inside the view: an arrow that disappears at an end takes focus with it.
      const active = document.activeElement
      if (!active || !contentRef.current?.contains(active) || active === document.body)
        backButton.current?.focus()
    }
    setIndex(next)
  }, [])

  const openImage = useCallback((next: number) => {
    pendingFocus.current = () => backButton.current?.focus()
    setIndex(next)
  }, [])

  const backToGrid = useCallback(() => {
    const from = index
    pendingFocus.current = () =>
      from === null ? undefined : cardButtons.current.get(from)?.focus()
    setIndex(null)
  }, [index])

  const switchModel = useCallback((next: Model) => {
    pendingFocus.current = () => switchButtons.current.get(next)?.focus()
    setModel(next)
    setIndex(null)
  }, [])

  useEffect(() => {
    const focus = pendingFocus.current
    pendingFocus.current = null
    focus?.()
  }, [index, model])

  // Left/right arrows in the full-size view (docs/product.md, "Routes and screens").
  useEffect(() => {
    if (!open || index === null) return
    function onKeyDown(event: KeyboardEvent) {
      if (event.altKey || event.ctrlKey || event.metaKey) return
      if (event.key === 'ArrowLeft' && index !== null && index > 0) {
        event.preventDefault()
        showImage(index - 1)
      } else if (event.key === 'ArrowRight' && index !== null && index < count - 1) {
        event.preventDefault()
        showImage(index + 1)
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open, index, count, showImage])

  function onEscapeKeyDown(event: KeyboardEvent) {
    if (index === null) return
    event.preventDefault()
    backToGrid()
  }

  function getTrial() {
    onClose()
    // After the dialog has closed and handed focus back, go to the trial form with this model.
    window.setTimeout(() => selectModel(model), 0)
  }

  const viewing = index !== null && items !== null && items[index] !== undefined

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={GALLERY_COPY.title(model)}
      description={GALLERY_COPY.description(model)}
      closeLabel={GALLERY_COPY.close}
      onEscapeKeyDown={onEscapeKeyDown}
      wide={viewing}
    >
      <div ref={contentRef}>
        {viewing ? (
          <GalleryViewer
            model={model}
            items={items}
            index={index}
            onIndex={showImage}
            onBack={backToGrid}
            backRef={backButton}
          />
        ) : (
          <>
            <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
              <div
                role="group"
                aria-label={GALLERY_COPY.switchLabel}
                className="inline-flex rounded-xl bg-ink-100 p-1"
              >
                {MODELS.map((m) => (
                  <button
                    key={m}
                    type="button"
                    ref={(element) => {
                      if (element) switchButtons.current.set(m, element)
                      else switchButtons.current.delete(m)
                    }}
                    aria-pressed={m === model}
                    onClick={() => (m === model ? undefined : switchModel(m))}
                    className={cn(
                      'min-h-11 min-w-28 rounded-lg px-4 text-sm font-semibold transition-colors',
                      m === model
                        ? 'bg-white text-brand-900 shadow-sm ring-1 ring-ink-200'
                        : 'text-ink-600 hover:text-brand-900',
                    )}
                  >
                    {MODEL_LABELS[m]}
                  </button>
                ))}
              </div>
              {items ? (
                <p className="text-sm text-ink-600">{GALLERY_COPY.count(items.length, samples)}</p>
              ) : null}
            </div>
            <GalleryGrid
              model={model}
              items={items}
              onOpen={openImage}
              buttonRef={(i, element) => {
                if (element) cardButtons.current.set(i, element)
                else cardButtons.current.delete(i)
              }}
            />
            <div className="mt-8 flex flex-col gap-4 border-t border-ink-100 pt-6 sm:flex-row sm:items-center sm:justify-between">
              <p className="max-w-xl text-sm leading-relaxed text-ink-600">
                {samples ? GALLERY_COPY.sampleFooter(model) : GALLERY_COPY.footer(model)}
              </p>
              <button
                type="button"
                onClick={getTrial}
                className={buttonClasses('accent', 'md', 'shrink-0')}
              >
                {GALLERY_COPY.trialCta}
              </button>
            </div>
          </>
        )}
      </div>
    </Dialog>
  )
}
