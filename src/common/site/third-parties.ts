/**
 * The third parties the site may talk to, and the origins each configured feature needs, for the
 * Content-Security-Policy the server sends (docs/product.md, "Privacy and third parties"). A
 * feature whose setting is empty adds nothing, so the policy allows exactly what the configured
 * features load. Plain data and pure functions only: the server imports this module
 * (docs/decisions/0002).
 */
import type { PublicSettings } from './settings.ts'

/** The no-cookie video embed host (docs/product.md, "Privacy and third parties"). */
export const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com'

/** The ad-tracking tag (gtag-style) and the hosts it reports conversions to. */
const AD_TAG_SCRIPT_ORIGIN = 'https://www.googletagmanager.com'
export const adTagScriptUrl = (conversionId: string) =>
  `${AD_TAG_SCRIPT_ORIGIN}/gtag/js?id=${encodeURIComponent(conversionId)}`
const AD_REPORTING_ORIGINS = [
  'https://www.googleadservices.com',
  'https://googleads.g.doubleclick.net',
  'https://www.google.com',
]

/**
 * Hosts a Crisp-style chat loader pulls in after itself, per Crisp's own CSP list
 * (docs.crisp.chat, "Crisp Domain Names"): its bundle, styles, fonts and web workers from the
 * loader's host, the websocket relays, avatars and file storage. Only when the loader is Crisp's.
 */
const CRISP_HOST = 'client.crisp.chat'
const CRISP_EXTRA = {
  connect: [
    'wss://client.relay.crisp.chat',
    'wss://stream.relay.crisp.chat',
    'https://storage.crisp.chat',
  ],
  img: ['https://image.crisp.chat', 'https://storage.crisp.chat'],
}

export interface ThirdPartyOrigins {
  script: string[]
  style: string[]
  frame: string[]
  connect: string[]
  img: string[]
  font: string[]
  media: string[]
  worker: string[]
}

/** The origin of an https URL, or null for anything else (http, relative, garbage). */
export function httpsOrigin(url: string): string | null {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' ? parsed.origin : null
  } catch {
    return null
  }
}

/**
 * The host of the configured scheduler (event_url must live there, docs/product.md,
 * "Privacy and third parties"), or null.
 */
export function schedulerHost(settings: Pick<PublicSettings, 'schedulerUrl'>): string | null {
  const origin = httpsOrigin(settings.schedulerUrl)
  return origin ? new URL(origin).host : null
}

/** Is this a live-chat setup the site can load (an id and an https loader)? */
export function chatConfigured(
  settings: Pick<PublicSettings, 'chatWidgetId' | 'chatScriptUrl'>,
): boolean {
  return Boolean(settings.chatWidgetId && httpsOrigin(settings.chatScriptUrl))
}

export function adTrackingConfigured(settings: Pick<PublicSettings, 'adConversionId'>): boolean {
  return /^[A-Za-z0-9-]{3,40}$/.test(settings.adConversionId)
}

export function thirdPartyOrigins(settings: PublicSettings): ThirdPartyOrigins {
  const origins: ThirdPartyOrigins = {
    script: [],
    style: [],
    frame: [],
    connect: [],
    img: [],
    font: [],
    media: [],
    worker: [],
  }
  if (settings.demoVideoId) origins.frame.push(VIDEO_EMBED_ORIGIN)

  const scheduler = httpsOrigin(settings.schedulerUrl)
  const schedulerScript = httpsOrigin(settings.schedulerScriptUrl)
  if (scheduler && schedulerScript) {
    // The widget script injects an iframe of the meeting link and may add its own stylesheet.
    origins.script.push(schedulerScript)
    origins.style.push(schedulerScript)
    origins.frame.push(scheduler)
  }

  const chatScript = httpsOrigin(settings.chatScriptUrl)
  if (settings.chatWidgetId && chatScript) {
    origins.script.push(chatScript)
    origins.style.push(chatScript)
    origins.font.push(chatScript)
    origins.connect.push(chatScript)
    origins.img.push(chatScript)
    origins.media.push(chatScript)
    origins.worker.push(chatScript)
    if (new URL(chatScript).host === CRISP_HOST) {
      origins.connect.push(...CRISP_EXTRA.connect)
      origins.img.push(...CRISP_EXTRA.img)
    }
  }

  if (adTrackingConfigured(settings)) {
    origins.script.push(AD_TAG_SCRIPT_ORIGIN, ...AD_REPORTING_ORIGINS)
    origins.connect.push(AD_TAG_SCRIPT_ORIGIN, ...AD_REPORTING_ORIGINS)
    origins.img.push(AD_TAG_SCRIPT_ORIGIN, ...AD_REPORTING_ORIGINS)
    // The tag measures conversions through a hidden frame on the ads host.
    origins.frame.push('https://td.doubleclick.net', AD_TAG_SCRIPT_ORIGIN)
  }
  return origins
}
