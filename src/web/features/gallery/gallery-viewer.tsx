/**
 * Full-size view: the large image, previous/next arrows (absent at the ends), title,
 * description, '{n} of {total}' and 'Back to gallery' (docs/product.md, "Routes and screens"). The arrow keys are handled
 * by the dialog, so they work wherever focus is. The view takes nearly the whole screen, and
 * 'Actual size' shows the screenshot pixel for pixel in a pannable, pinch-zoomable box, so the
 * numbers can be read; on a phone it opens that way, as fitted to 358 px nothing could be read.
 * The arrows sit in a row under the image, never over it.
 */
import { ArrowLeft, ChevronLeft, ChevronRight, ExternalLink, ZoomIn, ZoomOut } from 'lucide-react'
import { useState, type Ref } from 'react'
import type { Model } from '#src/common/models.ts'
import { buttonClasses } from '../../components/ui/button.tsx'
import { GALLERY_COPY } from '../../content/gallery.ts'
import { FullSizeImage } from './gallery-images.tsx'
import type { ScreenshotItem } from './screenshots.ts'

interface Props {
  model: Model
  items: ScreenshotItem[]
  index: number
  onIndex: (index: number) => void
  onBack: () => void
  backRef: Ref<HTMLButtonElement>
}

const ARROW =
  'inline-flex size-11 items-center justify-center rounded-full border border-ink-200 bg-white text-brand-900 shadow-sm transition-colors hover:text-accent-700'

/** A phone's screen: the screenshot opens at its actual size there (see the header). */
const onPhone = () => typeof matchMedia === 'function' && matchMedia('(max-width: 639px)').matches

export function GalleryViewer({ model, items, index, onIndex, onBack, backRef }: Props) {
  const [actualSize, setActualSize] = useState(onPhone)
  const item = items[index]
  if (!item) return null
  const hasPrevious = index > 0
  const hasNext = index < items.length - 1
  return (
    <div data-testid="gallery-viewer">
      <div className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <button
          ref={backRef}
          type="button"
          onClick={onBack}
          className={buttonClasses('secondary', 'sm', 'max-sm:w-11 max-sm:px-0 sm:pr-4')}
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {/* A phone keeps the toolbar on one row: the arrow alone, its name still said. */}
          <span className="max-sm:sr-only">{GALLERY_COPY.back}</span>
        </button>
        <div className="min-w-0 flex-1 max-sm:order-last max-sm:basis-full">
          <h3 className="text-base font-semibold text-brand-900 sm:text-lg">{item.title}</h3>
          {item.description ? <p className="text-sm text-ink-600">{item.description}</p> : null}
        </div>
        <p
          className="text-sm font-medium text-ink-600 tabular-nums max-sm:mr-auto"
          aria-live="polite"
          data-testid="gallery-counter"
        >
          {GALLERY_COPY.counter(index + 1, items.length)}
        </p>
        <button
          type="button"
          aria-pressed={actualSize}
          onClick={() => setActualSize((on) => !on)}
          className={buttonClasses('secondary', 'sm', 'pr-4')}
        >
          {actualSize ? (
            <ZoomOut aria-hidden="true" className="size-4" />
          ) : (
            <ZoomIn aria-hidden="true" className="size-4" />
          )}
          {GALLERY_COPY.actualSize}
        </button>
        <a
          href={item.fullSize}
          target="_blank"
          rel="noopener"
          className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-lg text-sm font-semibold text-accent-700 hover:text-accent-600 max-md:hidden"
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          {GALLERY_COPY.openOriginal}
          <span className="sr-only"> {GALLERY_COPY.newTab}</span>
        </a>
      </div>
      {/* Pans (and pinch-zooms on a phone) when the image is larger than the box. */}
      <div
        className="overflow-auto rounded-lg border border-ink-200 bg-ink-50"
        // Inline, not utility classes: this code loads with the gallery, the page's CSS does not grow.
        style={{
          touchAction: 'pan-x pan-y pinch-zoom',
          overscrollBehavior: 'contain',
          maxHeight: actualSize ? 'calc(100dvh - 14rem)' : undefined,
        }}
        data-testid="gallery-image-box"
      >
        <FullSizeImage item={item} model={model} actualSize={actualSize} />
      </div>
      <div className="mt-2 flex min-h-11 items-center justify-between gap-3">
        {hasPrevious ? (
          <button
            type="button"
            onClick={() => onIndex(index - 1)}
            aria-label={GALLERY_COPY.previous}
            className={ARROW}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
        ) : (
          <span />
        )}
        <p className="text-center text-xs text-ink-500 sm:hidden">{GALLERY_COPY.panHint}</p>
        {hasNext ? (
          <button
            type="button"
            onClick={() => onIndex(index + 1)}
            aria-label={GALLERY_COPY.next}
            className={ARROW}
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        ) : (
          <span />
        )}
      </div>
    </div>
  )
}
