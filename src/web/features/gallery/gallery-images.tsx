/**
 * The gallery's two kinds of image. Files in our own uploads folders have the WebP/AVIF
 * siblings that `npm run images` makes, so those get <picture> sources; any other path
 * (a caller-supplied list) is used as it is.
 */
import type { Model } from '#src/common/models.ts'
import { uploads } from '#src/common/paths.ts'
import { VARIANT_WIDTHS, variantPath } from '../../components/screenshot-image.tsx'
import type { ScreenshotItem } from './screenshots.ts'

const THUMB_WIDTH = 640
const THUMB_HEIGHT = 400
const FULL_WIDTH = 1600
const FULL_HEIGHT = 1000

function inFolder(path: string, folder: string): boolean {
  return path.startsWith(`${folder}/`) && /\.png$/i.test(path)
}

function fileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1)
}

export function Thumbnail({ item, model }: { item: ScreenshotItem; model: Model }) {
  const webp = inFolder(item.thumbnail, uploads.thumbnails(model))
    ? item.thumbnail.replace(/\.png$/i, '.webp')
    : null
  const img = (
    <img
      src={item.thumbnail}
      width={THUMB_WIDTH}
      height={THUMB_HEIGHT}
      alt=""
      loading="lazy"
      decoding="async"
      className="block aspect-[16/10] h-auto w-full object-cover object-top transition-transform duration-300 group-hover:scale-[1.02]"
      // docs/product.md, "Routes and screens": a thumbnail that fails to load is only logged.
      onError={() => console.warn(`Screenshot thumbnail failed to load: ${item.thumbnail}`)}
    />
  )
  if (!webp) return img
  return (
    <picture>
      <source type="image/webp" srcSet={webp} />
      {img}
    </picture>
  )
}

export function FullSizeImage({
  item,
  model,
  actualSize = false,
}: {
  item: ScreenshotItem
  model: Model
  /** Pixel for pixel (1600 px wide, panned in its box) instead of fitted to the width. */
  actualSize?: boolean
}) {
  const img = (
    <img
      src={item.fullSize}
      width={FULL_WIDTH}
      height={FULL_HEIGHT}
      alt={item.description ? `${item.title}: ${item.description}` : item.title}
      decoding="async"
      className={actualSize ? 'block h-auto max-w-none' : 'block h-auto w-full'}
      style={actualSize ? { width: FULL_WIDTH } : undefined}
    />
  )
  if (!inFolder(item.fullSize, uploads.screenshots(model))) return img
  const file = fileName(item.fullSize)
  const srcSet = (format: 'webp' | 'avif') =>
    VARIANT_WIDTHS.map((w) => `${variantPath(model, file, w, format)} ${w}w`).join(', ')
  // The full-size view is nearly as wide as the screen (dialog.tsx, wide); actual size is 1600 px.
  const sizes = actualSize ? '1600px' : 'calc(100vw - 3rem)'
  return (
    <picture key={item.fullSize}>
      <source type="image/avif" srcSet={srcSet('avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet('webp')} sizes={sizes} />
      {img}
    </picture>
  )
}
