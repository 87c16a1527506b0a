/**
 * Grid view: 1 column on small screens, 2 on medium, 3 on large (docs/product.md,
 * "Routes and screens").
 */
import { Maximize2 } from 'lucide-react'
import type { Model } from '#src/common/models.ts'
import { GALLERY_COPY } from '../../content/gallery.ts'
import { Thumbnail } from './gallery-images.tsx'
import type { ScreenshotItem } from './screenshots.ts'

interface Props {
  model: Model
  items: ScreenshotItem[] | null
  onOpen: (index: number) => void
  /** Registers each card's button, so focus can come back to it from the full-size view. */
  buttonRef: (index: number, element: HTMLButtonElement | null) => void
}

const GRID = 'grid grid-cols-1 gap-5 md:grid-cols-2 lg:grid-cols-3'

export function GalleryGrid({ model, items, onOpen, buttonRef }: Props) {
  if (items === null) {
    return (
      <div role="status" aria-live="polite">
        <span className="sr-only">{GALLERY_COPY.loading}</span>
        <ul className={GRID} aria-hidden="true">
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i} className="overflow-hidden rounded-xl border border-ink-100">
              <div className="aspect-[16/10] animate-pulse bg-ink-100" />
              <div className="space-y-2 p-4">
                <div className="h-4 w-2/3 rounded bg-ink-100" />
                <div className="h-3 w-1/3 rounded bg-ink-100" />
              </div>
            </li>
          ))}
        </ul>
      </div>
    )
  }
  if (items.length === 0) {
    return (
      <p className="rounded-xl bg-ink-50 px-6 py-12 text-center text-ink-600">
        {GALLERY_COPY.empty}
      </p>
    )
  }
  return (
    <ul className={GRID} data-testid="gallery-grid">
      {items.map((item, index) => (
        <li
          key={`${item.id}-${item.fullSize}`}
          className="group relative flex flex-col overflow-hidden rounded-xl border border-ink-200 bg-white shadow-sm transition-shadow hover:border-ink-300 hover:shadow-lg focus-within:border-accent-400"
        >
          <div className="overflow-hidden border-b border-ink-100 bg-ink-50">
            <Thumbnail item={item} model={model} />
          </div>
          <div className="flex flex-1 flex-col p-4">
            <h3 className="text-[0.9375rem] font-semibold text-brand-900">{item.title}</h3>
            {item.description ? (
              <p className="mt-1 text-sm leading-relaxed text-ink-600">{item.description}</p>
            ) : null}
            <button
              type="button"
              ref={(element) => buttonRef(index, element)}
              onClick={() => onOpen(index)}
              aria-label={`${GALLERY_COPY.viewFullSize}: ${item.title}`}
              // The button's ::after covers the card, so a click anywhere on it opens the image.
              className="mt-auto inline-flex min-h-11 items-center gap-2 self-start pt-2 rounded-lg text-sm font-semibold text-accent-700 after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:text-accent-600 focus-visible:outline-none focus-visible:after:outline focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-accent-400"
            >
              <Maximize2 aria-hidden="true" className="size-4" />
              {GALLERY_COPY.viewFullSize}
            </button>
          </div>
        </li>
      ))}
    </ul>
  )
}
