import { describe, expect, it } from 'vitest'
import { parseProcStat, parseProcStatus, readProcCpuMs, readProcMemory } from './memory.ts'

describe('parseProcStatus', () => {
  it('reads VmRSS and VmHWM in KiB', () => {
    const text =
      'Name:\tnode\nVmPeak:\t 1200000 kB\nVmHWM:\t  460800 kB\nVmRSS:\t  401408 kB\nThreads:\t11\n'
    expect(parseProcStatus(text)).toEqual({ rssKb: 401408, hwmKb: 460800 })
  })

  it('gives nulls for a kernel thread without memory lines', () => {
    expect(parseProcStatus('Name:\tkthreadd\nState:\tS (sleeping)\n')).toEqual({
      rssKb: null,
      hwmKb: null,
    })
  })
})

describe('parseProcStat', () => {
  it('adds utime and stime (fields 14 and 15) in ms, past a command name with spaces and parentheses', () => {
    const line =
      '4242 (node (x) y) S 1 4242 4242 0 -1 4194560 9000 0 0 0 250 75 0 0 20 0 11 0 1000 0 0'
    expect(parseProcStat(line)).toBe(3250)
  })
})

describe('on this machine', () => {
  it('reads our own process', () => {
    if (process.platform !== 'linux') return
    expect(readProcMemory(process.pid).rssKb).toBeGreaterThan(0)
    expect(readProcCpuMs(process.pid)).toBeGreaterThan(0)
  })
})
