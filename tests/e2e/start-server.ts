/**
 * The server the browser tests drive: a fresh build, a fresh data folder, mail to files.
 * Playwright starts it (playwright.config.ts) and stops it when the run ends.
 */
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { E2E } from './env.ts'

const env = { ...process.env, DIST_DIR: E2E.distDir, BUILD_QUIET: '1' }
if (process.env.E2E_SKIP_BUILD !== '1') {
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    stdio: 'inherit',
    env,
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
rmSync(E2E.dataDir, { recursive: true, force: true })
Object.assign(process.env, {
  DIST_DIR: E2E.distDir,
  DATA_DIR: E2E.dataDir,
  PORT: String(E2E.port),
  HOST: '127.0.0.1',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // The console spec also runs a server on Postgres (tests/e2e/console.spec.ts).
  DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
  SMTP_URL: '',
  // Tests submit many trials from one address; the limits themselves have their own tests.
  RATE_LIMIT_EMAIL: process.env.RATE_LIMIT_EMAIL ?? '1000/1h',
  RATE_LIMIT_IP: process.env.RATE_LIMIT_IP ?? '10000/1h',
  RATE_LIMIT_REQUESTS: process.env.RATE_LIMIT_REQUESTS ?? '100000/1m',
  // and all at example.com, whose bursts would otherwise be asked to confirm by e-mail.
  RATE_LIMIT_DOMAIN: process.env.RATE_LIMIT_DOMAIN ?? '10000/1h',
})
await import('../../src/server/index.ts')
