/**
 * Test support stays out of what ships: no module under src/ other than a test imports tests/,
 * and the image's build context leaves tests/ out (.dockerignore).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..', '..')
const IMPORT = /(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : []
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
