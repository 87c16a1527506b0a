/**
 * Processes stored webhook events (docs/architecture.md "An order"): each pass claims due
 * events with SKIP LOCKED and a lease (any number of instances can run it), and processes each
 * in its own transaction (order-service.ts). A failure (Paddle's API down, the database gone)
 * schedules the event again with exponential backoff; a crash leaves its lease to lapse, or on
 * the embedded database the next start releases it, so the restart finishes the work.
 * kick() starts a pass at once, right after a webhook stored its event. Before each event the
 * worker waits for a moment without requests (`busy`, request-gauge.ts), up to maxYieldMs: on
 * the embedded database an order's transaction holds the one connection, and the providers'
 * next deliveries, the visitors' answers, come first.
 */
import { claimDueWebhookEvents, markEventFailed } from './webhook-event-repository.ts'
import type { Logger } from '../logger.ts'
import { waitForGap } from '../request-gauge.ts'
import { retryDelayMs } from '../mail/outbox-worker.ts'
import { processWebhookEvent, type OrderDeps } from './order-service.ts'

interface OrderWorkerOptions {
  deps: OrderDeps
  logger: Logger
  pollMs?: number
  batchSize?: number
  leaseMs?: number
  retryBaseMs?: number
  retryMaxMs?: number
  /** True while this process answers requests; the worker waits for a gap before each event. */
  busy?: () => boolean
  maxYieldMs?: number
  /** Counts each processing attempt (pacepoint_webhook_events_total: processed, failed). */
  onProcessed?: (provider: string, outcome: 'processed' | 'failed') => void
}

export interface OrderWorker {
  kick(): void
  /** Runs passes until nothing is due; resolves with how many events were handled. */
  drain(): Promise<number>
  stop(): Promise<void>
}

export function startOrderWorker(options: OrderWorkerOptions): OrderWorker {
  const {
    deps,
    logger,
    pollMs = 2_000,
    batchSize = 10,
    leaseMs = 30_000,
    retryBaseMs = 5_000,
    retryMaxMs = 3_600_000,
    busy = () => false,
    maxYieldMs = 1_000,
    onProcessed,
  } = options
  let stopped = false
  let running: Promise<number> | null = null
  let again = false
  let timer: NodeJS.Timeout | undefined

  async function pass(): Promise<number> {
    const events = await claimDueWebhookEvents(deps.db, batchSize, leaseMs)
    for (const event of events) {
      await waitForGap(busy, maxYieldMs, () => stopped)
      try {
        await processWebhookEvent(deps, event)
        onProcessed?.(event.provider, 'processed')
      } catch (error) {
        onProcessed?.(event.provider, 'failed')
        const message = error instanceof Error ? error.message : String(error)
        const retryAt = new Date(Date.now() + retryDelayMs(event.attempts, retryBaseMs, retryMaxMs))
        logger.warn(
          { event: event.id, provider: event.provider, attempts: event.attempts, err: message },
          'webhook event failed; trying again later',
        )
        await markEventFailed(deps.db, event.id, message, retryAt).catch(() => {})
      }
    }
    return events.length
  }

  async function loop(): Promise<number> {
    let handled = 0
    do {
      again = false
      for (;;) {
        if (stopped) return handled
        const n = await pass()
        handled += n
        if (n < batchSize) break
      }
    } while (again && !stopped)
    return handled
  }

  function run(): Promise<number> {
    if (running) {
      again = true
      return running
    }
    running = loop()
      .catch((error: unknown) => {
        logger.error({ err: error }, 'orders worker pass failed')
        return 0
      })
      .finally(() => {
        running = null
      })
    return running
  }

  function schedule() {
    if (stopped) return
    timer = setTimeout(() => {
      void run().finally(schedule)
    }, pollMs)
    timer.unref()
  }
  schedule()

  return {
    kick() {
      if (!stopped) void run()
    },
    async drain() {
      let total = 0
      for (;;) {
        const n = await run()
        total += n
        if (n === 0) return total
      }
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
