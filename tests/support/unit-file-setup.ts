/**
 * Runs before each file of the unit project, whose files share one module graph per worker
 * (vitest.config.ts, `isolate: false`). @hono/node-server's serve() replaces the global Request
 * and Response with its own lighter classes, and a later file in the same worker would then
 * drive its app with `app.request()` on those. Each file starts on the platform's own.
 */
const platform = globalThis as typeof globalThis & {
  ppPlatformFetch?: { Request: typeof Request; Response: typeof Response }
}
platform.ppPlatformFetch ??= { Request: globalThis.Request, Response: globalThis.Response }
for (const [name, value] of Object.entries(platform.ppPlatformFetch)) {
  if ((globalThis as Record<string, unknown>)[name] !== value)
    Object.defineProperty(globalThis, name, { value, writable: true, configurable: true })
}
