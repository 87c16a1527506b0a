/**
 * A sample screenshot with responsive WebP/AVIF variants (made by `npm run images`), fixed
 * dimensions so nothing shifts while it loads, and lazy loading unless it is above the fold.
 */
import type { Model } from '#src/common/models.ts'
import { uploads } from '#src/common/paths.ts'

const SCREENSHOT_WIDTH = 1600
const SCREENSHOT_HEIGHT = 1000
export const VARIANT_WIDTHS = [640, 960, 1600] as const

export function variantPath(model: Model, file: string, width: number, format: 'webp' | 'avif') {
  const base = file.replace(/\.[^.]+$/, '')
  return `${uploads.root}/variants/${model}/${base}-${width}.${format}`
}

interface Props {
  model: Model
  file: string
  alt: string
  /** The sizes attribute: how wide the image is drawn at each breakpoint. */
  sizes: string
  priority?: boolean
  className?: string
}

export function ScreenshotImage({ model, file, alt, sizes, priority = false, className }: Props) {
  const srcSet = (format: 'webp' | 'avif') =>
    VARIANT_WIDTHS.map((w) => `${variantPath(model, file, w, format)} ${w}w`).join(', ')
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet('avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet('webp')} sizes={sizes} />
      <img
        src={`${uploads.screenshots(model)}/${file}`}
        width={SCREENSHOT_WIDTH}
        height={SCREENSHOT_HEIGHT}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={priority ? 'high' : 'auto'}
        className={className}
      />
    </picture>
  )
}
