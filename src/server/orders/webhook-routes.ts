/**
 * POST /api/webhooks/stripe, /lemonsqueezy, /paddle (docs/architecture.md "Contracts: API"):
 * 404 until the provider's secret is set; 400 INVALID_SIGNATURE for a missing, wrong or stale
 * signature (nothing stored); 200 `{ "received": true }` once the event is stored, or kept as
 * its bytes when the database cannot read it. The body is read as bytes and verified before
 * anything parses it (orders/webhook-intake.ts).
 */
import { Hono } from 'hono'
import { ERROR_CODES } from '#src/common/api-types.ts'
import { api } from '#src/common/paths.ts'
import { webhookIntake, type WebhookIntakeDeps, type WebhookProvider } from './webhook-intake.ts'
import { SIGNATURE_HEADERS } from './webhook-signatures.ts'
import { apiError } from '../http/errors.ts'
import type { Metrics } from '../metrics/metrics.ts'
import { readRawBody } from '../http/read-json.ts'

interface WebhookRouteDeps extends WebhookIntakeDeps {
  secrets: Record<WebhookProvider, string | null>
  /** The orders worker's kick, once an event is stored. */
  onEventStored?: () => void
  /** Counts each delivery's outcome (pacepoint_webhook_events_total). */
  metrics?: Metrics
}

/** Providers' events are small; a checkout with many items stays well under this. */
const WEBHOOK_BODY_LIMIT = 512 * 1024

const PROVIDERS: WebhookProvider[] = ['stripe', 'lemonsqueezy', 'paddle']

/** The routes the per-client request limit leaves alone (http/request-limit.ts). */
export const WEBHOOK_PATHS: ReadonlySet<string> = new Set(
  PROVIDERS.map((provider) => api.webhook(provider)),
)

export function webhookRoutes(deps: WebhookRouteDeps): Hono {
  const app = new Hono()
  const intake = webhookIntake(deps)
  for (const provider of PROVIDERS) {
    app.post(api.webhook(provider), async (c) => {
      const secret = deps.secrets[provider]
      if (!secret) return apiError(c, 404, { errorCode: ERROR_CODES.notFound, error: 'Not found' })
      const count = (outcome: string) => deps.metrics?.countWebhookEvent(provider, outcome)
      const body = await readRawBody(c, WEBHOOK_BODY_LIMIT)
      let result: Awaited<ReturnType<typeof intake.receive>>
      try {
        result = await intake.receive(
          provider,
          secret,
          c.req.header(SIGNATURE_HEADERS[provider]),
          body,
        )
      } catch (error) {
        // Not stored: the provider is answered 5xx and delivers again.
        count('error')
        throw error
      }
      count(
        result.kind === 'invalid-signature'
          ? 'invalid_signature'
          : result.kind === 'malformed'
            ? 'malformed'
            : result.kind === 'unreadable'
              ? 'unreadable'
              : result.fresh
                ? 'stored'
                : 'duplicate',
      )
      if (result.kind === 'invalid-signature')
        return apiError(c, 400, {
          errorCode: ERROR_CODES.invalidSignature,
          error: 'The webhook signature is missing, wrong or stale',
        })
      if (result.kind === 'malformed')
        return apiError(c, 400, {
          errorCode: ERROR_CODES.validation,
          error: 'The request is not valid',
          details: [result.detail],
        })
      if (result.kind === 'stored' && result.fresh) deps.onEventStored?.()
      return c.json({ received: true }, 200)
    })
  }
  return app
}
