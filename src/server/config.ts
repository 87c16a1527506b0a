/**
 * The server's configuration: the only module that reads process.env (STYLE.md). One schema,
 * checked at start, naming every bad variable. .env.example lists them all.
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import ipaddr from 'ipaddr.js'
import { z } from 'zod'
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
 * Which proxies' X-Forwarded-For entries to believe (DESIGN.md §6): none, the nearest N hops,
 * or any hop whose address is in one of the listed networks. The resolution itself is in
 * trials/client-address.ts.
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

/** `off`, or `N/WINDOW` claims per model before requests need a confirmation (DESIGN.md §14). */
const breaker = z
  .string()
  .default('50/1h')
  .transform((value, ctx) => {
    if (value.trim().toLowerCase() === 'off') return null
    const parsed = parseRateLimit(value)
    if (!parsed) {
      ctx.addIssue({
        code: 'custom',
        message: `expected off or N/WINDOW like 50/1h, got "${value}"`,
      })
      return z.NEVER
    }
    return parsed
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
  .enum(['', '0', '1', 'false', 'true', 'no', 'yes'])
  .default('')
  .transform((value) => value === '1' || value === 'true' || value === 'yes')

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
  CLAIM_BREAKER: breaker,
  IP_HASH_SECRET: z
    .string()
    .default('')
    .refine((v) => v === '' || v.length >= 16, 'must be at least 16 characters'),
  OPERATOR_EMAIL: z
    .string()
    .default('')
    .refine((v) => v === '' || /^[^\s@<>]+@[^\s@<>]+$/.test(v), 'must be an e-mail address'),
  UPLOADS_DIR: z.string().min(1).default('./public/custom-uploads'),
  DKIM_DOMAIN: z.string().default(''),
  DKIM_SELECTOR: z
    .string()
    .default('')
    .refine((v) => v === '' || /^[a-z0-9][a-z0-9-]*$/i.test(v), 'must be a DNS label like mail1'),
  DKIM_PRIVATE_KEY: z.string().default(''),
  TRIAL_REMINDERS: reminders,
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
  /** Claims per model per window before confirmation is required; null when off. */
  claimBreaker: RateLimit | null
  /**
   * The HMAC key for stored client addresses. From IP_HASH_SECRET, else the server fills it in
   * at start from DATA_DIR (security/ip-hash-secret.ts); null until then.
   */
  ipHashSecret: string | null
  /**
   * Where purchase requests and alerts (the breaker) go; null when unset: purchase requests then
   * go to the support address (operatorAddress).
   */
  operatorEmail: string | null
  /** DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY (read from its file here); null: unsigned. */
  dkim: DkimSettings | null
  /** TRIAL_REMINDERS: days before a trial's end, largest first; empty when off. */
  trialReminders: number[]
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
    claimBreaker: c.CLAIM_BREAKER,
    ipHashSecret: c.IP_HASH_SECRET || null,
    operatorEmail: c.OPERATOR_EMAIL || null,
    dkim,
    trialReminders: c.TRIAL_REMINDERS,
  }
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

/**
 * Tests only: a Postgres server the integration suites also run against (TEST_DATABASE_URL,
 * else DATABASE_URL), or null to run them against the embedded database alone.
 */
export function testDatabaseUrl(
  env: Record<string, string | undefined> = process.env,
): string | null {
  const url = env.TEST_DATABASE_URL || env.DATABASE_URL || ''
  return /^postgres(ql)?:\/\//.test(url) ? url : null
}

/** Where purchase requests and alerts go: OPERATOR_EMAIL, else the site's support address. */
export function operatorAddress(
  config: Pick<Config, 'operatorEmail'>,
  settings: Pick<PublicSettings, 'supportEmail'>,
): string {
  return config.operatorEmail ?? settings.supportEmail
}

/**
 * Tests only: their switches (SOAK runs the long fault loops, FUZZ_SEED replays a hostile-input
 * run) and the environment a test's child process inherits, read here so that config modules
 * stay the only readers of process.env.
 */
export function testEnvironment(env: Record<string, string | undefined> = process.env) {
  const inherited = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  )
  return {
    soak: Boolean(env.SOAK),
    fuzzSeed: env.FUZZ_SEED ? Number(env.FUZZ_SEED) : null,
    inherited,
  }
}
