/**
 * `npm run admin -- <command>`: the operator's command line (docs/architecture.md, "Contracts: CLI").
 * See run-cli.ts.
 */
import { ConfigError, loadConfig } from '#src/server/config.ts'
import { runCli } from './run-cli.ts'

// A reader that stops early (`npm run admin -- funnel | head`) closes the pipe: the rest of the
// output has nowhere to go, which is no failure. The command's work is done by the time it
// prints, so leave quietly, as `head` asked.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
    throw error
  })

try {
  const config = loadConfig()
  const code = await runCli(process.argv.slice(2), {
    config,
    io: {
      stdout: (text) => process.stdout.write(text),
      stderr: (text) => process.stderr.write(text),
    },
  })
  process.exitCode = code
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exitCode = 1
}
