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
