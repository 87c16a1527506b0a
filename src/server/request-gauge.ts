/**
 * How many HTTP requests this process is answering right now, kept in memory that the mail
 * thread shares. The outbox worker sends while the count is zero: e-mail uses the
 * CPU the request path leaves, and under a burst the visitors' answers come first and their
 * e-mails right after it (the worker waits at most `OUTBOX_DEFAULTS.maxYieldMs` per batch).
 */
export interface RequestGauge {
  /** The shared memory, for a thread to read with `requestGauge(buffer)`. */
  readonly buffer: SharedArrayBuffer
  begin(): void
  end(): void
  /** True while any request is being answered. */
  busy(): boolean
}

export function requestGauge(buffer = new SharedArrayBuffer(4)): RequestGauge {
  const count = new Int32Array(buffer)
  return {
    buffer,
    begin: () => void Atomics.add(count, 0, 1),
    end: () => void Atomics.sub(count, 0, 1),
    busy: () => Atomics.load(count, 0) > 0,
  }
}

/** How often a yielding worker looks whether the requests have stopped. */
const GAP_CHECK_MS = 10

/**
 * Resolves at a moment without requests (`busy` false), after maxMs at the latest, or at once
 * when `stopped` turns true: background work (e-mail, orders) gives the CPU and the database to
 * the visitors, without ever waiting more than maxMs. It first lets the event loop read its
 * sockets: after work that held this thread (PGlite runs its queries on it), requests that
 * arrived meanwhile are not counted until they are read, and without that the next piece of
 * work would start ahead of them, again and again.
 */
export async function waitForGap(
  busy: () => boolean,
  maxMs: number,
  stopped: () => boolean = () => false,
): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve))
  const until = Date.now() + maxMs
  while (!stopped() && busy() && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, GAP_CHECK_MS))
}
