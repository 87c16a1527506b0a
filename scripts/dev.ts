/**
 * `npm run dev`: Vite's dev server with hot reload on PORT (default 3000), proxying /api to the
 * API server, which runs under tsx --watch on DEV_API_PORT (default 3001). Pages render in the
 * browser here; `npm start` serves the pre-rendered build.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { loadDotEnv } from './load-env.ts'

loadDotEnv()
const apiPort = process.env.DEV_API_PORT ?? '3001'
const env = { ...process.env, DEV_API_PORT: apiPort, NODE_ENV: 'development', LOG_PRETTY: '1' }

// The API server also serves the pre-rendered pages, so it needs a build to start from.
if (!existsSync(join(resolve(process.env.DIST_DIR ?? 'dist'), 'build.json'))) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    stdio: 'inherit',
    env: { ...env, BUILD_QUIET: '1' },
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/index.ts'], {
    stdio: 'inherit',
    env: { ...env, PORT: apiPort },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--port', process.env.PORT ?? '3000'], {
    stdio: 'inherit',
    env,
  }),
]
const stop = () => children.forEach((child) => child.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', stop)
