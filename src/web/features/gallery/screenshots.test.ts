import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  chooseScreenshots,
  defaultScreenshots,
  fileForTitle,
  itemsFromFiles,
  loadAllScreenshots,
  loadScreenshots,
  parseIndex,
  screenshotsFromIndex,
  sortFiles,
  thumbnailFor,
  titleFromFile,
} from './screenshots.ts'

const BASIC_TITLES = [
  'Fund Tab Collapsed',
  'Fund Tab Expanded',
  'Assumptions Inputs',
  'Actuals',
  'Projected',
  'Cover',
]
const ADVANCED_TITLES = [
  'Fund Tab',
  'Exposure Dashboard',
  'KPIs Dashboard',
  'Cash Flow Dashboard',
  'Actual Commitments Inputs',
  'Pacing Inputs',
  'Planned Commitments Dashboard',
  'Planned Commitments Inputs',
  'Targets Inputs',
  'Public Market Inputs',
  'Planned Model 1',
  'Planned Model 2',
]

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('parseIndex', () => {
  it('accepts an array of file names', () => {
    expect(parseIndex(['b.png', 'a.png'])).toEqual(['b.png', 'a.png'])
  })

  it.each(['file', 'filename', 'name', 'path'])(
    'accepts an array of objects naming the file under %s',
    (key) => {
      expect(parseIndex([{ [key]: 'One.png' }, { [key]: 'Two.png', size: 3 }])).toEqual([
        'One.png',
        'Two.png',
      ])
    },
  )

  it.each(['files', 'images', 'items'])('accepts an object with a %s array', (key) => {
    expect(parseIndex({ [key]: ['x.png', 'y.png'] })).toEqual(['x.png', 'y.png'])
  })

  it('accepts an object whose list holds objects', () => {
    expect(parseIndex({ items: [{ filename: 'x.png' }] })).toEqual(['x.png'])
  })

  it('prefers file over the other keys of one object', () => {
    expect(parseIndex([{ name: 'Label', file: 'real.png' }])).toEqual(['real.png'])
  })

  it('skips blank names and entries without a name', () => {
    expect(parseIndex(['a.png', '', '  ', 42, { other: 'x' }, null])).toEqual(['a.png'])
  })

  it('accepts an empty list as an empty folder', () => {
    expect(parseIndex([])).toEqual([])
    expect(parseIndex({ files: [] })).toEqual([])
  })

  it.each([
    ['null', null],
    ['a string', 'a.png'],
    ['a number', 7],
    ['an object without a list', { screenshots: ['a.png'] }],
    ['a list of non-strings', [1, 2, 3]],
    ['an object whose list names nothing', { files: [{ url: 'a.png' }] }],
  ])('rejects %s', (_label, body) => {
    expect(parseIndex(body)).toBeNull()
  })
})

describe('sortFiles', () => {
  it('sorts naturally: numbers by value', () => {
    expect(sortFiles(['img10.png', 'img2.png', 'img1.png'])).toEqual([
      'img1.png',
      'img2.png',
      'img10.png',
    ])
  })

  it('ignores case', () => {
    expect(sortFiles(['beta.png', 'Alpha.png', 'alpha2.png', 'Gamma.png'])).toEqual([
      'Alpha.png',
      'alpha2.png',
      'beta.png',
      'Gamma.png',
    ])
  })

  it('does not change its input', () => {
    const files = ['b.png', 'a.png']
    sortFiles(files)
    expect(files).toEqual(['b.png', 'a.png'])
  })
})

describe('titles and paths', () => {
  it('drops the extension and turns underscores and hyphens into spaces', () => {
    expect(titleFromFile('Cash_Flow_Dashboard.png')).toBe('Cash Flow Dashboard')
    expect(titleFromFile('planned-model-2.jpeg')).toBe('planned model 2')
    expect(titleFromFile('KPIs__Dashboard.webp')).toBe('KPIs Dashboard')
    expect(titleFromFile('sub/dir/Cover.png')).toBe('Cover')
  })

  it('replaces the screenshots folder with the thumbnails folder', () => {
    expect(thumbnailFor('/custom-uploads/screenshots/basic/Cover.png')).toBe(
      '/custom-uploads/thumbnails/basic/Cover.png',
    )
  })

  it('builds 1-based items in natural order with empty descriptions', () => {
    const items = itemsFromFiles('advanced', ['Shot_10.png', 'shot_2.png', 'Shot_1.png'])
    expect(items).toEqual([
      {
        id: 1,
        title: 'Shot 1',
        fullSize: '/custom-uploads/screenshots/advanced/Shot_1.png',
        thumbnail: '/custom-uploads/thumbnails/advanced/Shot_1.png',
        description: '',
      },
      {
        id: 2,
        title: 'shot 2',
        fullSize: '/custom-uploads/screenshots/advanced/shot_2.png',
        thumbnail: '/custom-uploads/thumbnails/advanced/shot_2.png',
        description: '',
      },
      {
        id: 3,
        title: 'Shot 10',
        fullSize: '/custom-uploads/screenshots/advanced/Shot_10.png',
        thumbnail: '/custom-uploads/thumbnails/advanced/Shot_10.png',
        description: '',
      },
    ])
  })

  it("puts the default set's screens first in its order, with captions, then the rest", () => {
    const items = itemsFromFiles('basic', [
      'Actuals.png',
      'Extra_2.png',
      'Cover.png',
      'Fund_Tab_Collapsed.png',
      'Extra_10.png',
    ])
    expect(items.map((item) => item.title)).toEqual([
      'Fund Tab Collapsed',
      'Actuals',
      'Cover',
      'Extra 2',
      'Extra 10',
    ])
    expect(items.map((item) => item.id)).toEqual([1, 2, 3, 4, 5])
    expect(items[0]?.description).toBe(defaultScreenshots('basic')[0]?.description)
    expect(items[0]?.description).not.toBe('')
    expect(items[3]?.description).toBe('')
  })

  it('uses the last segment of a listed path and encodes it for the URL', () => {
    const [item] = itemsFromFiles('basic', ['/custom-uploads/screenshots/basic/My Shot.png'])
    expect(item?.fullSize).toBe('/custom-uploads/screenshots/basic/My%20Shot.png')
    expect(item?.title).toBe('My Shot')
  })
})

describe('defaults', () => {
  it('has the six basic and twelve advanced titles of the default sets, in their order', () => {
    expect(defaultScreenshots('basic').map((item) => item.title)).toEqual(BASIC_TITLES)
    expect(defaultScreenshots('advanced').map((item) => item.title)).toEqual(ADVANCED_TITLES)
  })

  it('numbers from 1 and points at the shipped files, whose names derive back to the titles', () => {
    const items = defaultScreenshots('advanced')
    expect(items.map((item) => item.id)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1))
    for (const item of items) {
      const file = fileForTitle(item.title)
      expect(item.fullSize).toBe(`/custom-uploads/screenshots/advanced/${file}`)
      expect(item.thumbnail).toBe(`/custom-uploads/thumbnails/advanced/${file}`)
      expect(titleFromFile(file)).toBe(item.title)
    }
  })

  it('stand in for an unrecognised index', () => {
    expect(screenshotsFromIndex('basic', { nope: true })).toEqual(defaultScreenshots('basic'))
    expect(screenshotsFromIndex('advanced', 'garbage')).toEqual(defaultScreenshots('advanced'))
  })

  it('do not stand in for a recognised index', () => {
    expect(screenshotsFromIndex('basic', ['b.png', 'A.png']).map((item) => item.title)).toEqual([
      'A',
      'b',
    ])
  })
})

describe('chooseScreenshots', () => {
  const loaded = defaultScreenshots('basic')
  const supplied = itemsFromFiles('basic', ['Mine.png'])

  it('lets a non-empty caller list override', () => {
    expect(chooseScreenshots(loaded, supplied)).toEqual(supplied)
  })

  it('keeps the loaded list when the caller list is empty or missing', () => {
    expect(chooseScreenshots(loaded, [])).toBe(loaded)
    expect(chooseScreenshots(loaded, undefined)).toBe(loaded)
  })
})

describe('loadScreenshots', () => {
  it('fetches the index without caching and builds items from it', async () => {
    const fetchFn = vi.fn(async () => jsonResponse({ files: ['img10.png', 'img2.png'] }))
    const items = await loadScreenshots('basic', fetchFn)
    expect(fetchFn).toHaveBeenCalledWith('/custom-uploads/screenshots/basic/index.json', {
      cache: 'no-store',
    })
    expect(items.map((item) => item.title)).toEqual(['img2', 'img10'])
  })

  it('falls back to the defaults on an HTTP error', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const items = await loadScreenshots('advanced', async () => jsonResponse({}, 404))
    expect(items).toEqual(defaultScreenshots('advanced'))
  })

  it('falls back to the defaults on a network error or bad JSON', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(
      await loadScreenshots('basic', async () => Promise.reject(new TypeError('offline'))),
    ).toEqual(defaultScreenshots('basic'))
    expect(await loadScreenshots('basic', async () => new Response('not json'))).toEqual(
      defaultScreenshots('basic'),
    )
    expect(warn).toHaveBeenCalledTimes(2)
  })

  it('falls back to the defaults on an unrecognised shape', async () => {
    expect(await loadScreenshots('basic', async () => jsonResponse({ count: 3 }))).toEqual(
      defaultScreenshots('basic'),
    )
  })

  it('loads both galleries', async () => {
    const fetchFn = vi.fn(async (url: string) =>
      jsonResponse(url.includes('/basic/') ? ['B.png'] : [{ path: 'A.png' }]),
    )
    const lists = await loadAllScreenshots(fetchFn)
    expect(fetchFn).toHaveBeenCalledTimes(2)
    expect(lists.basic.map((item) => item.title)).toEqual(['B'])
    expect(lists.advanced.map((item) => item.title)).toEqual(['A'])
  })
})

describe('sample screenshots', () => {
  it('marks the files an index names as samples, and only those', () => {
    const items = screenshotsFromIndex('basic', {
      files: ['Cover.png', 'Own_Screen.png'],
      samples: ['Cover.png'],
    })
    expect(items.map((item) => [item.title, Boolean(item.sample)])).toEqual([
      ['Cover', true],
      ['Own Screen', false],
    ])
    // The operator's own screenshots, listed without samples: none is one.
    expect(screenshotsFromIndex('basic', ['Cover.png']).some((item) => item.sample)).toBe(false)
  })
})
