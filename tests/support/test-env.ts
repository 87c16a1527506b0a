/**
 * The tests' own configuration: the only test module that reads process.env, as
 * src/server/config.ts is the server's. The server's config knows nothing of tests.
 */

/**
 * A Postgres server the integration suites also run against (TEST_DATABASE_URL, else
 * DATABASE_URL), or null to run them against the embedded database alone.
 */
export function testDatabaseUrl(
  env: Record<string, string | undefined> = process.env,
): string | null {
  const url = env.TEST_DATABASE_URL || env.DATABASE_URL || ''
  return /^postgres(ql)?:\/\//.test(url) ? url : null
}

/**
 * The tests' switches (SOAK runs the long fault loops, FUZZ_SEED replays a hostile-input run)
 * and the environment a test's child process inherits.
 */
export function testEnvironment(env: Record<string, string | undefined> = process.env) {
  const inherited = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  )
  return {
    soak: Boolean(env.SOAK),
    fuzzSeed: env.FUZZ_SEED ? Number(env.FUZZ_SEED) : null,
    inherited,
  }
}
