/**
 * `npm start`: builds the site when there is no build, then starts the server in this process.
 * An existing build is used as it is: run `npm run build` after changing code or SITE_* settings.
 *
 * A supervisor stops what it started by signalling that one process (DESIGN.md §21). npm runs
 * the script through `sh -c`, and a shell killed by SIGTERM does not pass it on: the server
 * lived on, orphaned, holding the port and the embedded database. So package.json `exec`s node
 * (the shell becomes this process, and npm forwards the signal here), and a build started from
 * here is given the signal too.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { loadDotEnv } from './load-env.ts'

loadDotEnv()
// The server renders e-mails with React: its development build checks every element and costs
// several times the CPU per message. As in the Dockerfile, a started site is production unless
// told otherwise (`npm run dev` sets development).
process.env.NODE_ENV ??= 'production'

/** Runs the build in a child process that gets this process's SIGTERM and SIGINT. */
function build(): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], {
    stdio: 'inherit',
    env: { ...process.env, BUILD_QUIET: '1' },
  })
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal)
  const onTerm = forward('SIGTERM')
  const onInt = forward('SIGINT')
  process.on('SIGTERM', onTerm)
  process.on('SIGINT', onInt)
  return new Promise((done) =>
    child.once('exit', (code, signal) => {
      process.off('SIGTERM', onTerm)
      process.off('SIGINT', onInt)
      done(signal ? 1 : (code ?? 1))
    }),
  )
}

const distDir = resolve(process.env.DIST_DIR ?? 'dist')
if (!existsSync(join(distDir, 'build.json'))) {
  console.log(`No build in ${distDir}; building first (npm run build).`)
  const status = await build()
  if (status !== 0) process.exit(status)
}
await import('../src/server/index.ts')
