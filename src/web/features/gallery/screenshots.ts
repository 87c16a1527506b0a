/**
 * The screenshot lists of the gallery (docs/product.md, "Routes and screens": the items, the index shapes, the calls):
 * parsing a folder's index.json, turning file names into items, and the default lists used
 * when an index cannot be read. Pure functions, apart from loadScreenshots which fetches.
 */
import type { Model } from '#src/common/models.ts'
import { uploads } from '#src/common/paths.ts'

export interface ScreenshotItem {
  /** 1-based position in its gallery. */
  id: number
  title: string
  thumbnail: string
  fullSize: string
  description: string
  /** One of the shipped sample screenshots (index.json's `samples`), not the operator's own. */
  sample?: boolean
}

export type ScreenshotLists = Record<Model, ScreenshotItem[]>

const FILE_KEYS = ['file', 'filename', 'name', 'path'] as const
const LIST_KEYS = ['files', 'images', 'items'] as const

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function fileOf(entry: unknown): string | null {
  if (typeof entry === 'string') return entry
  if (!isRecord(entry)) return null
  for (const key of FILE_KEYS) {
    const value = entry[key]
    if (typeof value === 'string') return value
  }
  return null
}

/**
 * The file names an index.json lists, or null when its shape is none of docs/product.md, "Routes and screens": an array
 * of names, an array of objects naming the file under file/filename/name/path, or an object
 * with a files/images/items array of names. Blank names and entries without a name are skipped.
 */
export function parseIndex(body: unknown): string[] | null {
  let entries: unknown[] | null = null
  if (Array.isArray(body)) entries = body
  else if (isRecord(body)) {
    for (const key of LIST_KEYS) {
      const list = body[key]
      if (Array.isArray(list)) {
        entries = list
        break
      }
    }
  }
  if (!entries) return null
  const files: string[] = []
  for (const entry of entries) {
    const file = fileOf(entry)?.trim()
    if (file) files.push(file)
  }
  // A non-empty list in which nothing named a file is not a shape we know.
  if (entries.length > 0 && files.length === 0) return null
  return files
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

/** Natural, case-insensitive order: img2 before img10, "b" beside "B" (docs/product.md, "Routes and screens"). */
export function sortFiles(files: readonly string[]): string[] {
  return [...files].sort(collator.compare)
}

/** The last path segment, so an index may list "a.png", "./a.png" or "/custom-uploads/.../a.png". */
function baseName(file: string): string {
  return file.split(/[\\/]/).pop() ?? file
}

/** "Cash_Flow-Dashboard.png" -> "Cash Flow Dashboard" (extension dropped, _ and - to spaces). */
export function titleFromFile(file: string): string {
  return baseName(file)
    .replace(/\.[^.]*$/, '')
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** The thumbnail of a full-size path: the screenshots folder replaced by the thumbnails folder. */
export function thumbnailFor(fullSize: string): string {
  return fullSize.replace('/custom-uploads/screenshots/', '/custom-uploads/thumbnails/')
}

interface DefaultEntry {
  title: string
  description: string
}

/** The default sets (docs/product.md, "Routes and screens"), in the order it lists them. */
const DEFAULT_ENTRIES: Record<Model, readonly DefaultEntry[]> = {
  basic: [
    { title: 'Fund Tab Collapsed', description: 'One commitment per tab, summarized by year.' },
    {
      title: 'Fund Tab Expanded',
      description: 'Quarterly calls, distributions and NAV of one fund.',
    },
    {
      title: 'Assumptions Inputs',
      description: 'Call and distribution rates, growth and lifetime by strategy.',
    },
    { title: 'Actuals', description: 'Reported cash flows and NAV across all commitments.' },
    { title: 'Projected', description: 'The pacing projection of calls, distributions and NAV.' },
    { title: 'Cover', description: 'Model overview, settings and instructions.' },
  ],
  advanced: [
    { title: 'Fund Tab', description: 'Quarterly ledger and rolling forecast for one commitment.' },
    {
      title: 'Exposure Dashboard',
      description: 'NAV plus unfunded commitments against target, by strategy.',
    },
    { title: 'KPIs Dashboard', description: 'TVPI, DPI and IRR by strategy and vintage.' },
    {
      title: 'Cash Flow Dashboard',
      description: 'Projected calls, distributions and net cash flow by year.',
    },
    {
      title: 'Actual Commitments Inputs',
      description: 'Every commitment with its strategy, GP, geography and vintage.',
    },
    {
      title: 'Pacing Inputs',
      description: 'Takahashi-Alexander parameters per strategy and scenario.',
    },
    {
      title: 'Planned Commitments Dashboard',
      description: 'Yearly planned commitments by strategy.',
    },
    {
      title: 'Planned Commitments Inputs',
      description: 'The commitment line-up for the planning horizon.',
    },
    { title: 'Targets Inputs', description: 'Target allocation and ranges for each strategy.' },
    {
      title: 'Public Market Inputs',
      description: 'Public portfolio size, growth and rebalancing.',
    },
    { title: 'Planned Model 1', description: 'Glide and Flight paths of private-market exposure.' },
    { title: 'Planned Model 2', description: 'Cash-flow needs of the planned program by year.' },
  ],
}

/**
 * Items of a folder's files, numbered from 1 and titled from the file name. The screens docs/product.md
 * §3 names come first, in its order (the dashboards before the input sheets), with
 * their captions; any other file follows in natural order (docs/product.md, "Routes and screens"), without a caption.
 */
export function itemsFromFiles(
  model: Model,
  files: readonly string[],
  samples: ReadonlySet<string> = new Set(),
): ScreenshotItem[] {
  const known = DEFAULT_ENTRIES[model]
  const rank = (file: string) => {
    const title = titleFromFile(file).toLowerCase()
    const at = known.findIndex((entry) => entry.title.toLowerCase() === title)
    return at === -1 ? known.length : at
  }
  const ordered = sortFiles(files).sort((a, b) => rank(a) - rank(b))
  return ordered.map((file, index) => {
    const fullSize = `${uploads.screenshots(model)}/${encodeURI(baseName(file))}`
    return {
      id: index + 1,
      title: titleFromFile(file),
      thumbnail: thumbnailFor(fullSize),
      fullSize,
      description: known[rank(file)]?.description ?? '',
      ...(samples.has(baseName(file)) ? { sample: true } : {}),
    }
  })
}

/** File name of a default title: spaces to underscores, so titleFromFile derives it back. */
export function fileForTitle(title: string): string {
  return `${title.replace(/ /g, '_')}.png`
}

/** The default list of a model (docs/product.md, "Routes and screens"), used when its index fails or is unrecognized. */
export function defaultScreenshots(model: Model): ScreenshotItem[] {
  return DEFAULT_ENTRIES[model].map((entry, index) => {
    const fullSize = `${uploads.screenshots(model)}/${fileForTitle(entry.title)}`
    return {
      id: index + 1,
      title: entry.title,
      thumbnail: thumbnailFor(fullSize),
      fullSize,
      description: entry.description,
      // The default list names the shipped samples.
      sample: true,
    }
  })
}

/** Items from an index.json body: the folder's files, or the defaults when the shape is unknown. */
export function screenshotsFromIndex(model: Model, body: unknown): ScreenshotItem[] {
  const files = parseIndex(body)
  return files ? itemsFromFiles(model, files, sampleFiles(body)) : defaultScreenshots(model)
}

/** The files an index marks as shipped samples (`{ files, samples }`, scripts/images.ts). */
function sampleFiles(body: unknown): Set<string> {
  const samples = (body as { samples?: unknown } | null)?.samples
  return new Set(
    Array.isArray(samples)
      ? samples.filter((s): s is string => typeof s === 'string').map(baseName)
      : [],
  )
}

/** A caller-supplied non-empty list wins over the loaded one (docs/product.md, "Routes and screens"). */
export function chooseScreenshots(
  loaded: ScreenshotItem[],
  supplied: readonly ScreenshotItem[] | undefined,
): ScreenshotItem[] {
  return supplied && supplied.length > 0 ? [...supplied] : loaded
}

function indexUrl(model: Model): string {
  return `${uploads.screenshots(model)}/index.json`
}

type Fetch = (url: string, init: RequestInit) => Promise<Response>

/** Fetches one model's index.json without caching; any failure gives the defaults. */
export async function loadScreenshots(
  model: Model,
  fetchFn: Fetch = fetch,
): Promise<ScreenshotItem[]> {
  try {
    const response = await fetchFn(indexUrl(model), { cache: 'no-store' })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    return screenshotsFromIndex(model, (await response.json()) as unknown)
  } catch (error) {
    console.warn(`Could not load the ${model} screenshot index; showing the default list.`, error)
    return defaultScreenshots(model)
  }
}

/** Both galleries, fetched in parallel (docs/product.md, "Routes and screens": both on load). */
export async function loadAllScreenshots(fetchFn: Fetch = fetch): Promise<ScreenshotLists> {
  const [basic, advanced] = await Promise.all([
    loadScreenshots('basic', fetchFn),
    loadScreenshots('advanced', fetchFn),
  ])
  return { basic, advanced }
}
