/**
 * The samples' manifest: each sample screenshot's path under screenshots/ and its SHA-256, in
 * screenshots/.samples.json. `npm run admin -- doctor` counts a file that still has its sample's
 * digest as a sample still installed (src/server/console/go-live-check.ts); a replaced file is
 * not one. Written by generate.ts after drawing; run on its own to rewrite it:
 *   node --import tsx scripts/sample-screenshots/manifest.ts
 */
import { createHash } from 'node:crypto'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { SAMPLE_MANIFEST } from '../../src/server/console/go-live-check.ts'

export async function writeSampleManifest(root: string): Promise<number> {
  const manifest: Record<string, string> = {}
  for (const model of ['basic', 'advanced']) {
    for (const file of (await readdir(join(root, model))).sort()) {
      if (!file.endsWith('.png')) continue
      const bytes = await readFile(join(root, model, file))
      manifest[`${model}/${file}`] = createHash('sha256').update(bytes).digest('hex')
    }
  }
  await writeFile(join(root, SAMPLE_MANIFEST), JSON.stringify(manifest, null, 2) + '\n')
  return Object.keys(manifest).length
}

/**
 * The digests of the samples the manifest under `screenshotsRoot` lists; none when there is no
 * manifest (the operator's own screenshots only). `npm run images` marks the gallery's samples
 * with it, so the gallery calls them samples while they are installed (DESIGN §23).
 */
export async function readSampleDigests(screenshotsRoot: string): Promise<Set<string>> {
  const text = await readFile(join(screenshotsRoot, SAMPLE_MANIFEST), 'utf8').catch(() => null)
  if (text === null) return new Set()
  const manifest = JSON.parse(text) as Record<string, unknown>
  return new Set(Object.values(manifest).filter((v): v is string => typeof v === 'string'))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const n = await writeSampleManifest(resolve('public/custom-uploads/screenshots'))
  console.log(`${SAMPLE_MANIFEST}: ${n} samples`)
}
