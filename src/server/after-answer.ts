/**
 * Work a request starts that its answer does not wait for: what would otherwise make one answer
 * slower than another and so tell a stranger something (a sign-in link is made and queued only
 * for a listed operator). It runs on the next turn of the event loop, after the answer has been
 * handed to the socket; a failure is logged, never thrown at a visitor; a stopping server waits
 * for what was started before it closes the database.
 */
import type { Logger } from './logger.ts'

export interface AfterAnswer {
  (work: () => Promise<unknown>): void
  /** Resolves once every piece of work started so far has finished. */
  settled(): Promise<void>
}

export function afterAnswer(logger: Logger): AfterAnswer {
  const running = new Set<Promise<unknown>>()
  const start = (work: () => Promise<unknown>) => {
    const done = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => logger.error({ err: error }, 'work after an answer failed'))
      .finally(() => running.delete(done))
    running.add(done)
  }
  return Object.assign(start, {
    settled: async () => {
      while (running.size) await Promise.all(running)
    },
  })
}
