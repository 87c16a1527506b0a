/**
 * Rules of the tree's layout. Test support stays out of what ships: no module under src/ other
 * than a test imports tests/, and the image's build context leaves tests/ out (.dockerignore).
 * No module under src/ imports one that imports it back, however long the way round.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..', '..')
const IMPORT = /(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g

function sourceFiles(dir: string, withTests = false): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path, withTests)
    const isTest = /\.test\.tsx?$/.test(entry.name)
    return /\.tsx?$/.test(entry.name) && (withTests || !isTest) ? [path] : []
  })
}

it('no shipped module under src/ imports test support', () => {
  const offenders = sourceFiles(join(ROOT, 'src')).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map((match) => match[1]!)
      .filter((specifier) => specifier.startsWith('#tests/') || /(^|\/)tests\//.test(specifier))
      .map((specifier) => `${relative(ROOT, file)} imports ${specifier}`),
  )
  expect(offenders).toEqual([])
})

it('the image build context leaves tests/ out', () => {
  const ignored = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n')
  expect(ignored).toContain('tests')
})

/** Static, dynamic and type-only imports of a module, resolved to files under src/. */
function importsOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(IMPORT)]
    .map((match) => match[1]!)
    .map((specifier) =>
      specifier.startsWith('#src/')
        ? join(ROOT, 'src', specifier.slice('#src/'.length))
        : specifier.startsWith('.')
          ? resolve(dirname(file), specifier)
          : null,
    )
    .filter((path): path is string => path !== null && existsSync(path))
}

it('no module under src/ imports one that imports it back', () => {
  const files = sourceFiles(join(ROOT, 'src'), true)
  const graph = new Map(files.map((file) => [file, importsOf(file)]))
  const done = new Set<string>()
  const cycles: string[] = []
  // Depth first; meeting a module still on the path closes a cycle.
  const visit = (file: string, path: string[]) => {
    const at = path.indexOf(file)
    if (at >= 0) {
      cycles.push([...path.slice(at), file].map((f) => relative(ROOT, f)).join(' -> '))
      return
    }
    if (done.has(file)) return
    for (const next of graph.get(file) ?? []) visit(next, [...path, file])
    done.add(file)
  }
  for (const file of files) visit(file, [])
  expect(cycles).toEqual([])
})
