/**
 * pino: JSON in production, pretty in development (docs/architecture.md, "Layers"). Logs carry no
 * e-mail address, key, token or query parameters (docs/product.md, "Trust under abuse"): fields
 * that would hold them are removed by `redact`, and errors go through a serializer that drops a
 * failed query's parameters, a database error's detail (which quotes row values), query strings in
 * URLs, and masks any address left in a message.
 */
import pino, { type Logger } from 'pino'
import type { Config } from './config.ts'
import { maskEmailsIn } from './guard/email-identity.ts'

export type { Logger }

const SENSITIVE = [
  'email',
  'to',
  'token',
  'waitlistToken',
  'waitlist_token',
  'activationKey',
  'activation_key',
  'payload',
  'params',
  'password',
  'authorization',
  'cookie',
]

/** Field paths removed from every log line, at the top level and one level down. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  ...SENSITIVE,
  ...SENSITIVE.map((field) => `*.${field}`),
]

/** A text as it may be logged: query strings cut from URLs, SQL parameters cut, addresses masked. */
function scrubText(text: string): string {
  return maskEmailsIn(
    text
      // drizzle's "Failed query: ...\nparams: a,b,c" up to the end of that line
      .replace(/\nparams: [^\n]*/g, '\nparams: [redacted]')
      .replace(/(\b[a-z][\w+.-]*:\/\/[^\s?#"']*|\/[^\s?#"']*)\?[^\s#"']*/gi, '$1?[redacted]'),
  )
}

const DROPPED_ERROR_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'payload'])

/** The `err` serializer: pino's, then scrubbed, causes included. */
function serializeError(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value)
  if (!(value instanceof Error)) return value
  const base = pino.stdSerializers.err(value) as unknown as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(base)) {
    if (DROPPED_ERROR_FIELDS.has(k)) continue
    if (k === 'cause') continue
    out[k] = typeof v === 'string' ? scrubText(v) : v
  }
  if (value.cause !== undefined && depth < 3) out.cause = serializeError(value.cause, depth + 1)
  return out
}

export function createLogger(
  config: Pick<Config, 'logLevel' | 'logPretty'>,
  destination?: pino.DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, remove: true },
    serializers: {
      err: (e: unknown) => serializeError(e),
      error: (e: unknown) => serializeError(e),
    },
    ...(config.logPretty && !destination
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } } }
      : {}),
  }
  return destination ? pino(options, destination) : pino(options)
}
