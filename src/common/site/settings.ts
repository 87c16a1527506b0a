/**
 * Public site settings: the only configuration the browser sees (docs/architecture.md,
 * "Contracts: environment"). Defaults live here; the operator overrides any of them with SITE_*
 * environment variables at build time (README, "Configuration"). One schema checks them at build
 * and at start and names every bad variable. The build writes the resolved settings next to its
 * output (SITE_SETTINGS_FILE), the pages get them compiled in, and the server and CLI read that
 * file and pass the settings through their dependencies. An empty value hides or degrades its
 * feature gracefully. Nothing secret belongs here: all of it ships to every visitor.
 */
import { z } from 'zod'
import { MODELS, type Model } from '../models.ts'

/** Written by the build next to its output; the server and CLI read it. */
export const SITE_SETTINGS_FILE = 'site-settings.json'

/** An https link, or empty (the feature is off). */
const optionalUrl = z.union([z.literal(''), z.url({ protocol: /^https$/ })], {
  error: 'must be an https:// URL or empty',
})
/** A link the page shows: https, mailto or a site-relative path, or empty. */
const optionalLink = z.union([z.literal(''), z.url({ protocol: /^(https|mailto)$/ })], {
  error: 'must be an https:// or mailto: URL or empty',
})
const optionalEmail = z.union([z.literal(''), z.email()], {
  error: 'must be an e-mail address or empty',
})
const text = (max = 200) => z.string().max(max, `must be at most ${max} characters`)

/**
 * Whether a Czech company ID (IČO) is 8 digits whose last is the check digit of the first seven:
 * weights 8 down to 2, r = the weighted sum mod 11, check digit (11 - r) mod 10.
 */
export function isCzechCompanyId(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false
  let sum = 0
  for (let i = 0; i < 7; i++) sum += Number(value[i]) * (8 - i)
  return (11 - (sum % 11)) % 10 === Number(value[7])
}

/** A Czech company ID with a valid check digit, or empty (the line is hidden). */
const companyId = z
  .string()
  .refine(
    (value) => value === '' || isCzechCompanyId(value),
    'must be a Czech company ID (IČO: 8 digits with a valid check digit) or empty',
  )
/** A Czech VAT ID (DIČ): CZ and 8 to 10 digits, or empty (the line is hidden). */
const vatId = z
  .string()
  .refine(
    (value) => value === '' || /^CZ\d{8,10}$/.test(value),
    'must be a Czech VAT ID (CZ and 8 to 10 digits, e.g. CZ12345679) or empty',
  )
/** A hex digest of the given length (upper or lower case), or empty (hidden). */
const optionalHex = (length: number, what: string) =>
  z
    .string()
    .refine(
      (value) => value === '' || new RegExp(`^[0-9A-Fa-f]{${length}}$`).test(value),
      `must be ${what} (${length} hexadecimal digits) or empty`,
    )

/**
 * A shipped placeholder: a value in square brackets, such as the default "[Company legal name]".
 * It reads as a blank to fill in, never as a fact, and the server will not serve it over https
 * (ALLOW_PLACEHOLDER_SETTINGS).
 */
export function isPlaceholder(value: string): boolean {
  return /^\[.*\]$/s.test(value.trim())
}

/** Someone behind the product, shown on /about. */
const PersonSchema = z.object({
  name: text(80).min(1, 'must not be empty'),
  role: text(120),
  bio: text(600),
})
type Person = z.infer<typeof PersonSchema>

const PublicSettingsSchema = z.object({
  /** Brand shown in the header, titles and e-mails. */
  brandName: text(60).min(1, 'must not be empty'),
  /** The product's full name, used for the intro meeting title and structured data. */
  productName: text(120).min(1, 'must not be empty'),
  supportEmail: z.email('must be an e-mail address'),
  /** Host phone on the scheduling confirmation page (the {phone} of the confirmation page). */
  phone: text(40),
  /** Host name and e-mail on the scheduling confirmation page. */
  hostName: text(80),
  hostEmail: optionalEmail,
  /** Video id of the 2-minute demo on the video provider (no-cookie embed host). */
  demoVideoId: z.string().regex(/^[A-Za-z0-9_-]{0,32}$/, 'must be a video id or empty'),
  /** Intro-meeting link on the scheduling service; empty falls back to e-mail. */
  schedulerUrl: optionalUrl,
  /**
   * The scheduler's inline-embed script (Calendly-style widget.js), loaded on the first opening
   * of the booking dialog; empty shows a plain link to schedulerUrl instead of the inline calendar.
   */
  schedulerScriptUrl: optionalUrl,
  /** The video-meeting service named under 'Where' on the scheduling confirmation page. */
  meetingService: text(60),
  /** Live-chat widget id (Crisp-style website id); empty falls back to e-mail. */
  chatWidgetId: z.string().regex(/^[A-Za-z0-9-]{0,64}$/, 'must be a widget id or empty'),
  /** The chat provider's loader script, loaded on first use with functional consent. */
  chatScriptUrl: optionalUrl,
  /** Ad-tracking conversion id and label; empty sends no conversion event. */
  adConversionId: z.string().regex(/^([A-Za-z0-9-]{3,40})?$/, 'must be a conversion id or empty'),
  adConversionLabel: z.string().regex(/^[A-Za-z0-9_-]{0,64}$/, 'must be a label or empty'),
  /** Trial download per model (an .exe wrapping the Excel model). */
  downloadUrls: z.object({ basic: optionalLink, advanced: optionalLink }),
  /** SHA-256 of each model's installer as published, shown on /security; empty hides it. */
  installerSha256: z.object({
    basic: optionalHex(64, 'a SHA-256 digest'),
    advanced: optionalHex(64, 'a SHA-256 digest'),
  }),
  /** Thumbprint (SHA-1) of the code-signing certificate, shown on /security; empty hides it. */
  signingThumbprint: optionalHex(40, 'a certificate thumbprint (SHA-1)'),
  documentationUrl: optionalLink,
  videoTutorialsUrl: optionalLink,
  /**
   * Hosted checkout per model (Lemon Squeezy, Paddle, Stripe Payment Links: they handle EU VAT).
   * Empty: Buy opens the "Request an invoice" dialog instead (docs/product.md, "Buying").
   */
  checkoutUrls: z.object({ basic: optionalUrl, advanced: optionalUrl }),
  /** The company that sells the licenses: /about, the legal texts, structured data. */
  company: z.object({
    legalName: text(120).min(1, 'must not be empty'),
    /** The commercial register's number: the IČO, checked by its check digit. */
    registrationId: companyId,
    /** The VAT ID (DIČ), CZ and 8 to 10 digits. */
    vatId,
    /** Where the company is registered, e.g. the court and file of the commercial register. */
    registry: text(200),
    /** Street, postcode and city on one line; commas separate the lines where it is shown. */
    address: text(200).min(1, 'must not be empty'),
    country: text(60).min(1, 'must not be empty'),
  }),
  /** The people on /about, in order; empty hides that part. */
  people: z.array(PersonSchema).max(8, 'must list at most 8 people'),
})
export type PublicSettings = z.infer<typeof PublicSettingsSchema>

export const DEFAULT_SETTINGS: PublicSettings = {
  brandName: 'PacePoint',
  productName: 'PacePoint Fund Pacing Models',
  supportEmail: 'support@pacepoint.io',
  // Who a buyer talks to: unset until the operator sets them, so nothing invented is shown.
  phone: '',
  hostName: '',
  hostEmail: '',
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
  installerSha256: { basic: '', advanced: '' },
  signingThumbprint: '',
  documentationUrl: 'https://docs.pacepoint.io',
  videoTutorialsUrl: 'https://docs.pacepoint.io/videos',
  checkoutUrls: { basic: '', advanced: '' },
  // Who sells the licenses: blanks in square brackets that read as blanks (isPlaceholder), and
  // what is optional left empty, so a deploy that forgets a setting shows no invented fact
  // (README, "Configuration").
  company: {
    legalName: '[Company legal name]',
    registrationId: '',
    vatId: '',
    registry: '',
    address: '[Street and number, postcode and city]',
    country: 'Czechia',
  },
  people: [
    {
      name: '[Your name]',
      role: '[Your role]',
      bio: '[Two or three sentences on who you are and what you have done: set SITE_PEOPLE, or SITE_PEOPLE=[] to hide this section.]',
    },
  ],
}

type FlatKey = Exclude<
  keyof PublicSettings,
  'downloadUrls' | 'checkoutUrls' | 'installerSha256' | 'company' | 'people'
>
type CompanyKey = keyof PublicSettings['company']

/** The SITE_* variable behind each setting (README, .env.example). */
const ENV_NAMES: Record<FlatKey, string> = {
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
  signingThumbprint: 'SITE_SIGNING_CERT_THUMBPRINT',
}
const DOWNLOAD_ENV_NAMES: Record<Model, string> = {
  basic: 'SITE_DOWNLOAD_URL_BASIC',
  advanced: 'SITE_DOWNLOAD_URL_ADVANCED',
}
const INSTALLER_SHA256_ENV_NAMES: Record<Model, string> = {
  basic: 'SITE_INSTALLER_SHA256_BASIC',
  advanced: 'SITE_INSTALLER_SHA256_ADVANCED',
}
const CHECKOUT_ENV_NAMES: Record<Model, string> = {
  basic: 'SITE_CHECKOUT_URL_BASIC',
  advanced: 'SITE_CHECKOUT_URL_ADVANCED',
}
const COMPANY_ENV_NAMES: Record<CompanyKey, string> = {
  legalName: 'SITE_COMPANY_LEGAL_NAME',
  registrationId: 'SITE_COMPANY_REGISTRATION_ID',
  vatId: 'SITE_COMPANY_VAT_ID',
  registry: 'SITE_COMPANY_REGISTRY',
  address: 'SITE_COMPANY_ADDRESS',
  country: 'SITE_COMPANY_COUNTRY',
}
/** A JSON array of { name, role, bio }; `[]` hides the people on /about. */
const PEOPLE_ENV_NAME = 'SITE_PEOPLE'

export class SettingsError extends Error {}

function check(candidate: unknown, nameOf: (path: PropertyKey[]) => string): PublicSettings {
  const parsed = PublicSettingsSchema.safeParse(candidate)
  if (parsed.success) return parsed.data
  const lines = parsed.error.issues.map((issue) => `  ${nameOf(issue.path)}: ${issue.message}`)
  throw new SettingsError(`Invalid site settings:\n${lines.join('\n')}`)
}

/**
 * The settings an environment asks for: defaults, overridden by every SITE_* variable that is
 * set, even to an empty string (SITE_CHAT_WIDGET_ID= turns the chat off). Throws SettingsError
 * naming each bad variable.
 */
export function resolveSettings(env: Record<string, string | undefined>): PublicSettings {
  const result: PublicSettings = {
    ...DEFAULT_SETTINGS,
    downloadUrls: { ...DEFAULT_SETTINGS.downloadUrls },
    checkoutUrls: { ...DEFAULT_SETTINGS.checkoutUrls },
    installerSha256: { ...DEFAULT_SETTINGS.installerSha256 },
    company: { ...DEFAULT_SETTINGS.company },
  }
  for (const [key, name] of Object.entries(ENV_NAMES) as [FlatKey, string][]) {
    const value = env[name]
    if (value !== undefined) result[key] = value.trim()
  }
  for (const model of MODELS) {
    const value = env[DOWNLOAD_ENV_NAMES[model]]
    if (value !== undefined) result.downloadUrls[model] = value.trim()
    const checkout = env[CHECKOUT_ENV_NAMES[model]]
    if (checkout !== undefined) result.checkoutUrls[model] = checkout.trim()
    const sha256 = env[INSTALLER_SHA256_ENV_NAMES[model]]
    if (sha256 !== undefined) result.installerSha256[model] = sha256.trim()
  }
  for (const [key, name] of Object.entries(COMPANY_ENV_NAMES) as [CompanyKey, string][]) {
    const value = env[name]
    if (value !== undefined) result.company[key] = value.trim()
  }
  const people = env[PEOPLE_ENV_NAME]
  if (people !== undefined) {
    try {
      result.people = JSON.parse(people.trim() || '[]') as Person[]
    } catch {
      throw new SettingsError(
        `Invalid site settings:\n  ${PEOPLE_ENV_NAME}: must be a JSON array of { "name", "role", "bio" }`,
      )
    }
  }
  return check(result, (path) => {
    const [first, second] = path
    if (first === 'downloadUrls') return DOWNLOAD_ENV_NAMES[second as Model] ?? 'downloadUrls'
    if (first === 'checkoutUrls') return CHECKOUT_ENV_NAMES[second as Model] ?? 'checkoutUrls'
    if (first === 'installerSha256')
      return INSTALLER_SHA256_ENV_NAMES[second as Model] ?? 'installerSha256'
    if (first === 'company') return COMPANY_ENV_NAMES[second as CompanyKey] ?? 'company'
    if (first === 'people')
      return `${PEOPLE_ENV_NAME}${path.length > 1 ? ` (${path.slice(1).join('.')})` : ''}`
    return ENV_NAMES[first as FlatKey] ?? String(first)
  })
}

/**
 * The SITE_* variables whose value is still a placeholder (isPlaceholder, or a value shipped as
 * a default before they were blanks) among the facts a buyer trusts: who the company is, its
 * people and how to reach them (README, "Configuration"). The server names them at start, and
 * refuses an https PUBLIC_URL while any is left (ALLOW_PLACEHOLDER_SETTINGS).
 */
export function placeholderSettings(settings: PublicSettings): string[] {
  const placeholder = (value: string, fallback: string) =>
    value !== '' && (isPlaceholder(value) || value === fallback)
  const names: string[] = []
  for (const [key, name] of Object.entries(COMPANY_ENV_NAMES) as [CompanyKey, string][]) {
    // The country is a real choice (Czech law governs the terms), not an invented fact.
    if (key === 'country') continue
    if (placeholder(settings.company[key], DEFAULT_SETTINGS.company[key])) names.push(name)
  }
  if (
    settings.people.some((person) =>
      [person.name, person.role, person.bio].some((value) => isPlaceholder(value)),
    ) ||
    (settings.people.length > 0 &&
      JSON.stringify(settings.people) === JSON.stringify(DEFAULT_SETTINGS.people))
  )
    names.push(PEOPLE_ENV_NAME)
  for (const key of ['phone', 'hostName', 'hostEmail'] as const) {
    if (placeholder(settings[key], DEFAULT_SETTINGS[key])) names.push(ENV_NAMES[key])
  }
  return names
}

/** Settings read back from SITE_SETTINGS_FILE; throws SettingsError when the file is not valid. */
export function parseSettings(json: unknown): PublicSettings {
  // A build made before a setting existed lacks it: the default fills it, as the build would
  // have (one level deep, for the grouped settings).
  const file = json && typeof json === 'object' ? (json as Record<string, unknown>) : {}
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS }
  for (const [key, value] of Object.entries(file)) {
    const fallback = (DEFAULT_SETTINGS as Record<string, unknown>)[key]
    merged[key] =
      fallback &&
      value &&
      typeof fallback === 'object' &&
      typeof value === 'object' &&
      !Array.isArray(value)
        ? { ...fallback, ...value }
        : value
  }
  return check(merged, (path) => `${SITE_SETTINGS_FILE}: ${path.join('.')}`)
}
