import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { DEFAULT_SETTINGS, placeholderSettings } from './src/common/site/settings.ts'

/**
 * The system tests: real server and CLI processes, faults and hostile input, the embedded
 * database's files. A tenth of the tests and most of the time (issue 46): each file runs for
 * tens of seconds, much of it waiting on its child processes.
 */
const SYSTEM = [
  'src/server/reliability/**/*.test.ts',
  'src/server/security/**/*.test.ts',
  'src/server/server.test.ts',
  'src/cli/cli.test.ts',
  'src/server/db/embedded-lock.test.ts',
  'src/server/db/migrate.test.ts',
  'src/server/mail/outbox-worker.test.ts',
  'bench/ceiling.test.ts',
  'tests/release/**/*.test.ts',
]

/**
 * System files first, then the rest as Vitest orders them (slowest known first, else largest):
 * the long files start while the short ones fill the other worker around them, instead of one
 * long file starting last and running alone.
 */
class SystemFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const system = sorted.filter((f) => f.project.name === 'system')
    return [...system, ...sorted.filter((f) => f.project.name !== 'system')]
  }
}

// Unit and integration tests sit next to the code (*.test.ts), the test support's own tests in
// tests/support/, the tests of releases against the previous one in tests/release/; browser
// tests (tests/e2e/*.spec.ts) are Playwright's.
export default defineConfig({
  test: {
    environment: 'node',
    // Migrates once per run what each file's test database copies (tests/support). Each project
    // inherits it; the setup does its work once for all of them.
    globalSetup: ['tests/support/test-database-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores here: keep integration tests from starving each other. Both projects share
    // the two workers and run side by side.
    maxWorkers: 2,
    sequence: { sequencer: SystemFirst },
    // CI keeps a JSON report too, from which it prints the ten slowest files
    // (scripts/slowest-tests.ts).
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-reports/vitest.json' },
    projects: [
      { extends: true, test: { name: 'system', include: SYSTEM } },
      {
        extends: true,
        test: {
          name: 'unit',
          // One module graph per worker instead of one per file: a fresh graph per file cost
          // each of these 96 files its imports again (300 s alone before, 158 s after, on Node 24
          // here; docs/decisions/0033). The setup file restores what a file may change globally.
          isolate: false,
          setupFiles: ['tests/support/unit-file-setup.ts'],
          include: [
            'src/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
            'tests/support/**/*.test.ts',
          ],
          exclude: SYSTEM,
        },
      },
    ],
  },
  // Pages see the default public settings, whatever SITE_* the shell has set.
  define: {
    __SITE_SETTINGS__: JSON.stringify(DEFAULT_SETTINGS),
    __DEMO_SETTINGS__: JSON.stringify(placeholderSettings(DEFAULT_SETTINGS).length > 0),
  },
})
