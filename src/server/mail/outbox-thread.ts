/**
 * The outbox worker off the request path: with Postgres, e-mail delivery runs in a
 * worker thread with its own event loop and its own small pool, so rendering and SMTP never
 * delay an answer. The embedded database lives in one thread of one process (PGlite), so there
 * the worker stays in the main thread (index.ts decides). Any number of instances, each with
 * its thread, still share the outbox through SKIP LOCKED. The thread reads the main thread's
 * count of requests in flight from shared memory (request-gauge.ts) and sends in the gaps.
 *
 * In the main thread, startOutboxThread() returns the same OutboxWorker face (kick, stop);
 * in the thread, this module runs the worker.
 */
import { setPriority } from 'node:os'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import type { Config } from '../config.ts'
import { loadSiteSettings } from '../config.ts'
import { openDatabase } from '../db/client.ts'
import { createLogger } from '../logger.ts'
import { requestGauge, type RequestGauge } from '../request-gauge.ts'
import { mailIdentity } from './mail-identity.ts'
import { startOutboxWorker, type OutboxWorker } from './outbox-worker.ts'
import { createMailTransport } from './transport.ts'

type Message = { type: 'kick' } | { type: 'stop' } | { type: 'stopped' }

/** What the thread starts with: the configuration, and the main thread's request count. */
interface ThreadData {
  config: Config
  requests: SharedArrayBuffer
}

/**
 * The thread's nice value. On Linux the nice value belongs to each thread, so the mail thread
 * yields the CPU to the request path (and to the database on the same machine) under load, and
 * catches up as soon as the load eases; e-mail waits in the outbox, never lost.
 */
const MAIL_THREAD_NICE = 10

/** At most one kick message per this many ms; the first of a quiet spell goes at once. */
const KICK_INTERVAL_MS = 20

/**
 * Starts the thread. If it fails (it cannot load, or crashes), `onFailure` gets the error and
 * should start a worker in this thread instead: mail must keep going out.
 */
export function startOutboxThread(
  config: Config,
  requests: RequestGauge,
  onFailure: (error: Error) => OutboxWorker,
): OutboxWorker {
  const thread = new Worker(new URL('./outbox-thread-entry.mjs', import.meta.url), {
    workerData: { config, requests: requests.buffer } satisfies ThreadData,
  })
  thread.unref()
  let fallback: OutboxWorker | null = null
  thread.on('error', (error) => {
    fallback ??= onFailure(error)
  })
  let stopped: Promise<void> | null = null
  // A burst of requests makes one message per KICK_INTERVAL_MS, not one each: the worker sends
  // everything queued whenever it is kicked, and polls on its own besides.
  let kickTimer: NodeJS.Timeout | null = null
  let lastKick = 0
  const kickThread = () => {
    kickTimer = null
    lastKick = Date.now()
    thread.postMessage({ type: 'kick' } satisfies Message)
  }
  return {
    kick: () => {
      if (fallback) return fallback.kick()
      if (kickTimer) return
      const wait = lastKick + KICK_INTERVAL_MS - Date.now()
      if (wait <= 0) kickThread()
      else kickTimer = setTimeout(kickThread, wait).unref()
    },
    drain: () => Promise.reject(new Error('drain runs in the thread; not available here')),
    stop: () => {
      if (kickTimer) clearTimeout(kickTimer)
      return (stopped ??= fallback
        ? fallback.stop()
        : new Promise<void>((resolve) => {
            thread.once('exit', () => resolve())
            thread.on('message', (message: Message) => {
              if (message.type === 'stopped') void thread.terminate()
            })
            thread.postMessage({ type: 'stop' } satisfies Message)
          }))
    },
  }
}

async function runThread({ config, requests }: ThreadData) {
  const logger = createLogger(config)
  try {
    setPriority(MAIL_THREAD_NICE)
  } catch (error) {
    logger.warn({ err: (error as Error).message }, 'could not lower the mail thread priority')
  }
  const settings = loadSiteSettings(config)
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: null,
    poolSize: 2,
    // Leases, sent and failed marks commit without waiting for the disk, so delivery does not
    // queue behind the requests' durable commits (or they behind it). A database crash can
    // lose the last few marks: those messages go out again with the same Message-ID, as after
    // a crash of this process (docs/architecture.md, "The outbox", at least once).
    asyncCommit: true,
    onPoolError: (error) => logger.warn({ err: error.message }, 'idle database connection failed'),
  })
  const transport = createMailTransport({
    smtpUrl: config.smtpUrl,
    dataDir: config.dataDir,
    dkim: config.dkim,
    blocking: true,
  })
  const worker = startOutboxWorker({
    db: database.db,
    transport,
    identity: mailIdentity(config, settings),
    settings,
    logger,
    busy: requestGauge(requests).busy,
  })
  parentPort!.on('message', (message: Message) => {
    if (message.type === 'kick') worker.kick()
    if (message.type === 'stop')
      void (async () => {
        await worker.stop()
        transport.close()
        await database.close()
        parentPort!.postMessage({ type: 'stopped' } satisfies Message)
      })()
  })
}

if (!isMainThread && parentPort && (workerData as ThreadData | undefined)?.config?.databaseUrl) {
  void runThread(workerData as ThreadData)
}
