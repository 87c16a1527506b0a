/**
 * Draws the sample screenshots of both models from a real pacing projection and writes them as
 * 1600x1000 PNGs to public/custom-uploads/screenshots/{basic,advanced}/. Run it only to redraw
 * the samples (the operator replaces them with real screenshots):
 *   node --import tsx scripts/sample-screenshots/generate.ts [--as-of YYYY-MM-DD] [--only Name.png] [--svg]
 * then `npm run images` for thumbnails, variants and index.json. The dates on the screens follow
 * the as-of date: by default the last quarter end whose actuals are in (sample-dates.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { readSampleHashes, writeSampleHashes } from './sample-hashes.ts'
import { renderScreen, type Screen } from './excel.ts'
import { buildProgramme } from './projection.ts'
import { asOfFromArgs } from './sample-dates.ts'
import { advancedScreens } from './screens-advanced.ts'
import { basicScreens } from './screens-basic.ts'

const root = resolve('public/custom-uploads/screenshots')
const args = process.argv.slice(2)
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined
const keepSvg = args.includes('--svg')

/** Palette PNG: a 256-colour quantised image keeps each screen well under 250 KB. */
async function rasterise(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 72 })
    .png({ palette: true, colours: 256, quality: 95, dither: 0.3, compressionLevel: 9, effort: 10 })
    .toBuffer()
}

async function main() {
  // What is drawn here is a sample: `npm run images` tells the gallery so (sample-hashes.ts).
  const drawn = new Set(await readSampleHashes())
  const asOf = asOfFromArgs(args)
  console.log(`Actuals as of ${asOf.label} (--as-of ${asOf.iso})`)
  const programme = buildProgramme(asOf)
  const sets: Record<string, Record<string, Screen>> = {
    basic: basicScreens(programme),
    advanced: advancedScreens(programme),
  }
  for (const [model, screens] of Object.entries(sets)) {
    const dir = join(root, model)
    await mkdir(dir, { recursive: true })
    for (const [file, screen] of Object.entries(screens)) {
      if (only && only !== file) continue
      const svg = renderScreen(screen)
      if (keepSvg) await writeFile(join('/tmp', file.replace(/\.png$/, '.svg')), svg)
      const png = await rasterise(svg)
      await writeFile(join(dir, file), png)
      drawn.add(createHash('sha256').update(png).digest('hex'))
      console.log(`${model}/${file}  ${(png.length / 1024).toFixed(0)} KB`)
    }
  }
  await writeSampleHashes([...drawn])
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
