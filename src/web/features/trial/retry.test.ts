import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { retryDelay, withRetry } from './retry.ts'

describe('withRetry', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('waits 1 s, then doubling, up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ])
  })

  it('tries 3 more times before giving up', async () => {
    const load = vi.fn().mockRejectedValue(new Error('HTTP 503'))
    const result = withRetry(load, new AbortController().signal).catch((e: Error) => e.message)
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000)
    expect(await result).toBe('HTTP 503')
    expect(load).toHaveBeenCalledTimes(4)
  })

  it('returns the first success', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('blip'))
      .mockResolvedValue({ basic: 3, advanced: 4 })
    const result = withRetry(load, new AbortController().signal)
    await vi.advanceTimersByTimeAsync(1000)
    expect(await result).toEqual({ basic: 3, advanced: 4 })
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('stops waiting when the page no longer needs the result', async () => {
    const controller = new AbortController()
    const load = vi.fn().mockRejectedValue(new Error('blip'))
    const result = withRetry(load, controller.signal).catch(() => 'aborted')
    await vi.advanceTimersByTimeAsync(500)
    controller.abort()
    expect(await result).toBe('aborted')
    expect(load).toHaveBeenCalledTimes(1)
  })
})
