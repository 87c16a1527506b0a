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
