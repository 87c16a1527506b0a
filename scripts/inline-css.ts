/**
 * Puts each page's stylesheet inside its HTML. A stylesheet link blocks the first paint for a
 * whole round trip; on a phone on 4G that is most of the LCP budget (DESIGN.md §9), while the
 * CSS itself is a few KB compressed.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'

const STYLESHEET = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g

export async function inlineStylesheets(html: string, clientDir: string): Promise<string> {
  const links = [...html.matchAll(STYLESHEET)]
  let result = html
  for (const [tag, href] of links) {
    const css = await readFile(join(clientDir, href!), 'utf8')
    // A stylesheet cannot end a <style> element early unless it contains "</style".
    if (/<\/style/i.test(css)) throw new Error(`${href} contains "</style"; cannot inline it`)
    result = result.replace(tag, () => `<style>${css}</style>`)
  }
  return result
}
