/**
 * The static ceiling the server is judged against, measured in the same run because these
 * machines are shared and noisy: `/` from our server vs a minimal node:http server sending the
 * same bytes with the same Content-Encoding. (The raw-driver ceiling of a trial request that
 * used to live here is retired with its ratio: DESIGN.md §9, docs/decisions/0027.)
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runLoad, type LoadResult } from './load.ts'

export interface StaticComparison {
  path: string
  contentEncoding: string | null
  bodyBytes: number
  server: LoadResult
  minimal: LoadResult
  /** Our server's requests/s as a share of the minimal server's. */
  ratio: number
}

/** What a browser sends, so both servers pick the same (brotli) body. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' }

/** GET without decoding: the bytes as sent, compressed or not. */
export function fetchRaw(
  url: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: BROWSER_HEADERS }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        )
        res.on('error', reject)
      })
      .on('error', reject)
  })
}

async function waitUntilUp(url: string, child: { exitCode: number | null }): Promise<void> {
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`static server exited with ${child.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('static server did not start within 30 s')
    await new Promise((r) => setTimeout(r, 100))
  }
}

/**
 * GET `path` from our server and from bench/static-server.ts serving the very bytes our server
 * sent (already compressed, same headers that matter), both in their own process, at the same
 * concurrency.
 */
export async function staticCeiling(
  serverBaseUrl: string,
  port: number,
  options: { path?: string; connections: number; warmupS: number; durationS: number },
): Promise<StaticComparison> {
  const path = options.path ?? '/'
  const sample = await fetchRaw(`${serverBaseUrl}${path}`)
  if (sample.status !== 200) throw new Error(`GET ${path} answered ${sample.status}`)
  const dir = mkdtempSync(join(tmpdir(), 'pacepoint-static-'))
  const file = join(dir, 'body')
  writeFileSync(file, sample.body)
  const headers: Record<string, string> = {}
  for (const name of ['content-type', 'content-encoding', 'cache-control', 'etag', 'vary']) {
    const value = sample.headers[name]
    if (typeof value === 'string') headers[name] = value
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/static-server.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      STATIC_FILE: file,
      STATIC_HEADERS: JSON.stringify(headers),
      STATIC_PORT: String(port),
    },
  })
  const minimalUrl = `http://127.0.0.1:${port}`
  try {
    await waitUntilUp(minimalUrl, child)
    const load = {
      connections: options.connections,
      warmupS: options.warmupS,
      durationS: options.durationS,
      headers: BROWSER_HEADERS,
    }
    const server = await runLoad({ ...load, url: `${serverBaseUrl}${path}` })
    const minimal = await runLoad({ ...load, url: `${minimalUrl}${path}` })
    return {
      path,
      contentEncoding: headers['content-encoding'] ?? null,
      bodyBytes: sample.body.length,
      server,
      minimal,
      ratio: ratioOf(server.rps, minimal.rps),
    }
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
    }
    rmSync(dir, { recursive: true, force: true })
  }
}

/** a / b to three places; 0 when b is 0 (no ceiling measured). */
export function ratioOf(a: number, b: number): number {
  return b > 0 ? Math.round((a / b) * 1000) / 1000 : 0
}
