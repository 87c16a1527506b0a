/**
 * Full-size view: the large image, previous/next arrows (absent at the ends), title,
 * description, '{n} of {total}' and 'Back to gallery' (SPEC.md §2). The arrow keys are handled
 * by the dialog, so they work wherever focus is.
 */
import { ArrowLeft, ChevronLeft, ChevronRight, ExternalLink } from 'lucide-react'
import type { Ref } from 'react'
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
  'absolute top-1/2 z-10 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full border border-ink-200 bg-white/95 text-brand-900 shadow-lg transition-colors hover:bg-white hover:text-accent-700 sm:size-12'

export function GalleryViewer({ model, items, index, onIndex, onBack, backRef }: Props) {
  const item = items[index]
  if (!item) return null
  const hasPrevious = index > 0
  const hasNext = index < items.length - 1
  return (
    <div data-testid="gallery-viewer">
      <div className="mb-4 flex items-center justify-between gap-4">
        <button
          ref={backRef}
          type="button"
          onClick={onBack}
          className={buttonClasses('secondary', 'sm', 'pr-4')}
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {GALLERY_COPY.back}
        </button>
        <p
          className="text-sm font-medium text-ink-600 tabular-nums"
          aria-live="polite"
          data-testid="gallery-counter"
        >
          {GALLERY_COPY.counter(index + 1, items.length)}
        </p>
      </div>
      <div className="relative">
        <div className="overflow-hidden rounded-xl border border-ink-200 bg-ink-50 shadow-sm">
          <FullSizeImage item={item} model={model} />
        </div>
        {hasPrevious ? (
          <button
            type="button"
            onClick={() => onIndex(index - 1)}
            aria-label={GALLERY_COPY.previous}
            className={`${ARROW} left-2 sm:-left-5`}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
        ) : null}
        {hasNext ? (
          <button
            type="button"
            onClick={() => onIndex(index + 1)}
            aria-label={GALLERY_COPY.next}
            className={`${ARROW} right-2 sm:-right-5`}
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        ) : null}
      </div>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 className="text-lg font-semibold text-brand-900">{item.title}</h3>
          {item.description ? <p className="mt-1 text-ink-600">{item.description}</p> : null}
        </div>
        <a
          href={item.fullSize}
          target="_blank"
          rel="noopener"
          className="inline-flex min-h-11 shrink-0 items-center gap-2 self-start rounded-lg text-sm font-semibold text-accent-700 hover:text-accent-600"
        >
          <ExternalLink aria-hidden="true" className="size-4" />
          {GALLERY_COPY.openOriginal}
          <span className="sr-only"> {GALLERY_COPY.newTab}</span>
        </a>
      </div>
    </div>
  )
}
