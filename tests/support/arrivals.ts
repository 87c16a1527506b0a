/** Waiting for the nth item of a list that grows as messages arrive (the SMTP sinks). */
export function arrivals<T>(received: T[], what = 'e-mails') {
  const waiters: { n: number; resolve: () => void }[] = []
  return {
    /** After an item was pushed: wakes whoever waits for this many. */
    notify() {
      for (const w of waiters.filter((w) => received.length >= w.n)) w.resolve()
    },
    /** Resolves once at least n items arrived; rejects after timeoutMs. */
    waitFor(n: number, timeoutMs = 15_000): Promise<T[]> {
      if (received.length >= n) return Promise.resolve(received)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${received.length} of ${n} ${what} arrived`)),
          timeoutMs,
        )
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer)
            resolve(received)
          },
        })
      })
    },
  }
}
