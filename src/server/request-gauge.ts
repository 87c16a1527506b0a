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
