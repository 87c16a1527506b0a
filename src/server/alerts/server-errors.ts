/**
 * The 5xx answers of the last few minutes in this process, for the server-errors alert (10 or
 * more within 5 minutes). Kept in memory: the errors may be the database's, and counting them
 * must not need it.
 */
export interface ServerErrorWindow {
  record(now?: number): void
  /** Answers with a 5xx status within the window before `now`. */
  count(now?: number): number
}

export function serverErrorWindow(windowMs = 5 * 60_000): ServerErrorWindow {
  let times: number[] = []
  const prune = (now: number) => {
    const from = now - windowMs
    if (times.length && times[0]! <= from) times = times.filter((t) => t > from)
  }
  return {
    record(now = Date.now()) {
      prune(now)
      // Bounded: past a few thousand in five minutes the count says all it can.
      if (times.length < 10_000) times.push(now)
    },
    count(now = Date.now()) {
      prune(now)
      return times.length
    },
  }
}
