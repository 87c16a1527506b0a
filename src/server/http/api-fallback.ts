/**
 * Every /api/* request no handler took: 405 with Allow when the path exists under another
 * method, else 404; both as JSON. The table comes from the routes the handlers registered, so
 * it cannot drift from them.
 */
import { Hono } from 'hono'
import { ERROR_CODES } from '#src/common/api-types.ts'
import { apiError } from './errors.ts'

export function apiFallback(registered: readonly { method: string; path: string }[]): Hono {
  const methodsByPattern = new Map<string, Set<string>>()
  for (const { method, path } of registered) {
    if (!path.startsWith('/api/') || method === 'ALL') continue
    const pattern = `^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+')}$`
    const methods = methodsByPattern.get(pattern) ?? new Set<string>()
    methods.add(method)
    if (method === 'GET') methods.add('HEAD')
    methodsByPattern.set(pattern, methods)
  }
  const allowed = [...methodsByPattern].map(
    ([pattern, methods]) => [new RegExp(pattern), [...methods].join(', ')] as const,
  )

  const app = new Hono()
  app.all('/api/*', (c) => {
    const allow = allowed.find(([pattern]) => pattern.test(c.req.path))?.[1]
    if (allow) {
      c.header('Allow', allow)
      return apiError(c, 405, {
        errorCode: ERROR_CODES.methodNotAllowed,
        error: `${c.req.method} is not allowed here`,
      })
    }
    return apiError(c, 404, {
      errorCode: ERROR_CODES.notFound,
      error: `No API route ${c.req.method} ${c.req.path}`,
    })
  })
  return app
}
