/**
 * Public site settings: the only configuration the browser sees (STYLE.md). Defaults live here;
 * the operator overrides any of them with SITE_* environment variables at build time
 * (see README, "Configuration"). An empty value hides or degrades its feature gracefully.
 * Nothing secret belongs here: all of it ships to every visitor.
 */
import type { Model } from '#src/common/models.ts'

export interface PublicSettings {
  /** Brand shown in the header, titles and e-mails. */
  brandName: string
  /** The product's full name, used for the intro meeting title and structured data. */
  productName: string
  supportEmail: string
  /** Host phone on the scheduling confirmation page (SPEC.md {phone}). */
  phone: string
  /** Host name and e-mail on the scheduling confirmation page. */
  hostName: string
  hostEmail: string
  /** Video id of the 2-minute demo on the video provider (no-cookie embed host). */
  demoVideoId: string
  /** Intro-meeting link on the scheduling service; empty falls back to e-mail. */
  schedulerUrl: string
  /**
   * The scheduler's inline-embed script (Calendly-style widget.js), loaded on the first opening
   * of the booking dialog; empty shows a plain link to schedulerUrl instead of the inline calendar.
   */
  schedulerScriptUrl: string
  /** The video-meeting service named under 'Where' on the scheduling confirmation page. */
  meetingService: string
  /** Live-chat widget id (Crisp-style website id); empty falls back to e-mail. */
  chatWidgetId: string
  /** The chat provider's loader script, loaded on first use with functional consent. */
  chatScriptUrl: string
  /** Ad-tracking conversion id and label; empty sends no conversion event. */
  adConversionId: string
  adConversionLabel: string
  /** Trial download per model (an .exe wrapping the Excel model). */
  downloadUrls: Record<Model, string>
  documentationUrl: string
  videoTutorialsUrl: string
}

export const DEFAULT_SETTINGS: PublicSettings = {
  brandName: 'PacePoint',
  productName: 'PacePoint Fund Pacing Models',
  supportEmail: 'support@pacepoint.io',
  phone: '+1 (646) 555-0142',
  hostName: 'Daniel Novak',
  hostEmail: 'daniel@pacepoint.io',
  demoVideoId: 'Yx9b2Vd0mKc',
  schedulerUrl: 'https://calendly.com/pacepoint/intro-15',
  schedulerScriptUrl: 'https://assets.calendly.com/assets/external/widget.js',
  meetingService: 'Google Meet',
  chatWidgetId: '5f1c2a9e-7d3b-4c1a-9f0e-2b6d8c4e1a77',
  chatScriptUrl: 'https://client.crisp.chat/l.js',
  adConversionId: 'AW-000000000',
  adConversionLabel: 'trial_request',
  downloadUrls: {
    basic: 'https://downloads.pacepoint.io/trial/PacePoint-Basic-Trial.exe',
    advanced: 'https://downloads.pacepoint.io/trial/PacePoint-Advanced-Trial.exe',
  },
  documentationUrl: 'https://docs.pacepoint.io',
  videoTutorialsUrl: 'https://docs.pacepoint.io/videos',
}

/** The SITE_* variable behind each setting, for the README and the build. */
const ENV_NAMES: Record<Exclude<keyof PublicSettings, 'downloadUrls'>, string> = {
  brandName: 'SITE_BRAND_NAME',
  productName: 'SITE_PRODUCT_NAME',
  supportEmail: 'SITE_SUPPORT_EMAIL',
  phone: 'SITE_PHONE',
  hostName: 'SITE_HOST_NAME',
  hostEmail: 'SITE_HOST_EMAIL',
  demoVideoId: 'SITE_DEMO_VIDEO_ID',
  schedulerUrl: 'SITE_SCHEDULER_URL',
  schedulerScriptUrl: 'SITE_SCHEDULER_SCRIPT_URL',
  meetingService: 'SITE_MEETING_SERVICE',
  chatWidgetId: 'SITE_CHAT_WIDGET_ID',
  chatScriptUrl: 'SITE_CHAT_SCRIPT_URL',
  adConversionId: 'SITE_AD_CONVERSION_ID',
  adConversionLabel: 'SITE_AD_CONVERSION_LABEL',
  documentationUrl: 'SITE_DOCUMENTATION_URL',
  videoTutorialsUrl: 'SITE_VIDEO_TUTORIALS_URL',
}

/**
 * Reads overrides from an environment. A variable that is set, even to an empty string, wins:
 * setting SITE_CHAT_WIDGET_ID= turns the chat off.
 */
export function settingsFromEnv(env: Record<string, string | undefined>): PublicSettings {
  const result: PublicSettings = {
    ...DEFAULT_SETTINGS,
    downloadUrls: { ...DEFAULT_SETTINGS.downloadUrls },
  }
  for (const [key, name] of Object.entries(ENV_NAMES) as [keyof typeof ENV_NAMES, string][]) {
    const value = env[name]
    if (value !== undefined) result[key] = value.trim()
  }
  if (env.SITE_DOWNLOAD_URL_BASIC !== undefined)
    result.downloadUrls.basic = env.SITE_DOWNLOAD_URL_BASIC.trim()
  if (env.SITE_DOWNLOAD_URL_ADVANCED !== undefined)
    result.downloadUrls.advanced = env.SITE_DOWNLOAD_URL_ADVANCED.trim()
  return result
}

export const SETTINGS_ENV_NAMES = {
  ...ENV_NAMES,
  downloadUrlBasic: 'SITE_DOWNLOAD_URL_BASIC',
  downloadUrlAdvanced: 'SITE_DOWNLOAD_URL_ADVANCED',
}

declare const __SITE_SETTINGS__: PublicSettings | undefined

/**
 * The settings in force. In the browser and the pre-render the build injects them
 * (vite.config.ts); on the server, from the environment.
 */
export const settings: PublicSettings =
  typeof __SITE_SETTINGS__ !== 'undefined' ? __SITE_SETTINGS__ : settingsFromEnv(process.env)
