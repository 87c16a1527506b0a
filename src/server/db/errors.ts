/**
 * Tells "the database is not there" (down, unreachable, restarting, closed) from every other
 * error, so a request can answer 503 with a clear message rather than a bare 500.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'EPIPE',
  'ENETUNREACH',
])
/** SQLSTATE class 08 (connection exception), 57P0x (shutdown, cannot connect now), 53300 (too many connections). */
const SQLSTATE = /^(08...|57P0[1-4]|53300)$/
const MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end',
  'Client has encountered a connection error',
  'PGlite is closed',
  'did not answer within',
  'Query read timeout',
]

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown }
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || SQLSTATE.test(e.code)))
    return true
  if (typeof e.message === 'string' && MESSAGES.some((m) => (e.message as string).includes(m)))
    return true
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1)))
    return true
  return isDatabaseUnavailable(e.cause, depth + 1)
}

/**
 * SQLSTATE class 22 (data exception: text Postgres cannot keep, JSON it cannot parse) and 54
 * (a program limit: nesting past its stack, an index row too large): the database refused the
 * value itself, so writing it again can never succeed.
 */
export function isRefusedValue(error: unknown): boolean {
  if (!error || typeof error !== 'object' || isDatabaseUnavailable(error)) return false
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' && /^(22|54)...$/.test(code)
}
