/** The app as the server builds it, with a test database and a site of placeholder pages. */
import { Writable } from 'node:stream'
import { CLIENT_ENTRIES, DOCUMENT_ROUTES } from '#src/common/site/routes.ts'
import { DEFAULT_SETTINGS } from '#src/common/site/settings.ts'
import { afterAnswer } from '#src/server/after-answer.ts'
import { createApp, type AppDeps } from '#src/server/app.ts'
import { loadConfig, type Config } from '#src/server/config.ts'
import type { Database } from '#src/server/db/client.ts'
import type { Site } from '#src/server/http/site.ts'
import type { StaticFile } from '#src/server/http/static-file.ts'
import { LicenseCountsCache } from '#src/server/licenses/license-service.ts'
import { createLogger, type Logger } from '#src/server/logger.ts'

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
    RATE_LIMIT_REQUESTS: '1000000/1m',
    // Test addresses are all @example.com: the domain limit applies where a test sets it.
    RATE_LIMIT_DOMAIN: '1000000/1h',
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
    onWebhookEvent?: () => void
    signInLimits?: AppDeps['signInLimits']
    /** Where work after an answer runs; by default it runs at once, and `settled` awaits it. */
    afterAnswer?: AppDeps['afterAnswer']
    pageViews?: AppDeps['pageViews']
    metrics?: AppDeps['metrics']
    onServerError?: AppDeps['onServerError']
  } = {},
) {
  const config = testConfig(options.env)
  const { logger, lines } = memoryLogger()
  const counts = new LicenseCountsCache(database.db)
  const later = options.afterAnswer ?? afterAnswer(logger)
  const app = createApp({
    afterAnswer: later,
    config,
    settings: DEFAULT_SETTINGS,
    logger,
    site: placeholderSite(),
    database,
    counts,
    onMailQueued: options.onMailQueued,
    onWebhookEvent: options.onWebhookEvent,
    signInLimits: options.signInLimits,
    pageViews: options.pageViews,
    metrics: options.metrics,
    onServerError: options.onServerError,
  })
  /** Resolves once the work requests left after their answers (a sign-in link) is done. */
  const settled = () => later.settled()
  return { app, config, logger, logLines: lines, counts, settled }
}

let seq = 0
/** A valid trial request with overrides (a factory with overrides). */
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

/** A valid purchase request ("Request an invoice") with overrides. */
export function purchaseRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  seq++
  return {
    first_name: 'Grace',
    last_name: 'Hopper',
    email: `grace.${seq}.${Math.random().toString(36).slice(2, 8)}@example.com`,
    company: 'Hopper Family Office',
    model: 'advanced',
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
