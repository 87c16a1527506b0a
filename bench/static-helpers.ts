/**
 * We use Hono's static and ETag helpers if they can serve pre-compressed files
 * from memory as fast as our own serving (src/server/http/site.ts). This part serves the built
 * home page four ways, each in its own process (bench/static-helpers-server.ts, and
 * bench/static-server.ts as the floor), checks they answer alike, and loads each in turn:
 * GET / with a browser's Accept-Encoding (brotli), and the same with If-None-Match (304).
 * Rounds alternate the servers, so a noisy neighbour on a shared machine hits them all; the
 * median round is reported. docs/decisions/0008-hono-helpers.md records what was decided.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fetchRaw, ratioOf } from './ceiling.ts'
import { runLoad, type LoadResult } from './load.ts'

const STATIC_VARIANTS = ['ours', 'hono-memory', 'hono-disk', 'minimal'] as const
type StaticVariant = (typeof STATIC_VARIANTS)[number]

const DESCRIPTIONS: Record<StaticVariant, string> = {
  ours: 'site.ts: bodies, ETag and br/gzip in memory',
  'hono-memory': 'hono/serve-static getContent from memory (precompressed) + hono/etag',
  'hono-disk': '@hono/node-server serveStatic from disk (precompressed) + hono/etag',
  minimal: 'node:http sending our brotli bytes, nothing else',
}

interface VariantReport {
  variant: StaticVariant
  description: string
  /** What GET / answered: it must match ours for the comparison to mean anything. */
  check: { status: number; contentEncoding: string | null; bodyBytes: number; etag: string | null }
  /** Requests/s of each round, then the median round's numbers. */
  getRps: number[]
  get: LoadResult
  /** Median requests/s of GET / as a share of ours. */
  getVsOurs: number
  /** The same with If-None-Match: its ETag (the floor answers 200 to anything: none). */
  revalidate?: { status: number; rps: number[]; median: LoadResult; vsOurs: number }
}

export interface StaticHelpersReport {
  path: string
  rounds: number
  connections: number
  variants: VariantReport[]
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br' }

async function answer(url: string, headers: Record<string, string>) {
  const res = await fetch(url, { headers })
  // fetch would decode brotli; the raw size comes from Content-Length.
  await res.arrayBuffer()
  return {
    status: res.status,
    contentEncoding: res.headers.get('content-encoding'),
    bodyBytes: Number(res.headers.get('content-length') ?? -1),
    etag: res.headers.get('etag'),
    cacheControl: res.headers.get('cache-control'),
  }
}

async function waitUntilUp(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url} exited with ${child.exitCode}`)
    try {
      await fetch(url)
      return
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not start within 60 s`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

function start(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  })
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await exited
}

function median(runs: LoadResult[]): LoadResult {
  return [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]!
}

export async function runStaticHelpersBench(options: {
  distDir: string
  /** One port per variant, in STATIC_VARIANTS' order. */
  ports: readonly number[]
  connections: number
  warmupS: number
  durationS: number
  rounds: number
}): Promise<StaticHelpersReport> {
  const path = '/'
  const dir = mkdtempSync(join(tmpdir(), 'pacepoint-static-helpers-bench-'))
  const children: ChildProcess[] = []
  try {
    const urls = new Map<StaticVariant, string>()
    for (const [i, variant] of STATIC_VARIANTS.entries()) {
      const port = options.ports[i]!
      urls.set(variant, `http://127.0.0.1:${port}${path}`)
      if (variant === 'minimal') continue
      const child = start('bench/static-helpers-server.ts', {
        STATIC_VARIANT: variant,
        STATIC_DIST_DIR: options.distDir,
        STATIC_PORT: String(port),
      })
      children.push(child)
      await waitUntilUp(urls.get(variant)!, child)
    }

    // The floor sends the very bytes and headers ours sent.
    const ours = await fetchRaw(urls.get('ours')!)
    if (ours.headers['content-encoding'] !== 'br')
      throw new Error('GET / was not answered with brotli')
    const file = join(dir, 'body')
    writeFileSync(file, ours.body)
    const headers: Record<string, string> = {}
    for (const name of ['content-type', 'content-encoding', 'cache-control', 'etag', 'vary']) {
      const value = ours.headers[name]
      if (typeof value === 'string') headers[name] = value
    }
    const minimal = start('bench/static-server.ts', {
      STATIC_FILE: file,
      STATIC_HEADERS: JSON.stringify(headers),
      STATIC_PORT: String(options.ports[STATIC_VARIANTS.indexOf('minimal')]),
    })
    children.push(minimal)
    await waitUntilUp(urls.get('minimal')!, minimal)

    const checks = new Map<StaticVariant, Awaited<ReturnType<typeof answer>>>()
    const revalidateHeaders = new Map<StaticVariant, Record<string, string>>()
    const revalidateStatus = new Map<StaticVariant, number>()
    for (const variant of STATIC_VARIANTS) {
      const url = urls.get(variant)!
      const check = await answer(url, BROWSER)
      checks.set(variant, check)
      if (variant === 'minimal') continue
      const conditional = { ...BROWSER, 'if-none-match': check.etag ?? '"none"' }
      revalidateHeaders.set(variant, conditional)
      revalidateStatus.set(variant, (await answer(url, conditional)).status)
    }

    const get = new Map<StaticVariant, LoadResult[]>(STATIC_VARIANTS.map((v) => [v, []]))
    const revalidate = new Map<StaticVariant, LoadResult[]>(STATIC_VARIANTS.map((v) => [v, []]))
    const load = {
      connections: options.connections,
      warmupS: options.warmupS,
      durationS: options.durationS,
    }
    for (let round = 0; round < options.rounds; round++) {
      for (const variant of STATIC_VARIANTS) {
        const url = urls.get(variant)!
        get.get(variant)!.push(await runLoad({ ...load, url, headers: BROWSER }))
        const conditional = revalidateHeaders.get(variant)
        if (conditional)
          revalidate.get(variant)!.push(await runLoad({ ...load, url, headers: conditional }))
      }
    }

    const oursGet = median(get.get('ours')!).rps
    const oursRevalidate = median(revalidate.get('ours')!).rps
    return {
      path,
      rounds: options.rounds,
      connections: options.connections,
      variants: STATIC_VARIANTS.map((variant) => {
        const c = checks.get(variant)!
        const g = median(get.get(variant)!)
        const revalidateRuns = revalidate.get(variant)!
        return {
          variant,
          description: DESCRIPTIONS[variant],
          check: {
            status: c.status,
            contentEncoding: c.contentEncoding,
            bodyBytes: c.bodyBytes,
            etag: c.etag,
          },
          getRps: get.get(variant)!.map((run) => run.rps),
          get: g,
          getVsOurs: ratioOf(g.rps, oursGet),
          ...(revalidateRuns.length
            ? {
                revalidate: {
                  status: revalidateStatus.get(variant)!,
                  rps: revalidateRuns.map((run) => run.rps),
                  median: median(revalidateRuns),
                  vsOurs: ratioOf(median(revalidateRuns).rps, oursRevalidate),
                },
              }
            : {}),
        }
      }),
    }
  } finally {
    await Promise.all(children.map(stop))
    rmSync(dir, { recursive: true, force: true })
  }
}
