/**
 * The image pipeline (`npm run images`; `npm run build` runs it first). From the full-size
 * screenshots in public/custom-uploads/screenshots/{basic,advanced}/ it makes: -
 * thumbnails/{model}/{Name}.png (640x400, the path docs/product.md, "Routes and screens" names) and
 * a .webp beside it,
 *   - variants/{model}/{Name}-{640,960,1600}.{webp,avif} for srcset (screenshot-image.tsx),
 * - screenshots/{model}/index.json: the file names in natural order (docs/product.md,
 * "Routes and screens"), and, for search and sharing (docs/product.md, "Search and sharing"),
 * public/og-image.png from the screenshots, the favicon set (favicon.ico, icons/*), the e-mails'
 * logo (email/logo-80.png) and site.webmanifest. Work is skipped when its outputs exist and were
 * made from the same input bytes with the same settings: a content hash per input is kept in
 * public/custom-uploads/.images-cache.json (hashes, not file times, because a git checkout gives
 * every file the time of the checkout). Outputs whose screenshot is gone are removed, so an
 * operator drops PNGs in a folder, runs this, and the galleries show them. Files are written to a
 * temporary name and renamed, so parallel runs never leave half a file.
 */
import { createHash } from 'node:crypto'
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { basename, dirname, extname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import sharp from 'sharp'

type Sharp = ReturnType<typeof sharp>
import { MODELS, type Model } from '../src/common/models.ts'
import { resolveSettings } from '../src/common/site/settings.ts'
import { HERO_CROPS, HERO_SOURCE, heroImagePath } from '../src/common/site/hero-image.ts'
import { mailAssets } from '../src/common/paths.ts'
import { readSampleDigests } from './sample-screenshots/manifest.ts'

const THUMB_WIDTH = 640
const THUMB_HEIGHT = 400
const VARIANT_WIDTHS = [640, 960, 1600] as const
const SOURCE_EXT = /\.(png|jpe?g|webp)$/i
const THEME_COLOR = '#0b1f3a'
/** Bump when the encoding settings, the icon or the og-image design change: everything is redone. */
const PIPELINE_VERSION = 3
const CACHE_FILE = 'custom-uploads/.images-cache.json'

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

interface Counts {
  made: number
  skipped: number
  removed: number
}

type Cache = Record<string, string>

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null)) !== null
}

async function hashFiles(paths: string[]): Promise<string> {
  const hash = createHash('sha256').update(`v${PIPELINE_VERSION}`)
  for (const path of paths) hash.update(await readFile(path))
  return hash.digest('hex').slice(0, 32)
}

/** True when the outputs exist and the cache says they were made from inputs with this hash. */
async function upToDate(
  cache: Cache,
  group: string,
  key: string,
  outputs: string[],
): Promise<boolean> {
  if (cache[group] !== key) return false
  for (const output of outputs) if (!(await exists(output))) return false
  return true
}

async function writeAtomic(path: string, body: Buffer | string): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
  await writeFile(tmp, body)
  await rename(tmp, path)
}

/** Writes text only when it changed, so an unchanged index keeps its time and ETag. */
async function writeIfChanged(path: string, body: string): Promise<boolean> {
  const current = await readFile(path, 'utf8').catch(() => null)
  if (current === body) return false
  await writeAtomic(path, body)
  return true
}

function encode(image: Sharp, format: string): Sharp {
  switch (format) {
    case 'png':
      return image.png({ palette: true, quality: 90, compressionLevel: 9, effort: 8 })
    case 'jpg':
    case 'jpeg':
      return image.jpeg({ quality: 82, mozjpeg: true })
    case 'webp':
      return image.webp({ quality: 78, effort: 4 })
    case 'webp-lossless':
      // Screenshots at their own size are flat colours and text: lossless is smaller than lossy.
      return image.webp({ lossless: true, effort: 4 })
    case 'avif':
      return image.avif({ quality: 45, effort: 3, chromaSubsampling: '4:4:4' })
    default:
      throw new Error(`Unknown image format ${format}`)
  }
}

function formatOf(file: string): string {
  return extname(file).slice(1).toLowerCase()
}

interface ImagesOptions {
  /** The public folder; default ./public. */
  publicDir?: string
  log?: (message: string) => void
}

async function listSources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
  return entries
    .filter((entry) => entry.isFile() && SOURCE_EXT.test(entry.name) && !entry.name.startsWith('.'))
    .map((entry) => entry.name)
    .sort(collator.compare)
}

async function processModel(
  publicDir: string,
  model: Model,
  counts: Counts,
  cache: Cache,
): Promise<string[]> {
  const uploads = join(publicDir, 'custom-uploads')
  const srcDir = join(uploads, 'screenshots', model)
  const thumbDir = join(uploads, 'thumbnails', model)
  const variantDir = join(uploads, 'variants', model)
  await mkdir(srcDir, { recursive: true })
  const files = await listSources(srcDir)
  const expected = { thumbs: new Set<string>(), variants: new Set<string>() }

  for (const file of files) {
    const src = join(srcDir, file)
    const stem = basename(file, extname(file))
    const sourceWidth = (await sharp(src).metadata()).width ?? 0
    const jobs: { out: string; make: () => Sharp; format: string }[] = []
    const thumb = () =>
      sharp(src).resize(THUMB_WIDTH, THUMB_HEIGHT, { fit: 'cover', position: 'top' })
    jobs.push({ out: join(thumbDir, file), make: thumb, format: formatOf(file) })
    expected.thumbs.add(file)
    if (formatOf(file) !== 'webp') {
      jobs.push({ out: join(thumbDir, `${stem}.webp`), make: thumb, format: 'webp' })
      expected.thumbs.add(`${stem}.webp`)
    }
    for (const width of VARIANT_WIDTHS) {
      for (const format of ['webp', 'avif'] as const) {
        const name = `${stem}-${width}.${format}`
        expected.variants.add(name)
        const lossless = format === 'webp' && width >= sourceWidth
        jobs.push({
          out: join(variantDir, name),
          make: () => sharp(src).resize({ width }),
          format: lossless ? 'webp-lossless' : format,
        })
      }
    }
    const group = `screenshots/${model}/${file}`
    const key = await hashFiles([src])
    if (
      await upToDate(
        cache,
        group,
        key,
        jobs.map((job) => job.out),
      )
    ) {
      counts.skipped += jobs.length
      continue
    }
    for (const job of jobs) {
      await writeAtomic(job.out, await encode(job.make(), job.format).toBuffer())
      counts.made++
    }
    cache[group] = key
  }
  for (const group of Object.keys(cache)) {
    if (
      group.startsWith(`screenshots/${model}/`) &&
      !files.includes(group.slice(`screenshots/${model}/`.length))
    )
      delete cache[group]
  }

  // Outputs of screenshots that were removed or renamed.
  for (const [dir, keep] of [
    [thumbDir, expected.thumbs],
    [variantDir, expected.variants],
  ] as const) {
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      if (keep.has(name) || name.startsWith('.')) continue
      await rm(join(dir, name), { force: true })
      counts.removed++
    }
  }

  // The shipped samples among the files, named so the gallery calls them samples (DESIGN §23);
  // an index without any stays the plain list of names.
  const sampleHashes = await readSampleDigests(join(uploads, 'screenshots'))
  const samples: string[] = []
  for (const file of files) {
    const digest = createHash('sha256')
      .update(await readFile(join(srcDir, file)))
      .digest('hex')
    if (sampleHashes.has(digest)) samples.push(file)
  }
  const index = samples.length ? { files, samples } : files
  await writeIfChanged(join(srcDir, 'index.json'), `${JSON.stringify(index, null, 2)}\n`)
  return files.map((file) => join(srcDir, file))
}

/** The brand mark of src/web/components/logo.tsx: three rising bars on a navy tile. */
function logoSvg({
  rounded = true,
  scale = 1,
}: { rounded?: boolean; scale?: number } = {}): string {
  const bars = `<g transform="translate(16 16) scale(${scale}) translate(-16 -16)"><rect x="7" y="17" width="4" height="8" rx="1" fill="#7fcdb8"/><rect x="14" y="12" width="4" height="13" rx="1" fill="#4fb89c"/><rect x="21" y="7" width="4" height="18" rx="1" fill="#ffffff"/></g>`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32"${rounded ? ' rx="8"' : ''} fill="#10294b"/>${bars}</svg>\n`
}

async function png(svg: string, size: number): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer()
}

/** An .ico holding PNG images (supported by every browser since IE Vista-era). */
function icoFromPngs(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2)
  header.writeUInt16LE(images.length, 4)
  let offset = header.length
  images.forEach(({ size, data }, i) => {
    const entry = 6 + 16 * i
    header.writeUInt8(size >= 256 ? 0 : size, entry)
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1)
    header.writeUInt8(0, entry + 2)
    header.writeUInt8(0, entry + 3)
    header.writeUInt16LE(1, entry + 4)
    header.writeUInt16LE(32, entry + 6)
    header.writeUInt32LE(data.length, entry + 8)
    header.writeUInt32LE(offset, entry + 12)
    offset += data.length
  })
  return Buffer.concat([header, ...images.map((image) => image.data)])
}

async function makeIcons(publicDir: string, counts: Counts, cache: Cache): Promise<void> {
  const outputs: [string, () => Promise<Buffer | string>][] = [
    ['icons/icon.svg', async () => logoSvg()],
    ['icons/apple-touch-icon.png', () => png(logoSvg({ rounded: false }), 180)],
    ['icons/icon-192.png', () => png(logoSvg(), 192)],
    ['icons/icon-512.png', () => png(logoSvg(), 512)],
    ['icons/icon-maskable-512.png', () => png(logoSvg({ rounded: false, scale: 0.8 }), 512)],
    // E-mails show the mark at 40 px from PUBLIC_URL (mailAssets.logo); twice that for sharp screens.
    [mailAssets.logo.slice(1), () => png(logoSvg(), 80)],
    [
      'favicon.ico',
      async () =>
        icoFromPngs([
          { size: 16, data: await png(logoSvg(), 16) },
          { size: 32, data: await png(logoSvg(), 32) },
          { size: 48, data: await png(logoSvg(), 48) },
        ]),
    ],
  ]
  const key = await hashFiles([])
  if (
    await upToDate(
      cache,
      'icons',
      key,
      outputs.map(([name]) => join(publicDir, name)),
    )
  ) {
    counts.skipped += outputs.length
  } else {
    for (const [name, make] of outputs) {
      await writeAtomic(join(publicDir, name), await make())
      counts.made++
    }
    cache.icons = key
  }
  const brand = resolveSettings(process.env).brandName
  const manifest = {
    name: brand,
    short_name: brand,
    description: 'Excel fund-pacing models for private-markets allocators.',
    start_url: '/',
    scope: '/',
    display: 'browser',
    background_color: '#ffffff',
    theme_color: THEME_COLOR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      {
        src: '/icons/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
      { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  }
  if (
    await writeIfChanged(
      join(publicDir, 'site.webmanifest'),
      `${JSON.stringify(manifest, null, 2)}\n`,
    )
  )
    counts.made++
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/**
 * The social preview: the brand, the promise and two real screenshots (docs/product.md,
 * "Search and sharing").
 */
async function makeOgImage(
  publicDir: string,
  sources: string[],
  counts: Counts,
  cache: Cache,
): Promise<void> {
  const out = join(publicDir, 'og-image.png')
  const pick = (name: string) => sources.find((path) => basename(path) === name)
  const front = pick('Exposure_Dashboard.png') ?? sources[0]
  const back = pick('Cash_Flow_Dashboard.png') ?? sources[1] ?? front
  if (!front || !back) return
  const key = await hashFiles([front, back])
  if (await upToDate(cache, 'og-image', key, [out])) {
    counts.skipped++
    return
  }
  const W = 1200
  const H = 630
  const brand = escapeXml(resolveSettings(process.env).brandName)
  const font = "'Liberation Sans', Arial, Helvetica, sans-serif"
  const shotW = 720
  const shotH = 450
  const background = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#07142a"/><stop offset="0.6" stop-color="#0b1f3a"/><stop offset="1" stop-color="#173a66"/>
    </linearGradient>
    <filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="18"/></filter>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <circle cx="1020" cy="120" r="260" fill="#4fb89c" opacity="0.08"/>
  <g transform="translate(64 64) scale(1.75)">
    <rect width="32" height="32" rx="8" fill="#10294b" stroke="#2f5c96" stroke-width="0.6"/>
    <rect x="7" y="17" width="4" height="8" rx="1" fill="#7fcdb8"/><rect x="14" y="12" width="4" height="13" rx="1" fill="#4fb89c"/><rect x="21" y="7" width="4" height="18" rx="1" fill="#ffffff"/>
  </g>
  <text x="136" y="104" font-family="${font}" font-size="30" font-weight="bold" fill="#ffffff">${brand}</text>
  <text x="64" y="200" font-family="${font}" font-size="50" font-weight="bold" fill="#ffffff">Fund pacing models</text>
  <text x="64" y="258" font-family="${font}" font-size="50" font-weight="bold" fill="#ffffff">for private-markets</text>
  <text x="64" y="316" font-family="${font}" font-size="50" font-weight="bold" fill="#7fcdb8">allocators</text>
  <text x="64" y="376" font-family="${font}" font-size="21" fill="#b3c8e6">Takahashi-Alexander pacing in Excel:</text>
  <text x="64" y="404" font-family="${font}" font-size="21" fill="#b3c8e6">commitments, cash flows, NAV, exposure.</text>
  <rect x="64" y="452" width="214" height="48" rx="10" fill="#0f7a63"/>
  <text x="171" y="483" font-family="${font}" font-size="19" font-weight="bold" fill="#ffffff" text-anchor="middle">Free trial model</text>
  <text x="300" y="483" font-family="${font}" font-size="18" fill="#d9e4f3">Basic $849  ·  Advanced $2,899</text>
  <text x="64" y="574" font-family="${font}" font-size="16" fill="#7b9fd0">For family offices and allocators up to $500M AUM</text>
  <text x="64" y="598" font-family="${font}" font-size="16" fill="#7b9fd0">Windows · Excel 365</text>
  <rect x="${600 + 60}" y="${70 + 30}" width="${shotW}" height="${shotH}" rx="14" fill="#000" opacity="0.45" filter="url(#shadow)"/>
  <rect x="${600}" y="${172 + 30}" width="${shotW}" height="${shotH}" rx="14" fill="#000" opacity="0.5" filter="url(#shadow)"/>
</svg>`
  const rounded = (w: number, h: number) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" rx="12" fill="#fff"/></svg>`,
    )
  const shot = async (path: string, dim = false) => {
    let image = sharp(path).resize(shotW, shotH, { fit: 'cover', position: 'top' })
    if (dim) image = image.modulate({ brightness: 0.92 })
    return sharp(await image.png().toBuffer())
      .composite([{ input: rounded(shotW, shotH), blend: 'dest-in' }])
      .png()
      .toBuffer()
  }
  const composed = await sharp(Buffer.from(background))
    .composite([
      { input: await shot(back, true), left: 660, top: 70 },
      { input: await shot(front), left: 600, top: 172 },
    ])
    .png({ palette: true, quality: 90, compressionLevel: 9, effort: 8 })
    .toBuffer()
  await writeAtomic(out, composed)
  cache['og-image'] = key
  counts.made++
}

/**
 * The hero's crops of the dashboard (src/common/site/hero-image.ts): AVIF and WebP at each width,
 * so the largest image of the first screen stays light (docs/architecture.md, "Budgets").
 */
async function makeHeroImages(publicDir: string, counts: Counts, cache: Cache): Promise<void> {
  const src = join(publicDir, 'custom-uploads', 'screenshots', HERO_SOURCE.model, HERO_SOURCE.file)
  if (!(await exists(src))) return
  const jobs: { out: string; make: () => Sharp; format: string }[] = []
  for (const [crop, rect] of Object.entries(HERO_CROPS) as [
    keyof typeof HERO_CROPS,
    (typeof HERO_CROPS)[keyof typeof HERO_CROPS],
  ][]) {
    for (const width of rect.widths) {
      // AVIF for the <source>s; one WebP, the <img> fallback (hero.tsx).
      const formats =
        crop === 'wide' && width === rect.width ? (['webp', 'avif'] as const) : (['avif'] as const)
      for (const format of formats) {
        jobs.push({
          out: join(publicDir, heroImagePath(crop, width, format)),
          make: () =>
            sharp(src)
              .extract({ left: rect.left, top: rect.top, width: rect.width, height: rect.height })
              .resize({ width }),
          // At its own size a screenshot is flat colour and text: lossless WebP is smaller.
          format: format === 'webp' && width >= rect.width ? 'webp-lossless' : format,
        })
      }
    }
  }
  const key = `${await hashFiles([src])}:${JSON.stringify(HERO_CROPS)}`
  if (
    await upToDate(
      cache,
      'hero',
      key,
      jobs.map((job) => job.out),
    )
  ) {
    counts.skipped += jobs.length
    return
  }
  await mkdir(join(publicDir, 'custom-uploads', 'hero'), { recursive: true })
  for (const job of jobs) {
    await writeAtomic(job.out, await encode(job.make(), job.format).toBuffer())
    counts.made++
  }
  cache.hero = key
}

export async function buildImages(options: ImagesOptions = {}): Promise<Counts> {
  const publicDir = resolve(options.publicDir ?? 'public')
  const log = options.log ?? ((message: string) => console.log(message))
  const started = Date.now()
  const counts: Counts = { made: 0, skipped: 0, removed: 0 }
  const cacheFile = join(publicDir, CACHE_FILE)
  const cache = JSON.parse(await readFile(cacheFile, 'utf8').catch(() => '{}')) as Cache
  const sources: Record<Model, string[]> = { basic: [], advanced: [] }
  for (const model of MODELS) sources[model] = await processModel(publicDir, model, counts, cache)
  await makeIcons(publicDir, counts, cache)
  await makeHeroImages(publicDir, counts, cache)
  await makeOgImage(publicDir, [...sources.advanced, ...sources.basic], counts, cache)
  const sorted = Object.fromEntries(
    Object.entries(cache).sort(([a], [b]) => collator.compare(a, b)),
  )
  await writeIfChanged(cacheFile, `${JSON.stringify(sorted, null, 2)}\n`)
  log(
    `images: ${counts.made} made, ${counts.skipped} up to date, ${counts.removed} removed ` +
      `(${sources.basic.length} basic, ${sources.advanced.length} advanced) in ${Date.now() - started} ms`,
  )
  return counts
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  buildImages().catch((error: unknown) => {
    console.error(error)
    process.exit(1)
  })
}
