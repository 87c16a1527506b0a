/**
 * `npm run build` refuses a DIST_DIR it could not finish in: one outside the project, where no
 * node_modules holds what the pre-render imports. It says so before building anything.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, expect, it } from 'vitest'
import { testEnvironment } from '#tests/support/test-env.ts'

const run = promisify(execFile)
let outside: string | undefined
afterAll(async () => {
  if (outside) await rm(outside, { recursive: true, force: true })
})

it('refuses a DIST_DIR outside the project, naming it, with nothing written', async () => {
  outside = await mkdtemp(join(tmpdir(), 'build-outside-'))
  const dist = join(outside, 'dist')
  const failed = await run(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    env: { ...testEnvironment().inherited, DIST_DIR: dist, BUILD_QUIET: '1' },
  }).then(
    () => null,
    (error: unknown) => error as { code: number; stderr: string },
  )
  expect(failed?.code).toBe(1)
  expect(failed?.stderr).toContain(`DIST_DIR is ${dist}, but no node_modules above it`)
  expect(await readdir(outside)).toEqual([])
}, 60_000)
