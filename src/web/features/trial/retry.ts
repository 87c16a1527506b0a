/**
 * Retries a failed load the way docs/product.md, "Look and feel" sets out for the site's data: 3
 * more tries, waiting 1 s, then doubling, at most 30 s. Stops at once when the signal aborts.
 */
const RETRY = { retries: 3, firstDelayMs: 1000, maxDelayMs: 30_000 } as const

export function retryDelay(attempt: number): number {
  return Math.min(RETRY.maxDelayMs, RETRY.firstDelayMs * 2 ** attempt)
}

export async function withRetry<T>(
  load: () => Promise<T>,
  signal: AbortSignal,
  retries: number = RETRY.retries,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load()
    } catch (error) {
      if (signal.aborted || attempt >= retries) throw error
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, retryDelay(attempt))
        signal.addEventListener(
          'abort',
          () => {
            clearTimeout(timer)
            reject(signal.reason)
          },
          { once: true },
        )
      })
    }
  }
}
