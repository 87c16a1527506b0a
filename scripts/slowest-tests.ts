/**
 * Prints the ten slowest test files of a run from the runners' JSON reports, so a regression in
 * the suite's time shows in CI's output (issue 46). It reports; it never fails on time.
 *
 *   node --import tsx scripts/slowest-tests.ts vitest reports/vitest.json
 *   node --import tsx scripts/slowest-tests.ts playwright reports/playwright.json
 */
import { existsSync, readFileSync } from 'node:fs'
import { relative } from 'node:path'

interface FileTime {
  file: string
  seconds: number
  tests: number
}

/** Vitest's json reporter: one entry per file, with its start and end. */
function vitestFiles(report: {
  testResults: { name: string; startTime: number; endTime: number; assertionResults: unknown[] }[]
}): FileTime[] {
  return report.testResults.map((r) => ({
    file: relative(process.cwd(), r.name),
    seconds: (r.endTime - r.startTime) / 1000,
    tests: r.assertionResults.length,
  }))
}

interface PlaywrightSuite {
  file: string
  specs?: { tests: { results: { duration: number }[] }[] }[]
  suites?: PlaywrightSuite[]
}

/** Playwright's json reporter: a file's tests may run in both workers, so this is their sum. */
function playwrightFiles(report: { suites: PlaywrightSuite[] }): FileTime[] {
  const byFile = new Map<string, FileTime>()
  const walk = (suite: PlaywrightSuite) => {
    const entry = byFile.get(suite.file) ?? { file: suite.file, seconds: 0, tests: 0 }
    byFile.set(suite.file, entry)
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) {
        entry.tests++
        for (const result of test.results) entry.seconds += result.duration / 1000
      }
    for (const child of suite.suites ?? []) walk({ ...child, file: child.file ?? suite.file })
  }
  for (const suite of report.suites) walk(suite)
  return [...byFile.values()]
}

const [runner, path] = process.argv.slice(2)
if ((runner !== 'vitest' && runner !== 'playwright') || !path) {
  console.error('usage: slowest-tests.ts vitest|playwright REPORT.json')
  process.exit(2)
}
if (!existsSync(path)) {
  console.log(`${runner}: no report at ${path}`)
  process.exit(0)
}
const report = JSON.parse(readFileSync(path, 'utf8'))
const files = runner === 'vitest' ? vitestFiles(report) : playwrightFiles(report)
const total = files.reduce((sum, f) => sum + f.seconds, 0)
console.log(
  `${runner}: the ten slowest of ${files.length} test files (${total.toFixed(0)} s in all` +
    `${runner === 'playwright' ? ', summed over tests' : ''})`,
)
for (const f of files.sort((a, b) => b.seconds - a.seconds).slice(0, 10))
  console.log(
    `${f.seconds.toFixed(1).padStart(8)} s  ${String(f.tests).padStart(4)} tests  ${f.file}`,
  )
