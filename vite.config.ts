import { resolve } from 'node:path'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { initialModules } from './scripts/initial-modules.ts'
import { CLIENT_ENTRIES, LAB_CODE, PAGE_ENTRIES } from './src/common/site/routes.ts'
import { placeholderSettings, resolveSettings } from './src/common/site/settings.ts'

const pagesDir = resolve('src/web/pages')
/** A module id as a path with forward slashes, without a query (`?commonjs-proxy`). */
const modulePath = (id: string) => id.replace(/\\/g, '/').replace(/\?.*$/, '')
const root = modulePath(resolve('.'))
const ofPackage = (name: string) => (id: string) =>
  modulePath(id).includes(`/node_modules/${name}/`)
const ZOD = ofPackage('zod')
/** The lab's code (routes.ts, LAB_CODE): only /pacing and /methodology run it. */
const isLabCode = (id: string) =>
  LAB_CODE.paths.some((path) => modulePath(id).startsWith(`${root}/${path}`)) ||
  LAB_CODE.packages.some((name) => ofPackage(name)(id))
const isLabChrome = (id: string) =>
  LAB_CODE.chrome.some((path) => modulePath(id) === `${root}/${path}`)
const distDir = resolve(process.env.DIST_DIR ?? 'dist')
/** What the landing page runs at start (scripts/initial-modules.ts): all the shared chunk holds. */
const homeInitial = new Set<string>()
/** What /pacing and /methodology run at start. */
const pacingInitial = new Set<string>()
const methodologyInitial = new Set<string>()

// One Vite HTML entry per page (docs/decisions/0001): no client router, each page hydrates itself.
export default defineConfig({
  root: pagesDir,
  publicDir: resolve('public'),
  plugins: [
    react(),
    tailwindcss(),
    initialModules([resolve(pagesDir, 'home', 'index.html')], homeInitial),
    initialModules([resolve(pagesDir, 'pacing', 'index.html')], pacingInitial),
    initialModules([resolve(pagesDir, 'methodology', 'index.html')], methodologyInitial),
  ],
  define: {
    // Public settings are fixed at build time, checked by their schema (src/common/site/settings.ts).
    __SITE_SETTINGS__: JSON.stringify(resolveSettings(process.env)),
    // Whether the pages carry the demo-settings notice (components/demo-settings-notice.tsx):
    // decided here, so the rule's module and its schema stay out of the browser's bundle.
    __DEMO_SETTINGS__: JSON.stringify(placeholderSettings(resolveSettings(process.env)).length > 0),
  },
  build: {
    outDir: resolve(distDir, 'client'),
    emptyOutDir: true,
    // No preload hints: on a phone they compete with the HTML for bandwidth before the first
    // paint (mobile LCP 1.9 s with them, 1.2 s without, npm run bench); the entry imports its
    // chunks itself, one round trip later, which only delays hydration.
    modulePreload: false,
    // scripts/build.ts reads which chunks each entry imports, to load them all at once (boot.ts).
    manifest: true,
    rollupOptions: {
      input: Object.fromEntries([
        // The one script a pre-rendered document names; it loads the page's entry after the
        // first paint (src/web/boot.ts, scripts/page-delivery.ts).
        ['boot', resolve('src/web/boot.ts')],
        // What boot.ts loads for an address with a fragment (/#pricing), and only then.
        ['fragment', resolve('src/web/lib/fragment.ts')],
        ...PAGE_ENTRIES.map((entry) => [entry, resolve(pagesDir, entry, 'index.html')]),
        // Client-rendered entries (the console) are built the same way but not pre-rendered.
        ...CLIENT_ENTRIES.map(({ name }) => [name, resolve(pagesDir, name, 'index.html')]),
      ]),
      output: {
        // Few, larger requests (docs/architecture.md, "Budgets": at most 6 scripts on a first
        // load), instead of a dozen chunks of 1 KB, each with its own headers. The shared chunk holds React and
        // what / runs at start that another page runs too (homeInitial: not a module that
        // only other pages share); what the other pages share besides goes in one
        // 'pages' chunk. Lazily loaded code (dialogs, validation) keeps its own chunks.
        // The Pacing Lab's code (and zod, which only its share-link parser loads at start) stays
        // out of both: /pacing and /methodology share it, but / must not load it.
        codeSplitting: {
          groups: [
            {
              name: 'shared',
              minShareCount: 2,
              test: (id) => (homeInitial.size === 0 || homeInitial.has(id)) && !isLabCode(id),
            },
            {
              // What /pacing runs at start that other pages share besides (zod, a few icons):
              // apart from 'pages', which /pacing would otherwise download whole for them.
              name: 'pacing-shared',
              minShareCount: 2,
              test: (id) => pacingInitial.has(id) && (!isLabCode(id) || ZOD(id)),
            },
            {
              // What the other pages share at start besides (icons, copy, page chrome): one
              // chunk of them rather than one each.
              name: 'pages',
              tags: ['$initial'],
              minShareCount: 2,
              test: (id) => !isLabCode(id),
            },
            {
              // What /methodology runs of the lab's code: the presets (its table of them is
              // built by calls the bundler cannot prove free of side effects) and what is left
              // of the lab's footer (server-only markup). A small chunk of their own, without
              // the modules they import, so /methodology does not download the lab with them.
              name: 'lab-chrome',
              minShareCount: 2,
              includeDependenciesRecursively: false,
              test: isLabChrome,
            },
            {
              // The lab's own code that /pacing runs at start, in one chunk: the parts it loads
              // later (the plan, scenarios, bands, fit) import from it instead of splitting it
              // into a chunk per combination of importers (a request each).
              name: 'pacing-lab',
              tags: ['$initial'],
              test: (id) => isLabCode(id) && !ZOD(id) && !methodologyInitial.has(id),
            },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev` runs the API server beside Vite on DEV_API_PORT.
    proxy: {
      '/api': `http://127.0.0.1:${process.env.DEV_API_PORT ?? 3001}`,
      '/admin/api': `http://127.0.0.1:${process.env.DEV_API_PORT ?? 3001}`,
    },
  },
})
