/**
 * The server's resident memory during a load run, read from /proc/<pid>/status, and its CPU
 * time from /proc/<pid>/stat (Linux only; elsewhere nulls rather than a failed bench). CPU
 * milliseconds per request hold still on a shared, busy machine where requests/s do not.
 */
import { readFileSync } from 'node:fs'

interface ProcMemory {
  /** Resident set size now, in KiB. */
  rssKb: number | null
  /** The process's peak resident set size since it started (high-water mark), in KiB. */
  hwmKb: number | null
}

/** The VmRSS and VmHWM lines of a /proc/<pid>/status text. */
export function parseProcStatus(text: string): ProcMemory {
  const field = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, 'm').exec(text)
    return match ? Number(match[1]) : null
  }
  return { rssKb: field('VmRSS'), hwmKb: field('VmHWM') }
}

export function readProcMemory(pid: number): ProcMemory {
  try {
    return parseProcStatus(readFileSync(`/proc/${pid}/status`, 'utf8'))
  } catch {
    return { rssKb: null, hwmKb: null }
  }
}

export interface MemoryReport {
  /** RSS when sampling started (the idle server after start-up), MiB. */
  startRssMb: number | null
  /** Highest RSS seen while sampling, MiB: the peak during the load run. */
  peakRssMb: number | null
  /** The kernel's high-water mark when sampling stopped (includes start-up), MiB. */
  hwmMb: number | null
  samples: number
}

const mb = (kb: number | null) => (kb === null ? null : Math.round((kb / 1024) * 10) / 10)

/**
 * Samples every intervalMs until stop(). Sampling instead of VmHWM alone, because VmHWM also
 * counts start-up (tsx compiling the server), which is not what the load costs.
 */
export function sampleMemory(pid: number, intervalMs = 100): { stop: () => MemoryReport } {
  const first = readProcMemory(pid)
  let peak = first.rssKb
  let samples = 1
  const timer = setInterval(() => {
    const { rssKb } = readProcMemory(pid)
    samples++
    if (rssKb !== null && (peak === null || rssKb > peak)) peak = rssKb
  }, intervalMs)
  return {
    stop: () => {
      clearInterval(timer)
      const last = readProcMemory(pid)
      if (last.rssKb !== null && (peak === null || last.rssKb > peak)) peak = last.rssKb
      return { startRssMb: mb(first.rssKb), peakRssMb: mb(peak), hwmMb: mb(last.hwmKb), samples }
    },
  }
}

/** Clock ticks per second of /proc/<pid>/stat times; 100 on every Linux we run on. */
const CLOCK_TICKS = 100

/** User plus system CPU time, in ms, from a /proc/<pid>/stat line. */
export function parseProcStat(text: string): number | null {
  // The command name (field 2) may hold spaces and parentheses; the fields after its last ')'
  // are fixed: state is field 3, utime and stime are fields 14 and 15.
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ')
  const utime = Number(rest[11])
  const stime = Number(rest[12])
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) return null
  return ((utime + stime) * 1000) / CLOCK_TICKS
}

export function readProcCpuMs(pid: number): number | null {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return null
  }
}

/** CPU time of the process's main thread only (the request path; not the mail thread or GC helpers). */
export function readMainThreadCpuMs(pid: number): number | null {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8'))
  } catch {
    return null
  }
}
