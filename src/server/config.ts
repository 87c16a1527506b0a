/**
 * The server's configuration: the only module that reads process.env (docs/architecture.md,
 * "Contracts: environment"). One schema, checked at start, naming every bad variable. .env.example
 * lists them all.
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import ipaddr from 'ipaddr.js'
import { z } from 'zod'
import { isModel, MODELS, type Model } from '#src/common/models.ts'
import {
  SITE_SETTINGS_FILE,
  parseSettings,
  resolveSettings,
  type PublicSettings,
} from '#src/common/site/settings.ts'
import { parseDkim, type DkimSettings } from './mail/dkim.ts'

/** `COUNT/WINDOW`, e.g. `3/24h`, `20/1h`, `100/15m`, `10/30s`. */
export interface RateLimit {
  count: number
  windowMs: number
}

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }

function parseRateLimit(value: string): RateLimit | null {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*([smhd])\s*$/.exec(value)
  if (!match) return null
  const count = Number(match[1])
  const windowMs = Number(match[2]) * UNITS[match[3]!]!
  if (!Number.isSafeInteger(count) || count < 1 || windowMs < 1000) return null
  return { count, windowMs }
}

const rateLimit = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const parsed = parseRateLimit(value)
      if (!parsed) {
        ctx.addIssue({
          code: 'custom',
          message: `expected COUNT/WINDOW like 3/24h, got "${value}"`,
        })
        return z.NEVER
      }
      return parsed
    })

/**
 * Which proxies' X-Forwarded-For entries to believe (docs/architecture.md,
 * "Contracts: environment"): none, the nearest N hops, or any hop whose address is in one of the
 * listed networks. The resolution itself is in guard/client-address.ts.
 */
export type TrustProxy =
  | { kind: 'off' }
  | { kind: 'hops'; hops: number }
  | { kind: 'cidrs'; cidrs: [ipaddr.IPv4 | ipaddr.IPv6, number][]; text: string }

export function parseTrustProxy(value: string): TrustProxy | null {
  const v = value.trim().toLowerCase()
  if (['', '0', 'off', 'false', 'no'].includes(v)) return { kind: 'off' }
  if (['true', 'yes', 'on'].includes(v)) return { kind: 'hops', hops: 1 }
  if (/^\d+$/.test(v)) {
    const hops = Number(v)
    return hops >= 1 && hops <= 32 ? { kind: 'hops', hops } : null
  }
  const cidrs: [ipaddr.IPv4 | ipaddr.IPv6, number][] = []
  for (const part of v.split(',').map((p) => p.trim())) {
    if (!part) continue
    try {
      if (part.includes('/')) cidrs.push(ipaddr.parseCIDR(part))
      else {
        const address = ipaddr.parse(part)
        cidrs.push([address, address.kind() === 'ipv4' ? 32 : 128])
      }
    } catch {
      return null
    }
  }
  return cidrs.length ? { kind: 'cidrs', cidrs, text: v } : null
}

const trustProxy = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const parsed = parseTrustProxy(value)
    if (!parsed) {
      ctx.addIssue({
        code: 'custom',
        message: `expected off, a hop count (1, 2, ...) or a list of CIDRs like 10.0.0.0/8,fd00::/8, got "${value}"`,
      })
      return z.NEVER
    }
    return parsed
  })

/**
 * `off`, or one or more `N/WINDOW` separated by commas (`50/1h,200/24h`): claims per model in
 * each window before requests need a confirmation (docs/product.md, "Trust under abuse"; decision
 * 21). A single `50/1h` means what it always did.
 */
const breaker = z
  .string()
  .default('50/1h,200/24h')
  .transform((value, ctx) => {
    if (value.trim().toLowerCase() === 'off') return null
    const parsed = value.split(',').map(parseRateLimit)
    if (parsed.some((limit) => limit === null)) {
      ctx.addIssue({
        code: 'custom',
        message: `expected off or N/WINDOW[,N/WINDOW...] like 50/1h,200/24h, got "${value}"`,
      })
      return z.NEVER
    }
    return parsed as RateLimit[]
  })

/** Days of supply (keys left over the last day's claims) below which the operator is alerted. */
const lowSupplyDays = z
  .string()
  .default('7')
  .transform((value, ctx) => {
    if (value.trim().toLowerCase() === 'off') return null
    const days = Number(value)
    if (!value.trim() || !Number.isFinite(days) || days <= 0) {
      ctx.addIssue({ code: 'custom', message: `expected off or a number of days, got "${value}"` })
      return z.NEVER
    }
    return days
  })

/**
 * PAID_PRODUCTS: `provider:id=model` pairs, comma-separated, e.g.
 * `stripe:plink_1Ab=advanced,lemonsqueezy:222=basic,paddle:pri_01h=advanced`: which product of
 * which payment provider (a Stripe Payment Link, a Lemon Squeezy variant, a Paddle price) sells
 * which model. The key of the map is `provider:id`.
 */
/**
 * PAID_DOWNLOAD_URL_BASIC, PAID_DOWNLOAD_URL_ADVANCED: the download a buyer's key e-mail links
 * (the full model's installer); empty links the trial's (SITE_DOWNLOAD_URL_*), for a model whose
 * one installer a paid key unlocks. Server-side, so it is not compiled into the public pages.
 */
const paidDownloadUrl = z
  .string()
  .default('')
  .transform((v) => v.trim())
  .refine((v) => v === '' || /^https?:\/\/[^/\s]+\S*$/.test(v), 'must be an http(s) URL or empty')

const PAID_PRODUCT_PROVIDERS = ['stripe', 'lemonsqueezy', 'paddle'] as const
const paidProducts = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const map = new Map<string, Model>()
    for (const part of value.split(',').map((p) => p.trim())) {
      if (!part) continue
      const match = /^([a-z]+):([^=\s]+)=([a-z]+)$/.exec(part)
      if (
        !match ||
        !(PAID_PRODUCT_PROVIDERS as readonly string[]).includes(match[1]!) ||
        !isModel(match[3])
      ) {
        ctx.addIssue({
          code: 'custom',
          message: `expected provider:id=model pairs (provider ${PAID_PRODUCT_PROVIDERS.join('|')}, model ${MODELS.join('|')}), got "${part}"`,
        })
        return z.NEVER
      }
      map.set(`${match[1]}:${match[2]}`, match[3])
    }
    return map
  })

/** `off`, or offsets before a trial's end like `3d,0d` (days; docs/product.md, "Mail"). */
const reminders = z
  .string()
  .default('3d,0d')
  .transform((value, ctx) => {
    const v = value.trim().toLowerCase()
    if (v === 'off') return []
    const parts = v.split(',').map((p) => /^\s*(\d{1,2})d\s*$/.exec(p))
    if (parts.length === 0 || parts.some((m) => !m || Number(m[1]) > 30)) {
      ctx.addIssue({
        code: 'custom',
        message: `expected off or days before the trial's end like 3d,0d, got "${value}"`,
      })
      return z.NEVER
    }
    return [...new Set(parts.map((m) => Number(m![1])))].sort((a, b) => b - a)
  })

const flag = z
  .enum(['', '0', '1', 'false', 'true', 'no', 'yes', 'off', 'on'])
  .default('')
  .transform((value) => value === '1' || value === 'true' || value === 'yes' || value === 'on')

/** A duration like `15m`, `90s`, `2h`. */
const duration = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const match = /^\s*(\d+)\s*([smhd])\s*$/.exec(value)
      const ms = match ? Number(match[1]) * UNITS[match[2]!]! : 0
      if (!match || !Number.isSafeInteger(ms) || ms < 1000) {
        ctx.addIssue({ code: 'custom', message: `expected a duration like 15m, got "${value}"` })
        return z.NEVER
      }
      return ms
    })

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]'])

/**
 * ALERT_WEBHOOK_URL: https anywhere, plain http only to this machine (a relay or ntfy on
 * loopback): an alert's text must not cross a network in the clear.
 */
const alertWebhookUrl = z
  .string()
  .default('')
  .transform((v) => v.trim())
  .refine((v) => {
    if (v === '') return true
    let url: URL
    try {
      url = new URL(v)
    } catch {
      return false
    }
    if (url.username || url.password) return false
    if (url.protocol === 'https:') return true
    return (
      url.protocol === 'http:' &&
      (LOOPBACK_HOSTS.has(url.hostname) || /^127\.\d+\.\d+\.\d+$/.test(url.hostname))
    )
  }, 'must be an https:// URL (http:// only on loopback: 127.0.0.1, [::1], localhost)')

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DIST_DIR: z.string().min(1).default('./dist'),
  DATABASE_URL: z
    .string()
    .default('')
    .refine((v) => v === '' || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL'),
  SMTP_URL: z
    .string()
    .default('')
    .refine((v) => v === '' || /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z.string().default(''),
  PUBLIC_URL: z
    .string()
    .default('')
    .refine((v) => v === '' || /^https?:\/\/[^/]+/.test(v), 'must be an http(s) URL'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: flag,
  TRUST_PROXY: trustProxy,
  RATE_LIMIT_EMAIL: rateLimit('3/24h'),
  RATE_LIMIT_IP: rateLimit('20/1h'),
  RATE_LIMIT_SUBNET: rateLimit('60/1h'),
  RATE_LIMIT_IPV6_48: rateLimit('120/1h'),
  RATE_LIMIT_DOMAIN: rateLimit('10/1h'),
  CLAIM_BREAKER: breaker,
  RATE_LIMIT_REQUESTS: rateLimit('60/1m'),
  LOW_SUPPLY_DAYS: lowSupplyDays,
  IP_HASH_SECRET: z
    .string()
    .default('')
    .refine((v) => v === '' || v.length >= 16, 'must be at least 16 characters'),
  OPERATOR_EMAIL: z
    .string()
    .default('')
    .refine((v) => v === '' || /^[^\s@<>]+@[^\s@<>]+$/.test(v), 'must be an e-mail address'),
  UPLOADS_DIR: z.string().min(1).default('./public/custom-uploads'),
  ALLOW_PLACEHOLDER_SETTINGS: flag,
  STRIPE_WEBHOOK_SECRET: z.string().default(''),
  LEMONSQUEEZY_WEBHOOK_SECRET: z.string().default(''),
  PADDLE_WEBHOOK_SECRET: z.string().default(''),
  PAID_PRODUCTS: paidProducts,
  /** Keys one paid order may take; an order for more waits as needs_review (docs/product.md). */
  ORDER_MAX_KEYS: z.coerce.number().int().min(1).max(1000).default(20),
  PADDLE_API_URL: z
    .string()
    .default('https://api.paddle.com')
    .refine((v) => /^https?:\/\/[^/]+/.test(v), 'must be an http(s) URL'),
  PADDLE_API_KEY: z.string().default(''),
  PAID_DOWNLOAD_URL_BASIC: paidDownloadUrl,
  PAID_DOWNLOAD_URL_ADVANCED: paidDownloadUrl,
  DKIM_DOMAIN: z.string().default(''),
  DKIM_SELECTOR: z
    .string()
    .default('')
    .refine((v) => v === '' || /^[a-z0-9][a-z0-9-]*$/i.test(v), 'must be a DNS label like mail1'),
  DKIM_PRIVATE_KEY: z.string().default(''),
  TRIAL_REMINDERS: reminders,
  METRICS_TOKEN: z
    .string()
    .default('')
    .refine(
      (v) => v === '' || /^[A-Za-z0-9._~+/=-]{16,200}$/.test(v),
      'must be 16 to 200 characters of A-Z a-z 0-9 . _ ~ + / = -',
    ),
  ALERT_WEBHOOK_URL: alertWebhookUrl,
  ALERT_MAIL_FAILING_AFTER: duration('15m'),
  NOTIFY_SALES: flag,
})

export type Config = {
  port: number
  host: string
  dataDir: string
  distDir: string
  uploadsDir: string
  databaseUrl: string | null
  smtpUrl: string | null
  mailFrom: string
  publicUrl: string
  logLevel: z.infer<typeof ConfigSchema>['LOG_LEVEL']
  logPretty: boolean
  trustProxy: TrustProxy
  rateLimitEmail: RateLimit
  rateLimitIp: RateLimit
  /** The SITE_* variables, for the public settings when there is no build to read them from. */
  siteEnv: Record<string, string>
  rateLimitSubnet: RateLimit
  /** Requests that change something, per client, across every endpoint (http/request-limit.ts). */
  rateLimitRequests: RateLimit
  /** Trial-like requests per IPv6 /48. */
  rateLimitIpv6Network48: RateLimit
  /**
   * Trial requests per recipient domain, for domains that are not webmail providers; past it a
   * request is confirmed by e-mail instead of refused.
   */
  rateLimitDomain: RateLimit
  /** Claims per model in each window before confirmation is required; null when off. */
  claimBreaker: RateLimit[] | null
  /** The operator is alerted when a model's days of supply drop below this; null when off. */
  lowSupplyDays: number | null
  /**
   * The HMAC key for stored client addresses. From IP_HASH_SECRET, else the server fills it in
   * at start from DATA_DIR (security/ip-hash-secret.ts); null until then.
   */
  ipHashSecret: string | null
  /** IP_HASH_SECRET was set (ipHashSecret is filled in from DATA_DIR at start otherwise). */
  ipHashSecretConfigured: boolean
  /**
   * Where purchase requests and alerts (the breaker) go; null when unset: purchase requests then
   * go to the support address (operatorAddress).
   */
  operatorEmail: string | null
  /**
   * Serve an https PUBLIC_URL although company or contact settings are still placeholders
   * (ALLOW_PLACEHOLDER_SETTINGS=1: a staging site); off, such a start is refused.
   */
  allowPlaceholderSettings: boolean
  /** The payment providers' webhook secrets; null leaves that webhook answering 404. */
  webhookSecrets: { stripe: string | null; lemonsqueezy: string | null; paddle: string | null }
  /** PAID_PRODUCTS: `provider:id` to the model it sells. */
  paidProducts: ReadonlyMap<string, Model>
  /** ORDER_MAX_KEYS: more keys in one order wait for the operator (needs_review). */
  orderMaxKeys: number
  /** Paddle's API, for a buyer's e-mail and name (PADDLE_API_URL, PADDLE_API_KEY). */
  paddleApi: { url: string; key: string | null }
  /** PAID_DOWNLOAD_URL_*: the key e-mail's download per model; null links the trial's. */
  paidDownloadUrls: Record<Model, string | null>
  /** DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY (read from its file here); null: unsigned. */
  dkim: DkimSettings | null
  /** TRIAL_REMINDERS: days before a trial's end, largest first; empty when off. */
  trialReminders: number[]
  /** METRICS_TOKEN: the bearer token /metrics asks for; null leaves /metrics answering 404. */
  metricsToken: string | null
  /** ALERT_WEBHOOK_URL: where alerts are posted as JSON `{ text, kind, state }`; null: mail only. */
  alertWebhookUrl: string | null
  /** ALERT_MAIL_FAILING_AFTER: how long sending may fail before the mail-failing alert. */
  alertMailFailingAfterMs: number
  /** NOTIFY_SALES: e-mail OPERATOR_EMAIL when an order is paid. */
  notifySales: boolean
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const c = parsed.data
  let dkim: DkimSettings | null
  try {
    dkim = parseDkim(c.DKIM_DOMAIN.trim(), c.DKIM_SELECTOR.trim(), c.DKIM_PRIVATE_KEY.trim())
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  DKIM: ${(error as Error).message}`)
  }
  const port = c.PORT
  const publicUrl = (
    c.PUBLIC_URL || `http://${c.HOST === '0.0.0.0' ? '127.0.0.1' : c.HOST}:${port}`
  ).replace(/\/+$/, '')
  const siteEnv = Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[0].startsWith('SITE_') && entry[1] !== undefined,
    ),
  )
  return {
    port,
    host: c.HOST,
    dataDir: resolve(c.DATA_DIR),
    distDir: resolve(c.DIST_DIR),
    uploadsDir: resolve(c.UPLOADS_DIR),
    databaseUrl: c.DATABASE_URL || null,
    smtpUrl: c.SMTP_URL || null,
    mailFrom: c.MAIL_FROM,
    publicUrl,
    logLevel: c.LOG_LEVEL,
    logPretty: c.LOG_PRETTY,
    trustProxy: c.TRUST_PROXY,
    rateLimitEmail: c.RATE_LIMIT_EMAIL,
    rateLimitIp: c.RATE_LIMIT_IP,
    siteEnv,
    rateLimitSubnet: c.RATE_LIMIT_SUBNET,
    rateLimitIpv6Network48: c.RATE_LIMIT_IPV6_48,
    rateLimitDomain: c.RATE_LIMIT_DOMAIN,
    claimBreaker: c.CLAIM_BREAKER,
    rateLimitRequests: c.RATE_LIMIT_REQUESTS,
    lowSupplyDays: c.LOW_SUPPLY_DAYS,
    ipHashSecret: c.IP_HASH_SECRET || null,
    ipHashSecretConfigured: Boolean(c.IP_HASH_SECRET),
    operatorEmail: c.OPERATOR_EMAIL || null,
    allowPlaceholderSettings: c.ALLOW_PLACEHOLDER_SETTINGS,
    webhookSecrets: {
      stripe: c.STRIPE_WEBHOOK_SECRET || null,
      lemonsqueezy: c.LEMONSQUEEZY_WEBHOOK_SECRET || null,
      paddle: c.PADDLE_WEBHOOK_SECRET || null,
    },
    paidProducts: c.PAID_PRODUCTS,
    orderMaxKeys: c.ORDER_MAX_KEYS,
    paddleApi: { url: c.PADDLE_API_URL.replace(/\/+$/, ''), key: c.PADDLE_API_KEY || null },
    paidDownloadUrls: {
      basic: c.PAID_DOWNLOAD_URL_BASIC || null,
      advanced: c.PAID_DOWNLOAD_URL_ADVANCED || null,
    },
    dkim,
    trialReminders: c.TRIAL_REMINDERS,
    metricsToken: c.METRICS_TOKEN || null,
    alertWebhookUrl: c.ALERT_WEBHOOK_URL || null,
    alertMailFailingAfterMs: c.ALERT_MAIL_FAILING_AFTER,
    notifySales: c.NOTIFY_SALES,
  }
}

/**
 * Refuses a public (https) site that would show buyers placeholder company or contact details
 * (`placeholders`: the SITE_* variables still at one, placeholderSettings), unless
 * ALLOW_PLACEHOLDER_SETTINGS says so. Plain http is a machine of one's own: there the server
 * only warns.
 */
export function checkPlaceholderSettings(
  config: Pick<Config, 'publicUrl' | 'allowPlaceholderSettings'>,
  placeholders: string[],
): void {
  if (placeholders.length === 0 || config.allowPlaceholderSettings) return
  if (!config.publicUrl.startsWith('https://')) return
  throw new ConfigError(
    `PUBLIC_URL is ${config.publicUrl}, but these company and contact settings are still ` +
      `placeholders: ${placeholders.join(', ')}. Set them and rebuild (npm run build), or set ` +
      'ALLOW_PLACEHOLDER_SETTINGS=1 to serve them anyway (a staging site).',
  )
}

/**
 * The public site settings the server and CLI work with: the ones the build resolved and wrote
 * next to its output, so e-mails say what the pages say; without a build, the SITE_* variables.
 * Throws SettingsError naming each bad value.
 */
export function loadSiteSettings(config: Pick<Config, 'distDir' | 'siteEnv'>): PublicSettings {
  let text: string
  try {
    text = readFileSync(join(config.distDir, SITE_SETTINGS_FILE), 'utf8')
  } catch {
    return resolveSettings(config.siteEnv)
  }
  return parseSettings(JSON.parse(text))
}

/** Where purchase requests and alerts go: OPERATOR_EMAIL, else the site's support address. */
export function operatorAddress(
  config: Pick<Config, 'operatorEmail'>,
  settings: Pick<PublicSettings, 'supportEmail'>,
): string {
  return config.operatorEmail ?? settings.supportEmail
}
