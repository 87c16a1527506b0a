/**
 * Browser tests in Debian's Chromium, its headless shell when installed (never a downloaded
 * browser). The web server is the real production build and server on its own port, data folder
 * and mail folder.
 */
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, testBrowserPath } from './tests/e2e/browser.ts'
import { E2E } from './tests/e2e/env.ts'

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '*.spec.ts',
  fullyParallel: true,
  // Two: on this machine's two cores a third worker made the run slower, not faster (one spec,
  // 40 tests: 108 s on one worker, 112 s on two, 146 s on three; docs/decisions/0033).
  workers: 2,
  // A flaky test is a bug in the test or the product: find it rather than retry it.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // CI keeps a JSON report too, from which it prints the ten slowest files (scripts/slowest-tests.ts).
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: 'test-reports/playwright.json' }]]
    : [['list']],
  use: {
    baseURL: E2E.baseUrl,
    launchOptions: { executablePath: testBrowserPath(), args: CHROMIUM_ARGS },
    // A trace keeps DOM snapshots of a failed test; its screencast cost a third of the run's
    // time and CI keeps no trace, so CI records none (docs/decisions/0033). Record one when
    // chasing a failure: `npx playwright test --trace on`.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
  },
  webServer: {
    command: 'node --import tsx tests/e2e/start-server.ts',
    url: `${E2E.baseUrl}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
