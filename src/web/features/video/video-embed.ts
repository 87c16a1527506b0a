/** The no-cookie embed host (DESIGN.md §8); autoplay on, related videos off (SPEC.md §2). */
import { VIDEO_EMBED_ORIGIN } from '#src/common/site/third-parties.ts'

export function videoEmbedUrl(videoId: string): string | null {
  if (!/^[A-Za-z0-9_-]{6,20}$/.test(videoId)) return null
  return `${VIDEO_EMBED_ORIGIN}/embed/${videoId}?autoplay=1&rel=0&modestbranding=1`
}
