/**
 * Writes that arrive together go to the database as one statement (as a database groups
 * commits): the first caller's write waits for the event loop to read what else has arrived
 * (setImmediate), then everything queued by then is written at once; callers that come while a
 * write runs form the next group. On the embedded database, where one connection runs every
 * statement in turn, sixteen deliveries cost one round trip instead of sixteen (docs/decisions/
 * 0024). A group that fails is written again one by one, so one bad item fails only its caller.
 */
export function groupedWrites<T, R>(
  /** Writes the items in one statement; the results in the items' order. */
  write: (items: readonly T[]) => Promise<R[]>,
  maxGroup = 100,
): (item: T) => Promise<R> {
  type Waiting = { item: T; resolve: (result: R) => void; reject: (error: unknown) => void }
  let queue: Waiting[] = []
  let running = false

  async function writeGroup(group: Waiting[]): Promise<void> {
    try {
      const results = await write(group.map((w) => w.item))
      group.forEach((w, i) => w.resolve(results[i]!))
    } catch (error) {
      if (group.length === 1) return group[0]!.reject(error)
      for (const w of group) await writeGroup([w])
    }
  }

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const group = queue.slice(0, maxGroup)
      queue = queue.slice(group.length)
      await writeGroup(group)
      // Let the sockets be read before the next group, so it gathers what arrived meanwhile.
      await new Promise((resolve) => setImmediate(resolve))
    }
    running = false
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject })
      if (running) return
      running = true
      setImmediate(() => void drain())
    })
}
