/**
 * The static ceiling's other side (bench/ceiling.ts): the smallest node:http server that sends
 * one file's bytes with fixed headers, whatever the request. Our server must negotiate, route
 * and add security headers; this one does nothing, so it bounds what Node can do here.
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const body = readFileSync(process.env.STATIC_FILE!)
const headers: Record<string, string> = {
  ...(JSON.parse(process.env.STATIC_HEADERS ?? '{}') as Record<string, string>),
  'content-length': String(body.length),
}

const server = createServer((_req, res) => {
  res.writeHead(200, headers)
  res.end(body)
})
server.listen(Number(process.env.STATIC_PORT), '127.0.0.1')
process.on('SIGTERM', () => server.close(() => process.exit(0)))
