/**
 * Screenshots of a page at phone and desktop widths, for looking at what we build:
 *   npx tsx scripts/screenshot.ts http://127.0.0.1:3000/ out-prefix [--full]
 * Uses Debian's Chromium (CHROME_PATH or /usr/bin/chromium) with the flags of DEVELOPERS.md.
 */
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from '../tests/e2e/browser.ts'

const [url = 'http://127.0.0.1:3000/', prefix = '/tmp/shot', ...flags] = process.argv.slice(2)
const fullPage = flags.includes('--full')

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
for (const width of [390, 1440]) {
  const page = await browser.newPage({ viewport: { width, height: width < 800 ? 844 : 900 } })
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.screenshot({ path: `${prefix}-${width}.png`, fullPage })
  console.log(`${prefix}-${width}.png`)
  await page.close()
}
await browser.close()
