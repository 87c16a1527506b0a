/**
 * What the first load of a page really fetches: the HTML, then every script, module preload
 * and stylesheet it names (lazy chunks are not counted: they load on use). Sizes raw and gzip
 * (level 9), and the brotli bytes the server actually sends.
 */
import { gzipSync } from 'node:zlib'

interface ResourceWeight {
  url: string
  kind: 'html' | 'js' | 'css'
  raw: number
  gzip: number
  transferredBr: number
}

export interface PageWeight {
  path: string
  resources: ResourceWeight[]
  totals: Record<
    'html' | 'js' | 'css' | 'all',
    { raw: number; gzip: number; transferredBr: number }
  >
}

async function fetchWeight(
  baseUrl: string,
  url: string,
  kind: ResourceWeight['kind'],
): Promise<[ResourceWeight, string]> {
  const plain = await fetch(new URL(url, baseUrl), { headers: { 'Accept-Encoding': 'identity' } })
  if (!plain.ok) throw new Error(`${url}: HTTP ${plain.status}`)
  const body = Buffer.from(await plain.arrayBuffer())
  const br = await fetch(new URL(url, baseUrl), { headers: { 'Accept-Encoding': 'br' } })
  const brBytes = Buffer.from(await br.arrayBuffer()).length
  // fetch() decodes brotli; the header tells the size on the wire.
  const transferredBr = Number(br.headers.get('content-length') ?? brBytes)
  return [
    { url, kind, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, transferredBr },
    body.toString('utf8'),
  ]
}

/**
 * Scripts, module preloads and stylesheets named by the HTML, in document order; with the
 * modules a boot script loads after the first paint (its data-modules, src/web/boot.ts).
 */
export function initialResources(html: string): Array<{ url: string; kind: 'js' | 'css' }> {
  const found: Array<{ url: string; kind: 'js' | 'css' }> = []
  const seen = new Set<string>()
  const add = (url: string, kind: 'js' | 'css') => {
    if (!url.startsWith('/') || url.startsWith('//') || seen.has(url)) return
    seen.add(url)
    found.push({ url, kind })
  }
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)) {
    add(match[1]!, 'js')
    const modules = /\bdata-modules="([^"]*)"/.exec(match[0])?.[1] ?? ''
    for (const url of modules.split(' ').filter(Boolean)) add(url, 'js')
  }
  for (const match of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = match[0]
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1]
    if (!href) continue
    if (/\brel="modulepreload"/.test(tag)) add(href, 'js')
    else if (/\brel="stylesheet"/.test(tag)) add(href, 'css')
  }
  return found
}

/** Chunks a module imports statically (import "./x.js", import {a} from "./x.js"); not import(). */
export function staticImports(code: string, moduleUrl: string): string[] {
  const found = new Set<string>()
  for (const match of code.matchAll(
    /(?:^|[;}\s])(?:import|export)\s*(?:[\w*${}\s,]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g,
  )) {
    found.add(new URL(match[1]!, `http://x${moduleUrl}`).pathname)
  }
  return [...found]
}

export async function measurePageWeight(baseUrl: string, path: string): Promise<PageWeight> {
  const [html, text] = await fetchWeight(baseUrl, path, 'html')
  const resources = [html]
  const queue = initialResources(text)
  const seen = new Set(queue.map((r) => r.url))
  while (queue.length) {
    const { url, kind } = queue.shift()!
    const [weight, body] = await fetchWeight(baseUrl, url, kind)
    resources.push(weight)
    if (kind !== 'js') continue
    for (const chunk of staticImports(body, url)) {
      if (seen.has(chunk)) continue
      seen.add(chunk)
      queue.push({ url: chunk, kind: 'js' })
    }
  }
  const sum = (kinds: ResourceWeight['kind'][]) => {
    const picked = resources.filter((r) => kinds.includes(r.kind))
    return {
      raw: picked.reduce((n, r) => n + r.raw, 0),
      gzip: picked.reduce((n, r) => n + r.gzip, 0),
      transferredBr: picked.reduce((n, r) => n + r.transferredBr, 0),
    }
  }
  return {
    path,
    resources,
    totals: {
      html: sum(['html']),
      js: sum(['js']),
      css: sum(['css']),
      all: sum(['html', 'js', 'css']),
    },
  }
}
