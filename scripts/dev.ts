/**
 * `npm run dev`: the API server (tsx watch) on DEV_API_PORT and Vite's dev server with hot
 * reload on PORT, which proxies /api to it. Pages render in the browser here; `npm start`
 * serves the pre-rendered build.
 */
import { spawn } from 'node:child_process'

const apiPort = process.env.DEV_API_PORT ?? '3001'
const env = { ...process.env, DEV_API_PORT: apiPort, NODE_ENV: 'development', LOG_PRETTY: '1' }
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/index.ts'], {
    stdio: 'inherit',
    env: { ...env, PORT: apiPort, SERVE_WITHOUT_BUILD: '1' },
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
