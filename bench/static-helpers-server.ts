/**
 * One way of serving the built home page, in its own process, for bench/static-helpers.ts
 * (use Hono's static and ETag helpers only if they serve pre-compressed files from
 * memory as fast as ours). STATIC_VARIANT picks it:
 * - ours: src/server/http/site.ts, the bodies, ETags and brotli/gzip kept in memory;
 * - hono-memory: hono/serve-static's serveStatic with getContent reading the same in-memory
 *   bodies (precompressed), our ETag and Cache-Control set in onFound, hono/etag for the 304;
 * - hono-disk: @hono/node-server's serveStatic reading the same bytes from disk (index.html and
 *   its .br and .gz next to it, as a build would leave them), hono/etag hashing each answer.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { serveStatic as serveStaticFromDisk } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { etag } from 'hono/etag'
import { serveStatic } from 'hono/serve-static'
import { loadSite, siteRoutes } from '#src/server/http/site.ts'
import type { StaticFile } from '#src/server/http/static-file.ts'

const variant = process.env.STATIC_VARIANT
const site = await loadSite(process.env.STATIC_DIST_DIR!, 'http://127.0.0.1')
const home = site.documents.get('home')!

function honoFromMemory(file: StaticFile): Hono {
  // Copied once into plain ArrayBuffers, the type getContent takes, not on every request.
  const bodies = new Map([['/index.html', new Uint8Array(file.body)]])
  if (file.br) bodies.set('/index.html.br', new Uint8Array(file.br))
  if (file.gzip) bodies.set('/index.html.gz', new Uint8Array(file.gzip))
  const app = new Hono()
  app.use(etag())
  app.use(
    serveStatic({
      root: '/',
      rewriteRequestPath: (path) => (path === '/' ? '/index.html' : path),
      getContent: (path) => Promise.resolve(bodies.get(path) ?? null),
      precompressed: true,
      onFound: (_path, c) => {
        c.header('Cache-Control', file.cacheControl)
        c.header('ETag', file.etag)
      },
    }),
  )
  return app
}

function honoFromDisk(file: StaticFile): Hono {
  const root = mkdtempSync(join(tmpdir(), 'pacepoint-static-helpers-'))
  writeFileSync(join(root, 'index.html'), file.body)
  if (file.br) writeFileSync(join(root, 'index.html.br'), file.br)
  if (file.gzip) writeFileSync(join(root, 'index.html.gz'), file.gzip)
  const app = new Hono()
  app.use(etag())
  app.use(
    serveStaticFromDisk({
      root,
      precompressed: true,
      onFound: (_path, c) => {
        c.header('Cache-Control', file.cacheControl)
      },
    }),
  )
  return app
}

const app =
  variant === 'ours'
    ? siteRoutes(site, { uploadsDir: tmpdir() })
    : variant === 'hono-memory'
      ? honoFromMemory(home)
      : variant === 'hono-disk'
        ? honoFromDisk(home)
        : null
if (!app) throw new Error(`unknown STATIC_VARIANT ${variant}`)

const server = serve({
  fetch: app.fetch,
  port: Number(process.env.STATIC_PORT),
  hostname: '127.0.0.1',
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
