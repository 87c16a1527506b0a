/**
 * A server of a spec's own (the production build, on its own port and data folder), for specs
 * that need settings the shared one does not have: started, awaited until /healthz answers, and
 * stopped with SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { expect } from '@playwright/test'
import { E2E } from './env.ts'

export async function startOwnServer(
  port: number,
  dataDir: string,
  env: Record<string, string>,
): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/start-server.ts'], {
    env: {
      ...process.env,
      E2E_PORT: String(port),
      E2E_DATA_DIR: dataDir,
      E2E_SKIP_BUILD: '1',
      // The shared server's migrated database, which this one starts on a copy of.
      E2E_TEMPLATE_DIR: E2E.templateDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  server.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk))
  await expect
    .poll(
      () =>
        fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 180_000 },
    )
    .toBe(200)
  return server
}

export async function stopOwnServer(server: ChildProcess | null): Promise<void> {
  if (!server || server.exitCode !== null) return
  const exited = new Promise((resolve) => server.once('exit', resolve))
  server.kill('SIGTERM')
  await exited
}
