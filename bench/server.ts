/** Builds the site into its own folder and starts the production server for a benchmark. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export const BENCH_DIST = resolve(process.env.BENCH_DIST_DIR ?? 'dist-bench')

export function buildForBench(): void {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DIST_DIR: BENCH_DIST, BUILD_QUIET: '1' },
  })
  if (result.status !== 0) throw new Error('build failed')
}

interface BenchServer {
  baseUrl: string
  child: ChildProcess
  dataDir: string
  stop: () => Promise<void>
}

/**
 * options.nodeArgs: flags for the server's node, e.g. --cpu-prof to find where a run's time goes.
 * options.dataDir: a data folder prepared beforehand (the API bench fills the embedded
 * database's key pool before the server holds it); it is removed on stop like a fresh one.
 */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
  options: { dataDir?: string; nodeArgs?: string[] } = {},
): Promise<BenchServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'pacepoint-bench-'))
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', 'src/server/index.ts'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        DIST_DIR: BENCH_DIST,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        // As `npm start` and the Dockerfile run it.
        NODE_ENV: 'production',
        DATABASE_URL: '',
        SMTP_URL: '',
        ...env,
      },
    },
  )
  const baseUrl = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('server did not start within 60 s')
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    baseUrl,
    child,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await exited
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
