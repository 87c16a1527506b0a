/**
 * A Vite plugin that finds the modules a page's browser code runs at start: its entry's static
 * imports, transitively, plus what it names besides (the consent bar every first visit shows).
 * vite.config.ts puts only these in the shared chunk, so / never downloads code that only
 * other pages share (docs/architecture.md, "Budgets").
 *
 * An icon barrel (lucide-react) imports every icon; following it would count them all. Only the
 * icons a module names in its import from the barrel are followed.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'

const ICON_PACKAGE = 'lucide-react'

/** Icon export name -> module path, read from the barrel's re-exports. */
function iconFiles(barrel: string): Map<string, string> {
  const files = new Map<string, string>()
  const source = readFileSync(barrel, 'utf8')
  for (const match of source.matchAll(/export\s*\{([^}]*)\}\s*from\s*'(\.\/icons\/[^']+)'/g)) {
    const file = join(dirname(barrel), match[2]!)
    for (const part of match[1]!.split(',')) {
      const name = /default as (\w+)/.exec(part)?.[1]
      if (name) files.set(name, file)
    }
  }
  return files
}

/** The names a module imports from the icon package (`import { A, B as C } from '…'`). */
function namedImports(code: string, from: string): string[] {
  const names: string[] = []
  const pattern = new RegExp(
    String.raw`import\s*\{([^}]*)\}\s*from\s*["']${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["']`,
    'g',
  )
  for (const match of code.matchAll(pattern)) {
    for (const part of match[1]!.split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]
      if (name && !part.trim().startsWith('type ')) names.push(name)
    }
  }
  return names
}

/**
 * Fills `into` with the ids of the modules reachable by static imports from `starts` (absolute
 * module ids) once the module graph is built, before chunks are made.
 */
export function initialModules(starts: string[], into: Set<string>): Plugin {
  const require = createRequire(import.meta.url)
  const barrelModule = join(
    dirname(require.resolve(`${ICON_PACKAGE}/package.json`)),
    'dist',
    'esm',
    `${ICON_PACKAGE}.mjs`,
  )
  const icons = iconFiles(barrelModule)
  const iconNames = new Map<string, string[]>()
  return {
    name: 'pacepoint:initial-modules',
    apply: 'build',
    transform(code, id) {
      if (!id.includes('node_modules') && code.includes(ICON_PACKAGE)) {
        iconNames.set(id, namedImports(code, ICON_PACKAGE))
      }
      return null
    },
    buildEnd() {
      into.clear()
      const queue = [...starts]
      while (queue.length) {
        const id = queue.pop()!
        if (into.has(id)) continue
        into.add(id)
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) {
          if (imported !== barrelModule) {
            queue.push(imported)
            continue
          }
          for (const name of iconNames.get(id) ?? []) {
            const file = icons.get(name)
            if (!file) throw new Error(`${id} imports ${name}, which ${ICON_PACKAGE} lacks`)
            queue.push(file)
          }
        }
      }
    },
  }
}
