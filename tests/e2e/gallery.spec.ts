/**
 * The screenshot gallery dialog in Chromium (docs/product.md, "Routes and screens"): each entry
 * point on the right model, grid columns at three widths, the full-size view with its counter,
 * arrows and keys, the model switch, and the fallbacks of docs/product.md, "Routes and screens".
 * The fixture fails a test on any console error it did not expect.
 */
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

/**
 * The galleries follow the default sets' order (docs/product.md, "Routes and screens") (dashboards
 * first), not file-name order, which opened on input sheets. These lists were file-name order
 * before.
 */
const ADVANCED_SPEC_ORDER = [
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
const BASIC_SPEC_ORDER = [
  'Fund Tab Collapsed',
  'Fund Tab Expanded',
  'Assumptions Inputs',
  'Actuals',
  'Projected',
  'Cover',
]

const FEATURE_BLOCKS = [
  'Comprehensive investment tracking',
  'Rolling forecasts for existing commitments',
  'Long-term commitment planning',
  'Dynamic dashboards',
]

function gallery(page: Page, model: 'Basic' | 'Advanced'): Locator {
  return page.getByRole('dialog', { name: `${model} Model Screenshots` })
}

function cardTitles(dialog: Locator): Locator {
  return dialog.getByTestId('gallery-grid').getByRole('heading', { level: 3 })
}

async function gridColumns(dialog: Locator): Promise<number> {
  return dialog
    .getByTestId('gallery-grid')
    .evaluate(
      (grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').filter(Boolean).length,
    )
}

async function openFromPricing(page: Page, model: 'Basic' | 'Advanced'): Promise<Locator> {
  const trigger = page.getByRole('button', { name: `View ${model} screenshots` })
  await expect(trigger).toHaveCount(1)
  await trigger.scrollIntoViewIfNeeded()
  await trigger.click()
  const dialog = gallery(page, model)
  await expect(dialog).toBeVisible()
  return dialog
}

async function openFirstFeature(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: `See more screenshots: ${FEATURE_BLOCKS[0]}` }).click()
  const dialog = gallery(page, 'Advanced')
  await expect(dialog).toBeVisible()
  await expect(cardTitles(dialog)).toHaveCount(12)
  return dialog
}

test.describe('entry points', () => {
  for (const block of FEATURE_BLOCKS) {
    test(`'See more screenshots' of "${block}" opens the advanced gallery`, async ({ page }) => {
      await page.goto('/')
      const trigger = page.getByRole('button', { name: `See more screenshots: ${block}` })
      await trigger.click()
      const dialog = gallery(page, 'Advanced')
      await expect(dialog).toBeVisible()
      await expect(cardTitles(dialog)).toHaveText(ADVANCED_SPEC_ORDER)
      await expect(dialog.getByRole('button', { name: 'Advanced', pressed: true })).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await expect(trigger).toBeFocused()
    })
  }

  for (const [label, width] of [
    ['comparison table', 1440],
    ['stacked cards', 390],
  ] as const) {
    test(`pricing's per-model buttons open that model's gallery (${label})`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/')
      let dialog = await openFromPricing(page, 'Basic')
      await expect(cardTitles(dialog)).toHaveText(BASIC_SPEC_ORDER)
      await expect(dialog.getByRole('button', { name: 'Basic', pressed: true })).toBeVisible()
      await dialog.getByRole('button', { name: 'Close screenshots' }).click()
      await expect(dialog).toBeHidden()

      dialog = await openFromPricing(page, 'Advanced')
      await expect(cardTitles(dialog)).toHaveText(ADVANCED_SPEC_ORDER)
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()

      // Reopening from basic starts on basic again, in the grid.
      dialog = await openFromPricing(page, 'Basic')
      await expect(cardTitles(dialog)).toHaveCount(6)
    })
  }

  test('both indexes are fetched when the gallery first opens', async ({ page }) => {
    const indexes: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/index.json')) indexes.push(new URL(request.url()).pathname)
    })
    await page.goto('/')
    expect(indexes).toEqual([])
    await openFirstFeature(page)
    expect(indexes.sort()).toEqual([
      '/custom-uploads/screenshots/advanced/index.json',
      '/custom-uploads/screenshots/basic/index.json',
    ])
  })
})

test.describe('grid', () => {
  for (const [width, columns] of [
    [390, 1],
    [800, 2],
    [1280, 3],
  ] as const) {
    test(`shows ${columns} column${columns > 1 ? 's' : ''} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/')
      const dialog = await openFirstFeature(page)
      expect(await gridColumns(dialog)).toBe(columns)
      // Cards of one row share their top edge; the next card starts a new row.
      const boxes = await dialog
        .getByTestId('gallery-grid')
        .locator('> li')
        .evaluateAll(
          (cards, n) =>
            cards.slice(0, n + 1).map((card) => Math.round(card.getBoundingClientRect().top)),
          columns,
        )
      expect(new Set(boxes.slice(0, columns)).size).toBe(1)
      expect(boxes[columns]!).toBeGreaterThan(boxes[0]!)
    })
  }

  test('cards have a sized, lazy thumbnail that loads, a title and a View Full Size button', async ({
    page,
  }) => {
    await page.goto('/')
    const dialog = await openFirstFeature(page)
    const first = dialog.getByTestId('gallery-grid').locator('> li').first()
    const thumb = first.locator('img')
    await expect(thumb).toHaveAttribute('width', '640')
    await expect(thumb).toHaveAttribute('height', '400')
    await expect(thumb).toHaveAttribute('loading', 'lazy')
    await expect(thumb).toHaveAttribute('src', '/custom-uploads/thumbnails/advanced/Fund_Tab.png')
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(640)
    await expect(first.getByRole('heading', { name: 'Fund Tab' })).toBeVisible()
    await expect(first.getByRole('button', { name: 'View Full Size: Fund Tab' })).toBeVisible()
    await expect(dialog.getByText(/sample screenshots of the Advanced model/)).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Get Free Trial Model' })).toBeVisible()
  })

  test('the footer button closes the gallery and goes to the trial form with the model', async ({
    page,
  }) => {
    await page.goto('/')
    const dialog = await openFromPricing(page, 'Basic')
    await dialog.getByRole('button', { name: 'Get Free Trial Model' }).click()
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(/#trial-form-basic$/)
    await expect(page.locator('#trial-form')).toBeInViewport()
  })
})

test.describe('full-size view', () => {
  test('opens from a card click, counts, moves with the arrow keys and hides arrows at the ends', async ({
    page,
  }) => {
    await page.goto('/')
    const dialog = await openFirstFeature(page)
    // A click anywhere on the card, here on its thumbnail, opens that image.
    const box = (await dialog
      .getByTestId('gallery-grid')
      .locator('> li')
      .nth(1)
      .locator('img')
      .boundingBox())!
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)

    const viewer = dialog.getByTestId('gallery-viewer')
    const counter = dialog.getByTestId('gallery-counter')
    await expect(counter).toHaveText('2 of 12')
    await expect(viewer.getByRole('heading', { name: 'Exposure Dashboard' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Back to gallery' })).toBeFocused()
    // The model switch belongs to the grid only.
    await expect(dialog.getByRole('group', { name: 'Model' })).toHaveCount(0)
    const image = viewer.getByRole('img', { name: /^Exposure Dashboard/ })
    await expect(image).toHaveAttribute('width', '1600')
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true)

    await page.keyboard.press('ArrowLeft')
    await expect(counter).toHaveText('1 of 12')
    await expect(viewer.getByRole('heading', { name: 'Fund Tab' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Previous screenshot' })).toHaveCount(0)
    await expect(dialog.getByRole('button', { name: 'Next screenshot' })).toBeVisible()
    await page.keyboard.press('ArrowLeft')
    await expect(counter).toHaveText('1 of 12')

    for (let n = 2; n <= 12; n++) {
      await page.keyboard.press('ArrowRight')
      await expect(counter).toHaveText(`${n} of 12`)
      await expect(viewer.getByRole('heading', { name: ADVANCED_SPEC_ORDER[n - 1]! })).toBeVisible()
    }
    await expect(dialog.getByRole('button', { name: 'Next screenshot' })).toHaveCount(0)
    await expect(dialog.getByRole('button', { name: 'Previous screenshot' })).toBeVisible()
    await page.keyboard.press('ArrowRight')
    await expect(counter).toHaveText('12 of 12')
  })

  test('the arrow buttons move too, and focus stays in the dialog when one disappears', async ({
    page,
  }) => {
    await page.goto('/')
    const dialog = await openFirstFeature(page)
    await dialog.getByRole('button', { name: 'View Full Size: Public Market Inputs' }).click()
    const counter = dialog.getByTestId('gallery-counter')
    await expect(counter).toHaveText('10 of 12')
    await dialog.getByRole('button', { name: 'Next screenshot' }).click()
    await expect(counter).toHaveText('11 of 12')
    await dialog.getByRole('button', { name: 'Next screenshot' }).click()
    await expect(counter).toHaveText('12 of 12')
    await expect(dialog.getByRole('button', { name: 'Next screenshot' })).toHaveCount(0)
    await expect(dialog.getByRole('button', { name: 'Back to gallery' })).toBeFocused()
    await dialog.getByRole('button', { name: 'Previous screenshot' }).click()
    await expect(counter).toHaveText('11 of 12')
  })

  test('Escape returns to the grid with focus on the card; Escape in the grid closes', async ({
    page,
  }) => {
    await page.goto('/')
    const dialog = await openFirstFeature(page)
    const card = dialog.getByRole('button', { name: 'View Full Size: KPIs Dashboard' })
    await card.focus()
    await page.keyboard.press('Enter')
    await expect(dialog.getByTestId('gallery-counter')).toHaveText('3 of 12')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeVisible()
    await expect(dialog.getByTestId('gallery-grid')).toBeVisible()
    await expect(card).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  })

  test('Back to gallery returns to the grid', async ({ page }) => {
    await page.goto('/')
    const dialog = await openFirstFeature(page)
    await dialog.getByRole('button', { name: 'View Full Size: Fund Tab' }).click()
    await dialog.getByRole('button', { name: 'Back to gallery' }).click()
    await expect(cardTitles(dialog)).toHaveCount(12)
    await expect(dialog.getByRole('button', { name: 'View Full Size: Fund Tab' })).toBeFocused()
  })
})

test.describe('model switch', () => {
  test('switches the list and title, and always shows the grid', async ({ page }) => {
    await page.goto('/')
    let dialog = await openFirstFeature(page)
    await dialog.getByRole('button', { name: 'View Full Size: Fund Tab' }).click()
    await dialog.getByRole('button', { name: 'Back to gallery' }).click()

    await dialog.getByRole('button', { name: 'Basic', pressed: false }).click()
    dialog = gallery(page, 'Basic')
    await expect(dialog).toBeVisible()
    await expect(cardTitles(dialog)).toHaveText(BASIC_SPEC_ORDER)
    await expect(dialog.getByRole('button', { name: 'Basic', pressed: true })).toBeFocused()
    await expect(dialog.getByText(/sample screenshots of the Basic model/)).toBeVisible()

    await dialog.getByRole('button', { name: 'View Full Size: Cover' }).click()
    await expect(dialog.getByTestId('gallery-counter')).toHaveText('6 of 6')
    await dialog.getByRole('button', { name: 'Back to gallery' }).click()
    await dialog.getByRole('button', { name: 'Advanced', pressed: false }).click()
    dialog = gallery(page, 'Advanced')
    await expect(cardTitles(dialog)).toHaveText(ADVANCED_SPEC_ORDER)
    await expect(dialog.getByTestId('gallery-viewer')).toHaveCount(0)
  })
})

test.describe('fallbacks', () => {
  test('a failed index shows the default list in its order', async ({
    page,
    expectConsoleError,
  }) => {
    expectConsoleError(/status of 500/)
    await page.route('**/custom-uploads/screenshots/basic/index.json', (route) =>
      route.fulfill({ status: 500, body: 'down' }),
    )
    await page.goto('/')
    const dialog = await openFromPricing(page, 'Basic')
    await expect(cardTitles(dialog)).toHaveText(BASIC_SPEC_ORDER)
  })

  test('an index of an unknown shape shows the default list', async ({ page }) => {
    await page.route('**/custom-uploads/screenshots/basic/index.json', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ pictures: ['a.png'] }),
      }),
    )
    await page.goto('/')
    const dialog = await openFromPricing(page, 'Basic')
    await expect(cardTitles(dialog)).toHaveText(BASIC_SPEC_ORDER)
  })

  test("every accepted index shape lists the files in the default set's order", async ({
    page,
  }) => {
    await page.route('**/custom-uploads/screenshots/basic/index.json', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          items: [
            { filename: 'Projected.png' },
            { filename: 'Cover.png' },
            { filename: 'Actuals.png' },
          ],
        }),
      }),
    )
    await page.route('**/custom-uploads/screenshots/advanced/index.json', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify([{ path: 'Planned_Model_2.png' }, { name: 'Fund_Tab.png' }]),
      }),
    )
    await page.goto('/')
    const dialog = await openFromPricing(page, 'Basic')
    await expect(cardTitles(dialog)).toHaveText(['Actuals', 'Projected', 'Cover'])
    await dialog.getByRole('button', { name: 'Advanced', pressed: false }).click()
    await expect(cardTitles(gallery(page, 'Advanced'))).toHaveText(['Fund Tab', 'Planned Model 2'])
  })

  test('a thumbnail that fails to load only logs a warning', async ({
    page,
    expectConsoleError,
  }) => {
    expectConsoleError(/status of 404/)
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    await page.route('**/custom-uploads/thumbnails/basic/Cover.*', (route) =>
      route.fulfill({ status: 404, body: '' }),
    )
    await page.goto('/')
    const dialog = await openFromPricing(page, 'Basic')
    await expect(cardTitles(dialog)).toHaveCount(6)
    await expect
      .poll(() => warnings.some((text) => text.includes('thumbnails/basic/Cover.png')))
      .toBe(true)
    await expect(dialog.getByRole('button', { name: 'View Full Size: Cover' })).toBeVisible()
  })
})

test('the gallery has no accessibility violations in either view', async ({ page }) => {
  const require = createRequire(import.meta.url)
  const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')
  await page.goto('/')
  const dialog = await openFirstFeature(page)
  const audit = async () => {
    await page.evaluate(axeSource)
    return page.evaluate(async () => {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const axe = (window as any).axe
      const result = await axe.run(document.querySelector('[role="dialog"]'), {
        runOnly: {
          type: 'tag',
          values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
        },
      })
      return result.violations.map(
        (v: { id: string; nodes: { target: string[] }[] }) =>
          `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      )
    })
  }
  await expect
    .poll(() =>
      dialog
        .locator('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.complete),
    )
    .toBe(true)
  expect(await audit()).toEqual([])
  await dialog.getByRole('button', { name: 'View Full Size: Exposure Dashboard' }).click()
  await expect(dialog.getByTestId('gallery-counter')).toHaveText('2 of 12')
  expect(await audit()).toEqual([])
})
