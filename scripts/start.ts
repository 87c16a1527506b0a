/**
 * `npm start`: builds the site when there is no build, then starts the server in this process.
 * An existing build is used as it is: run `npm run build` after changing code or SITE_* settings.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { loadDotEnv } from './load-env.ts'

loadDotEnv()
// The server renders e-mails with React: its development build checks every element and costs
// several times the CPU per message. As in the Dockerfile, a started site is production unless
// told otherwise (`npm run dev` sets development).
process.env.NODE_ENV ??= 'production'

const distDir = resolve(process.env.DIST_DIR ?? 'dist')
if (!existsSync(join(distDir, 'build.json'))) {
  console.log(`No build in ${distDir}; building first (npm run build).`)
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    stdio: 'inherit',
    env: { ...process.env, BUILD_QUIET: '1' },
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
await import('../src/server/index.ts')
