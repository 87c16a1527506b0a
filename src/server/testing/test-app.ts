/** The app as the server builds it, with a test database and a site of placeholder pages. */
import { Writable } from 'node:stream'
import { CLIENT_ENTRIES, DOCUMENT_ROUTES } from '#src/common/site/routes.ts'
import { DEFAULT_SETTINGS } from '#src/common/site/settings.ts'
import { createApp, type AppDeps } from '../app.ts'
import { loadConfig, type Config } from '../config.ts'
import type { Database } from '../db/client.ts'
import type { Site, StaticFile } from '../http/site.ts'
import { LicenseCountsCache } from '../licenses/license-service.ts'
import { createLogger, type Logger } from '../logger.ts'

function page(text: string): StaticFile {
  return {
    type: 'text/html; charset=utf-8',
    body: Buffer.from(text),
    etag: '"t"',
    cacheControl: 'no-cache',
  }
}

function placeholderSite(): Site {
  const documents = new Map<string, StaticFile>()
  for (const { name } of DOCUMENT_ROUTES) {
    documents.set(name, page(`<!doctype html><title>${name}</title>`))
  }
  const clientDocuments = new Map<string, StaticFile>()
  for (const { name } of CLIENT_ENTRIES)
    clientDocuments.set(name, page(`<!doctype html><title>${name}</title>`))
  return { documents, clientDocuments, files: new Map() }
}

/** A logger that keeps its lines, so tests can read what was logged. */
export function memoryLogger(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n'))
        if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>)
      callback()
    },
  })
  // The server's own logger (its redaction and error serializer), writing here.
  return { logger: createLogger({ logLevel: 'debug', logPretty: false }, stream), lines }
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: '/tmp/h1-test-unused',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://trial.example.test',
    // Tests send everything from one address and claim whole pools: the subnet limit and the
    // breaker apply where a test sets them.
    RATE_LIMIT_SUBNET: '1000000/1h',
    CLAIM_BREAKER: 'off',
    IP_HASH_SECRET: 'test-ip-hash-secret-0123456789',
    ...env,
  })
}

export function createTestApp(
  database: Database,
  options: {
    env?: Record<string, string>
    onMailQueued?: () => void
    signInLimits?: AppDeps['signInLimits']
    pageViews?: AppDeps['pageViews']
  } = {},
) {
  const config = testConfig(options.env)
  const { logger, lines } = memoryLogger()
  const counts = new LicenseCountsCache(database.db)
  const app = createApp({
    config,
    settings: DEFAULT_SETTINGS,
    logger,
    site: placeholderSite(),
    database,
    counts,
    onMailQueued: options.onMailQueued,
    signInLimits: options.signInLimits,
    pageViews: options.pageViews,
  })
  return { app, config, logger, logLines: lines, counts }
}

let seq = 0
/** A valid trial request with overrides (STYLE.md: factories with overrides). */
export function trialRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  seq++
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: `ada.${seq}.${Math.random().toString(36).slice(2, 8)}@example.com`,
    model: 'advanced',
    source: 'landing-trial-form',
    ...overrides,
  }
}

export function postJson(
  app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> },
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}
