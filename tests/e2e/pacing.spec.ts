/**
 * The Pacing Lab at /pacing and /methodology (docs/product.md, "Pacing Lab"): share links, the CSV
 * against the table, bad input, keyboard-only use, accessibility, a 320 px phone, and the
 * visitor's whole way from the lab into the trial form. Third-party requests are refused and an
 * unexpected console error fails the test (fixtures.ts).
 */
import { readFile } from 'node:fs/promises'
import type { Locator, Page } from '@playwright/test'
import { projectFund } from '../../src/common/pacing/engine.ts'
import { DEFAULT_SHIFTS, applyScenario } from '../../src/common/pacing/scenarios.ts'
import { actualsToCsv, actualsToParam } from '../../src/common/pacing/history.ts'
import AxeBuilder from './axe.ts'
import { expect, test } from './fixtures.ts'
import { holdRequests } from './layout.ts'

/** A stored choice (everything refused), so the consent banner stays out of the way. */
const REFUSED = {
  id: 'e2e-pacing',
  categories: { functional: false, media: false, marketing: false },
  policy_version: '2025-08-01',
  decided_at: '2025-08-01T00:00:00.000Z',
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript((record) => {
    localStorage.setItem('pacepoint.consent', JSON.stringify(record))
  }, REFUSED)
})

const table = (page: Page) => page.locator('#fund-table')

/** The parts below the chart whose code loads on its own (features/pacing/fund-parts.ts). */
const PARTS = ['#lab-scenarios', '#lab-bands', '#lab-fit']

/** The table's body as numbers (the page prints whole numbers with separators). */
async function tableNumbers(page: Page): Promise<number[][]> {
  const rows = await table(page)
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent ?? '')),
    )
  return rows.map((cells) => cells.map((text) => Number(text.replaceAll(',', ''))))
}

/** Waits until the control matching selector is hydrated: React attaches its handlers then. */
async function hydrated(page: Page, selector: string) {
  await page.waitForFunction((s) => {
    const input = document.querySelector(s)
    return !!input && Object.keys(input).some((k) => k.startsWith('__reactProps'))
  }, selector)
}

/** Waits until hydration: the lab writes the address only once it runs. */
async function openLab(page: Page, query = '') {
  await page.goto(`/pacing${query}`)
  await expect(page.locator('html')).toBeAttached()
  await hydrated(page, '#fund-bow')
}

/**
 * Scrolls to a part whose code loads when it comes near (features/pacing/lab-part.tsx), as a
 * visitor reaches it, and waits until it runs.
 */
async function reachPart(page: Page, selector: string) {
  await page.locator(selector).scrollIntoViewIfNeeded()
  await hydrated(page, selector)
}

function field(page: Page, id: string): Locator {
  return page.locator(`#${id}`)
}

test('the pre-rendered page has the table and key figures without JavaScript', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/pacing')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.locator('#fund-table tbody tr')).toHaveCount(12)
  await expect(page.locator('[data-figure="irr"]')).toContainText('IRR')
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/pacing$/)
  await context.close()
})

test('a share link round-trips: inputs and table follow it, the URL follows edits, reload keeps them', async ({
  page,
}) => {
  await openLab(page, '?commitment=5000000&rc=0.3,0.5&life=10&bow=3&growth=0.1&years=14')
  await expect(field(page, 'fund-commitment')).toHaveValue('5000000')
  await expect(field(page, 'fund-rc')).toHaveValue('0.3, 0.5')
  await expect(field(page, 'fund-life')).toHaveValue('10')
  await expect(field(page, 'fund-bow')).toHaveValue('3')
  await expect(field(page, 'fund-years')).toHaveValue('14')
  await expect(table(page).locator('tbody tr')).toHaveCount(14)
  // Year 1 calls 30% of 5,000,000.
  await expect(table(page).locator('tbody tr').first()).toContainText('1,500,000')

  await field(page, 'fund-bow').fill('2')
  await expect(page).toHaveURL(/[?&]bow=2(&|$)/)
  await expect(page).toHaveURL(/commitment=5000000/)
  const before = await tableNumbers(page)

  await page.reload()
  await page.waitForFunction(() => document.querySelector('#fund-bow') !== null)
  await expect(field(page, 'fund-bow')).toHaveValue('2')
  await expect(field(page, 'fund-years')).toHaveValue('14')
  await expect.poll(() => tableNumbers(page)).toEqual(before)
})

test('the downloaded CSV matches the table', async ({ page }) => {
  await openLab(page, '?commitment=1000000&rc=0.25,0.3333,0.5&life=12&bow=2.3&growth=0.15&years=15')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('pacing-lab.csv')
  const text = await readFile((await download.path())!, 'utf8')
  const [header, ...lines] = text.trimEnd().split('\n')
  expect(header).toBe('year,contributions,distributions,nav,net_cash_flow,cumulative_net_cash_flow')
  const csv = lines.map((line) => line.split(',').map(Number))
  const shown = await tableNumbers(page)
  expect(csv).toHaveLength(shown.length)
  csv.forEach((row, r) => {
    row.forEach((value, c) => {
      // The table rounds to whole units; the CSV keeps full precision.
      expect(
        Math.abs(Math.round(value) - (shown[r]?.[c] ?? NaN)),
        `row ${r} col ${c}`,
      ).toBeLessThanOrEqual(1)
    })
  })
  // The public test case (docs/product.md, "Pacing Lab"): NAV after year 1 is 250,000 for these
  // inputs.
  expect(csv[0]?.[3]).toBeCloseTo(250_000, 2)
})

test('a fund under way counts today’s NAV: the Yale fund one year in earns 13.0%, and says why', async ({
  page,
}) => {
  await openLab(
    page,
    '?commitment=100&rc=0.3333333333333333,0.5&life=12&bow=2.5&growth=0.13&age=1&nav=25&paid=25',
  )
  await expect(page.locator('[data-figure="irr"] dd').first()).toHaveText('13.0%')
  await expect(page.locator('[data-figure="tvpi"] dd').first()).toHaveText('1.88x')
  await expect(page.locator('[data-note="under-way"]')).toContainText('today’s NAV')
  // A commitment of 100: small calls keep their decimals, and Unfunded is a column.
  await expect(table(page).locator('thead')).toContainText('Unfunded')
  // Year 9 calls 0.391 (rounded to whole units it read "0").
  await expect(table(page).locator('tbody tr').nth(7).locator('td').first()).toHaveText('0.391')
})

test('out-of-range inputs get messages beside their fields and never NaN or Infinity', async ({
  page,
}) => {
  await openLab(page, '?commitment=1e300&rc=1&life=50&bow=100&growth=10&years=100')
  await expect(page.locator('#fund-commitment-error')).toContainText('at most 1e12')
  await expect(page.locator('#fund-bow-error')).toContainText('0 to 20')
  await expect(page.locator('#fund-growth-error')).toContainText('at most 1')
  await expect(page.locator('main')).not.toContainText(/NaN|Infinity/)
  // The link's own figures cannot be computed, so none are shown until the fields are fixed.
  await expect(page.locator('[data-link-blocked]')).toBeVisible()
  await field(page, 'fund-commitment').fill('1e12')
  await field(page, 'fund-bow').fill('20')
  await field(page, 'fund-growth').fill('1')
  await expect(page.locator('[data-link-blocked]')).toHaveCount(0)
  await expect(page.locator('main')).not.toContainText(/NaN|Infinity/)
  // The parts above the buttons are in place: a click lands where it was aimed.
  await expect(page.locator(PARTS.join(', '))).toHaveCount(3)
  for (const part of PARTS) await expect(page.locator(part)).not.toBeEmpty()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ])
  const text = await readFile((await download.path())!, 'utf8')
  expect(text).not.toMatch(/NaN|Infinity/)
  expect(text.trimEnd().split('\n')).toHaveLength(101)
})

test('fixing a link the lab could not compute shows the parts below the chart with the figures', async ({
  page,
}) => {
  await openLab(page, '?growth=10')
  await expect(page.locator('[data-link-blocked]')).toBeVisible()
  await expect(page.locator(PARTS.join(', '))).toHaveCount(0)
  // Their code loads while the link is blocked (each import settles once the module has run).
  const chunks = /\/assets\/(scenario-panel|bands-panel|fit-panel)-[^/]*\.js$/
  const chunkUrls = () =>
    page.evaluate(
      (source) =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => new RegExp(source).test(name)),
      chunks.source,
    )
  await expect.poll(async () => (await chunkUrls()).length).toBe(3)
  await page.evaluate(
    (urls) => Promise.all(urls.map((url) => import(url))).then(() => undefined),
    await chunkUrls(),
  )
  // From the fix on, no moment shows the figures with a part still empty (a part filling in
  // later pushes the buttons below it away from the pointer).
  await page.evaluate((parts) => {
    const seen: string[] = []
    ;(window as unknown as { emptyParts: string[] }).emptyParts = seen
    new MutationObserver(() => {
      if (document.querySelector('[data-link-blocked]')) return
      for (const part of parts) {
        const element = document.querySelector(part)
        if (!element || element.childElementCount === 0) seen.push(part)
      }
    }).observe(document.body, { childList: true, subtree: true })
  }, PARTS)
  await field(page, 'fund-growth').fill('0.1')
  await expect(page.locator('[data-link-blocked]')).toHaveCount(0)
  for (const part of PARTS) await expect(page.locator(part)).not.toBeEmpty()
  expect(
    await page.evaluate(() => (window as unknown as { emptyParts: string[] }).emptyParts),
  ).toEqual([])
})

test('at 390 px the table keeps its year column in view and shows there is more', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await openLab(page)
  const region = page.getByRole('region', { name: /Yearly projection table/ })
  await region.scrollIntoViewIfNeeded()
  await region.evaluate((el) => el.scrollBy(400, 0))
  expect(await region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0)
  const firstCell = table(page).locator('tbody th').first()
  const [cellBox, regionBox] = await Promise.all([firstCell.boundingBox(), region.boundingBox()])
  expect(Math.abs((cellBox?.x ?? -1) - (regionBox?.x ?? 0))).toBeLessThan(2)
  await expect(firstCell).toBeInViewport()
  expect(await region.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain(
    'radial-gradient',
  )
})

test('scenarios side by side: key figures per scenario, editable, scenario= picks the table and CSV', async ({
  page,
}) => {
  const yale = '?commitment=100&rc=0.25,0.3333333333333333,0.5&life=12&bow=2.5&growth=0.13'
  await openLab(page, `${yale}&scenario=downside`)
  const irrOf = (id: string) => page.locator(`[data-scenario="${id}"] [data-cell="irr"]`)
  // Constant growth: each scenario's IRR is its own growth rate.
  await expect(irrOf('base')).toHaveText('13.0%')
  await expect(irrOf('downside')).toHaveText('7.0%')
  await expect(irrOf('upside')).toHaveText('17.0%')
  await expect(page.getByRole('radio', { name: 'Downside' })).toBeChecked()
  // Downside: life 12 + 3, so the table runs 15 years, and the headline IRR is the downside's.
  await expect(table(page).locator('tbody tr')).toHaveCount(15)
  await expect(page.locator('[data-figure="irr"] dd').first()).toHaveText('7.0%')
  await expect(page.locator('[data-chart="scenario-nav-chart"] path[data-series]')).toHaveCount(4)

  await page.getByRole('textbox', { name: 'Downside: growth shift' }).fill('-0.1')
  await expect(irrOf('downside')).toHaveText('3.0%')
  await page.getByRole('textbox', { name: 'Upside: life shift (years)' }).fill('1.5')
  await expect(page.locator('#scenario-upside-life-error')).toContainText('Whole years')

  await page.getByRole('radio', { name: 'Stress' }).check()
  await expect(page).toHaveURL(/scenario=stress/)
  await expect(table(page).locator('tbody tr')).toHaveCount(12)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ])
  const csv = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\n')
  // Year 2 of the stress case grows at 13% - 30%: NAV 25 * 0.83 plus the call, less the payout.
  const shown = await tableNumbers(page)
  expect(Math.round(Number(csv[2]?.split(',')[3]) * 1000) / 1000).toBe(shown[1]?.[3])
})

test('parts that load late show their server markup at once, then follow the inputs', async ({
  page,
}) => {
  // At 390 px the scenarios are far below the form: their code is not fetched with the page's.
  await page.setViewportSize({ width: 390, height: 844 })
  const fetched: string[] = []
  page.on('request', (request) => fetched.push(request.url()))
  await openLab(page, '?commitment=100&life=12&bow=2.5&growth=0.13')
  // The base scenario's peak NAV is the key figure's.
  const scenarioPeak = page.locator('[data-scenario="base"] td').first()
  const figurePeak = page.locator('[data-figure="peak-nav"] dd').first()
  const before = (await figurePeak.textContent()) ?? ''
  await expect(scenarioPeak).toHaveText(before)
  expect(fetched.filter((url) => url.includes('scenario-panel'))).toEqual([])
  // An edit up in the form reaches the scenarios, whose code then loads and shows the new fund.
  await field(page, 'fund-commitment').fill('1000')
  await expect(figurePeak).not.toHaveText(before)
  await expect(scenarioPeak).toHaveText((await figurePeak.textContent()) ?? '')
  expect(fetched.filter((url) => url.includes('scenario-panel'))).not.toEqual([])
})

test('uncertainty bands: a worker computes P10/P50/P90 from the link, the bands CSV has its header', async ({
  page,
}) => {
  await openLab(
    page,
    '?commitment=100&rc=0.25,0.3333333333333333,0.5&life=12&bow=2.5&growth=0.13&vol=0.15&paths=2000&seed=7',
  )
  await expect(field(page, 'fund-vol')).toHaveValue('0.15')
  await expect(page.locator('[data-chart="bands-chart"] path[data-series]')).toHaveCount(6)
  await expect(page.locator('[data-bands-note]')).toHaveText(
    'Market volatility 15.0% a year, 2,000 paths, seed 7.',
  )
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download bands CSV' }).click(),
  ])
  const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\n')
  expect(lines[0]).toBe(
    'year,nav_p10,nav_p50,nav_p90,cumulative_net_cash_flow_p10,cumulative_net_cash_flow_p50,cumulative_net_cash_flow_p90',
  )
  expect(lines).toHaveLength(13)
  const [year, p10, p50, p90] = (lines[5] ?? '').split(',').map(Number)
  expect(year).toBe(5)
  expect(p10).toBeLessThan(p50 ?? 0)
  expect(p50).toBeLessThan(p90 ?? 0)

  await field(page, 'fund-seed').fill('8')
  await expect(page).toHaveURL(/vol=0\.15&paths=2000&seed=8/)
  // Without volatility the bands are the projection itself, and still downloadable (§19).
  await field(page, 'fund-vol').fill('')
  await expect(page.locator('[data-bands-note]')).toContainText('Market volatility 0.0%')
  await expect(page.getByRole('button', { name: 'Download bands CSV' })).toBeVisible()
})

test('plan edits: a plan without funds survives its link; an impossible target is refused with a reason', async ({
  page,
}) => {
  await page.goto('/pacing?mode=portfolio')
  await expect(page.getByRole('tab', { name: 'Portfolio plan' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await hydrated(page, '#plan-target')
  const remove = page.getByRole('button', { name: /^Remove fund/ })
  while ((await remove.count()) > 0) await remove.first().click()
  await expect(page.getByText('No existing funds')).toBeVisible()
  await expect(page).toHaveURL(/[?&]fund=(&|$)/)
  await page.reload()
  await expect(page.getByText('No existing funds')).toBeVisible()

  // The reloaded page's form reacts only once hydrated: a value typed into the server's markup
  // before then is taken back by hydration (seen in CI).
  await hydrated(page, '#plan-target')
  await page.locator('#plan-target').fill('1')
  await expect(page.locator('[data-plan-status="refused"]')).toContainText('cannot be held')
})

/** Opens the plan and waits until the form reacts. */
async function openPlan(page: Page, query = '') {
  await page.goto(`/pacing?mode=portfolio${query}`)
  await hydrated(page, '#plan-target')
}

test('plan edits with liquid assets: coverage per year, a warning below 1x, kept in the link', async ({
  page,
}) => {
  await openPlan(page)
  await expect(page.locator('[data-coverage-warnings]')).toHaveCount(0)
  await expect(page.locator('#plan-table thead')).toContainText('Coverage')
  await page.locator('#plan-target').fill('0.25')
  await page.locator('#plan-liquid').fill('5000000')
  const warnings = page.locator('[data-coverage-warnings]')
  await expect(warnings).toContainText('below 1x')
  await expect(warnings.locator('li').first()).toContainText('2026')
  await expect(page.locator('#plan-table tbody tr').first()).toContainText('x')
  await expect(page).toHaveURL(/[?&]liquid=5000000(&|$)/)
  // Each year's commitment is solved: they are not all the same amount.
  const commitments = await page
    .locator('#plan-table tbody tr')
    .evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('th, td')[1]?.textContent ?? ''))
  expect(new Set(commitments).size).toBeGreaterThan(3)
  await page.reload()
  await expect(page.locator('#plan-liquid')).toHaveValue('5000000')
  await expect(page.locator('[data-coverage-warnings]')).toContainText('below 1x')
  // Cleared before hydration, the field would be refilled from the link by it (seen in a run).
  await hydrated(page, '#plan-liquid')
  await page.locator('#plan-liquid').fill('')
  await expect(page.locator('[data-coverage-warnings]')).toHaveCount(0)
})

test('what a visitor types before the page hydrates is what the plan uses', async ({ page }) => {
  // The page's code held back, as on a slow phone: the server's markup takes the keys first.
  const code = await holdRequests(page, /\/assets\/(?!boot-)[^/]+\.js$/)
  await page.goto('/pacing?mode=portfolio&liquid=5000000&target=0.25', { waitUntil: 'commit' })
  await code.asked
  await expect(page.locator('#plan-liquid')).toHaveValue('5000000')
  await expect(page.locator('[data-coverage-warnings]')).toContainText('below 1x')
  await page.locator('#plan-liquid').fill('')
  code.release()
  await hydrated(page, '#plan-liquid')
  // The field keeps what was typed, and the plan, its warnings and the address follow it.
  await expect(page.locator('#plan-liquid')).toHaveValue('')
  await expect(page.locator('[data-coverage-warnings]')).toHaveCount(0)
  await expect(page).not.toHaveURL(/[?&]liquid=5000000/)
})

test('plan scenarios and bands: side by side from the link, commitments held, the plan bands CSV', async ({
  page,
}) => {
  await openPlan(page, '&scenario=downside&vol=0.15&paths=2000&seed=7')
  const scenarios = page.locator('#plan-scenario-table tbody tr')
  await expect(scenarios).toHaveCount(4)
  await expect(page.getByRole('radio', { name: 'Downside' })).toBeChecked()
  await expect(page.locator('[data-note="plan-scenario"]')).toContainText('downside')
  await expect(
    page.locator('[data-chart="plan-scenario-nav-chart"] path[data-series]'),
  ).toHaveCount(4)
  // The table shows the downside plan; its commitments are the base plan's.
  const column = (i: number) =>
    page
      .locator('#plan-table tbody tr')
      .evaluateAll(
        (trs, index) => trs.map((tr) => tr.querySelectorAll('th, td')[index]?.textContent ?? ''),
        i,
      )
  const downsideCommitments = await column(1)
  const downsideDistributions = await column(3)
  await page.getByRole('radio', { name: 'Base' }).check()
  await expect(page.locator('[data-note="plan-scenario"]')).toHaveCount(0)
  await expect.poll(() => column(3)).not.toEqual(downsideDistributions)
  expect(await column(1)).toEqual(downsideCommitments)
  const amount = (text: string | undefined) => Number((text ?? '').replaceAll(',', ''))
  const baseNav = amount((await column(6))[0])
  // Stress: the whole book loses 30 points of growth in the first year.
  await page.getByRole('radio', { name: 'Stress' }).check()
  await expect(page).toHaveURL(/mode=portfolio.*&scenario=stress&vol=0\.15&paths=2000&seed=7/)
  await expect.poll(async () => amount((await column(6))[0])).toBeLessThan(baseNav * 0.9)
  expect(await column(1)).toEqual(downsideCommitments)
  // An edited shift changes its row and nothing else.
  const upsideShare = page.locator('[data-scenario="upside"] [data-cell="finalShare"]')
  const before = await upsideShare.textContent()
  await page.getByRole('textbox', { name: 'Upside: growth shift' }).fill('0.1')
  await expect(upsideShare).not.toHaveText(before ?? '')

  // The bands of the shown scenario, computed in the worker from the link's settings.
  await expect(page.locator('#plan-vol')).toHaveValue('0.15')
  await expect(page.locator('[data-chart="plan-bands-chart"] path[data-series]')).toHaveCount(6)
  await expect(page.locator('[data-chart="plan-share-bands-chart"] path[data-series]')).toHaveCount(
    4,
  )
  await expect(page.locator('[data-bands-note]')).toHaveText(
    'Market volatility 15.0% a year, 2,000 paths, seed 7.',
  )
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download bands CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('pacing-plan-bands.csv')
  const lines = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\n')
  expect(lines[0]).toBe(
    'year,nav_p10,nav_p50,nav_p90,cumulative_net_cash_flow_p10,cumulative_net_cash_flow_p50,cumulative_net_cash_flow_p90',
  )
  const horizon = await page.locator('#plan-table tbody tr').count()
  expect(lines).toHaveLength(horizon + 1)
  const [year, p10, p50, p90] = (lines[5] ?? '').split(',').map(Number)
  expect(year).toBe(Number(await page.locator('#plan-start').inputValue()) + 4)
  expect(p10).toBeLessThan(p50 ?? 0)
  expect(p50).toBeLessThan(p90 ?? 0)

  // Reproducible from the link: the same address gives the same CSV.
  await page.reload()
  await expect(page.locator('[data-chart="plan-bands-chart"]')).toBeVisible()
  await hydrated(page, '#plan-target')
  const [again] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download bands CSV' }).click(),
  ])
  expect((await readFile((await again.path())!, 'utf8')).trimEnd().split('\n')).toEqual(lines)
  // Without volatility the bands are the plan's own path, still offered for download (§19).
  await page.locator('#plan-vol').fill('')
  await expect(page.locator('[data-bands-note]')).toContainText('Market volatility 0.0%')
  await expect(page.getByRole('button', { name: 'Download bands CSV' })).toBeVisible()
  await expect(page).not.toHaveURL(/vol=/)
})

test('import existing funds from a CSV: a message per bad row, then the funds replace the list', async ({
  page,
}) => {
  await openPlan(page)
  const header = 'name,asset_class,commitment,vintage,paid_in,nav'
  const paste = page.getByLabel('Or paste CSV')
  await paste.fill(`${header}\nAlpha,buyout,20000000,2021,14000000,16000000\nBeta,hedge,1,2020,0,0`)
  await page.getByRole('button', { name: 'Import funds' }).click()
  await expect(page.getByText('Line 3 (Beta): Asset class must be one of')).toBeVisible()
  // Nothing changed: the default plan's three funds are still there.
  await expect(page.getByRole('button', { name: 'Remove fund 3' })).toBeVisible()

  await page.getByLabel('CSV file').setInputFiles({
    name: 'funds.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `${header}\nAlpha,buyout,20000000,2021,14000000,16000000\n"Beta, II",venture,8000000,2023,2000000,2100000\n`,
    ),
  })
  await expect(page.getByText('Imported 2 funds.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Remove fund 2' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Remove fund 3' })).toHaveCount(0)
  await expect(page.getByLabel('Fund 1: Commitment', { exact: true })).toHaveValue('20000000')
  await expect(page).toHaveURL(/fund=venture,8000000,2023,2000000,2100000/)
})

test('print media: inputs, scenarios, bands, key figures, table and method, without the site chrome', async ({
  page,
}) => {
  await openLab(
    page,
    '?commitment=100&rc=0.25,0.3333333333333333,0.5&life=12&bow=2.5&growth=0.13&vol=0.1',
  )
  await expect(page.locator('[data-chart="bands-chart"]')).toBeVisible()
  await page.emulateMedia({ media: 'print' })
  await expect(page.locator('header').first()).toBeHidden()
  await expect(page.locator('footer').first()).toBeHidden()
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeHidden()
  await expect(page.getByRole('tab', { name: 'One fund' })).toBeHidden()
  await expect(field(page, 'fund-bow')).toBeVisible()
  await expect(page.locator('#scenario-table')).toBeVisible()
  await expect(page.locator('[data-chart="bands-chart"]')).toBeVisible()
  await expect(page.locator('[data-figure="irr"]')).toBeVisible()
  await expect(table(page)).toBeVisible()
  await expect(page.locator('[data-print-summary]')).toContainText('Takahashi-Alexander')
  await page.emulateMedia({ media: 'screen' })
  await expect(page.locator('[data-print-summary]')).toBeHidden()
  await expect(page.getByRole('button', { name: 'Print / save as PDF' })).toBeVisible()
})

test('an invalid value shows its message next to the field and keeps the last result', async ({
  page,
}) => {
  await openLab(page)
  const before = await tableNumbers(page)
  const bow = field(page, 'fund-bow')
  await bow.fill('abc')
  await expect(bow).toHaveAttribute('aria-invalid', 'true')
  const message = page.locator('#fund-bow-error')
  await expect(message).toContainText('Bow must be a number')
  await expect(bow).toHaveAttribute('aria-describedby', /fund-bow-error/)
  expect(await tableNumbers(page)).toEqual(before)

  await bow.fill('2.5')
  await expect(bow).not.toHaveAttribute('aria-invalid')
  await expect(message).toHaveCount(0)
})

/** Six years of a fund made by the model itself: call rate 0.3, bow 2.5, growth 0.12. */
const MODEL_HISTORY = projectFund({
  commitment: 10_000_000,
  rc: 0.3,
  life: 12,
  bow: 2.5,
  growth: 0.12,
  years: 6,
}).rows.map(({ contributions, distributions, nav }) => ({ contributions, distributions, nav }))

/** The fitted inputs the address carries, read back as numbers. */
async function linkedInputs(page: Page) {
  const params = new URL(page.url()).searchParams
  return Object.fromEntries(
    ['rc', 'bow', 'growth', 'age', 'nav', 'paid'].map((k) => [k, Number(params.get(k))]),
  )
}

test('fit to history: a pasted history made by the model is fitted back, its inputs go to the address', async ({
  page,
}) => {
  await openLab(page, '?commitment=10000000&life=12')
  await reachPart(page, '#fit-history')
  const history = page.getByLabel('History (CSV)')
  await history.fill('year,contributions,distributions,nav\n1,100,0,100\n3,1,1,1')
  await page.getByRole('button', { name: 'Fit and use' }).click()
  await expect(page.locator('[data-fit="error"]')).toHaveText(
    'Line 3: expected year 2 and three amounts, each zero or more',
  )
  await expect(history).toHaveAttribute('aria-invalid', 'true')

  await history.fill(actualsToCsv(MODEL_HISTORY))
  await page.getByRole('button', { name: 'Fit and use' }).click()
  await expect(page.locator('#fit-table tbody tr')).toHaveCount(6)
  await expect(page.locator('[data-fit="rms"]')).toContainText('Error of the fit')
  await expect(page.locator('#fit-table tbody tr').first()).toContainText('3,000,000')
  await expect(page).toHaveURL(/[?&]age=6(&|$)/)
  const linked = await linkedInputs(page)
  expect(Math.abs(linked.rc! - 0.3)).toBeLessThan(0.01)
  expect(Math.abs(linked.bow! - 2.5)).toBeLessThan(0.1)
  expect(Math.abs(linked.growth! - 0.12)).toBeLessThan(0.005)
  expect(linked.nav).toBeCloseTo(MODEL_HISTORY[5]!.nav, 0)
  expect(linked.paid).toBeCloseTo(
    MODEL_HISTORY.reduce((s, a) => s + a.contributions, 0),
    0,
  )
  // The age field shows the fund's vintage: six years before this one.
  await expect(field(page, 'fund-age')).toHaveValue(String(new Date().getFullYear() - 6))
  // The projection continues from age 6 to the fund life: six more years.
  await expect(table(page).locator('tbody tr')).toHaveCount(6)
})

test('fit to history from a link: actuals= is fitted on arrival, then the address holds the fitted inputs', async ({
  page,
}) => {
  await openLab(page, `?commitment=10000000&life=12&actuals=${actualsToParam(MODEL_HISTORY)}`)
  await expect(page.locator('#fit-table tbody tr')).toHaveCount(6)
  await expect(page.locator('[data-fit="result"]')).toContainText('The link carried this history')
  await expect(page).toHaveURL(/[?&]age=6(&|$)/)
  // The shared link keeps the history beside the fitted inputs (DESIGN §22).
  expect(page.url()).toContain(`actuals=${actualsToParam(MODEL_HISTORY).split(';')[0]}`)
  expect(Math.abs((await linkedInputs(page)).bow! - 2.5)).toBeLessThan(0.1)
})

test('a bad value in a shared link is marked, no figures but the link’s, and fixing it shows them', async ({
  page,
}) => {
  await openLab(page, '?rc=0.25,1.5&paid=-3&bow=3')
  await expect(field(page, 'fund-rc')).toHaveValue('0.25,1.5')
  await expect(page.locator('#fund-rc-error')).toContainText('between 0 and 1')
  await expect(page.locator('#fund-paid-error')).toContainText('Paid-in')
  await expect(field(page, 'fund-bow')).toHaveValue('3')
  await expect(page.getByRole('alert')).toContainText('could not be used')
  await expect(page.locator('[data-link-blocked]')).toBeVisible()
  await expect(table(page)).toHaveCount(0)
  await field(page, 'fund-rc').fill('0.25, 0.5')
  await field(page, 'fund-paid').fill('')
  await expect(table(page).locator('tbody tr')).toHaveCount(12)
})

test('commitment=0 shows its error and not the default fund’s figures, in the page and its preview', async ({
  page,
}) => {
  await openLab(page, '?commitment=0')
  await expect(page.locator('#fund-commitment-error')).toContainText('positive')
  await expect(page.locator('[data-link-blocked]')).toBeVisible()
  await expect(page.locator('[data-figure]')).toHaveCount(0)
  await expect(page).toHaveTitle(/cannot be used/)
  await field(page, 'fund-commitment').fill('25M')
  await expect(page.locator('[data-figure="peak-nav"]')).toBeVisible()
  await expect(page).toHaveURL(/commitment=25000000/)
})

test('keyboard only: tab to a preset, choose Venture, change the bow, the table changes', async ({
  page,
}) => {
  await openLab(page)
  const before = await tableNumbers(page)
  const focusedIs = (selector: string) =>
    page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)
  for (let i = 0; i < 40 && !(await focusedIs('input[name="preset"]')); i++)
    await page.keyboard.press('Tab')
  expect(await focusedIs('input[name="preset"][value="buyout"]')).toBe(true)
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('radio', { name: 'Venture capital' })).toBeChecked()
  await expect(field(page, 'fund-rc')).toHaveValue('0.2, 0.25, 0.33, 0.4')

  for (let i = 0; i < 40 && !(await focusedIs('#fund-bow')); i++) await page.keyboard.press('Tab')
  expect(await focusedIs('#fund-bow')).toBe(true)
  await page.keyboard.press('ArrowUp')
  await expect(field(page, 'fund-bow')).toHaveValue('3.3')
  await expect(page).toHaveURL(/bow=3\.3/)
  expect(await tableNumbers(page)).not.toEqual(before)
})

for (const path of ['/pacing', '/methodology', '/pacing?mode=portfolio']) {
  test(`axe finds no WCAG A/AA violations on ${path}`, async ({ page }) => {
    await page.goto(path)
    if (path.includes('portfolio'))
      await expect(page.getByRole('tab', { name: 'Portfolio plan' })).toHaveAttribute(
        'aria-selected',
        'true',
      )
    const results = await new AxeBuilder(page).analyze()
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([])
  })
}

test('320 px: no horizontal overflow on /pacing and /methodology', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 })
  for (const path of ['/pacing', '/pacing?mode=portfolio', '/methodology']) {
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow, path).toBe(0)
  }
})

test('portfolio plan: edit funds, see the solved commitment, share it by link', async ({
  page,
}) => {
  await openLab(page)
  await page.getByRole('tab', { name: 'Portfolio plan' }).click()
  await expect(page).toHaveURL(/mode=portfolio/)
  const commitment = page.locator('[data-figure="yearly-commitment"] dd').first()
  const first = await commitment.textContent()
  await page.locator('#plan-target').fill('0.25')
  await expect(commitment).not.toHaveText(first ?? '')
  await page.getByRole('button', { name: 'Add a fund' }).click()
  await expect(page.getByRole('button', { name: 'Remove fund 4' })).toBeVisible()
  await page.getByRole('button', { name: 'Remove fund 1' }).click()
  await expect(page.getByRole('button', { name: 'Remove fund 4' })).toHaveCount(0)
  await page.locator('#plan-horizon').fill('-2')
  await expect(page.locator('#plan-horizon-error')).toContainText('Horizon')
  await page.locator('#plan-horizon').fill('20')
  await expect(page.locator('#plan-table tbody tr')).toHaveCount(20)
  await expect(page).toHaveURL(/target=0\.25/)
  // The address follows after a pause in typing: wait for the last edit to reach it.
  await expect(page).toHaveURL(/horizon=20/)
  const url = page.url()
  const shown = await page.locator('#plan-table').textContent()
  await page.goto(url)
  await expect(page.getByRole('tab', { name: 'Portfolio plan' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await expect(page.locator('#plan-target')).toHaveValue('0.25')
  await expect(page.locator('#plan-table')).toHaveText(shown ?? '')
})

test('the visitor flow: Venture, bow, chart moves, CSV and workbook, Continue in Excel', async ({
  page,
}) => {
  await openLab(page)
  await page.getByText('Venture capital').click()
  await expect(page.getByRole('radio', { name: 'Venture capital' })).toBeChecked()
  const line = page.locator('[data-chart="fund-chart"] [data-series="cumulative"]')
  const before = await line.getAttribute('d')
  await field(page, 'fund-bow').fill('4')
  await expect(line).not.toHaveAttribute('d', before ?? '')

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ])
  expect(csv.suggestedFilename()).toBe('pacing-lab.csv')

  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download .xlsx' }).click(),
  ])
  expect(xlsx.suggestedFilename()).toBe('pacing-lab.xlsx')
  const workbook = await readFile((await xlsx.path())!)
  expect(workbook.subarray(0, 2).toString('latin1')).toBe('PK')

  await page.getByRole('link', { name: 'Continue in Excel' }).click()
  await expect(page).toHaveURL(/\/#trial-form-advanced$/)
  await expect(
    page.locator('#trial-form').getByRole('radio', { name: /Advanced model/ }),
  ).toBeChecked()
})

test('/methodology lists the formulas, presets and public test cases', async ({ page }) => {
  await page.goto('/methodology')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText('D_t = RD_t × NAV_{t−1} × (1 + G_t)')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Test cases and their sources' })).toBeVisible()
  // It claims only what is true: which conventions are ours, and what the scenarios and bands are.
  await expect(page.locator('main')).not.toContainText('exactly as published')
  await expect(
    page.getByRole('heading', { name: 'Ours: what the paper leaves open' }),
  ).toBeVisible()
  await expect(page.locator('#uncertainty')).toHaveText(
    'Scenarios, the stress and uncertainty bands',
  )
  // The new definitions of DESIGN §22, stated with their reasons.
  for (const text of [
    'Stress: a 2008-09 year',
    'β = 1.5',
    'Calls at risk (P95)',
    'Since inception',
    'Unfunded coverage',
    'Feasibility first',
    'rc_q = 1 − (1 − RC_t)^(1/4)',
  ])
    await expect(page.locator('main')).toContainText(text)
  await expect(page.getByText('public test suites of open-source projects')).toBeVisible()
  await expect(page.getByText('fabianhe/privates, test/test_models.py, first case')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Open the Pacing Lab' })).toHaveAttribute(
    'href',
    '/pacing',
  )
})

test('the lab is linked from the landing page header and footer', async ({ page }) => {
  await page.goto('/')
  await expect(
    page.locator('header').getByRole('link', { name: 'Pacing Lab' }).first(),
  ).toHaveAttribute('href', '/pacing')
  await expect(page.locator('footer').getByRole('link', { name: /Pacing Lab/ })).toHaveAttribute(
    'href',
    '/pacing',
  )
})

const FUND_LINK = '?commitment=250&rc=0.3'
const PLAN_LINK =
  '?mode=portfolio&total=50000000&target=0.2&fund=buyout,5000000,2022,2000000,3000000'

test("a shared link's numbers without JavaScript: the server renders the link, not the defaults", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(`/pacing${FUND_LINK}`)
  await expect(field(page, 'fund-commitment')).toHaveValue('250')
  await expect(table(page).locator('tbody tr').first().locator('td').first()).toHaveText('75.000')
  await expect(page.locator('[data-figure="peak-nav"] dd').first()).toHaveText('241.1')
  // A preview of the link shows its figures; the bare page keeps its own title.
  await expect(page).toHaveTitle(/peak NAV 241\.1 in year/)
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    await page.title(),
  )
  await page.goto('/pacing')
  await expect(page).not.toHaveTitle(/peak NAV/)
  await page.goto(`/pacing${PLAN_LINK}`)
  await expect(page.getByRole('tab', { name: 'Portfolio plan' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await expect(page.locator('#plan-target')).toHaveValue('0.2')
  // The total portfolio: the liquid part grown 6% plus the private NAV as projected.
  await expect(page.locator('#plan-table tbody tr').first().locator('td').nth(6)).toHaveText(
    '53,210,000',
  )
  await expect(page.locator('[data-figure="yearly-commitment"] dd').first()).toHaveText('2.7M')
  await context.close()
})

test('a server-rendered link hydrates without a mismatch and stays on its numbers', async ({
  page,
}) => {
  // The fixture fails the test on any console error: React reports a hydration mismatch there.
  for (const [link, id] of [
    [FUND_LINK, '#fund-bow'],
    [PLAN_LINK, '#plan-target'],
  ]) {
    await page.goto(`/pacing${link}`)
    // React attaches its handlers on hydration.
    await hydrated(page, id!)
  }
  await expect(page.locator('[data-figure="yearly-commitment"] dd').first()).toHaveText('2.7M')
  await page.locator('#plan-target').fill('0.25')
  await expect(page).toHaveURL(/target=0\.25/)
  await page.goto(`/pacing${FUND_LINK}`)
  await expect(table(page).locator('tbody tr').first().locator('td').first()).toHaveText('75.000')
  await field(page, 'fund-commitment').fill('500')
  await expect(table(page).locator('tbody tr').first().locator('td').first()).toHaveText('150.000')
  await expect(page).toHaveURL(/commitment=500/)
})

// ---------------------------------------------------------------------------------------------
// Pacing Lab III (DESIGN §22)

/** A downloaded file's text, from clicking the button named `name`. */
async function download(
  page: Page,
  name: string | RegExp,
): Promise<{ file: string; text: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name }).click(),
  ])
  return { file: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') }
}

const YALE_LINK = '?commitment=100&rc=0.25,0.3333333333333333,0.5&life=12&bow=2.5&growth=0.13'

test('the stress CSV: a 2008-09 year in year 2, calls -35%, distributions -70%, NAV -25%, from the link', async ({
  page,
}) => {
  await openLab(page, `${YALE_LINK}&scenario=stress&stress_calls=0.4`)
  await reachPart(page, '#stress-calls')
  await expect(field(page, 'stress-calls')).toHaveValue('0.4')
  await expect(page.locator('[data-note="scenario"]')).toContainText('stress')
  const { text } = await download(page, 'Download CSV')
  const rows = text
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((l) => l.split(',').map(Number))
  const expected = projectFund(
    applyScenario(
      { commitment: 100, rc: [0.25, 1 / 3, 0.5], life: 12, bow: 2.5, growth: 0.13 },
      { ...DEFAULT_SHIFTS.stress, calls: 0.4 },
    ),
  ).rows
  // Year 2: 40% fewer calls than 1/3 of the 75 unfunded, exactly as the engine computes it.
  expect(rows[1]?.[1]).toBeCloseTo(75 * (1 / 3) * 0.6, 9)
  rows.forEach((row, i) => {
    expect(row[1]).toBeCloseTo(expected[i]?.contributions ?? NaN, 9)
    expect(row[2]).toBeCloseTo(expected[i]?.distributions ?? NaN, 9)
    expect(row[3]).toBeCloseTo(expected[i]?.nav ?? NaN, 9)
  })
  // An edited stress goes to the link.
  await field(page, 'stress-dists').fill('80%')
  await expect(page).toHaveURL(/stress_dists=0\.8/)
})

test('the plan’s denominator effect: the stress year’s private share rises above the base case’s', async ({
  page,
}) => {
  await openPlan(page, '&scenario=stress')
  const figure = page.locator('[data-figure="stress-share"]')
  await expect(figure).toContainText('Private share in the stress year')
  const stressed = Number((await figure.locator('dd').first().textContent())?.replace('%', ''))
  const note = (await figure.locator('dd').nth(1).textContent()) ?? ''
  const base = Number(/base case ([\d.]+)%/.exec(note)?.[1])
  expect(stressed).toBeGreaterThan(base)
  await expect(page.locator('[data-denominator]')).toContainText('Denominator effect')
  await expect(page.locator('#plan-stress-public')).toHaveValue('0.4')
})

test('calls at risk: P95 of the next 1, 2 and 3 years’ calls, the P10 trough, and at vol=0 the path itself', async ({
  page,
}) => {
  await openLab(page, `${YALE_LINK}&vol=0.2&paths=2000`)
  const risk = page.locator('[data-figure="calls-at-risk"]')
  await expect(risk).toContainText('Calls at risk (P95)')
  const values = ((await risk.locator('dd').first().textContent()) ?? '').split(' · ').map(Number)
  expect(values).toHaveLength(3)
  // Above the expected calls (25, 25, 25 of 100): a bad-for-liquidity year calls more.
  expect(values[0]).toBeGreaterThan(25)
  expect(values[2]).toBeGreaterThan(values[1] ?? 0)
  await expect(page.locator('[data-figure="trough-p10"]')).toContainText('-')
  await field(page, 'fund-vol').fill('0')
  await expect(risk.locator('dd').first()).toHaveText('25 · 50 · 75')
  await expect(page.getByRole('button', { name: 'Download bands CSV' })).toBeVisible()
  await expect(page.getByText('de-smoothed private equity')).toBeVisible()
})

test('a fund four years in: 10.1% and 1.17x to date, since-inception figures, 59 under water', async ({
  page,
}) => {
  await openLab(page, '?commitment=100&life=12&actuals=20,0,20;25,2,46;20,6,64;12,10,72')
  const toDate = page.locator('[data-figure="to-date"]')
  await expect(toDate).toContainText('To date: IRR, TVPI, DPI')
  await expect(toDate).toContainText('10.1%')
  await expect(toDate).toContainText('1.17x')
  await expect(toDate).toContainText('0.23x')
  await expect(page.locator('[data-figure="since-inception"]')).toContainText(
    'Since inception: IRR, TVPI, DPI',
  )
  await expect(page.locator('[data-figure="trough"]')).toContainText('-59')
  await expect(page.locator('[data-fit="rms"]')).toContainText('of the commitment')
  // The link keeps the history, and the table's cumulative net cash flow starts from -59.
  await expect(page).toHaveURL(/actuals=20,0,20;25,2,46;20,6,64;12,10,72/)
  const first = await tableNumbers(page)
  expect(first[0]?.[0]).toBe(5)
  expect((first[0]?.[5] ?? 0) - (first[0]?.[4] ?? 0)).toBeCloseTo(-59, 2)
})

test('the plan refuses an impossible target early and keeps committing above an exceeded one', async ({
  page,
}) => {
  await openPlan(page, '&target=1')
  const status = page.locator('[data-plan-status="refused"]')
  await expect(status).toContainText('cannot be held')
  await expect(status).toContainText('highest target this portfolio can hold is')
  await expect(page.locator('#plan-table')).toHaveCount(0)
  await expect(page.locator('main')).not.toContainText('held over')
  await page.locator('#plan-target').fill('2%')
  await expect(page.locator('[data-plan-status="exceeded"]')).toContainText('only the minimum')
  await expect(page.locator('#plan-table tbody tr')).toHaveCount(15)
  const commitments = await page
    .locator('#plan-table tbody tr')
    .evaluateAll((trs) => trs.map((tr) => tr.querySelectorAll('th, td')[1]?.textContent ?? ''))
  // No vintage year is left empty.
  for (const c of commitments) expect(Number(c.replaceAll(',', ''))).toBeGreaterThan(0)
  await expect(page.locator('#plan-table thead')).toContainText('Unfunded coverage')
  await expect(page.locator('#plan-table thead')).toContainText('Overcommitment')
})

test('quarterly rows: the table and CSV go quarter by quarter, labelled 2026Q1', async ({
  page,
}) => {
  await openLab(page, `${YALE_LINK}&freq=quarterly`)
  const year = new Date().getFullYear()
  await expect(table(page).locator('tbody tr')).toHaveCount(48)
  await expect(table(page).locator('tbody tr').first()).toContainText(`${year}Q1`)
  const { file, text } = await download(page, 'Download CSV')
  expect(file).toBe('pacing-lab-quarterly.csv')
  const [header, first, ...rest] = text.trimEnd().split('\n')
  expect(header).toBe(
    'quarter,contributions,distributions,nav,net_cash_flow,cumulative_net_cash_flow',
  )
  expect(first?.split(',')[0]).toBe(`${year}Q1`)
  expect(Number(first?.split(',')[1])).toBeCloseTo(100 * (1 - 0.75 ** 0.25), 9)
  expect(rest).toHaveLength(47)
  await page.getByText('Annual', { exact: true }).click()
  await expect(table(page).locator('tbody tr')).toHaveCount(12)
  await expect(page).not.toHaveURL(/freq=/)
})

test('a quarterly plan: the table and CSV by quarter from 2026Q1, the quarters add up to the years, the link keeps it', async ({
  page,
}) => {
  // The server renders the link's quarters, before any JavaScript.
  const served = await (await page.request.get('/pacing?mode=portfolio&freq=quarterly')).text()
  expect(served).toContain('2026Q1')
  await openPlan(page, '&freq=quarterly')
  const rows = page.locator('#plan-table tbody tr')
  await expect(rows).toHaveCount(60)
  await expect(rows.first()).toContainText('2026Q1')
  await expect(rows.last()).toContainText('2040Q4')
  await expect(page.getByRole('heading', { name: 'Plan quarter by quarter' })).toBeVisible()
  const quarterly = await download(page, 'Download CSV')
  expect(quarterly.file).toBe('pacing-plan-quarterly.csv')
  const [header, ...lines] = quarterly.text.trimEnd().split('\n')
  const columns = header?.split(',') ?? []
  expect(columns.slice(0, 4)).toEqual([
    'quarter',
    'new_commitment',
    'contributions',
    'distributions',
  ])
  expect(lines).toHaveLength(60)
  expect(lines.map((l) => l.split(',')[0]).slice(0, 5)).toEqual([
    '2026Q1',
    '2026Q2',
    '2026Q3',
    '2026Q4',
    '2027Q1',
  ])
  const cell = (line: string | undefined, name: string) =>
    Number(line?.split(',')[columns.indexOf(name)])

  // An edit keeps the quarters, and so does the address once typing pauses.
  await page.locator('#plan-target').fill('0.2')
  await expect(page).toHaveURL(/target=0\.2(&|$)/)
  await expect(page).toHaveURL(/freq=quarterly/)
  await page.reload()
  await expect(page.locator('#plan-target')).toHaveValue('0.2')
  await expect(rows).toHaveCount(60)
  await hydrated(page, '#plan-target')
  const edited = (await download(page, 'Download CSV')).text.trimEnd().split('\n').slice(1)

  // The annual plan of the same link: each year's four quarters call what the year calls.
  await page.getByText('Annual', { exact: true }).click()
  await expect(rows).toHaveCount(15)
  await expect(page).not.toHaveURL(/freq=/)
  const annual = await download(page, 'Download CSV')
  expect(annual.file).toBe('pacing-plan.csv')
  const [annualHeader, ...years] = annual.text.trimEnd().split('\n')
  const callsAt = annualHeader?.split(',').indexOf('contributions') ?? -1
  years.forEach((line, i) => {
    const four = edited.slice(4 * i, 4 * i + 4)
    const calls = four.reduce((sum, q) => sum + cell(q, 'contributions'), 0)
    expect(calls).toBeCloseTo(Number(line.split(',')[callsAt]), 0)
    expect(cell(four[0], 'new_commitment')).toBe(Number(line.split(',')[1]))
  })
})

test('a link asking for rows the lab does not have says so beside the rows’ switch', async ({
  page,
}) => {
  await openPlan(page, '&freq=monthly')
  await expect(page.getByRole('alert')).toContainText('marked below')
  const rowsSwitch = page.getByRole('group', { name: 'Rows of the table and CSV' })
  await expect(rowsSwitch).toHaveAccessibleDescription(/Frequency must be quarterly/)
  await expect(page.locator('#plan-table tbody tr')).toHaveCount(15)
  await page.getByText('Quarterly', { exact: true }).click()
  await expect(page.locator('#plan-table tbody tr')).toHaveCount(60)
  await expect(rowsSwitch).not.toHaveAccessibleDescription(/Frequency/)
})

test('typed as professionals write them: 25M, 1.2bn, 300,000,000, 20% and a vintage year', async ({
  page,
}) => {
  await openLab(page)
  const year = new Date().getFullYear()
  await field(page, 'fund-commitment').fill('1.2bn')
  await field(page, 'fund-age').fill(String(year - 3))
  await field(page, 'fund-nav').fill('300,000,000')
  await field(page, 'fund-paid').fill('25M')
  await field(page, 'fund-growth').fill('20%')
  await expect(page.locator('[role="alert"], [id$="-error"]')).toHaveCount(0)
  await expect(page).toHaveURL(/commitment=1200000000/)
  await expect(page).toHaveURL(/[?&]age=3(&|$)/)
  await expect(page).toHaveURL(/nav=300000000/)
  await expect(page).toHaveURL(/paid=25000000/)
  await expect(page).toHaveURL(/growth=0\.2(&|$)/)
  // The buyout preset at age 3 calls 50% of the unfunded, as the plan reads it.
  await expect(page).toHaveURL(/rc=0\.5(&|$)/)
  await expect(table(page).locator('tbody tr').first()).toContainText('587,500,000')
})

test('on a phone the key figures come before the inputs; the print names the bands’ volatility', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 })
  await openLab(page, `${YALE_LINK}&vol=0.2`)
  const figures = await page.locator('[data-figure="peak-nav"]').boundingBox()
  const inputs = await field(page, 'fund-commitment').boundingBox()
  expect(figures?.y ?? Infinity).toBeLessThan(inputs?.y ?? 0)
  await reachPart(page, '#fund-vol')
  await page.emulateMedia({ media: 'print' })
  await expect(page.locator('[data-bands-note]')).toBeVisible()
  await expect(page.locator('[data-bands-note]')).toContainText('Market volatility 20.0% a year')
})
