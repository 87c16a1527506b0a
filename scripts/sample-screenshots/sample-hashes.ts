/**
 * The SHA-256 of every sample screenshot generate.ts has drawn (sample-hashes.json, kept in the
 * repository). `npm run images` marks a gallery whose files include one of them, so the gallery
 * calls its pictures samples while they are installed (DESIGN §23) and stops the moment the
 * operator's own screenshots replace them.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'

const FILE = fileURLToPath(new URL('./sample-hashes.json', import.meta.url))

export async function readSampleHashes(): Promise<string[]> {
  const list = JSON.parse(await readFile(FILE, 'utf8')) as unknown
  return Array.isArray(list) ? list.filter((h): h is string => typeof h === 'string') : []
}

export async function writeSampleHashes(hashes: string[]): Promise<void> {
  await writeFile(FILE, `${JSON.stringify([...new Set(hashes)].sort(), null, 2)}\n`)
}
