import { defineConfig } from 'vitest/config'

// Unit and integration tests sit next to the code (*.test.ts); browser tests are Playwright's.
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores here: keep integration tests from starving each other.
    maxWorkers: 2,
  },
  define: { __SITE_SETTINGS__: 'undefined' },
})
