/**
 * The third-party origins each configured feature needs, for the Content-Security-Policy the
 * server sends (DESIGN.md §8). A feature whose setting is empty adds nothing.
 */
import type { PublicSettings } from './settings.ts'

/** The no-cookie video embed host (DESIGN.md §8). */
export const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com'

export interface ThirdPartyOrigins {
  script: string[]
  style: string[]
  frame: string[]
  connect: string[]
  img: string[]
}

export function thirdPartyOrigins(settings: PublicSettings): ThirdPartyOrigins {
  const origins: ThirdPartyOrigins = { script: [], style: [], frame: [], connect: [], img: [] }
  if (settings.demoVideoId) origins.frame.push(VIDEO_EMBED_ORIGIN)
  return origins
}
