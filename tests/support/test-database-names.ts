/** Names the per-run database setup and the per-file test databases agree on. */

/** The schema the migrated tables live in, in every Postgres test database. */
export const TEST_SCHEMA = 'pp_test'

/** A Postgres identifier, quoted (database names here are generated, but never trusted). */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

/** The same server and credentials, another database. */
export function databaseUrlFor(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${encodeURIComponent(database)}`
  return parsed.toString()
}
