import type { Result } from 'lighthouse'
import { describe, expect, it } from 'vitest'
import { runFailure } from './lighthouse.ts'

const run = (
  audits: Record<string, { numericValue?: number; errorMessage?: string }>,
  code?: string,
) =>
  ({
    audits,
    ...(code ? { runtimeError: { code, message: 'trace failed' } } : {}),
  }) as unknown as Result

describe('a Lighthouse run that gave no timings', () => {
  it('is told apart from a good run, with Lighthouse’s own reason', () => {
    expect(
      runFailure(
        run({
          'total-blocking-time': { numericValue: 12 },
          'largest-contentful-paint': { numericValue: 980 },
        }),
      ),
    ).toBeNull()
    // A trace that failed to record: both timings missing, the run's error code given.
    expect(
      runFailure(run({ 'total-blocking-time': {}, 'largest-contentful-paint': {} }, 'NO_NAVSTART')),
    ).toBe('no total-blocking-time, largest-contentful-paint (NO_NAVSTART)')
    expect(
      runFailure(
        run({
          'total-blocking-time': { numericValue: 12 },
          'largest-contentful-paint': { errorMessage: 'NO_LCP' },
        }),
      ),
    ).toBe('no largest-contentful-paint (NO_LCP)')
  })
})
