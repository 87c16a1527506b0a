import { defineConfig } from 'vitest/config'
import { DEFAULT_SETTINGS, placeholderSettings } from './src/common/site/settings.ts'

// Unit and integration tests sit next to the code (*.test.ts), the test support's own tests in
// tests/support/, the tests of releases against the previous one in tests/release/; browser
// tests (tests/e2e/*.spec.ts) are Playwright's.
export default defineConfig({
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
      'bench/**/*.test.ts',
      'tests/support/**/*.test.ts',
      'tests/release/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores here: keep integration tests from starving each other.
    maxWorkers: 2,
  },
  // Pages see the default public settings, whatever SITE_* the shell has set.
  define: {
    __SITE_SETTINGS__: JSON.stringify(DEFAULT_SETTINGS),
    __DEMO_SETTINGS__: JSON.stringify(placeholderSettings(DEFAULT_SETTINGS).length > 0),
  },
})
