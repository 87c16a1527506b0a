/**
 * A plain static file server for the static page (bench/static-page.ts): `/` is the page, any
 * other path a file under the first root whose URL prefix it starts with. Text is sent brotli
 * compressed when the browser accepts it, as our server does; no security headers, no routing.
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}
const TEXT = new Set(['.html', '.js', '.css', '.json', '.webmanifest', '.svg'])

const page = readFileSync(process.env.STATIC_PAGE_FILE!)
const roots = Object.entries(
  JSON.parse(process.env.STATIC_PAGE_ROOTS ?? '{}') as Record<string, string>,
)
const cache = new Map<string, { body: Buffer; br?: Buffer; type: string } | null>()

function load(path: string): { body: Buffer; br?: Buffer; type: string } | null {
  if (cache.has(path)) return cache.get(path)!
  let found: { body: Buffer; br?: Buffer; type: string } | null = null
  const ext = extname(path).toLowerCase()
  const type = TYPES[ext] ?? 'application/octet-stream'
  if (path === '/') {
    found = { body: page, type: TYPES['.html']! }
  } else {
    for (const [prefix, root] of roots) {
      if (!path.startsWith(prefix)) continue
      const full = normalize(join(root, decodeURIComponent(path.slice(prefix.length))))
      if (!full.startsWith(root + sep)) break
      try {
        found = { body: readFileSync(full), type }
        // Absolute links of text files (robots.txt) carry our server's placeholder.
        if (TEXT.has(ext) || ext === '.txt') {
          const base = `http://127.0.0.1:${process.env.STATIC_PAGE_PORT}`
          found.body = Buffer.from(found.body.toString('utf8').replaceAll('%PUBLIC_URL%', base))
        }
      } catch {
        found = null
      }
      break
    }
  }
  if (found && (path === '/' || TEXT.has(ext)) && found.body.length > 512) {
    found.br = brotliCompressSync(found.body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    })
  }
  cache.set(path, found)
  return found
}

const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname
  const file = load(path)
  if (!file) {
    res.writeHead(404, { 'content-type': 'text/plain' })
    res.end('not found')
    return
  }
  const br = file.br && /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''))
  const body = br ? file.br! : file.body
  res.writeHead(200, {
    'content-type': file.type,
    'content-length': String(body.length),
    'cache-control': path === '/' ? 'no-cache' : 'public, max-age=3600',
    ...(br ? { 'content-encoding': 'br' } : {}),
  })
  res.end(body)
})
server.listen(Number(process.env.STATIC_PAGE_PORT), '127.0.0.1')
process.on('SIGTERM', () => server.close(() => process.exit(0)))
