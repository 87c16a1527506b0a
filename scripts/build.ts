/**
 * Builds the site: the browser bundles (one Vite entry per page), the server-side render bundle,
 * then pre-renders every document of the route table (src/common/site/routes.ts) into <dist>/site,
 * pre-compresses hashed assets, and writes the resolved public settings next to the output
 * (the server and CLI read them from there). `npm run build`; `npm start` runs it when there is no build.
 */
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { build } from 'vite'
import { CLIENT_ENTRIES, DOCUMENT_ROUTES, type DocumentRoute } from '../src/common/site/routes.ts'
import { SITE_SETTINGS_FILE, SettingsError, resolveSettings } from '../src/common/site/settings.ts'
import { contentHash, createIconSprite } from './icon-sprite.ts'
import { buildImages } from './images.ts'
import { loadDotEnv } from './load-env.ts'
import { deliverPage, stylesheetLinks, type Manifest } from './page-delivery.ts'

loadDotEnv()

const distDir = resolve(process.env.DIST_DIR ?? 'dist')
const quiet = process.env.BUILD_QUIET === '1'
const logLevel = quiet ? 'warn' : 'info'

async function main() {
  const started = Date.now()
  // Checked before anything is built: a bad SITE_* variable fails the build, named.
  const settings = resolveSettings(process.env)
  checkDistDir(distDir)
  // Thumbnails, variants, index.json, og-image and icons first: Vite copies public/ into the build.
  await buildImages({ log: quiet ? () => {} : undefined })
  await build({ configFile: resolve('vite.config.ts'), logLevel })
  // The server serves uploads from UPLOADS_DIR (so an operator's new screenshots show without a
  // rebuild); Vite's copy of them would only be dead weight in the build.
  await rm(join(distDir, 'client', 'custom-uploads'), { recursive: true, force: true })
  await build({
    configFile: resolve('vite.config.ts'),
    logLevel,
    build: {
      ssr: resolve('src/web/prerender.tsx'),
      outDir: join(distDir, 'ssr'),
      emptyOutDir: true,
      rollupOptions: { input: resolve('src/web/prerender.tsx') },
    },
  })

  // /pacing as the server renders it for a shared link (src/server/http/pacing-render.ts): the
  // same page, bundled on its own so the server never imports web code.
  await build({
    configFile: resolve('vite.config.ts'),
    logLevel,
    build: {
      ssr: resolve(PACING_RENDER_ENTRY),
      outDir: join(distDir, 'server'),
      emptyOutDir: true,
      copyPublicDir: false,
      manifest: false,
      rollupOptions: {
        input: resolve(PACING_RENDER_ENTRY),
        // .mjs: ES modules wherever DIST_DIR is (the parts it loads before rendering, too).
        output: { entryFileNames: 'pacing-render.mjs', chunkFileNames: 'assets/[name]-[hash].mjs' },
      },
    },
  })

  const render = (await import(pathToFileURL(join(distDir, 'ssr', 'prerender.js')).href)) as {
    renderDocuments: (templates: Record<string, string>) => Promise<Record<string, string>>
    renderFragments: (stylesheet: string) => Record<string, string>
  }
  const clientEntries = new Set<string>(CLIENT_ENTRIES.map((e) => e.name))
  const templates: Record<string, string> = {}
  for (const entry of await readdir(join(distDir, 'client'), { withFileTypes: true })) {
    if (!entry.isDirectory() || clientEntries.has(entry.name)) continue
    const file = join(distDir, 'client', entry.name, 'index.html')
    const html = await readFile(file, 'utf8').catch(() => null)
    if (html !== null) templates[entry.name] = html
  }
  const documents = await render.renderDocuments(templates)
  const manifestFile = join(distDir, 'client', '.vite', 'manifest.json')
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as Manifest
  const readsAddress = new Set<string>(
    DOCUMENT_ROUTES.filter((doc: DocumentRoute) => doc.readsAddress).map((doc) => doc.name),
  )
  await rm(join(distDir, 'site'), { recursive: true, force: true })
  await mkdir(join(distDir, 'site'), { recursive: true })
  const icons = createIconSprite()
  const delivered: Record<string, string> = {}
  for (const [name, html] of Object.entries(documents)) {
    const page = await deliverPage(html, {
      clientDir: join(distDir, 'client'),
      manifest,
      paintFirst: !readsAddress.has(name),
    })
    delivered[name] = icons.take(page)
  }
  // Parts of pages loaded on demand, as documents of their own (FULL_COMPARISON_URL).
  const stylesheet = stylesheetLinks(delivered.home ?? '')[0]?.href
  if (!stylesheet) throw new Error('the home page links no stylesheet for its fragments')
  const fragments = Object.entries(render.renderFragments(stylesheet)).map(([name, html]) => ({
    name,
    html: icons.takeAll(html),
  }))
  const sprite = icons.sprite()
  if (sprite) await writeFile(join(distDir, 'client', 'assets', sprite.fileName), sprite.svg)
  const finish = (html: string) =>
    sprite ? icons.finish(html, `/assets/${sprite.fileName}`) : html
  const fragmentUrls: Array<[string, string]> = []
  for (const fragment of fragments) {
    const html = finish(fragment.html)
    const fileName = `${fragment.name}.${contentHash(html)}.html`
    await writeFile(join(distDir, 'client', 'assets', fileName), html)
    fragmentUrls.push([`/assets/${fragment.name}.__HASH__.html`, `/assets/${fileName}`])
  }
  for (const [name, html] of Object.entries(delivered)) {
    let page = finish(html)
    for (const [placeholder, url] of fragmentUrls) page = page.replaceAll(placeholder, url)
    if (page.includes('.__HASH__.')) throw new Error(`${name} names a fragment the build lacks`)
    await writeFile(join(distDir, 'site', `${name}.html`), page)
    if (name === 'pacing') await writePacingTemplate(page)
  }
  // Client-rendered entries go as built, beside the documents; the server answers their paths.
  for (const name of clientEntries) {
    const built = join(distDir, 'client', name, 'index.html')
    await writeFile(join(distDir, 'site', `${name}.html`), await readFile(built))
  }
  // The page templates and Vite's manifest are only inputs to the pre-render; the server never
  // serves them.
  await rm(join(distDir, 'client', '.vite'), { recursive: true, force: true })
  for (const name of [...Object.keys(templates), ...clientEntries]) {
    await rm(join(distDir, 'client', name), { recursive: true, force: true })
  }
  await precompress(join(distDir, 'client', 'assets'))
  await writeFile(join(distDir, SITE_SETTINGS_FILE), JSON.stringify(settings, null, 2) + '\n')
  await writeFile(
    join(distDir, 'build.json'),
    JSON.stringify({ builtAt: new Date().toISOString(), documents: Object.keys(documents) }),
  )
  console.log(`built ${Object.keys(documents).length} documents in ${Date.now() - started} ms`)
}

const PACING_RENDER_ENTRY = 'src/web/pages/pacing/pacing-render.tsx'

/**
 * The static /pacing with its app markup (the defaults) taken out: the template the server
 * renders a shared link into, so both carry the same head, stylesheet and scripts. Refuses a
 * page whose markup the render module does not reproduce exactly (it would not hydrate).
 */
async function writePacingTemplate(page: string) {
  const { renderPacingApp } = (await import(
    pathToFileURL(join(distDir, 'server', 'pacing-render.mjs')).href
  )) as { renderPacingApp: (search: string) => string }
  const defaults = renderPacingApp('')
  const parts = page.split(defaults)
  if (parts.length !== 2)
    throw new Error(
      `the built /pacing holds ${parts.length - 1} copies of ${PACING_RENDER_ENTRY}'s default render, not one`,
    )
  await writeFile(join(distDir, 'server', 'pacing-template.html'), parts.join('<!--app-->'))
}

/** Writes .br and .gz beside each compressible asset so the server never compresses per request. */
async function precompress(dir: string) {
  const files = await readdir(dir).catch(() => [] as string[])
  for (const file of files) {
    if (!/\.(js|css|svg|html|json|txt|xml|map)$/.test(file)) continue
    const body = await readFile(join(dir, file))
    await writeFile(
      join(dir, `${file}.br`),
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    )
    await writeFile(join(dir, `${file}.gz`), gzipSync(body, { level: 9 }))
  }
}

/**
 * The pre-render, and the server's render of a shared /pacing link, import React and the rest
 * from the build folder, so Node looks for them in a node_modules above DIST_DIR: outside the
 * project there is none, and the build failed half-way on 'react/jsx-runtime'.
 */
function checkDistDir(dir: string) {
  try {
    createRequire(join(dir, 'build.json')).resolve('react')
  } catch {
    throw new SettingsError(
      `DIST_DIR is ${dir}, but no node_modules above it holds the project's dependencies, which ` +
        'the build and the server import from there: use a folder inside the project (the default ' +
        'is ./dist).',
    )
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof SettingsError ? error.message : error)
  process.exit(1)
})
