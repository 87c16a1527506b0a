/**
 * Browser tests in Debian's Chromium (never a downloaded browser). The web server is the real
 * production build and server on its own port, data folder and mail folder.
 */
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from './tests/e2e/browser.ts'
import { E2E } from './tests/e2e/env.ts'

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '*.spec.ts',
  fullyParallel: true,
  // Three on two cores: a browser test mostly waits on its page and the server, and with two
  // workers a run used well under half of the two cores' time.
  workers: 3,
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
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
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
