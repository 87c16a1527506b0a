/**
 * The test fixture every landing-page spec uses: third-party requests are refused (the network
 * is closed here, and the site must cope), and a test fails on a console error it did not
 * expect. Call expectConsoleError(pattern) for an error a test provokes on purpose.
 */
import { test as base, expect } from '@playwright/test'
import { E2E } from './env.ts'

interface Fixtures {
  consoleErrors: string[]
  expectConsoleError: (pattern: RegExp) => void
}

export const test = base.extend<Fixtures>({
  consoleErrors: [[], { option: false }],
  expectConsoleError: [
    async ({ page }, use) => {
      const expected: RegExp[] = []
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error')
          errors.push(`${message.text()} ${message.location().url}`.trim())
      })
      page.on('pageerror', (error) => errors.push(error.message))
      await page.route(
        (url) => url.origin !== E2E.baseUrl,
        (route) => route.abort('blockedbyclient'),
      )
      await use((pattern) => expected.push(pattern))
      const unexpected = errors.filter(
        (text) =>
          !expected.some((pattern) => pattern.test(text)) && !/ERR_BLOCKED_BY_CLIENT/.test(text),
      )
      expect(unexpected, 'unexpected console errors').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
