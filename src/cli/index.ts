/**
 * `npm run admin -- <command>`: the operator's command line (docs/architecture.md,
 * "Contracts: CLI"). See run-cli.ts.
 */
import { ConfigError, loadConfig } from '#src/server/config.ts'
import { runCli } from './run-cli.ts'

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
