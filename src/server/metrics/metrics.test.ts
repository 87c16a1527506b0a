/**
 * /metrics as a Prometheus server and an operator see it: guarded by METRICS_TOKEN (404 without
 * one configured, 401 for a wrong or missing token), every §21 name moving with real requests,
 * labels that carry route patterns and never an id, a token or an address; and the access log's
 * one line per request.
 */
import { beforeEach, expect, it } from 'vitest'
import { api } from '#src/common/paths.ts'
import { DEFAULT_SETTINGS } from '#src/common/site/settings.ts'
import { insertLicenses } from '../licenses/license-repository.ts'
import { orderDependencies } from '../orders/order-deps.ts'
import { startOrderWorker } from '../orders/order-worker.ts'
import { signWebhook } from '../orders/webhook-signatures.ts'
import { createTestApp, postJson, trialRequest } from '#tests/support/test-app.ts'
import { describeEachDatabase } from '#tests/support/test-database.ts'
import { createMetrics } from './metrics.ts'
import { readDatabaseFigures } from '../database-figures.ts'

const TOKEN = 'metrics-token-0123456789abcdef'
const STRIPE_SECRET = 'whsec_metrics_test'

describeEachDatabase('/metrics on %s', { emptyBeforeEach: true }, (database) => {
  let metrics: ReturnType<typeof createMetrics>
  beforeEach(() => {
    // No cache: each scrape reads the database, so a test sees a change at once.
    metrics = createMetrics(() => readDatabaseFigures(database().db), { cacheMs: 0 })
  })

  const start = (env: Record<string, string> = {}) =>
    createTestApp(database(), {
      metrics,
      env: {
        METRICS_TOKEN: TOKEN,
        STRIPE_WEBHOOK_SECRET: STRIPE_SECRET,
        PAID_PRODUCTS: 'stripe:plink_adv=advanced',
        RATE_LIMIT_EMAIL: '100/1h',
        ...env,
      },
    })

  const scrape = async (app: ReturnType<typeof start>['app']) => {
    const res = await app.request('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    return res.text()
  }

  /** The value of one sample, or 0 when it is not there yet. */
  const sample = (text: string, name: string, labels: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}} `))
    return line ? Number(line.split(' ').pop()) : 0
  }

  it('is 404 without METRICS_TOKEN, 401 with a wrong or missing token', async () => {
    const off = createTestApp(database()).app
    expect((await off.request('/metrics')).status).toBe(404)
    expect(
      (await off.request('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } })).status,
    ).toBe(404)

    const { app } = start()
    const missing = await app.request('/metrics')
    expect(missing.status).toBe(401)
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer/)
    for (const header of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, `Basic ${TOKEN}`])
      expect((await app.request('/metrics', { headers: { Authorization: header } })).status).toBe(
        401,
      )
    const text = await scrape(app)
    // The process's own figures are there too.
    expect(text).toContain('process_cpu_user_seconds_total')
    expect(text).toContain('nodejs_eventloop_lag_seconds')
  })

  it('counts requests by route pattern, and trial outcomes, keys and mail with what they count', async () => {
    const { app, logLines } = start()
    await insertLicenses(database().db, 'advanced', ['M-1', 'M-2'], 'metrics')
    let text = await scrape(app)
    expect(sample(text, 'pacepoint_license_keys_available', 'model="advanced",pool="trial"')).toBe(
      2,
    )
    expect(sample(text, 'pacepoint_outbox_messages', 'state="pending"')).toBe(0)

    const ann = trialRequest({ model: 'advanced' })
    const first = await postJson(app, api.trialSubmissions, ann)
    expect(first.status).toBe(201)
    const { submission_id: id, waitlist_token: token } = (await first.json()) as Record<
      string,
      string
    >
    expect((await postJson(app, api.trialSubmissions, ann)).status).toBe(201)
    await postJson(app, api.trialSubmissions, trialRequest({ model: 'advanced' }))
    // The pool is empty now: the next one is offered the waitlist.
    await postJson(app, api.trialSubmissions, trialRequest({ model: 'advanced' }))
    // Sent faster than a person fills the form: confirmed by e-mail first.
    await postJson(
      app,
      api.trialSubmissions,
      trialRequest({ model: 'basic', form_elapsed_ms: 200 }),
    )
    // A disposable address is refused.
    const refused = await postJson(
      app,
      api.trialSubmissions,
      trialRequest({ model: 'basic', email: 'x@mailinator.com' }),
    )
    expect(refused.status).toBe(400)
    const patched = await app.request(`${api.trialSubmissions}/${id}/waitlist?utm=secret`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ waitlist: true }),
    })
    expect(patched.status).toBe(200)

    text = await scrape(app)
    const trials = (model: string, outcome: string) =>
      sample(text, 'pacepoint_trial_requests_total', `model="${model}",outcome="${outcome}"`)
    expect(trials('advanced', 'key')).toBe(2)
    expect(trials('advanced', 'repeat')).toBe(1)
    expect(trials('advanced', 'waitlist')).toBe(1)
    expect(trials('basic', 'confirmation')).toBe(1)
    expect(trials('basic', 'refused')).toBe(1)
    expect(
      sample(
        text,
        'pacepoint_http_requests_total',
        'method="POST",route="/api/trial-submissions",status="201"',
      ),
    ).toBe(5)
    expect(
      sample(
        text,
        'pacepoint_http_requests_total',
        'method="PATCH",route="/api/trial-submissions/:id/waitlist",status="200"',
      ),
    ).toBe(1)
    expect(
      sample(
        text,
        'pacepoint_http_request_duration_seconds_count',
        'method="POST",route="/api/trial-submissions"',
      ),
    ).toBe(6)
    expect(sample(text, 'pacepoint_license_keys_available', 'model="advanced",pool="trial"')).toBe(
      0,
    )
    // Two key e-mails, the repeat's, the confirmation's: queued, no worker runs here.
    expect(sample(text, 'pacepoint_outbox_messages', 'state="pending"')).toBe(4)
    // Nothing that identifies anyone or anything in a label.
    expect(text).not.toContain(id)
    expect(text).not.toContain(token)
    expect(text).not.toContain(String(ann.email))
    expect(text).not.toContain('utm')

    // One access-log line per request at info: the pattern, no id, no query, no address.
    const line = logLines.find(
      (l) => l.msg === 'request' && l.route === '/api/trial-submissions/:id/waitlist',
    )
    expect(line).toMatchObject({ level: 30, method: 'PATCH', status: 200 })
    expect(typeof line!.ms).toBe('number')
    const logged = JSON.stringify(logLines.filter((l) => l.msg === 'request'))
    expect(logged).not.toContain(id)
    expect(logged).not.toContain('utm')
    expect(logged).not.toMatch(/127\.0\.0\.1|"ip"|address/)
  })

  it('counts webhook deliveries by outcome and orders by provider and status', async () => {
    const test = start({ OPERATOR_EMAIL: 'ops@example.test' })
    await insertLicenses(database().db, 'advanced', ['PAID-1'], 'paid', false, 'paid')
    const event = {
      id: 'evt_metrics_1',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_metrics_1',
          payment_status: 'paid',
          payment_link: 'plink_adv',
          payment_intent: 'pi_metrics_1',
          amount_total: 289900,
          currency: 'usd',
          customer_details: { email: 'buyer@example.com', name: 'Ada Byron' },
          metadata: {},
        },
      },
    }
    const body = JSON.stringify(event)
    const deliver = (signature: string) =>
      test.app.request(api.webhook('stripe'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
        body,
      })
    expect((await deliver('t=1,v1=00')).status).toBe(400)
    expect((await deliver(signWebhook('stripe', STRIPE_SECRET, body))).status).toBe(200)
    expect((await deliver(signWebhook('stripe', STRIPE_SECRET, body))).status).toBe(200)

    const deps = orderDependencies(test.config, DEFAULT_SETTINGS, database(), test.logger)
    const worker = startOrderWorker({
      deps,
      logger: test.logger,
      pollMs: 60_000,
      onProcessed: (provider, outcome) => metrics.countWebhookEvent(provider, outcome),
    })
    await worker.drain()
    await worker.stop()

    const text = await scrape(test.app)
    const events = (outcome: string) =>
      sample(text, 'pacepoint_webhook_events_total', `provider="stripe",outcome="${outcome}"`)
    expect(events('invalid_signature')).toBe(1)
    expect(events('stored')).toBe(1)
    expect(events('duplicate')).toBe(1)
    expect(events('processed')).toBe(1)
    expect(sample(text, 'pacepoint_orders_total', 'provider="stripe",status="fulfilled"')).toBe(1)
    expect(sample(text, 'pacepoint_license_keys_available', 'model="advanced",pool="paid"')).toBe(0)
    expect(text).not.toContain('cs_metrics_1')
    expect(text).not.toContain('buyer@example.com')
  })
})
