/**
 * The server the browser tests drive: a fresh build, a fresh data folder, mail to files.
 * Playwright starts it (playwright.config.ts) and stops it when the run ends; a spec's own
 * server (own-server.ts) runs this too, without the build.
 *
 * The embedded database starts as a copy of one migrated here once per run, before the shared
 * server: a fresh PGlite spends seconds in its initdb, which each server would otherwise pay
 * again. A first start on empty files has its own test (src/server/server.test.ts).
 */
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, rmSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { embeddedDataDir, type Db } from '../../src/server/db/client.ts'
import { migrate } from '../../src/server/db/migrate.ts'
import { E2E } from './env.ts'

const env = { ...process.env, DIST_DIR: E2E.distDir, BUILD_QUIET: '1' }
const shared = process.env.E2E_SKIP_BUILD !== '1'
if (shared) {
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    stdio: 'inherit',
    env,
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
  rmSync(E2E.templateDir, { recursive: true, force: true })
  const client = new PGlite(E2E.templateDir)
  try {
    await migrate(drizzle({ client }) as unknown as Db)
  } finally {
    await client.close()
  }
}
rmSync(E2E.dataDir, { recursive: true, force: true })
const databaseUrl = process.env.E2E_DATABASE_URL ?? ''
if (!databaseUrl && existsSync(E2E.templateDir))
  cpSync(E2E.templateDir, embeddedDataDir(E2E.dataDir), { recursive: true })
Object.assign(process.env, {
  DIST_DIR: E2E.distDir,
  DATA_DIR: E2E.dataDir,
  PORT: String(E2E.port),
  HOST: '127.0.0.1',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // The console spec also runs a server on Postgres (tests/e2e/console.spec.ts).
  DATABASE_URL: databaseUrl,
  SMTP_URL: '',
  // Tests submit many trials from one address; the limits themselves have their own tests.
  RATE_LIMIT_EMAIL: process.env.RATE_LIMIT_EMAIL ?? '1000/1h',
  RATE_LIMIT_IP: process.env.RATE_LIMIT_IP ?? '10000/1h',
  RATE_LIMIT_REQUESTS: process.env.RATE_LIMIT_REQUESTS ?? '100000/1m',
  // and all at example.com, whose bursts would otherwise be asked to confirm by e-mail.
  RATE_LIMIT_DOMAIN: process.env.RATE_LIMIT_DOMAIN ?? '10000/1h',
})
await import('../../src/server/index.ts')
