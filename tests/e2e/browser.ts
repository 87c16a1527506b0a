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

export function chromiumPath(): string {
  const path = process.env.CHROME_PATH ?? '/usr/bin/chromium'
  if (!existsSync(path)) {
    throw new Error(
      `Chromium not found at ${path}. Install it (apt-get install chromium) or set CHROME_PATH.`,
    )
  }
  return path
}
