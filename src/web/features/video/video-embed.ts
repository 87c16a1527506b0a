/**
 * The no-cookie embed host (docs/product.md, "Privacy and third parties"); autoplay on, related
 * videos off (docs/product.md, "Routes and screens").
 */
import { VIDEO_EMBED_ORIGIN } from '#src/common/site/third-parties.ts'

export function videoEmbedUrl(videoId: string): string | null {
  if (!/^[A-Za-z0-9_-]{6,20}$/.test(videoId)) return null
  return `${VIDEO_EMBED_ORIGIN}/embed/${videoId}?autoplay=1&rel=0&modestbranding=1`
}
