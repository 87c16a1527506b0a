/** The system Chromium and the flags it must start with here (DEVELOPERS.md). */
import { existsSync } from 'node:fs'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Headless Chromium 156 opens the address bar's drop-down, a page of its own
  // (chrome://omnibox-popup.top-chrome), in every new window: each browser context of a test
  // paid ~1.2 s of CPU for it, more than the test's own page (docs/decisions/0034).
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
]

/** Debian's Chromium (or CHROME_PATH): the screenshots and the benches, which measure a browser. */
export function chromiumPath(): string {
  const path = process.env.CHROME_PATH ?? '/usr/bin/chromium'
  if (!existsSync(path)) {
    throw new Error(
      `Chromium not found at ${path}. Install it (apt-get install chromium-headless-shell for the tests, chromium for the rest) or set CHROME_PATH.`,
    )
  }
  return path
}

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'

/**
 * The browser the tests drive: Debian's headless shell of the same Chromium when it is installed
 * and CHROME_PATH names no other (no browser window around the page: a tenth less CPU for the
 * whole run, docs/decisions/0035), else chromiumPath().
 */
export function testBrowserPath(): string {
  return !process.env.CHROME_PATH && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumPath()
}
